//! The rooms' database: SQLite (compiled in), one file in the server's data folder.
//!
//! Two tables: `games` (a row per room: its spec, the seats' tokens, when it was made and last
//! moved, whether it is done or expired) and `moves` (a row per action, numbered from 0 in each
//! game). A room is rebuilt from its spec and its moves ([`crate::Room::restore`]).
//!
//! Durability: the database runs in WAL mode with `synchronous = FULL`, so a transaction is on
//! disk when its commit returns; [`Writer`] commits before it calls back, and a server answers
//! an action only after that call. Writes from many rooms at once are grouped into one
//! transaction (one disk flush for all of them: group commit).

use std::path::Path;
use std::sync::mpsc;
use std::thread::JoinHandle;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::RoomError;
use crate::room::Move;
use crate::spec::GameSpec;

/// The schema version, in `PRAGMA user_version`: a database of another version is refused,
/// never read as this one.
pub const SCHEMA_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id      TEXT PRIMARY KEY,
    spec    TEXT NOT NULL,
    tokens  TEXT NOT NULL,
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    done    INTEGER NOT NULL DEFAULT 0,
    expired INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game   TEXT NOT NULL,
    seq    INTEGER NOT NULL,
    seat   INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
";

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its id.
    pub id: String,
    /// Its definition.
    pub spec: GameSpec,
    /// The token of each human seat: (seat, token).
    pub tokens: Vec<(u8, String)>,
    /// Every move, in order.
    pub moves: Vec<Move>,
    /// Unix seconds of its creation.
    pub created: i64,
    /// Unix seconds of its last move.
    pub updated: i64,
    /// The match is over.
    pub done: bool,
    /// Closed for being idle (its moves, and so its log, are kept).
    pub expired: bool,
}

/// One line of the rooms' list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSummary {
    /// Its id.
    pub id: String,
    /// Its definition.
    pub spec: GameSpec,
    /// Unix seconds of its creation.
    pub created: i64,
    /// The match is over.
    pub done: bool,
    /// Closed for being idle.
    pub expired: bool,
}

/// One write: a new room, moves added to one, or a room closed.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new room with its tokens.
    Create {
        /// Its id.
        id: String,
        /// Its definition.
        spec: GameSpec,
        /// (seat, token) per human seat.
        tokens: Vec<(u8, String)>,
        /// Unix seconds.
        now: i64,
    },
    /// Moves `first..first + moves.len()` of a room.
    Moves {
        /// The room.
        id: String,
        /// The number of the first.
        first: usize,
        /// The moves.
        moves: Vec<Move>,
        /// The match is over after them.
        done: bool,
        /// Unix seconds.
        now: i64,
    },
    /// The room is closed for being idle.
    Expire {
        /// The room.
        id: String,
    },
}

