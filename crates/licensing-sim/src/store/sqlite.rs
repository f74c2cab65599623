//! Sessions kept in SQLite (rusqlite, SQLite compiled in: one file, no
//! server), for one simulator process: WAL with `synchronous=FULL`, so a
//! committed transaction is on disk; a writer thread of its own groups the
//! appends that arrive together into one transaction (one sync for many
//! requests: the throughput of `make bench-sim`), each caller answered once
//! its entries are committed. One process per file (`PATH.lock`).

use std::collections::HashMap;
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

use licensing_sim_core::Entry;
use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde_json::Value;

use super::{KeptSession, SessionHead, SessionStore, StoreError};

/// The most jobs one transaction takes.
const GROUP: usize = 512;

/// How long a write waits for the file's lock (another process's
/// transaction) before the request is answered 503: a commit takes
/// milliseconds, so a lock held this long is stuck.
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

fn failed(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("SQLite: {what}: {e}"))
}

/// A change the writer makes, and who waits for it.
enum Job {
    Create(SessionHead),
    Append(String, Vec<String>),
    Delete(String),
    /// When sessions were last used (no one waits for it).
    Used(Vec<(String, i64)>),
    /// A write of its own, for `health` (a held lock, a full disk fail it).
    Probe(i64),
}

type Done = Sender<Result<(), StoreError>>;

/// A SQLite file of sessions.
pub struct SqliteStore {
    path: String,
    reader: Mutex<Connection>,
    writer: Mutex<Sender<(Job, Done)>>,
    /// The file's one process: an exclusive lock on `PATH.lock`, held while
    /// the store is open (the system lets it go when the process ends, however
    /// it ends).
    _one_process: Mutex<Connection>,
}

/// Takes `PATH.lock` for this process, or says that another holds it (naming
/// the lock file: SQLite does not say which process). Two
/// processes on one file each handed out the same ids and numbers from their
/// own copy of it (found by an adversarial pass): a SQLite store is one
/// process's, and several share a PostgreSQL one.
fn one_process(path: &str) -> Result<Connection, String> {
    let lock = format!("{path}.lock");
    let connection = Connection::open(&lock).map_err(|e| failed(&format!("cannot open {lock}"), e).0)?;
    connection.busy_timeout(std::time::Duration::ZERO).map_err(|e| failed("busy timeout", e).0)?;
    connection.execute_batch("PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;").map_err(|e| {
        format!(
            "another process serves this store ({lock} is held: {e}); a SQLite store is one process's, \
             and several processes share a PostgreSQL store (--store postgres://…)"
        )
    })?;
    Ok(connection)
}

fn connect(path: &str) -> Result<Connection, StoreError> {
    let connection = Connection::open(path).map_err(|e| failed(&format!("cannot open {path}"), e))?;
    connection.busy_timeout(BUSY_TIMEOUT).map_err(|e| failed("busy timeout", e))?;
    connection
        .execute_batch("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;")
        .map_err(|e| failed("cannot set WAL", e))?;
    Ok(connection)
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, spec TEXT NOT NULL, admin_token TEXT NOT NULL, created_ms INTEGER NOT NULL,
  idle_ms INTEGER NOT NULL, last_used_ms INTEGER);
CREATE TABLE IF NOT EXISTS entries (
  n INTEGER PRIMARY KEY AUTOINCREMENT, session TEXT NOT NULL, entry TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS entries_of_session ON entries (session, n);
CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY, probed_ms INTEGER NOT NULL);
";

impl SqliteStore {
    /// The store in `path` (made when missing).
    pub fn open(path: &str) -> Result<Self, String> {
        let one_process = one_process(path)?;
        let writer = connect(path).map_err(|e| e.0)?;
        writer.execute_batch(SCHEMA).map_err(|e| failed("cannot make its tables", e).0)?;
        // A file made before the last uses were kept: theirs are unknown (NULL),
        // and a restart counts such a session used when it starts.
        let noted: i64 = writer
            .query_row("SELECT count(*) FROM pragma_table_info('sessions') WHERE name = 'last_used_ms'", [], |row| {
                row.get(0)
            })
            .map_err(|e| failed("cannot read its tables", e).0)?;
        if noted == 0 {
            writer
                .execute("ALTER TABLE sessions ADD COLUMN last_used_ms INTEGER", [])
                .map_err(|e| failed("cannot add the last uses", e).0)?;
        }
        // Entries a request in flight committed for a session deleted meanwhile.
        writer
            .execute("DELETE FROM entries WHERE session NOT IN (SELECT id FROM sessions)", [])
            .map_err(|e| failed("cannot tidy its entries", e).0)?;
        let reader = connect(path).map_err(|e| e.0)?;
        let (send, receive) = channel();
        std::thread::Builder::new()
            .name(String::from("licensing-sim-sqlite"))
            .spawn(move || write_loop(writer, &receive))
            .map_err(|e| format!("cannot start the SQLite writer: {e}"))?;
        Ok(Self {
            path: path.to_owned(),
            reader: Mutex::new(reader),
            writer: Mutex::new(send),
            _one_process: Mutex::new(one_process),
        })
    }

