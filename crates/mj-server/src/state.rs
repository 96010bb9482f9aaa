//! What every handler shares: the limits, the worker permits, the data folder and the rooms.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::Semaphore;

use crate::limits::Limits;
use crate::rooms::Games;

/// The server's shared state, behind an `Arc` (the rooms keep their own locks).
#[derive(Debug)]
pub struct AppState {
    /// The limits in force.
    pub limits: Limits,
    /// One permit per request being answered ([`Limits::workers`]).
    pub workers: Arc<Semaphore>,
    /// The data folder (`--data`), if one was given: the rooms' database is its only file, and
    /// nothing writes outside it (uploaded logs are parsed in memory).
    pub data: Option<PathBuf>,
    /// The game rooms (`None`: their database could not be opened; the routes answer 503).
    pub games: Option<Arc<Games>>,
}

impl AppState {
    /// The state for these limits, data folder and rooms.
    pub fn new(limits: Limits, data: Option<PathBuf>, games: Option<Arc<Games>>) -> Arc<AppState> {
        Arc::new(AppState {
            workers: Arc::new(Semaphore::new(limits.workers)),
            limits,
            data,
            games,
        })
    }
}

/// When the request must be answered by: set by the time-limit layer for the handlers.
#[derive(Clone, Copy, Debug)]
pub struct Deadline(pub Instant);
