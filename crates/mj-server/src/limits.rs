//! The server's limits and their defaults: the one place that names them (docs/server.md
//! lists the same table, and `mj serve` takes a flag for each).

use std::time::Duration;

/// Every limit of the server. [`Limits::default`] is what `mj serve` uses without flags.
///
/// ```
/// let limits = mj_server::Limits::default();
/// assert_eq!(limits.max_body, 1 << 20);
/// assert!(limits.request_timeout < limits.idle_timeout);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body, in bytes (`--max-body`): a larger one gets 413 before it is
    /// read (by its `Content-Length`) or as soon as it passes the limit (chunked).
    pub max_body: usize,
    /// The largest answer of one `POST /api`, in bytes (`--max-answer`): past it the request
    /// gets 413 (`answer_too_large`) and the work stops. An answer line is longer than its
    /// request line (a `discards` answer is about 20 times its request), so this bounds the
    /// memory a request can make the server hold.
    pub max_answer: usize,
    /// Time from the request's headers to its whole response (`--request-timeout`): reading
    /// the body, waiting for a worker and answering. Past it: 408 (`request_timeout`), and the
    /// connection is closed.
    pub request_timeout: Duration,
    /// Time a client has to send a request's headers (`--header-timeout`); slower, the
    /// connection is closed without an answer (slowloris).
    pub header_timeout: Duration,
    /// A connection on which no byte has moved either way for this long is closed
    /// (`--idle-timeout`): idle keep-alive connections, and clients that stop reading their
    /// answer. Longer than `request_timeout`, so that a request being answered is never cut.
    pub idle_timeout: Duration,
    /// Connections served at once (`--max-connections`); further clients wait in the
    /// listen queue until one closes.
    pub max_connections: usize,
    /// Requests answered at once (`--workers`; default: the number of cores); others wait
    /// (within `request_timeout`) for a worker.
    pub workers: usize,
    /// Game rooms held at once (`--max-rooms`): past it, `POST /api/games` gets 503
    /// (`too_many_rooms`). Finished and idle rooms leave after `room_idle`.
    pub max_rooms: usize,
    /// Rooms one client address may hold open at once (`--rooms-per-client`): 429.
    pub rooms_per_client: usize,
    /// A room nobody has moved in for this long is closed (`--room-idle`); its moves, and so
    /// its log, stay in the database.
    pub room_idle: Duration,
    /// Requests a second one client address may send to the game API (`--client-rate`), with
    /// four seconds' worth at once; past it, 429 (`too_many_requests`).
    pub client_rate: u32,
}

impl Limits {
    /// The defaults, with `workers` set to the number of cores.
    pub fn new() -> Limits {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Limits {
            max_body: 1 << 20,
            max_answer: 16 << 20,
            request_timeout: Duration::from_secs(10),
            header_timeout: Duration::from_secs(5),
            idle_timeout: Duration::from_secs(30),
            max_connections: 2048,
            workers: cores,
            max_rooms: 1000,
            rooms_per_client: 50,
            room_idle: Duration::from_secs(30 * 60),
            client_rate: 200,
        }
    }

    /// The limits as a JSON object (the answer of `GET /api/health`), durations in
    /// milliseconds.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "max_body": self.max_body,
            "max_answer": self.max_answer,
            "request_timeout_ms": self.request_timeout.as_millis() as u64,
            "header_timeout_ms": self.header_timeout.as_millis() as u64,
            "idle_timeout_ms": self.idle_timeout.as_millis() as u64,
            "max_connections": self.max_connections,
            "workers": self.workers,
            "max_rooms": self.max_rooms,
            "rooms_per_client": self.rooms_per_client,
            "room_idle_ms": self.room_idle.as_millis() as u64,
            "client_rate": self.client_rate,
        })
    }

    /// Refuses limits the server cannot work with, naming the limit.
    pub fn check(&self) -> Result<(), String> {
        let zero = [
            ("max_body", self.max_body == 0),
            ("max_answer", self.max_answer == 0),
            ("max_connections", self.max_connections == 0),
            ("workers", self.workers == 0),
            ("request_timeout", self.request_timeout.is_zero()),
            ("header_timeout", self.header_timeout.is_zero()),
            ("idle_timeout", self.idle_timeout.is_zero()),
            ("max_rooms", self.max_rooms == 0),
            ("rooms_per_client", self.rooms_per_client == 0),
            ("room_idle", self.room_idle.is_zero()),
            ("client_rate", self.client_rate == 0),
        ];
        if let Some((name, _)) = zero.iter().find(|(_, z)| *z) {
            return Err(format!("limit `{name}` must be above zero"));
        }
        if self.idle_timeout <= self.request_timeout {
            return Err(format!(
                "the idle timeout ({} ms) must be longer than the request timeout ({} ms), or a \
                 request being answered could be cut",
                self.idle_timeout.as_millis(),
                self.request_timeout.as_millis()
            ));
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_valid_and_checks_name_the_limit() {
        assert_eq!(Limits::default().check(), Ok(()));
        let bad = Limits {
            workers: 0,
            ..Limits::default()
        };
        assert_eq!(
            bad.check(),
            Err("limit `workers` must be above zero".into())
        );
        let bad = Limits {
            idle_timeout: Duration::from_secs(1),
            ..Limits::default()
        };
        assert!(
            bad.check()
                .err()
                .unwrap_or_default()
                .contains("idle timeout")
        );
    }
}
