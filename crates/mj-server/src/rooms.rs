//! The live game rooms of a server ([`Games`]): the rooms in memory with their tokens and
//! change notices, the one database writer, the per-client allowance and the expiry of idle
//! rooms. The HTTP handlers are `games`'s; the rooms themselves are [`mj_room`]'s.
//!
//! Every accepted action is committed to the database (through the one [`Writer`]) before it
//! is answered; a room whose commit fails is rebuilt from the moves that were committed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{HeaderMap, StatusCode, header};
use mj_room::store::valid_id;
use mj_room::{Move, Room, RoomError, Store, Write, Writer};
use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, oneshot, watch};

use crate::error::ApiError;
use crate::limits::Limits;

/// The file of the rooms' database inside the data folder.
pub const DATABASE_FILE: &str = "rooms.sqlite3";

/// The rooms of a server.
#[derive(Debug)]
pub struct Games {
    writer: Writer,
    pub(crate) live: Mutex<HashMap<String, Arc<Live>>>,
    clients: Mutex<HashMap<IpAddr, Bucket>>,
    streams: Mutex<HashMap<IpAddr, usize>>,
    /// `true` when the rooms are in a file (`--data`), `false` in memory.
    pub persistent: bool,
}

/// A room being played (or just finished), with what the server keeps beside it.
#[derive(Debug)]
pub(crate) struct Live {
    pub(crate) room: Arc<tokio::sync::Mutex<Room>>,
    pub(crate) tokens: Vec<(u8, String)>,
    /// Bumped after every committed change; long polls wait on it.
    pub(crate) version: watch::Sender<u64>,
    pub(crate) touched: Mutex<Instant>,
    /// Who opened it (for the per-client room limit).
    pub(crate) owner: Option<IpAddr>,
    /// The room's decision time (its spec's `timeout_s`).
    pub(crate) timeout_s: Option<u32>,
}

/// A client's request allowance (token bucket).
#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

pub(crate) fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

pub(crate) fn room_error(e: RoomError) -> ApiError {
    let status = match e {
        RoomError::BadRequest(_) => StatusCode::BAD_REQUEST,
        RoomError::NotYourTurn(_) | RoomError::Illegal(_) | RoomError::Over => StatusCode::CONFLICT,
        RoomError::Corrupt(_) | RoomError::Database(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    ApiError::new(status, e.kind(), e.to_string())
}

pub(crate) fn internal(what: impl std::fmt::Display) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        format!("{what}"),
    )
}

impl Games {
    /// Opens the rooms' database (`data/rooms.sqlite3`, or one in memory without a data
    /// folder), resumes every room that was being played (the bots finish any move they owed)
    /// and starts the writer.
    ///
    /// # Errors
    /// The database cannot be opened, or a stored room does not rebuild.
    pub fn open(data: Option<&Path>) -> Result<Arc<Games>, RoomError> {
        let mut store = match data {
            Some(dir) => Store::open(&dir.join(DATABASE_FILE))?,
            None => Store::memory()?,
        };
        let mut live = HashMap::new();
        for id in store.live()? {
            let Some(stored) = store.load(&id)? else {
                continue;
            };
            let mut room = Room::restore(stored.spec, &stored.moves)?;
            let first = room.moves().len();
            if room.advance() > 0 {
                let write = Write::Moves {
                    id: id.clone(),
                    first,
                    moves: room.moves()[first..].to_vec(),
                    done: room.is_over(),
                    now: now_secs(),
                };
                store.apply(&[&write])?;
            }
            live.insert(id, Arc::new(Live::new(room, stored.tokens, None)));
        }
        let (writer, _thread) = Writer::spawn(store)
            .map_err(|e| RoomError::Database(format!("the writer thread: {e}")))?;
        let resumed: Vec<(String, Arc<Live>)> = live
            .iter()
            .map(|(id, l)| (id.clone(), Arc::clone(l)))
            .collect();
        let games = Arc::new(Games {
            writer,
            live: Mutex::new(live),
            clients: Mutex::new(HashMap::new()),
            streams: Mutex::new(HashMap::new()),
            persistent: data.is_some(),
        });
        // The decision timers start again with the server.
        for (id, live) in resumed {
            games.arm(id, live);
        }
        Ok(games)
    }

    pub(crate) async fn commit(&self, writes: Vec<Write>) -> Result<(), RoomError> {
        let mut waits = Vec::with_capacity(writes.len());
        for w in writes {
            let (tx, rx) = oneshot::channel();
            self.writer.submit(
                w,
                Box::new(move |r| {
                    let _ = tx.send(r);
                }),
            );
            waits.push(rx);
        }
        for rx in waits {
            rx.await
                .map_err(|_| RoomError::Database("the writer has stopped".into()))??;
        }
        Ok(())
    }

