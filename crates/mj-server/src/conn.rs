//! The connection loop: HTTP/1.1 over TCP with a cap on connections, a header timeout and an
//! idle watchdog.
//!
//! * At most [`Limits::max_connections`] connections are served; the loop stops accepting
//!   while all are taken (clients wait in the kernel's listen queue).
//! * hyper's header timeout closes a connection whose request headers take longer than
//!   [`Limits::header_timeout`] (a slowloris client sending a byte at a time).
//! * The watchdog closes a connection on which no byte has moved either way for
//!   [`Limits::idle_timeout`]: an idle keep-alive connection, or a client that stopped reading
//!   its answer (hyper has no write timeout).
//! * hyper's read buffer is capped at [`READ_BUFFER`], so a connection holds a few tens of KiB
//!   beside the body of the request it is answering.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower::ServiceExt;

use crate::limits::Limits;

/// hyper's largest read buffer per connection (its minimum is 8 KiB).
pub const READ_BUFFER: usize = 16 << 10;

/// The last time a byte moved on a connection, as milliseconds since `base`.
#[derive(Debug)]
struct Activity {
    base: Instant,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Arc<Activity> {
        Arc::new(Activity {
            base: Instant::now(),
            last_ms: AtomicU64::new(0),
        })
    }

    fn touch(&self) {
        let ms = self.base.elapsed().as_millis() as u64;
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn last(&self) -> Instant {
        self.base + Duration::from_millis(self.last_ms.load(Ordering::Relaxed))
    }
}

/// A TCP stream that records when bytes move.
struct Watched {
    stream: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Watched {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let poll = Pin::new(&mut self.stream).poll_read(cx, buf);
        if matches!(poll, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.activity.touch();
        }
        poll
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write(cx, buf);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        poll
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        if matches!(poll, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        poll
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Resolves once no byte has moved for `idle`.
async fn idle(activity: Arc<Activity>, idle: Duration) {
    loop {
        let until = activity.last() + idle;
        if Instant::now() >= until {
            return;
        }
        tokio::time::sleep_until(until.into()).await;
    }
}

/// Serves `router` on `listener` until `shutdown` resolves: then no new connection is
/// accepted, and the connections being served are dropped with the runtime.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(READ_BUFFER)
        .keep_alive(true);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            () = &mut shutdown => return Ok(()),
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => return Ok(()),
            },
        };
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => (stream, peer),
                Err(e) => {
                    // Out of file descriptors or a connection reset before it was accepted:
                    // wait a little and go on; the listener itself stays good.
                    eprintln!("mj serve: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let activity = Activity::new();
        let io = TokioIo::new(Watched {
            stream,
            activity: Arc::clone(&activity),
        });
        // The client's address, for the game API's per-client limits.
        let client = crate::rooms::Client(peer.ip());
        let service = TowerToHyperService::new(router.clone().map_request(
            move |mut request: hyper::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(client);
                request
            },
        ));
        let builder = Arc::clone(&builder);
        let idle_timeout = limits.idle_timeout;
        tokio::spawn(async move {
            let connection = builder.serve_connection(io, service);
            tokio::select! {
                _ = connection => {}
                () = idle(activity, idle_timeout) => {}
            }
            drop(slot);
        });
    }
}