/// The database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    ///
    /// # Errors
    /// [`RoomError::Database`] when the file cannot be opened or holds another schema version.
    pub fn open(path: &Path) -> Result<Store, RoomError> {
        Store::init(Connection::open(path)?)
    }

    /// A database in memory (tests).
    ///
    /// # Errors
    /// As [`Store::open`].
    pub fn memory() -> Result<Store, RoomError> {
        Store::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store, RoomError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if mode != "wal" && mode != "memory" {
            return Err(RoomError::Database(format!(
                "the journal cannot be WAL (it is {mode})"
            )));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let tables: i64 = conn.query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
            [],
            |r| r.get(0),
        )?;
        if tables > 0 && version != SCHEMA_VERSION {
            return Err(RoomError::Database(format!(
                "the database has schema version {version}; this build reads {SCHEMA_VERSION}"
            )));
        }
        conn.execute_batch(SCHEMA)?;
        conn.pragma_update(None, "user_version", SCHEMA_VERSION)?;
        Ok(Store { conn })
    }

    /// Applies writes in one transaction: all or none.
    ///
    /// # Errors
    /// [`RoomError::Database`]; nothing was written.
    pub fn apply(&mut self, writes: &[&Write]) -> Result<(), RoomError> {
        let tx = self.conn.transaction()?;
        for w in writes {
            apply_one(&tx, w)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// The room `id`, if stored.
    ///
    /// # Errors
    /// [`RoomError::Database`], or [`RoomError::Corrupt`] for a row that does not read.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, RoomError> {
        let row = self
            .conn
            .query_row(
                "SELECT spec, tokens, created, updated, done, expired FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, i64>(2)?,
                        r.get::<_, i64>(3)?,
                        r.get::<_, bool>(4)?,
                        r.get::<_, bool>(5)?,
                    ))
                },
            )
            .optional()?;
        let Some((spec, tokens, created, updated, done, expired)) = row else {
            return Ok(None);
        };
        let spec: GameSpec = serde_json::from_str(&spec)
            .map_err(|e| RoomError::Corrupt(format!("game {id}: spec: {e}")))?;
        let tokens: Vec<(u8, String)> = serde_json::from_str(&tokens)
            .map_err(|e| RoomError::Corrupt(format!("game {id}: tokens: {e}")))?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, seat, action FROM moves WHERE game = ?1 ORDER BY seq")?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, u8>(1)?,
                r.get::<_, String>(2)?,
            ))
        })?;
        let mut moves = Vec::new();
        for row in rows {
            let (seq, seat, action) = row?;
            if seq != moves.len() as i64 {
                return Err(RoomError::Corrupt(format!(
                    "game {id}: move {} is missing",
                    moves.len()
                )));
            }
            let action = serde_json::from_str(&action)
                .map_err(|e| RoomError::Corrupt(format!("game {id}: move {seq}: {e}")))?;
            moves.push(Move { seat, action });
        }
        Ok(Some(StoredGame {
            id: id.to_owned(),
            spec,
            tokens,
            moves,
            created,
            updated,
            done,
            expired,
        }))
    }

    /// The ids of the rooms still being played (neither done nor expired), oldest first.
    ///
    /// # Errors
    /// [`RoomError::Database`].
    pub fn live(&self) -> Result<Vec<String>, RoomError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id FROM games WHERE done = 0 AND expired = 0 ORDER BY created, id")?;
        let ids = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }

    /// The newest `limit` rooms.
    ///
    /// # Errors
    /// [`RoomError::Database`], or [`RoomError::Corrupt`] for a spec that does not read.
    pub fn list(&self, limit: usize) -> Result<Vec<GameSummary>, RoomError> {
        let mut stmt = self.conn.prepare(
            "SELECT id, spec, created, done, expired FROM games ORDER BY created DESC, id LIMIT ?1",
        )?;
        let rows = stmt.query_map(params![limit as i64], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, bool>(3)?,
                r.get::<_, bool>(4)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, spec, created, done, expired) = row?;
            let spec = serde_json::from_str(&spec)
                .map_err(|e| RoomError::Corrupt(format!("game {id}: spec: {e}")))?;
            out.push(GameSummary {
                id,
                spec,
                created,
                done,
                expired,
            });
        }
        Ok(out)
    }
}

fn apply_one(tx: &rusqlite::Transaction<'_>, w: &Write) -> Result<(), RoomError> {
    match w {
        Write::Create {
            id,
            spec,
            tokens,
            now,
        } => {
            let spec =
                serde_json::to_string(spec).map_err(|e| RoomError::Database(e.to_string()))?;
            let tokens =
                serde_json::to_string(tokens).map_err(|e| RoomError::Database(e.to_string()))?;
            tx.execute(
                "INSERT INTO games (id, spec, tokens, created, updated) VALUES (?1, ?2, ?3, ?4, ?4)",
                params![id, spec, tokens, now],
            )?;
        }
        Write::Moves {
            id,
            first,
            moves,
            done,
            now,
        } => {
            let mut stmt = tx.prepare_cached(
                "INSERT INTO moves (game, seq, seat, action) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, m) in moves.iter().enumerate() {
                let action = serde_json::to_string(&m.action)
                    .map_err(|e| RoomError::Database(e.to_string()))?;
                stmt.execute(params![id, (first + i) as i64, m.seat, action])?;
            }
            tx.execute(
                "UPDATE games SET updated = ?2, done = ?3 WHERE id = ?1",
                params![id, now, done],
            )?;
        }
        Write::Expire { id } => {
            tx.execute("UPDATE games SET expired = 1 WHERE id = ?1", params![id])?;
        }
    }
    Ok(())
}

/// Called with the outcome of a write, once it is on disk (or failed).
pub type Reply = Box<dyn FnOnce(Result<(), RoomError>) + Send>;

/// A read, run on the writer's thread between two transactions.
pub type Read = Box<dyn FnOnce(&Store) + Send>;

enum Job {
    Write(Write, Reply),
    Read(Read),
}

/// The one thread that owns the database: takes writes from any thread, commits the ones
/// waiting together in one transaction (retrying them one by one if that fails, so one bad
/// write does not fail the others), then calls each one's reply; reads run between
/// transactions (one connection serves both, so an in-memory database works the same).
#[derive(Debug, Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