    pub(crate) async fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, RoomError> + Send + 'static,
    ) -> Result<T, RoomError> {
        let (tx, rx) = oneshot::channel();
        let sent = self.writer.read(Box::new(move |store| {
            let _ = tx.send(f(store));
        }));
        if !sent {
            return Err(RoomError::Database("the writer has stopped".into()));
        }
        rx.await
            .map_err(|_| RoomError::Database("the writer has stopped".into()))?
    }

    /// Takes one request from `client` out of its allowance: `Limits::client_rate` a second,
    /// up to four seconds' worth at once.
    pub(crate) fn allow(&self, client: Option<IpAddr>, limits: &Limits) -> Result<(), ApiError> {
        let Some(ip) = client else {
            return Ok(());
        };
        let rate = f64::from(limits.client_rate);
        let burst = rate * 4.0;
        let now = Instant::now();
        let mut clients = self.clients.lock().map_err(|_| internal("client table"))?;
        if clients.len() > 100_000 {
            clients.retain(|_, b| now.duration_since(b.at) < Duration::from_secs(60));
        }
        let bucket = clients.entry(ip).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        bucket.tokens =
            (bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * rate).min(burst);
        bucket.at = now;
        if bucket.tokens < 1.0 {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_many_requests",
                format!(
                    "more than {} requests a second to the game API from this address \
                     (--client-rate)",
                    limits.client_rate
                ),
            ));
        }
        bucket.tokens -= 1.0;
        Ok(())
    }

    /// A place for one more event stream of `client` (at most [`STREAMS_PER_CLIENT`] at
    /// once), given back when the returned guard drops.
    pub(crate) fn open_stream(
        self: &Arc<Games>,
        client: Option<IpAddr>,
    ) -> Result<StreamGuard, ApiError> {
        if let Some(ip) = client {
            let mut streams = self.streams.lock().map_err(|_| internal("stream table"))?;
            let open = streams.entry(ip).or_insert(0);
            if *open >= STREAMS_PER_CLIENT {
                return Err(ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too_many_streams",
                    format!(
                        "this address already has {STREAMS_PER_CLIENT} event streams open: close one"
                    ),
                ));
            }
            *open += 1;
        }
        Ok(StreamGuard {
            games: Arc::clone(self),
            client,
        })
    }

    fn get(&self, id: &str) -> Option<Arc<Live>> {
        self.live.lock().ok()?.get(id).cloned()
    }

    /// The live room `id`, or the stored one rebuilt (finished or expired rooms are not kept
    /// in memory).
    pub(crate) async fn find(&self, id: &str) -> Result<Arc<Live>, ApiError> {
        if !valid_id(id) {
            return Err(not_found(id));
        }
        if let Some(live) = self.get(id) {
            return Ok(live);
        }
        let key = id.to_owned();
        let stored = self
            .read(move |store| store.load(&key))
            .await
            .map_err(room_error)?
            .ok_or_else(|| not_found(id))?;
        let room = tokio::task::spawn_blocking(move || {
            Room::restore(stored.spec, &stored.moves).map(|r| (r, stored.tokens, stored.expired))
        })
        .await
        .map_err(internal)?
        .map_err(room_error)?;
        let (room, tokens, expired) = room;
        let live = Live::new(room, tokens, None);
        if expired {
            live.version.send_modify(|v| *v = u64::MAX);
        }
        Ok(Arc::new(live))
    }

    /// Plays the person at `seat`'s reaction in the room and the bots' answers, commits the
    /// moves, and only then answers the event count after them; a failed commit puts the room
    /// back at its last committed move. Re-arms the room's decision timer. A request's worker
    /// `permit` is held while the engine plays, and given back before the commit is awaited,
    /// so that the commits of many rooms can wait together (one disk flush for all).
    pub(crate) async fn play(
        self: &Arc<Games>,
        id: &str,
        live: &Arc<Live>,
        seat: u8,
        action: Value,
        permit: Option<OwnedSemaphorePermit>,
    ) -> Result<usize, ApiError> {
        let guard = Arc::clone(&live.room).lock_owned().await;
        let first = guard.moves().len();
        let (mut guard, played) = tokio::task::spawn_blocking(move || {
            let mut guard = guard;
            let played = guard.act(seat, &action);
            (guard, played)
        })
        .await
        .map_err(internal)?;
        drop(permit);
        played.map_err(room_error)?;
        let write = Write::Moves {
            id: id.to_owned(),
            first,
            moves: guard.moves()[first..].to_vec(),
            done: guard.is_over(),
            now: now_secs(),
        };
        if let Err(e) = self.commit(vec![write]).await {
            // Back to what is on disk: the moves before this action.
            let committed: Vec<Move> = guard.moves()[..first].to_vec();
            if let Ok(room) = Room::restore(guard.spec().clone(), &committed) {
                *guard = room;
            }
            return Err(room_error(e));
        }
        let next = guard.log().len();
        drop(guard);
        live.touch();
        live.version.send_modify(|v| *v += 1);
        self.arm(id.to_owned(), Arc::clone(live));
        Ok(next)
    }

    /// When the room limits each decision's time (`timeout_s`), plays for the people still
    /// undecided once it has passed with nothing moved (each as [`Room::overdue`] says).
    pub(crate) fn arm(self: &Arc<Games>, id: String, live: Arc<Live>) {
        let Some(seconds) = live.timeout_s else {
            return;
        };
        if tokio::runtime::Handle::try_current().is_err() {
            return; // no runtime to time it on (a caller outside a server)
        }
        let version = *live.version.borrow();
        let games = Arc::clone(self);
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(u64::from(seconds))).await;
            if *live.version.borrow() != version || live.expired() {
                return; // someone moved: that move armed its own timer
            }
            let overdue = live.room.lock().await.overdue();
            for (seat, reaction) in overdue {
                // A later move of another seat may have answered for this one: then the
                // refusal is expected and the room is unchanged.
                let _ = games.play(&id, &live, seat, reaction, None).await;
            }
        });
    }

    /// Closes rooms nobody has moved in for `idle` (their moves stay stored, so their logs
    /// do); finished rooms leave memory after the same time.
    pub async fn expire_idle(&self, idle: Duration) {
        let now = Instant::now();
        let stale: Vec<(String, Arc<Live>)> = match self.live.lock() {
            Ok(map) => map
                .iter()
                .filter(|(_, l)| {
                    l.touched
                        .lock()
                        .is_ok_and(|t| now.duration_since(*t) >= idle)
                })
                .map(|(id, l)| (id.clone(), Arc::clone(l)))
                .collect(),
            Err(_) => return,
        };
        for (id, live) in stale {
            let done = live.room.lock().await.is_over();
            if !done
                && self
                    .commit(vec![Write::Expire { id: id.clone() }])
                    .await
                    .is_err()
            {
                continue;
            }
            if let Ok(mut map) = self.live.lock() {
                map.remove(&id);
            }
            // Long polls on it end now.
            live.version.send_modify(|v| *v = u64::MAX);
        }
    }
}

