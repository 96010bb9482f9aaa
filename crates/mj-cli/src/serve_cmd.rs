//! `mj serve`: the web page and JSON API of [`mj_server`] on a local address until Ctrl-C.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use mj_server::{Config, Limits};

/// The flags of `mj serve`; each limit's default is [`Limits::default`]'s.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on. Loopback by default; `0.0.0.0:8080` opens it to the network.
    /// Port 0 picks a free port (printed at start).
    #[arg(long, value_name = "ADDR:PORT", default_value_t = mj_server::DEFAULT_BIND)]
    pub bind: SocketAddr,
    /// The data folder, created if missing: the only place the server writes (the game rooms'
    /// database, rooms.sqlite3). Without it the rooms are kept in memory and end with the
    /// process.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// The largest request body, in bytes (larger: 413).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::new().max_body)]
    pub max_body: usize,
    /// The largest answer of one POST /api, in bytes (larger: 413).
    #[arg(long, value_name = "BYTES", default_value_t = Limits::new().max_answer)]
    pub max_answer: usize,
    /// Seconds from a request's headers to its whole answer (slower: 408).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::new().request_timeout.as_secs_f64())]
    pub request_timeout: f64,
    /// Seconds a client has to send a request's headers (slower: the connection is closed).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::new().header_timeout.as_secs_f64())]
    pub header_timeout: f64,
    /// Seconds without a byte moving either way before a connection is closed.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::new().idle_timeout.as_secs_f64())]
    pub idle_timeout: f64,
    /// Connections served at once; more wait to be accepted.
    #[arg(long, value_name = "N", default_value_t = Limits::new().max_connections)]
    pub max_connections: usize,
    /// Requests answered at once (default: the number of cores).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Game rooms held at once (more: 503).
    #[arg(long, value_name = "N", default_value_t = Limits::new().max_rooms)]
    pub max_rooms: usize,
    /// Game rooms one client address may hold open at once (more: 429).
    #[arg(long, value_name = "N", default_value_t = Limits::new().rooms_per_client)]
    pub rooms_per_client: usize,
    /// Seconds without a move before a room is closed (its log is kept).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::new().room_idle.as_secs_f64())]
    pub room_idle: f64,
    /// Requests a second one client address may send to the game API (more: 429).
    #[arg(long, value_name = "N", default_value_t = Limits::new().client_rate)]
    pub client_rate: u32,
}

fn seconds(name: &str, value: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(value)
        .map_err(|_| format!("--{name} must be a number of seconds, got {value}"))
}

impl ServeArgs {
    /// The server's config from the flags.
    pub fn config(&self) -> Result<Config, String> {
        let defaults = Limits::new();
        let limits = Limits {
            max_body: self.max_body,
            max_answer: self.max_answer,
            request_timeout: seconds("request-timeout", self.request_timeout)?,
            header_timeout: seconds("header-timeout", self.header_timeout)?,
            idle_timeout: seconds("idle-timeout", self.idle_timeout)?,
            max_connections: self.max_connections,
            workers: self.workers.unwrap_or(defaults.workers),
            max_rooms: self.max_rooms,
            rooms_per_client: self.rooms_per_client,
            room_idle: seconds("room-idle", self.room_idle)?,
            client_rate: self.client_rate,
        };
        limits.check()?;
        Ok(Config {
            bind: self.bind,
            data: self.data.clone(),
            limits,
        })
    }
}

/// Why `mj serve` stopped early.
#[derive(Debug)]
pub enum ServeError {
    /// A flag out of range (exit code 2).
    Usage(String),
    /// The address or the data folder could not be used (exit code 1).
    Io(String),
}

/// Serves until Ctrl-C. Prints the address first (one line, flushed), so a script can read
/// the port it got.
pub fn serve(args: &ServeArgs) -> Result<(), ServeError> {
    let config = args.config().map_err(ServeError::Usage)?;
    serve_config(config).map_err(ServeError::Io)
}

fn serve_config(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(config.bind)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.bind))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot read the address: {e}"))?;
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(
            stdout,
            "mj serve: listening on http://{addr}/ (Ctrl-C stops)"
        );
        let _ = match &config.data {
            Some(dir) => writeln!(
                stdout,
                "mj serve: game rooms saved in {}",
                dir.join(mj_server::DATABASE_FILE).display()
            ),
            None => writeln!(
                stdout,
                "mj serve: game rooms kept in memory (--data DIR keeps them across restarts)"
            ),
        };
        let _ = stdout.flush();
        drop(stdout);
        let stop = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        mj_server::serve(listener, config, stop)
            .await
            .map_err(|e| e.to_string())
    })
}