/// The most writes one transaction takes.
pub const MAX_BATCH: usize = 512;

impl Writer {
    /// Starts the writer thread over `store`; it ends when every [`Writer`] clone is dropped.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn(mut store: Store) -> std::io::Result<(Writer, JoinHandle<()>)> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let handle = std::thread::Builder::new()
            .name("mj-room-writer".into())
            .spawn(move || {
                let mut batch: Vec<(Write, Reply)> = Vec::new();
                while let Ok(first) = queue.recv() {
                    let mut next = Some(first);
                    while let Some(job) = next.take() {
                        match job {
                            Job::Read(read) => {
                                commit(&mut store, std::mem::take(&mut batch));
                                read(&store);
                            }
                            Job::Write(w, reply) => batch.push((w, reply)),
                        }
                        if batch.len() < MAX_BATCH {
                            next = queue.try_recv().ok();
                        }
                    }
                    commit(&mut store, std::mem::take(&mut batch));
                }
            })?;
        Ok((Writer { jobs }, handle))
    }

    /// Queues `write`; `reply` is called once it is committed or has failed (with
    /// [`RoomError::Database`] if the writer has stopped).
    pub fn submit(&self, write: Write, reply: Reply) {
        if let Err(mpsc::SendError(Job::Write(_, reply))) = self.jobs.send(Job::Write(write, reply))
        {
            reply(Err(RoomError::Database("the writer has stopped".into())));
        }
    }

    /// Runs `read` on the writer's thread (after the writes queued before it are committed);
    /// `false` if the writer has stopped.
    pub fn read(&self, read: Read) -> bool {
        self.jobs.send(Job::Read(read)).is_ok()
    }
}

/// Commits `batch` in one transaction, or each alone if that fails; then replies.
fn commit(store: &mut Store, batch: Vec<(Write, Reply)>) {
    if batch.is_empty() {
        return;
    }
    let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
    if store.apply(&writes).is_ok() {
        for (_, reply) in batch {
            reply(Ok(()));
        }
    } else {
        for (w, reply) in batch {
            let outcome = store.apply(&[&w]);
            reply(outcome);
        }
    }
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Job::Write(..) => "Job::Write",
            Job::Read(_) => "Job::Read",
        })
    }
}

/// `n` random bytes from the operating system, as lowercase hex (ids and tokens).
///
/// # Errors
/// [`RoomError::Database`] when the system has no randomness to give.
pub fn random_hex(n: usize) -> Result<String, RoomError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes)
        .map_err(|e| RoomError::Database(format!("no system randomness: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A room id is 16 lowercase hex digits; anything else is refused before any lookup.
pub fn valid_id(id: &str) -> bool {
    id.len() == 16
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn writes_read_back_and_other_versions_are_refused() {
        let dir = std::env::temp_dir().join(format!("mj-room-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("rooms.sqlite");
        let spec = GameSpec::from_request(&serde_json::json!({}), 9).unwrap();
        {
            let mut store = Store::open(&path).unwrap();
            let create = Write::Create {
                id: "00000000000000aa".into(),
                spec: spec.clone(),
                tokens: vec![(0, "t".into())],
                now: 1,
            };
            let moves = Write::Moves {
                id: "00000000000000aa".into(),
                first: 0,
                moves: vec![Move {
                    seat: 0,
                    action: mj_game::Action::Pass,
                }],
                done: false,
                now: 2,
            };
            store.apply(&[&create, &moves]).unwrap();
            // A move numbered twice is refused, and the transaction with it.
            assert!(store.apply(&[&moves]).is_err());
        }
        let store = Store::open(&path).unwrap();
        let game = store.load("00000000000000aa").unwrap().unwrap();
        assert_eq!(game.spec, spec);
        assert_eq!(game.moves.len(), 1);
        assert_eq!(game.updated, 2);
        assert_eq!(store.live().unwrap(), vec!["00000000000000aa".to_owned()]);
        drop(store);
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", 7).unwrap();
        drop(conn);
        let e = Store::open(&path).unwrap_err().to_string();
        assert!(e.contains("schema version 7"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn ids_are_checked() {
        assert!(valid_id("0123456789abcdef"));
        assert!(!valid_id("0123456789ABCDEF"));
        assert!(!valid_id("../etc"));
        assert_eq!(random_hex(8).unwrap().len(), 16);
    }
}