impl Live {
    pub(crate) fn new(room: Room, tokens: Vec<(u8, String)>, owner: Option<IpAddr>) -> Live {
        Live {
            timeout_s: room.spec().timeout_s,
            room: Arc::new(tokio::sync::Mutex::new(room)),
            tokens,
            version: watch::Sender::new(0),
            touched: Mutex::new(Instant::now()),
            owner,
        }
    }

    pub(crate) fn touch(&self) {
        if let Ok(mut t) = self.touched.lock() {
            *t = Instant::now();
        }
    }

    pub(crate) fn expired(&self) -> bool {
        *self.version.borrow() == u64::MAX
    }

    /// The seat's token is `sent` (from `Authorization: Bearer`, or the event stream's query).
    pub(crate) fn authorize(&self, seat: u8, sent: Option<&str>) -> Result<(), ApiError> {
        let sent = sent.ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                format!("seat {seat} needs its token: `Authorization: Bearer <token>`"),
            )
        })?;
        let expected = self.tokens.iter().find(|(s, _)| *s == seat).map(|(_, t)| t);
        match expected {
            Some(t) if same_secret(t.as_bytes(), sent.trim().as_bytes()) => Ok(()),
            _ => Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "forbidden",
                format!("this token is not seat {seat}'s (or seat {seat} is not a person's)"),
            )),
        }
    }
}

/// Event streams one client address may hold open at once.
pub const STREAMS_PER_CLIENT: usize = 32;

/// One open event stream; its place is given back on drop.
#[derive(Debug)]
pub(crate) struct StreamGuard {
    games: Arc<Games>,
    client: Option<IpAddr>,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        if let (Some(ip), Ok(mut streams)) = (self.client, self.games.streams.lock())
            && let Some(open) = streams.get_mut(&ip)
        {
            *open = open.saturating_sub(1);
            if *open == 0 {
                streams.remove(&ip);
            }
        }
    }
}

/// The token of `Authorization: Bearer <token>`.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
}

/// Compares two secrets in time independent of where they differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub(crate) fn not_found(id: &str) -> ApiError {
    let shown: String = id.chars().take(40).collect();
    ApiError::new(
        StatusCode::NOT_FOUND,
        "unknown_game",
        format!("no game {shown:?}"),
    )
}

/// The client's address, set by the connection loop.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Client(pub IpAddr);
