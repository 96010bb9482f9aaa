//! What every handler shares: the limits, the worker permits and the data folder.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::Semaphore;

use crate::limits::Limits;

/// The server's shared state, behind an `Arc` (no lock is held across an `.await`: the only
/// shared mutable thing is the semaphore).
#[derive(Debug)]
pub struct AppState {
    /// The limits in force.
    pub limits: Limits,
    /// One permit per request being answered ([`Limits::workers`]).
    pub workers: Arc<Semaphore>,
    /// The data folder (`--data`), if one was given. Nothing writes outside it; today nothing
    /// writes at all (uploaded logs will be parsed in memory).
    pub data: Option<PathBuf>,
}

impl AppState {
    /// The state for these limits and data folder.
    pub fn new(limits: Limits, data: Option<PathBuf>) -> Arc<AppState> {
        Arc::new(AppState {
            workers: Arc::new(Semaphore::new(limits.workers)),
            limits,
            data,
        })
    }
}

/// When the request must be answered by: set by the time-limit layer for the handlers.
#[derive(Clone, Copy, Debug)]
pub struct Deadline(pub Instant);
