//! Sessions kept in PostgreSQL, for several simulator processes behind one
//! load balancer (the `postgres` crate: the synchronous client over
//! tokio-postgres, called off the shell's async threads as every store is).
//!
//! Each session is a log of entries numbered 1, 2, … (`sim_entries`, primary
//! key `(session, seq)`). A process serves a request of a session between
//! [`SessionStore::begin`] and [`Held::commit`], in one transaction that
//! holds the session's advisory lock (`pg_advisory_xact_lock`): it reads the
//! entries other processes appended since the last it applied, replays them
//! into its copy of the session, lets the core answer, and appends what the
//! core did after them before the answer is sent. So one session's requests
//! are serialized across processes, and every process's copy is the log
//! replayed in order: the state a single process would have.

use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};

use licensing_sim_core::{Entry, SessionLimits};
use postgres::{Client, NoTls};
use serde_json::Value;

use super::{Begun, Held, KeptSession, Made, SessionHead, SessionStore, StoreError};

/// What the advisory lock of the registry is taken on (no session's id has a `/`).
const REGISTRY_LOCK: &str = "/registry";

/// The most connections one process opens (each request of a session holds
/// one from `begin` to `commit`).
const POOL_MAX: usize = 16;

fn failed(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError(format!("PostgreSQL: {what}: {e}"))
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS sim_sessions (
  id TEXT PRIMARY KEY, spec TEXT NOT NULL, admin_token TEXT NOT NULL,
  created_ms BIGINT NOT NULL, idle_ms BIGINT NOT NULL, last_used_ms BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS sim_entries (
  session TEXT NOT NULL REFERENCES sim_sessions (id) ON DELETE CASCADE,
  seq BIGINT NOT NULL, entry TEXT NOT NULL, PRIMARY KEY (session, seq));
CREATE TABLE IF NOT EXISTS sim_health (id INT PRIMARY KEY, probed_ms BIGINT NOT NULL);
";

/// The advisory lock the processes take to make the tables once.
const SCHEMA_LOCK: i64 = 0x4c49_4353_494d;

/// A PostgreSQL database of sessions.
pub struct PostgresStore {
    pool: Arc<Pool>,
}

/// The connections of one process.
struct Pool {
    config: postgres::Config,
    /// Idle connections, and how many are out.
    idle: Mutex<(Vec<Conn>, usize)>,
    returned: Condvar,
}

/// A connection taken from the pool; back to it when dropped. A connection
/// left inside a transaction (a request that went away between `begin` and
/// `commit`) is rolled back before its next use, on a blocking thread:
/// dropping a `postgres::Client` on an async thread is not allowed.
struct Pooled {
    pool: Arc<Pool>,
    conn: Option<Conn>,
}

/// A connection, the statements it prepared (a statement used again costs one
/// round trip, not two), and whether a transaction may be open on it.
struct Conn {
    client: Client,
    statements: std::collections::HashMap<&'static str, postgres::Statement>,
    dirty: bool,
    /// When it was last given back: one idle longer than `PROBE_AFTER` is
    /// asked whether it still answers before it is used (a restarted server
    /// leaves idle connections that fail only when used).
    idle_since: std::time::Instant,
}

/// How long a connection may sit idle before it is probed at its next use.
const PROBE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

impl Pooled {
    fn conn(&mut self) -> &mut Conn {
        self.conn.as_mut().unwrap_or_else(|| unreachable!("a pooled connection is taken only when dropped"))
    }

    /// `sql`, prepared once on this connection.
    fn prepared(&mut self, sql: &'static str) -> Result<postgres::Statement, postgres::Error> {
        let conn = self.conn();
        if let Some(statement) = conn.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = conn.client.prepare(sql)?;
        conn.statements.insert(sql, statement.clone());
        Ok(statement)
    }

    /// Marks a transaction open (`true`) or ended on this connection.
    fn in_transaction(&mut self, open: bool) {
        self.conn().dirty = open;
    }
}

impl std::ops::Deref for Pooled {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.conn.as_ref().unwrap_or_else(|| unreachable!("a pooled connection is taken only when dropped")).client
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.conn().client
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // A `postgres::Client` runs a runtime of its own, which may not be
        // dropped on an async thread (the shell's, at its end): on one of its own.
        let idle = std::mem::take(&mut self.idle.get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).0);
        if !idle.is_empty() {
            let _ = std::thread::spawn(move || drop(idle)).join();
        }
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        let mut idle = self.pool.idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(mut conn) = self.conn.take() {
            conn.idle_since = std::time::Instant::now();
            idle.0.push(conn);
        }
        idle.1 = idle.1.saturating_sub(1);
        self.pool.returned.notify_one();
    }
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl PostgresStore {
    /// The store at `url` (`postgres://user@host:port/db`): its tables made
    /// when missing.
    pub fn open(url: &str) -> Result<Self, String> {
        let config: postgres::Config = url.parse().map_err(|e| format!("--store {url}: {e}"))?;
        let store =
            Self { pool: Arc::new(Pool { config, idle: Mutex::new((Vec::new(), 0)), returned: Condvar::new() }) };
        let mut client = store.connection().map_err(|e| format!("--store {url}: {e}"))?;
        client.in_transaction(true);
        client
            .batch_execute(&format!("BEGIN; SELECT pg_advisory_xact_lock({SCHEMA_LOCK}); {SCHEMA} COMMIT;"))
            .map_err(|e| failed("cannot make its tables", e).0)?;
        client.in_transaction(false);
        drop(client);
        Ok(store)
    }

    /// A connection: an idle one, a new one while fewer than `POOL_MAX` are
    /// out, else the next one returned. One left in a transaction (a request
    /// that went away between `begin` and `commit`) is rolled back first, a
    /// broken one replaced.
    fn connection(&self) -> Result<Pooled, StoreError> {
        let pool = &self.pool;
        let mut idle = pool.idle.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            let taken = idle.0.pop();
            if taken.is_some() || idle.1 < POOL_MAX {
                idle.1 += 1;
                drop(idle);
                let mut pooled = Pooled { pool: Arc::clone(pool), conn: None };
                let mended = taken.filter(|conn| !conn.client.is_closed()).and_then(|mut conn| {
                    // Left in a transaction: rolled back first. A broken one is
                    // dropped here, on a blocking thread.
                    let probe = conn.dirty || conn.idle_since.elapsed() > PROBE_AFTER;
                    if probe && conn.client.batch_execute("ROLLBACK").is_err() {
                        return None;
                    }
                    conn.dirty = false;
                    Some(conn)
                });
                let conn = match mended {
                    Some(conn) => conn,
                    None => Conn {
                        client: pool.config.connect(NoTls).map_err(|e| failed("cannot connect", e))?,
                        statements: std::collections::HashMap::new(),
                        dirty: false,
                        idle_since: std::time::Instant::now(),
                    },
                };
                pooled.conn = Some(conn);
                return Ok(pooled);
            }
            idle = pool.returned.wait(idle).unwrap_or_else(std::sync::PoisonError::into_inner);
        }
    }

    fn kept(client: &mut Client, head: SessionHead, after: i64) -> Result<KeptSession, StoreError> {
        let rows = client
            .query(
                "SELECT seq, entry FROM sim_entries WHERE session = $1 AND seq > $2 ORDER BY seq",
                &[&head.id, &after],
            )
            .map_err(|e| failed("cannot read entries", e))?;
        let entries = entries_of(&head.id, &rows)?;
        Ok(KeptSession { head, entries })
    }
}

