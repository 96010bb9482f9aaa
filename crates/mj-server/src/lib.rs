//! The web page and JSON API of `mj serve`: hand analysis (like Tenhou's 牌理) and score
//! calculators in the browser, and `POST /api`, which answers protocol lines exactly as `mj
//! batch` does. Every answer comes from [`mj_protocol`]: the pages send protocol requests and
//! draw the answers; neither they nor the server compute anything of their own.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let config = mj_server::Config::default(); // 127.0.0.1:8080, the default limits
//! let listener = tokio::net::TcpListener::bind(config.bind).await?;
//! println!("http://{}/", listener.local_addr()?);
//! mj_server::serve(listener, config, std::future::pending()).await
//! # }
//! ```
//!
//! # Routes
//!
//! | route | what |
//! |---|---|
//! | `GET /` (`/?q=<mpsz>`) | the analysis page |
//! | `GET /score` | the score page |
//! | `GET /log` | the log viewer |
//! | `GET /review` | the review page |
//! | `GET /assets/{file}` | the pages' scripts and style |
//! | `POST /api` | protocol lines (JSON Lines) in, `mj batch`'s answers out, line for line |
//! | `POST /api/log` | a game log (Tenhou, tenhou.net/6, mjai; gzip or plain) in, its games as mjai events out |
//! | `POST /api/review` | a game log in, one seat's review by a rule player out (JSON, or HTML for the review page) |
//! | `POST /api/games` | a game room: rules, length, seats (people and bots) in; its id and the people's seat tokens out |
//! | `GET /api/games` | the rooms, newest first |
//! | `GET /api/games/{id}` | a seat's view (`?seat=N` with its token) or a spectator's: mjai events, legal reactions, the table; a long poll with `wait_ms` |
//! | `POST /api/games/{id}/act` | a person's mjai reaction, committed to the database before the answer |
//! | `GET /api/games/{id}/events` | the same views as server-sent events, one `state` message per change |
//! | `GET /api/games/{id}/log` | a finished (or expired) game's mjai log |
//! | `GET /api/health` | `{"ok": true, "version", "limits", "data"}` |
//!
//! Any other path is 404 and any other method 405, with a JSON error. `docs/server.md` is the
//! full reference (limits, error kinds, headers, load figures).
//!
//! # Limits
//!
//! [`Limits`] holds them all with their defaults: body size (413), answer size (413), time per
//! request (408), header time (slowloris), idle time, connections, workers. Every refusal is a
//! JSON error `{"error": {"kind", "message"}}` ([`ApiError`]); every response carries a
//! Content-Security-Policy without inline scripts ([`CSP`]) and `nosniff`.

// Layers, each reading only the layers before it: `limits`, `error` <- `rooms` (the live game
// rooms) <- `state` <- `api`, `assets` (handlers) <- `log`, `review`, `games` (handlers reusing
// `api`'s admission) <- `layers` (time limit, headers) <- `conn` (the connection loop) <- the
// router here.
mod api;
mod assets;
mod conn;
mod error;
mod games;
mod layers;
mod limits;
mod log;
mod review;
mod rooms;
mod state;

use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::http::{Method, StatusCode, Uri};
use axum::routing::{get, post};

pub use api::{JSON_LINES, answer_body};
pub use assets::{ASSETS, Asset, PAGES};
pub use conn::READ_BUFFER;
pub use error::ApiError;
pub use layers::CSP;
pub use limits::Limits;
pub use log::{MAX_LOG_BYTES, log_answer};
pub use review::{PLAYERS as REVIEW_PLAYERS, REVIEW_CSS, review_answer};
pub use rooms::{DATABASE_FILE, Games};
pub use state::AppState;

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (`--bind`); loopback by default.
    pub bind: SocketAddr,
    /// The data folder (`--data`): created if missing, and the only place the server writes:
    /// the game rooms' database (`rooms.sqlite3`). Without one the rooms live in memory and
    /// end with the process.
    pub data: Option<PathBuf>,
    /// The limits.
    pub limits: Limits,
}

/// The default address: loopback only, port 8080.
pub const DEFAULT_BIND: SocketAddr =
    SocketAddr::new(std::net::IpAddr::V4(std::net::Ipv4Addr::LOCALHOST), 8080);

impl Default for Config {
    fn default() -> Config {
        Config {
            bind: DEFAULT_BIND,
            data: None,
            limits: Limits::default(),
        }
    }
}

/// The application: every route, the time limit and the security headers, over `state`.
/// Serve it with [`serve`] (which adds the connection limits) or call it as a tower service in
/// tests.
pub fn router(state: Arc<AppState>) -> Router {
    let mut router = Router::new();
    for (route, _) in PAGES {
        router = router.route(route, get(assets::page(route)));
    }
    router
        .route("/assets/{*name}", get(assets::asset))
        .route("/api", post(api::post_api))
        .route("/api/health", get(api::health))
        .route("/api/log", post(log::post_log))
        .route("/api/review", post(review::post_review))
        .route("/api/games", post(games::create).get(games::list))
        .route("/api/games/{id}", get(games::view))
        .route("/api/games/{id}/act", post(games::act))
        .route("/api/games/{id}/log", get(games::log))
        .route("/api/games/{id}/events", get(games::events))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            layers::time_limit,
        ))
        .layer(axum::middleware::from_fn(layers::security_headers))
        .with_state(state)
}

async fn not_found(uri: Uri) -> ApiError {
    assets::not_found(uri.path())
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    let path: String = uri.path().chars().take(200).collect();
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!(
            "{method} is not allowed on {path:?}: the API takes POST /api, POST /api/log, POST \
             /api/review, POST /api/games and POST /api/games/{{id}}/act; the pages, \
             /api/health and the games' views and logs GET"
        ),
    )
}

/// Serves the pages and the API on `listener` with the config's limits until `shutdown`
/// resolves. The data folder, if any, is created first.
///
/// Errors: the limits are inconsistent ([`Limits::check`]), the data folder cannot be created
/// or is not a folder, or the listener fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    config
        .limits
        .check()
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let data = match config.data {
        Some(dir) => {
            std::fs::create_dir_all(&dir).map_err(|e| {
                std::io::Error::new(
                    e.kind(),
                    format!("the data folder {} cannot be created: {e}", dir.display()),
                )
            })?;
            Some(dir.canonicalize()?)
        }
        None => None,
    };
    let games = Games::open(data.as_deref()).map_err(|e| {
        std::io::Error::other(format!("the game rooms' database cannot be opened: {e}"))
    })?;
    let state = AppState::new(config.limits, data, Some(Arc::clone(&games)));
    // Idle rooms close (their logs kept), checked every tenth of the idle time.
    let idle = config.limits.room_idle;
    let janitor = tokio::spawn(async move {
        let every = (idle / 10).max(std::time::Duration::from_millis(100));
        loop {
            tokio::time::sleep(every).await;
            games.expire_idle(idle).await;
        }
    });
    let served = conn::run(listener, router(state), config.limits, shutdown).await;
    janitor.abort();
    served
}