    /// Hands the writer a job; the receiver of its outcome.
    fn queue(&self, job: Job) -> Result<Receiver<Result<(), StoreError>>, StoreError> {
        let (done, wait) = channel();
        self.writer
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send((job, done))
            .map_err(|_| StoreError(String::from("SQLite: the writer stopped")))?;
        Ok(wait)
    }

    /// Hands the writer a job and waits for its outcome.
    fn send(&self, job: Job) -> Result<(), StoreError> {
        self.queue(job)?.recv().unwrap_or_else(|_| Err(StoreError(String::from("SQLite: the writer stopped"))))
    }

    fn reader(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.reader.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn kept(&self, connection: &Connection, head: SessionHead) -> Result<KeptSession, StoreError> {
        let mut statement = connection
            .prepare_cached("SELECT n, entry FROM entries WHERE session = ?1 ORDER BY n")
            .map_err(|e| failed("cannot read entries", e))?;
        let rows = statement
            .query_map(params![head.id], |row| Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?)))
            .map_err(|e| failed("cannot read entries", e))?;
        let mut entries = Vec::new();
        for row in rows {
            let (n, text) = row.map_err(|e| failed("cannot read an entry", e))?;
            let entry: Entry =
                serde_json::from_str(&text).map_err(|e| failed(&format!("entry {n} of {:?}", head.id), e))?;
            entries.push((u64::try_from(n).unwrap_or(0), entry));
        }
        Ok(KeptSession { head, entries })
    }
}

type HeadRow = (String, String, String, i64, i64);

fn head_of(row: &rusqlite::Row<'_>) -> rusqlite::Result<HeadRow> {
    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?, row.get(4)?))
}

fn to_head((id, spec, admin_token, created_ms, idle_ms): HeadRow) -> Result<SessionHead, StoreError> {
    let spec: Value = serde_json::from_str(&spec).map_err(|e| failed(&format!("the spec of {id:?}"), e))?;
    Ok(SessionHead { id, spec, admin_token, created_ms, idle_ms })
}

/// The writer: the jobs that arrived together, in one transaction; each
/// caller told its own job's outcome (an append to a session not kept fails
/// alone), or the transaction's failure.
fn write_loop(mut connection: Connection, jobs: &Receiver<(Job, Done)>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < GROUP {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match apply(&mut connection, &batch) {
            Ok(outcomes) => {
                for ((_, done), outcome) in batch.into_iter().zip(outcomes) {
                    let _ = done.send(outcome);
                }
            }
            Err(failed) => {
                for (_, done) in batch {
                    let _ = done.send(Err(failed.clone()));
                }
            }
        }
    }
}

fn apply(connection: &mut Connection, batch: &[(Job, Done)]) -> Result<Vec<Result<(), StoreError>>, StoreError> {
    // IMMEDIATE: the write lock is taken (waiting out BUSY_TIMEOUT) at the
    // start, not on the first insert, where SQLite gives up at once.
    let tx =
        connection.transaction_with_behavior(TransactionBehavior::Immediate).map_err(|e| failed("cannot begin", e))?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for (job, _) in batch {
        let outcome = match job {
            Job::Create(head) => tx
                .execute(
                    "INSERT OR REPLACE INTO sessions (id, spec, admin_token, created_ms, idle_ms, last_used_ms) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?4)",
                    params![head.id, head.spec.to_string(), head.admin_token, head.created_ms, head.idle_ms],
                )
                .map(|_| Ok(())),
            Job::Append(id, entries) => append(&tx, id, entries),
            Job::Delete(id) => tx
                .execute("DELETE FROM entries WHERE session = ?1", params![id])
                .and_then(|_| tx.execute("DELETE FROM sessions WHERE id = ?1", params![id]))
                .map(|_| Ok(())),
            Job::Used(used) => used_at(&tx, used),
            Job::Probe(at) => {
                tx.execute("INSERT OR REPLACE INTO health (id, probed_ms) VALUES (1, ?1)", params![at]).map(|_| Ok(()))
            }
        };
        outcomes.push(outcome.map_err(|e| failed("cannot write", e))?);
    }
    crate::crash::point("appended");
    tx.commit().map_err(|e| failed("cannot commit", e))?;
    Ok(outcomes)
}