fn entries_of(id: &str, rows: &[postgres::Row]) -> Result<Vec<(u64, Entry)>, StoreError> {
    rows.iter()
        .map(|row| {
            let seq: i64 = row.try_get(0).map_err(|e| failed("an entry's number", e))?;
            let text: String = row.try_get(1).map_err(|e| failed("an entry", e))?;
            let entry: Entry = serde_json::from_str(&text).map_err(|e| failed(&format!("entry {seq} of {id:?}"), e))?;
            Ok((u64::try_from(seq).unwrap_or(0), entry))
        })
        .collect()
}

/// The entries of rows that carry `(seq, entry)` from column `from` (a left
/// join: a row without one has NULLs there).
fn joined_entries(id: &str, rows: &[postgres::Row], from: usize) -> Result<Vec<(u64, Entry)>, StoreError> {
    let mut entries = Vec::new();
    for row in rows {
        let seq: Option<i64> = row.try_get(from).map_err(|e| failed("an entry's number", e))?;
        let text: Option<String> = row.try_get(from + 1).map_err(|e| failed("an entry", e))?;
        if let (Some(seq), Some(text)) = (seq, text) {
            let entry: Entry = serde_json::from_str(&text).map_err(|e| failed(&format!("entry {seq} of {id:?}"), e))?;
            entries.push((u64::try_from(seq).unwrap_or(0), entry));
        }
    }
    Ok(entries)
}

