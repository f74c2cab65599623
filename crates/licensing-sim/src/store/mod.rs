//! Where a simulator keeps what its sessions did, so that a restart (a
//! redeploy, a crash, a `kill -9`) finds every session as it was: the core's
//! journal entries (`licensing_sim_core::Entry`), committed before the answer
//! of the request that made them is sent, and replayed at start. One trait,
//! three stores: memory (nothing kept: the default), SQLite (one process, a
//! file) and PostgreSQL (several processes on one database); one contract
//! suite runs against each (`tests/store/`).
//!
//! The simulator's own data (a request that names no session) is kept as the
//! session whose id is empty.

use licensing_sim_core::Entry;
use serde_json::Value;

mod memory;
mod sqlite;

pub use memory::MemoryStore;
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
    /// Commits a session's entries, in order (before their answers are sent).
    fn append(&self, id: &str, entries: &[(u64, Entry)]) -> Result<(), StoreError>;
    /// Forgets a session and its entries.
    fn delete(&self, id: &str) -> Result<(), StoreError>;
    /// Whether it takes a write now (`GET /__sim/health`): a commit of its
    /// own, through the path the entries take.
    fn health(&self) -> Result<(), StoreError>;
}

/// The store a `--store` value names: a file path for SQLite (made when
/// missing; `sqlite:PATH` too).
pub fn open(store: &str) -> Result<Box<dyn SessionStore>, String> {
    if store.starts_with("postgres://") || store.starts_with("postgresql://") {
        return Err(String::from("--store postgres://…: this build keeps sessions in SQLite only"));
    }
    let path = store.strip_prefix("sqlite:").unwrap_or(store);
    if path.is_empty() {
        return Err(String::from("--store: a SQLite file's path, e.g. --store sim.db"));
    }
    SqliteStore::open(path).map(|s| Box::new(s) as Box<dyn SessionStore>).map_err(|e| format!("--store {path}: {e}"))
}