/// When sessions were last used: a later use than the one kept.
fn used_at(tx: &rusqlite::Transaction<'_>, used: &[(String, i64)]) -> rusqlite::Result<Result<(), StoreError>> {
    let mut update = tx.prepare_cached(
        "UPDATE sessions SET last_used_ms = ?2 WHERE id = ?1 AND (last_used_ms IS NULL OR last_used_ms < ?2)",
    )?;
    for (id, at) in used {
        update.execute(params![id, at])?;
    }
    Ok(Ok(()))
}

/// A session's entries, when the session is kept.
fn append(tx: &rusqlite::Transaction<'_>, id: &str, entries: &[String]) -> rusqlite::Result<Result<(), StoreError>> {
    let kept: Option<i64> = tx
        .prepare_cached("SELECT 1 FROM sessions WHERE id = ?1")?
        .query_row(params![id], |row| row.get(0))
        .optional()?;
    if kept.is_none() {
        return Ok(Err(StoreError(format!("no session {id:?} kept"))));
    }
    let mut insert = tx.prepare_cached("INSERT INTO entries (session, entry) VALUES (?1, ?2)")?;
    for entry in entries {
        insert.execute(params![id, entry])?;
    }
    Ok(Ok(()))
}

impl SessionStore for SqliteStore {
    fn kind(&self) -> &'static str {
        "sqlite"
    }

    fn load(&self) -> Result<Vec<KeptSession>, StoreError> {
        let connection = self.reader();
        let heads: Vec<HeadRow> = {
            let mut statement = connection
                .prepare("SELECT id, spec, admin_token, created_ms, idle_ms FROM sessions ORDER BY created_ms, id")
                .map_err(|e| failed("cannot read sessions", e))?;
            let rows = statement.query_map([], head_of).map_err(|e| failed("cannot read sessions", e))?;
            rows.collect::<Result<_, _>>().map_err(|e| failed("cannot read a session", e))?
        };
        heads.into_iter().map(|row| self.kept(&connection, to_head(row)?)).collect()
    }

    fn load_session(&self, id: &str) -> Result<Option<KeptSession>, StoreError> {
        let connection = self.reader();
        let row = connection
            .query_row(
                "SELECT id, spec, admin_token, created_ms, idle_ms FROM sessions WHERE id = ?1",
                params![id],
                head_of,
            )
            .optional()
            .map_err(|e| failed("cannot read a session", e))?;
        row.map(|row| self.kept(&connection, to_head(row)?)).transpose()
    }

    fn create(&self, head: &SessionHead) -> Result<(), StoreError> {
        self.send(Job::Create(head.clone()))
    }

    fn append(&self, id: &str, entries: &[(u64, Entry)]) -> Result<(), StoreError> {
        let texts = entries
            .iter()
            .map(|(_, entry)| serde_json::to_string(entry).map_err(|e| failed("cannot write an entry", e)))
            .collect::<Result<Vec<_>, _>>()?;
        self.send(Job::Append(id.to_owned(), texts))
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.send(Job::Delete(id.to_owned()))
    }

    fn ids(&self) -> Result<Vec<String>, StoreError> {
        let connection = self.reader();
        let mut statement =
            connection.prepare("SELECT id FROM sessions").map_err(|e| failed("cannot read sessions", e))?;
        let rows = statement.query_map([], |row| row.get(0)).map_err(|e| failed("cannot read sessions", e))?;
        rows.collect::<Result<_, _>>().map_err(|e| failed("cannot read a session", e))
    }

    fn note_used(&self, used: Vec<(String, i64)>) -> Result<(), StoreError> {
        // Not waited for: the shell notes uses off the requests' path, and a
        // write queued after it (an append, a probe) is committed after it.
        self.queue(Job::Used(used)).map(drop)
    }

    fn last_uses(&self) -> Result<HashMap<String, i64>, StoreError> {
        let connection = self.reader();
        let mut statement = connection
            .prepare("SELECT id, last_used_ms FROM sessions WHERE last_used_ms IS NOT NULL")
            .map_err(|e| failed("cannot read sessions", e))?;
        let rows = statement
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?)))
            .map_err(|e| failed("cannot read sessions", e))?;
        rows.collect::<Result<_, _>>().map_err(|e| failed("cannot read a session", e))
    }

    fn health(&self) -> Result<(), StoreError> {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        self.send(Job::Probe(now)).map_err(|e| StoreError(format!("{} takes no write: {e}", self.path)))
    }
}