fn head_of(row: &postgres::Row) -> Result<SessionHead, StoreError> {
    let id: String = row.try_get(0).map_err(|e| failed("a session", e))?;
    let spec: String = row.try_get(1).map_err(|e| failed("a session", e))?;
    let spec: Value = serde_json::from_str(&spec).map_err(|e| failed(&format!("the spec of {id:?}"), e))?;
    Ok(SessionHead {
        id,
        spec,
        admin_token: row.try_get(2).map_err(|e| failed("a session", e))?,
        created_ms: row.try_get(3).map_err(|e| failed("a session", e))?,
        idle_ms: row.try_get(4).map_err(|e| failed("a session", e))?,
    })
}

const HEAD_COLUMNS: &str = "id, spec, admin_token, created_ms, idle_ms";

/// A session kept (its making counts as its last use); one kept already
/// stays as it is (the simulator's own data, made by the first process).
const INSERT_SESSION: &str = "INSERT INTO sim_sessions (id, spec, admin_token, created_ms, idle_ms, last_used_ms)
 VALUES ($1, $2, $3, $4, $5, $4) ON CONFLICT (id) DO NOTHING";

/// Under the session's lock: its last use, its last entry's number, the
/// entries after `$2`.
const BEGIN_READ: &str = "WITH used AS (UPDATE sim_sessions SET last_used_ms = $3 WHERE id = $1 RETURNING id)
    SELECT (SELECT count(*) FROM used), (SELECT COALESCE(MAX(seq), 0) FROM sim_entries WHERE session = $1), e.seq, e.entry
    FROM (SELECT 1) AS one LEFT JOIN sim_entries e ON e.session = $1 AND e.seq > $2 ORDER BY e.seq";

/// A read's catch-up, without the lock: whether the session is kept, the
/// entries after `$2`; its last use kept at most once a minute, or each half of
/// its idle time when that is shorter (a session read every half second with
/// `idleSecs: 3` went as idle: found by an adversarial pass).
const CATCH_UP: &str = "WITH touched AS (UPDATE sim_sessions SET last_used_ms = $3::bigint WHERE id = $1 AND last_used_ms < $3::bigint - LEAST(60000, idle_ms / 2))
    SELECT (SELECT count(*) FROM sim_sessions WHERE id = $1), e.seq, e.entry
    FROM (SELECT 1) AS one LEFT JOIN sim_entries e ON e.session = $1 AND e.seq > $2 ORDER BY e.seq";

/// A commit's entries, numbered on from `$2`, in one statement.
const INSERT_ENTRIES: &str = "INSERT INTO sim_entries (session, seq, entry)
    SELECT $1, $2 + ordinality - 1, entry FROM unnest($3::text[]) WITH ORDINALITY AS t(entry, ordinality)";

/// A session's transaction, its advisory lock held.
struct Transaction {
    client: Pooled,
    id: String,
    last: i64,
}

/// [`SessionStore::create_within`] on one connection: the count and the insert
/// in one transaction under the registry's lock (a refusal rolls it back).
fn make_within(
    client: &mut Client,
    head: &SessionHead,
    limits: &SessionLimits,
    now_ms: i64,
) -> Result<Made, postgres::Error> {
    let mut tx = client.transaction()?;
    tx.batch_execute(&format!("SELECT pg_advisory_xact_lock({})", lock_key(REGISTRY_LOCK)))?;
    let counted = tx.query_one(
        "SELECT count(*) FILTER (WHERE id <> ''), count(*) FILTER (WHERE id <> '' AND created_ms > $1) FROM sim_sessions",
        &[&now_ms.saturating_sub(60_000)],
    )?;
    let (kept, recent): (i64, i64) = (counted.try_get(0)?, counted.try_get(1)?);
    if recent >= i64::from(limits.creations_per_minute) {
        return Ok(Made::TooFast);
    }
    if usize::try_from(kept).unwrap_or(usize::MAX) >= limits.max_sessions {
        return Ok(Made::TooMany);
    }
    tx.execute(
        INSERT_SESSION,
        &[&head.id, &head.spec.to_string(), &head.admin_token, &head.created_ms, &head.idle_ms],
    )?;
    tx.commit()?;
    Ok(Made::Kept)
}

/// The session's lock: the advisory lock of a 64-bit hash of its id.
fn lock_key(id: &str) -> i64 {
    // FNV-1a: stable across processes and builds (std's hasher is not).
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in id.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(hash.to_ne_bytes())
}

