//! Where a simulator keeps what its sessions did, so that a restart (a
//! redeploy, a crash, a `kill -9`) finds every session as it was: the core's
//! journal entries (`licensing_sim_core::Entry`), committed before the answer
//! of the request that made them is sent, and replayed at start. One trait,
//! three stores: memory (what the contract is read against), SQLite (one
//! process, a file) and PostgreSQL (several processes on one database); one
//! contract suite runs against each (`tests/durable/contract.rs`).
//!
//! The simulator's own data (a request that names no session) is kept as the
//! session whose id is empty.

use std::collections::HashMap;

use licensing_sim_core::{Entry, SessionLimits};
use serde_json::Value;

mod memory;
mod postgres;
mod sqlite;

pub use memory::MemoryStore;
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// A store's failure: the simulator answers 503 with `Retry-After` and
/// keeps nothing of the request (a full disk, a lost connection, a lock
/// that timed out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a session was made: what makes it again.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionHead {
    /// Its id (empty: the simulator's own data).
    pub id: String,
    /// Its spec (the JSON of `POST /__sim/sessions`).
    pub spec: Value,
    /// Its admin token.
    pub admin_token: String,
    /// When it was made, in milliseconds since the epoch.
    pub created_ms: i64,
    /// How long it may go unused before it goes, in milliseconds (a shared
    /// store lets it go across processes: [`SessionStore::expire`]).
    pub idle_ms: i64,
}

/// A session as a store kept it: how it was made, and its entries in order.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptSession {
    /// How it was made.
    pub head: SessionHead,
    /// What it did, in the order it did it.
    pub entries: Vec<(u64, Entry)>,
}

/// Where a simulator keeps its sessions. Every method is blocking (the
/// shell calls it off its async threads); `append` returns once the entries
/// are durable.
pub trait SessionStore: Send + Sync + 'static {
    /// What it is: `memory`, `sqlite`, `postgres`.
    fn kind(&self) -> &'static str;
    /// Every session kept.
    fn load(&self) -> Result<Vec<KeptSession>, StoreError>;
    /// One session kept (`None`: there is none).
    fn load_session(&self, id: &str) -> Result<Option<KeptSession>, StoreError>;
    /// Keeps a session just made (before its 201 is sent).
    fn create(&self, head: &SessionHead) -> Result<(), StoreError>;
    /// Keeps a session just made unless the sessions kept, every process's,
    /// are at `limits` (`--sessions-per-minute` made in the minute before
    /// `now_ms`, then `--max-sessions`): a shared store checks and keeps in one
    /// step, so that processes making sessions at the same moment do not all
    /// pass (found by an adversarial pass). A store of one process keeps it
    /// ([`SessionStore::create`]): its one registry holds the bounds.
    fn create_within(&self, head: &SessionHead, limits: &SessionLimits, now_ms: i64) -> Result<Made, StoreError> {
        let _ = (limits, now_ms);
        self.create(head).map(|()| Made::Kept)
    }
    /// Commits a session's entries, in order (before their answers are sent).
    fn append(&self, id: &str, entries: &[(u64, Entry)]) -> Result<(), StoreError>;
    /// Forgets a session and its entries.
    fn delete(&self, id: &str) -> Result<(), StoreError>;
    /// Whether it takes a write now (`GET /__sim/health`): a commit of its
    /// own, through the path the entries take.
    fn health(&self) -> Result<(), StoreError>;
    /// The ids of the sessions kept.
    fn ids(&self) -> Result<Vec<String>, StoreError>;
    /// Notes when sessions were last used (an id, milliseconds since the
    /// epoch; a use earlier than the one kept changes nothing, an id not kept
    /// nothing). The shell of one process notes its sessions' uses each
    /// second, so that a restart lets go those that went idle meanwhile
    /// ([`SessionStore::last_uses`]). It may be queued: a write that waits
    /// ([`SessionStore::health`]) comes after it.
    fn note_used(&self, used: Vec<(String, i64)>) -> Result<(), StoreError>;
    /// When each session kept was last used, as noted (its making counts as
    /// a use); a session whose last use the store does not know (in a SQLite
    /// file made before they were kept) is absent.
    fn last_uses(&self) -> Result<HashMap<String, i64>, StoreError>;
    /// Whether several processes serve its sessions (PostgreSQL): then each
    /// request runs between [`SessionStore::begin`] and [`Held::commit`].
    fn shared(&self) -> bool {
        false
    }
    /// A shared store's session, held by this process until the guard
    /// commits or is dropped (the session's lock, which the store holds for
    /// every process), with what other processes appended after entry
    /// `after`, its last use set to `now_ms`; `None`: it is not kept (never
    /// made, or deleted by another process).
    fn begin(&self, id: &str, after: u64, now_ms: i64) -> Result<Option<Begun>, StoreError> {
        let _ = (id, after, now_ms);
        Err(StoreError(format!("{}: one process keeps its sessions (no begin)", self.kind())))
    }
    /// A shared store's session as a read sees it, without its lock: what
    /// other processes appended after entry `after` (every write answered
    /// before the read began is in it); `None`: it is not kept.
    fn catch_up(&self, id: &str, after: u64, now_ms: i64) -> Result<Option<Vec<(u64, Entry)>>, StoreError> {
        let _ = (id, after, now_ms);
        Err(StoreError(format!("{}: one process keeps its sessions (no catch_up)", self.kind())))
    }
    /// Forgets the sessions unused past their idle time by any process (a
    /// shared store): their ids.
    fn expire(&self, now_ms: i64) -> Result<Vec<String>, StoreError> {
        let _ = now_ms;
        Ok(Vec::new())
    }
}

/// What [`SessionStore::create_within`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    /// The session is kept.
    Kept,
    /// Not kept: as many sessions as `--max-sessions` are.
    TooMany,
    /// Not kept: `--sessions-per-minute` were made in the last minute.
    TooFast,
}

/// A session a shared store holds for this process: what others appended
/// since, and the guard that commits this process's entries after them.
pub struct Begun {
    /// The entries other processes appended, numbered in the session's log.
    pub news: Vec<(u64, Entry)>,
    /// The lock, until it commits or is dropped (then nothing is kept).
    pub held: Box<dyn Held>,
}

/// A session's lock in a shared store.
pub trait Held: Send {
    /// Commits `entries` after the session's last, numbered on from it, and
    /// lets the lock go: the number of the last.
    fn commit(self: Box<Self>, entries: &[Entry]) -> Result<u64, StoreError>;
}

/// The store a `--store` value names: a `postgres://` URL for PostgreSQL
/// (several processes on one database), else a file path for SQLite (made
/// when missing; `sqlite:PATH` too).
pub fn open(store: &str) -> Result<Box<dyn SessionStore>, String> {
    if store.starts_with("postgres://") || store.starts_with("postgresql://") {
        return PostgresStore::open(store).map(|s| Box::new(s) as Box<dyn SessionStore>);
    }
    let path = store.strip_prefix("sqlite:").unwrap_or(store);
    if path.is_empty() {
        return Err(String::from("--store: a SQLite file's path, e.g. --store sim.db"));
    }
    SqliteStore::open(path).map(|s| Box::new(s) as Box<dyn SessionStore>).map_err(|e| format!("--store {path}: {e}"))
}