impl Held for Transaction {
    fn commit(mut self: Box<Self>, entries: &[Entry]) -> Result<u64, StoreError> {
        let first = self.last + 1;
        let last = self.last + i64::try_from(entries.len()).unwrap_or(i64::MAX);
        if !entries.is_empty() {
            let texts = entries
                .iter()
                .map(|entry| serde_json::to_string(entry).map_err(|e| failed("cannot write an entry", e)))
                .collect::<Result<Vec<String>, _>>()?;
            // One statement for every entry: numbered on from the last.
            let insert = self.client.prepared(INSERT_ENTRIES).map_err(|e| failed("cannot write", e))?;
            self.client.execute(&insert, &[&self.id, &first, &texts]).map_err(|e| failed("cannot write", e))?;
        }
        crate::crash::point("appended");
        self.client.batch_execute("COMMIT").map_err(|e| failed("cannot commit", e))?;
        self.client.in_transaction(false);
        Ok(u64::try_from(last).unwrap_or(0))
    }
}

impl SessionStore for PostgresStore {
    fn kind(&self) -> &'static str {
        "postgres"
    }

    fn shared(&self) -> bool {
        true
    }

    fn load(&self) -> Result<Vec<KeptSession>, StoreError> {
        let mut client = self.connection()?;
        let rows = client
            .query(&format!("SELECT {HEAD_COLUMNS} FROM sim_sessions ORDER BY created_ms, id"), &[])
            .map_err(|e| failed("cannot read sessions", e))?;
        let heads = rows.iter().map(head_of).collect::<Result<Vec<_>, _>>()?;
        // Every entry in one query (a query per session made a start with 10,000
        // sessions take 2.6 s), grouped by session.
        let rows = client
            .query("SELECT session, seq, entry FROM sim_entries ORDER BY session, seq", &[])
            .map_err(|e| failed("cannot read entries", e))?;
        let mut entries: std::collections::HashMap<String, Vec<(u64, Entry)>> = std::collections::HashMap::new();
        for row in &rows {
            let session: String = row.try_get(0).map_err(|e| failed("an entry's session", e))?;
            let seq: i64 = row.try_get(1).map_err(|e| failed("an entry's number", e))?;
            let text: String = row.try_get(2).map_err(|e| failed("an entry", e))?;
            let entry: Entry =
                serde_json::from_str(&text).map_err(|e| failed(&format!("entry {seq} of {session:?}"), e))?;
            entries.entry(session).or_default().push((u64::try_from(seq).unwrap_or(0), entry));
        }
        Ok(heads
            .into_iter()
            .map(|head| {
                let kept = entries.remove(&head.id).unwrap_or_default();
                KeptSession { head, entries: kept }
            })
            .collect())
    }

    fn load_session(&self, id: &str) -> Result<Option<KeptSession>, StoreError> {
        let mut client = self.connection()?;
        let row = client
            .query_opt(&format!("SELECT {HEAD_COLUMNS} FROM sim_sessions WHERE id = $1"), &[&id])
            .map_err(|e| failed("cannot read a session", e))?;
        row.map(|row| Self::kept(&mut client, head_of(&row)?, 0)).transpose()
    }

    fn create(&self, head: &SessionHead) -> Result<(), StoreError> {
        let mut client = self.connection()?;
        // The simulator's own data is made once, by the first process to start.
        client
            .execute(
                INSERT_SESSION,
                &[&head.id, &head.spec.to_string(), &head.admin_token, &head.created_ms, &head.idle_ms],
            )
            .map(drop)
            .map_err(|e| failed("cannot keep a session", e))
    }

    fn create_within(&self, head: &SessionHead, limits: &SessionLimits, now_ms: i64) -> Result<Made, StoreError> {
        let mut client = self.connection()?;
        client.in_transaction(true);
        let made = make_within(&mut client, head, limits, now_ms).map_err(|e| failed("cannot keep a session", e))?;
        client.in_transaction(false);
        Ok(made)
    }

    fn append(&self, id: &str, entries: &[(u64, Entry)]) -> Result<(), StoreError> {
        let Some(begun) = self.begin(id, u64::MAX, now_ms())? else {
            return Err(StoreError(format!("no session {id:?} kept")));
        };
        let entries: Vec<Entry> = entries.iter().map(|(_, entry)| entry.clone()).collect();
        begun.held.commit(&entries).map(drop)
    }

    fn delete(&self, id: &str) -> Result<(), StoreError> {
        let mut client = self.connection()?;
        client
            .execute("DELETE FROM sim_sessions WHERE id = $1", &[&id])
            .map(drop)
            .map_err(|e| failed("cannot delete", e))
    }

    fn health(&self) -> Result<(), StoreError> {
        let mut client = self.connection()?;
        client
            .execute(
                "INSERT INTO sim_health (id, probed_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET probed_ms = $1",
                &[&now_ms()],
            )
            .map(drop)
            .map_err(|e| failed("takes no write", e))
    }

    fn ids(&self) -> Result<Vec<String>, StoreError> {
        let mut client = self.connection()?;
        let rows = client.query("SELECT id FROM sim_sessions", &[]).map_err(|e| failed("cannot read sessions", e))?;
        rows.iter().map(|row| row.try_get(0).map_err(|e| failed("a session", e))).collect()
    }

    fn note_used(&self, used: Vec<(String, i64)>) -> Result<(), StoreError> {
        let (ids, ats): (Vec<String>, Vec<i64>) = used.into_iter().unzip();
        let mut client = self.connection()?;
        client
            .execute(
                "UPDATE sim_sessions AS s SET last_used_ms = GREATEST(s.last_used_ms, u.at)
                 FROM unnest($1::text[], $2::bigint[]) AS u(id, at) WHERE s.id = u.id",
                &[&ids, &ats],
            )
            .map(drop)
            .map_err(|e| failed("cannot note when sessions were used", e))
    }

    fn last_uses(&self) -> Result<HashMap<String, i64>, StoreError> {
        let mut client = self.connection()?;
        let rows = client
            .query("SELECT id, last_used_ms FROM sim_sessions", &[])
            .map_err(|e| failed("cannot read sessions", e))?;
        rows.iter()
            .map(|row| {
                Ok((
                    row.try_get(0).map_err(|e| failed("a session", e))?,
                    row.try_get(1).map_err(|e| failed("a session", e))?,
                ))
            })
            .collect()
    }

    fn begin(&self, id: &str, after: u64, now: i64) -> Result<Option<Begun>, StoreError> {
        let mut client = self.connection()?;
        // Two round trips: the transaction and the lock; then the session's last
        // use, its last entry's number and the entries after `after`, in one query.
        client.in_transaction(true);
        client
            .batch_execute(&format!("BEGIN; SELECT pg_advisory_xact_lock({})", lock_key(id)))
            .map_err(|e| failed("cannot take the session's lock", e))?;
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        let rows = client.prepared(BEGIN_READ).and_then(|read| client.query(&read, &[&id, &after, &now]));
        let found = rows.map_err(|e| failed("cannot read the session", e)).and_then(|rows| {
            let kept: i64 = rows.first().map_or(Ok(0), |row| row.try_get(0)).map_err(|e| failed("a session", e))?;
            let last: i64 = rows.first().map_or(Ok(0), |row| row.try_get(1)).map_err(|e| failed("a session", e))?;
            Ok((kept > 0).then_some((last, rows)))
        });
        let (last, rows) = match found {
            Ok(Some(found)) => found,
            Ok(None) => {
                if client.batch_execute("ROLLBACK").is_ok() {
                    client.in_transaction(false);
                }
                return Ok(None);
            }
            Err(e) => return Err(e),
        };
        let news = joined_entries(id, &rows, 2)?;
        Ok(Some(Begun { news, held: Box::new(Transaction { client, id: id.to_owned(), last }) }))
    }

    fn catch_up(&self, id: &str, after: u64, now: i64) -> Result<Option<Vec<(u64, Entry)>>, StoreError> {
        let mut client = self.connection()?;
        let after = i64::try_from(after).unwrap_or(i64::MAX);
        // One round trip, no lock: what was committed before this read began is
        // in it (a write is answered only once committed). Its last use is kept
        // each minute, or each half of its idle time when that is shorter (CATCH_UP).
        let rows = client
            .prepared(CATCH_UP)
            .and_then(|read| client.query(&read, &[&id, &after, &now]))
            .map_err(|e| failed("cannot read the session", e))?;
        let kept: i64 = rows.first().map_or(Ok(0), |row| row.try_get(0)).map_err(|e| failed("a session", e))?;
        if kept == 0 {
            return Ok(None);
        }
        joined_entries(id, &rows, 1).map(Some)
    }

    fn expire(&self, now: i64) -> Result<Vec<String>, StoreError> {
        let mut client = self.connection()?;
        let rows = client
            .query("DELETE FROM sim_sessions WHERE id <> '' AND last_used_ms < $1 - idle_ms RETURNING id", &[&now])
            .map_err(|e| failed("cannot let idle sessions go", e))?;
        rows.iter().map(|row| row.try_get(0).map_err(|e| failed("a session", e))).collect()
    }
}
