//! Sessions: many simulators behind one shell, the unit of isolation of a
//! simulator a team shares. Each session is a [`Simulator`] of its own (its
//! store, clock, faults, drifts, nonce window, traces and admin token); a
//! request names its session with the header `x-sim-session: ID` or the path
//! prefix `/s/ID/…` (which a page can use with no CORS preflight), and a
//! request that names none goes to the shell's own simulator, as before
//! sessions existed.
//!
//! The registry decides everything about sessions (which one a request names,
//! whether one may be made, when one has been idle too long, its admin
//! routes); the shell gives it the time and the random bytes its ids and
//! tokens are made of, and keeps no session logic of its own.
//!
//! ```text
//! POST   /__sim/sessions          {seed?, state?, clock?, drift?, nonceWindowSecs?, rules?, idleSecs?}
//!                                 → 201 {id, adminToken, prefix, header, idleSecs, clock}
//! GET    /__sim/sessions          → {sessions: [{id, createdAt, lastUsedAt, idleSecs, expiresAt, stats}]}
//! GET    /__sim/sessions/ID/state → the session's state (a snapshot)
//! DELETE /__sim/sessions/ID       → {deleted: true}
//! ```
//!
//! Those need the shell's admin token; a session's own admin routes
//! (`/s/ID/__sim/reset`, `…/fault`, `…/clock`, …) need the session's token,
//! which touches no other session.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

use crate::exchange::{Reply, RequestHead};
use crate::sync::lock;
use crate::{respond, Options, Simulator, ADMIN_HEADER};

/// The header naming a request's session.
pub const SESSION_HEADER: &str = "x-sim-session";

/// The path prefix naming a request's session: `/s/ID/` then the path.
pub const SESSION_PREFIX: &str = "/s/";

/// What a session's id and admin token are made of: random bytes the shell
/// draws (16 each: 128 bits, not to be guessed).
pub const SESSION_RANDOM_BYTES: usize = 32;

/// The bounds of a shell's sessions; past each, a clear refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SessionLimits {
    /// Most sessions at once (`--max-sessions`).
    pub max_sessions: usize,
    /// Most bytes of accepted writes a session holds (`--max-session-bytes`):
    /// the measure of its state's size.
    pub max_session_bytes: u64,
    /// Most sessions made in any minute (`--sessions-per-minute`).
    pub creations_per_minute: u32,
    /// How long a session may go unused before it goes, unless it asks for
    /// another time (`--session-idle-secs`).
    pub idle_secs: u64,
    /// The longest idle time a session may ask for.
    pub max_idle_secs: u64,
}

impl Default for SessionLimits {
    fn default() -> Self {
        Self {
            max_sessions: 100,
            max_session_bytes: 64 << 20,
            creations_per_minute: 60,
            idle_secs: 3600,
            max_idle_secs: 7 * 24 * 3600,
        }
    }
}

/// What a session is made with, besides what every session of the shell
/// shares (its tokens, activities and limits).
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct SessionSpec {
    /// The session's simulator options: the shell's, with the spec's fields over them.
    pub options: Options,
    /// How long it may go unused, in seconds.
    pub idle_secs: u64,
}

/// The fields a session's spec may set.
const SPEC_FIELDS: &str = "seed, state, clock, drift, nonceWindowSecs, rules, idleSecs";

impl SessionSpec {
    /// A spec from its JSON (the body of `POST /__sim/sessions`: every field
    /// optional, an unknown one refused by name), over the shell's options.
    pub fn from_json(text: &str, base: &Options, limits: &SessionLimits) -> Result<Self, String> {
        let text = if text.trim().is_empty() { "{}" } else { text };
        let json: serde_json::Map<String, Value> = crate::parse_unique_json(text)
            .map_err(|e| format!("session: {e}"))
            .and_then(|v| serde_json::from_value(v).map_err(|e| format!("session: expected an object: {e}")))?;
        let mut idle_secs = limits.idle_secs;
        let mut fields = serde_json::Map::new();
        for (name, value) in json {
            match name.as_str() {
                "idleSecs" if !value.is_null() => {
                    idle_secs = serde_json::from_value(value).map_err(|e| format!("session: idleSecs: {e}"))?;
                    if idle_secs == 0 || idle_secs > limits.max_idle_secs {
                        return Err(format!("session: idleSecs must be 1 to {} (seconds)", limits.max_idle_secs));
                    }
                }
                "seed" | "state" | "clock" | "drift" | "nonceWindowSecs" | "rules" => {
                    fields.insert(name, value);
                }
                "idleSecs" => {}
                other => {
                    let other = crate::trace::cut(other);
                    return Err(format!("session: unknown field `{other}` ({SPEC_FIELDS})"));
                }
            }
        }
        let over = Options::from_json(&Value::Object(fields.clone()).to_string())
            .map_err(|e| e.replacen("simulator options", "session", 1))?;
        // The shell's options, the spec's fields over them; a session starts
        // empty unless it names a state.
        let mut options = base.clone();
        options.state = None;
        for name in fields.keys() {
            match name.as_str() {
                "seed" => options.seed = over.seed,
                "state" => options.state = over.state.clone(),
                "clock" => options.clock = over.clock,
                "drift" => options.drifts = over.drifts,
                "nonceWindowSecs" => options.nonce_window_ms = over.nonce_window_ms,
                _ => options.rules = over.rules,
            }
        }
        options.max_written_bytes = limits.max_session_bytes;
        options.check()?;
        Ok(Self { options, idle_secs })
    }
}

/// Where a request goes among the sessions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The shell's own simulator (the request names no session).
    Default,
    /// A session's simulator, with the path within it.
    Session {
        /// The session's id.
        id: String,
        /// The request's path without the session's prefix.
        path: String,
    },
    /// The registry's own routes (`/__sim/sessions…`).
    Registry,
}

/// Which session a request names, and its path within it; `Err`, the
/// refusal of a request that names two, or names one badly.
pub fn target(head: &RequestHead) -> Result<Target, Reply> {
    // A header given names a session, even blank (found by an adversarial pass:
    // a blank value, or one the shell could not read as text, was served from
    // the shell's own data): its id is checked below.
    let header = head.header_value(SESSION_HEADER).map(str::trim);
    let prefixed = head.path.strip_prefix(SESSION_PREFIX).map(|rest| match rest.split_once('/') {
        Some((id, path)) => (id, format!("/{path}")),
        None => (rest, String::from("/")),
    });
    let (id, path) = match (header, prefixed) {
        (None, None) if is_registry_path(&head.path) => return Ok(Target::Registry),
        (None, None) => return Ok(Target::Default),
        (Some(id), None) => (id.to_owned(), head.path.clone()),
        (None, Some((id, path))) => (id.to_owned(), path),
        (Some(named), Some((id, path))) if named == id => (id.to_owned(), path),
        (Some(_), Some(_)) => {
            return Err(error(400, format!("the request names two sessions ({SESSION_HEADER} and its path prefix)")))
        }
    };
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(error(400, format!("{SESSION_HEADER}: a session id is 1 to 64 letters, digits, '-' or '_'")));
    }
    if is_registry_path(&path) {
        return Err(error(400, "the registry's routes belong to no session: call them without one"));
    }
    Ok(Target::Session { id, path })
}

fn is_registry_path(path: &str) -> bool {
    path == "/__sim/sessions" || path.starts_with("/__sim/sessions/")
}

/// Whether a path is one of the registry's or has a session's prefix: the
/// native shell serves static files at every other path not simulated.
pub fn is_session_path(path: &str) -> bool {
    is_registry_path(path) || path.starts_with(SESSION_PREFIX)
}

fn error(status: u16, message: impl Into<String>) -> Reply {
    respond::json(status, &json!({ "error": message.into() }))
}

/// What a request for a session that is not gets (never made, deleted, or
/// gone idle): HTTP 404 saying so.
pub fn no_session(id: &str) -> Reply {
    let id = crate::trace::cut(id);
    error(404, format!("no session {id:?}: it was never made, was deleted, or went unused past its idle time"))
}

/// The session a request to the registry deletes, if it is a delete
/// (`DELETE /__sim/sessions/ID`, `POST /__sim/sessions/ID/delete`): a shell
/// sharing a store makes it here first, when another process made it.
pub fn deleted_session(head: &RequestHead) -> Option<&str> {
    deleted_id(&head.method.to_ascii_uppercase(), head.path.strip_prefix("/__sim/sessions")?)
}

/// The id a delete names: `DELETE /ID`, or `POST /ID/delete`.
fn deleted_id<'a>(method: &str, path: &'a str) -> Option<&'a str> {
    let id = match method {
        "DELETE" => path.strip_prefix('/')?,
        _ => path.strip_prefix('/')?.strip_suffix("/delete")?,
    };
    (!id.is_empty() && !id.contains('/')).then_some(id)
}

/// One session: its simulator and when it was made and last used.
struct Entry {
    sim: Arc<Simulator>,
    created_ms: i64,
    last_used_ms: i64,
    idle_ms: i64,
    clock: &'static str,
}

/// The sessions of a shell.
pub struct Sessions {
    limits: SessionLimits,
    entries: Mutex<HashMap<String, Entry>>,
    /// When each of the sessions made in the last minute was made.
    made: Mutex<VecDeque<i64>>,
}

/// What a registry route changed.
#[derive(Clone)]
#[non_exhaustive]
pub enum Change {
    /// A session was made.
    Created(Created),
    /// The session of this id was deleted.
    Deleted(String),
}

/// A session just made.
#[derive(Clone)]
pub struct Created {
    /// Its id.
    pub id: String,
    /// Its simulator.
    pub sim: Arc<Simulator>,
    /// How it was made (what a durable store keeps to make it again).
    pub spec: Value,
    /// When, in milliseconds since the epoch.
    pub created_ms: i64,
    /// How long it may go unused, in milliseconds.
    pub idle_ms: i64,
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        for nibble in [byte >> 4, byte & 0xF] {
            out.push(char::from(DIGITS.get(usize::from(nibble)).copied().unwrap_or(b'0')));
        }
    }
    out
}

impl Sessions {
    /// No sessions yet, within `limits`.
    pub fn new(limits: SessionLimits) -> Self {
        Self { limits, entries: Mutex::new(HashMap::new()), made: Mutex::new(VecDeque::new()) }
    }

    /// The bounds.
    pub fn limits(&self) -> SessionLimits {
        self.limits
    }

    /// Makes a session from `spec` (the JSON of `POST /__sim/sessions`) over
    /// the shell's `base` options, its id and admin token from `random`; the
    /// refusal says which bound it met.
    pub fn create(
        &self,
        spec: &str,
        base: &Options,
        now_ms: i64,
        random: [u8; SESSION_RANDOM_BYTES],
    ) -> Result<Created, Reply> {
        let (id_bytes, token_bytes) = random.split_at(SESSION_RANDOM_BYTES / 2);
        let mut made = lock(&self.made);
        while made.front().is_some_and(|at| now_ms - at >= 60_000) {
            made.pop_front();
        }
        if made.len() >= self.limits.creations_per_minute as usize {
            return Err(self.too_fast());
        }
        let mut parsed = SessionSpec::from_json(spec, base, &self.limits).map_err(|e| error(400, e))?;
        let mut entries = lock(&self.entries);
        if entries.len() >= self.limits.max_sessions {
            return Err(self.too_many());
        }
        let id = hex(id_bytes);
        parsed.options.admin_token = hex(token_bytes);
        let clock = parsed.options.clock.as_str();
        let sim = Arc::new(Simulator::new(&parsed.options));
        let idle_ms = i64::try_from(parsed.idle_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
        entries.insert(
            id.clone(),
            Entry { sim: Arc::clone(&sim), created_ms: now_ms, last_used_ms: now_ms, idle_ms, clock },
        );
        made.push_back(now_ms);
        let spec = crate::parse_unique_json(if spec.trim().is_empty() { "{}" } else { spec }).unwrap_or(Value::Null);
        Ok(Created { id, sim, spec, created_ms: now_ms, idle_ms })
    }

    /// The refusal of a session made past `--sessions-per-minute` (also a
    /// shared store's, which counts every process's).
    pub fn too_fast(&self) -> Reply {
        let reply = error(
            429,
            format!(
                "more than {} sessions made in a minute (--sessions-per-minute): try again shortly",
                self.limits.creations_per_minute
            ),
        );
        reply.with_header("retry-after", "60")
    }

    /// The refusal of a session made past `--max-sessions` (also a shared
    /// store's, which counts every process's).
    pub fn too_many(&self) -> Reply {
        error(
            507,
            format!(
                "this simulator holds {} sessions, its most (--max-sessions): delete one, or let an idle one expire",
                self.limits.max_sessions
            ),
        )
    }

    /// The spec of a session a durable store kept, read as it was when the
    /// session was made (`spec` over `base`), with its admin token.
    pub fn kept_spec(&self, spec: &Value, admin_token: &str, base: &Options) -> Result<SessionSpec, String> {
        let mut parsed = SessionSpec::from_json(&spec.to_string(), base, &self.limits)?;
        parsed.options.admin_token = admin_token.to_owned();
        Ok(parsed)
    }

    /// Puts back a session a durable store kept, as it was made (`spec`, with
    /// its admin token), last used at `last_used_ms`; no bound or rate
    /// applies: it was within them when made. One made in the minute before
    /// its last use counts against `--sessions-per-minute` from now on (made
    /// by another process on a shared store, or before a restart: each
    /// process counted only what it made itself, found by an adversarial pass).
    pub fn restore(
        &self,
        id: &str,
        spec: &Value,
        admin_token: &str,
        base: &Options,
        created_ms: i64,
        last_used_ms: i64,
    ) -> Result<Arc<Simulator>, String> {
        let parsed = self.kept_spec(spec, admin_token, base)?;
        let clock = parsed.options.clock.as_str();
        let sim = Arc::new(Simulator::new(&parsed.options));
        let idle_ms = i64::try_from(parsed.idle_secs.saturating_mul(1000)).unwrap_or(i64::MAX);
        lock(&self.entries)
            .insert(id.to_owned(), Entry { sim: Arc::clone(&sim), created_ms, last_used_ms, idle_ms, clock });
        let mut made = lock(&self.made);
        if last_used_ms.saturating_sub(created_ms) < 60_000 && !made.contains(&created_ms) {
            // In order: `create` lets go of the oldest first.
            let at = made.partition_point(|&t| t <= created_ms);
            made.insert(at, created_ms);
        }
        Ok(sim)
    }

    /// The session of an id, marked used now; `None`: there is none (never
    /// made, deleted, or gone idle: [`Sessions::expire`] forgets it).
    pub fn get(&self, id: &str, now_ms: i64) -> Option<Arc<Simulator>> {
        let mut entries = lock(&self.entries);
        let entry = entries.get_mut(id)?;
        if now_ms.saturating_sub(entry.last_used_ms) > entry.idle_ms {
            return None;
        }
        entry.last_used_ms = now_ms;
        Some(Arc::clone(&entry.sim))
    }

    /// Forgets a session; whether there was one.
    pub fn delete(&self, id: &str) -> bool {
        lock(&self.entries).remove(id).is_some()
    }

    /// Forgets the sessions idle past their time: their ids.
    pub fn expire(&self, now_ms: i64) -> Vec<String> {
        let mut entries = lock(&self.entries);
        let gone: Vec<String> = entries
            .iter()
            .filter(|(_, e)| now_ms.saturating_sub(e.last_used_ms) > e.idle_ms)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &gone {
            entries.remove(id);
        }
        gone
    }

    /// The sessions last used after `after_ms`, with when (what a store of
    /// one process notes, so that a restart knows which went idle meanwhile).
    pub fn used_after(&self, after_ms: i64) -> Vec<(String, i64)> {
        lock(&self.entries)
            .iter()
            .filter(|(_, e)| e.last_used_ms > after_ms)
            .map(|(id, e)| (id.clone(), e.last_used_ms))
            .collect()
    }

    /// The ids of the sessions here.
    pub fn ids(&self) -> Vec<String> {
        lock(&self.entries).keys().cloned().collect()
    }

    /// Whether a session of this id is here (idle or not).
    pub fn contains(&self, id: &str) -> bool {
        lock(&self.entries).contains_key(id)
    }

    /// How many sessions there are.
    pub fn len(&self) -> usize {
        lock(&self.entries).len()
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Puts a simulator in a session's place (one a durable shell made again
    /// from its store after a failed commit), when `was` is still there.
    pub fn replace(&self, id: &str, was: &Arc<Simulator>, sim: Arc<Simulator>) -> bool {
        match lock(&self.entries).get_mut(id) {
            Some(entry) if Arc::ptr_eq(&entry.sim, was) => {
                entry.sim = sim;
                true
            }
            _ => false,
        }
    }

    /// `Err`: the 401 of a request to the registry's routes without the shell's
    /// admin token. A shell asks before it reads the body (a session's spec may
    /// be as large as a state: six 60 MB bodies without a token held 450 MB, an
    /// adversarial pass found); [`Sessions::admin`] asks again.
    pub fn admitted(head: &RequestHead, base: &Options) -> Result<(), Reply> {
        let given = head.header_value(ADMIN_HEADER).unwrap_or_default();
        if crate::admin::constant_time_eq(given.as_bytes(), base.admin_token.as_bytes()) {
            Ok(())
        } else {
            Err(error(401, format!("/__sim/sessions needs the header {ADMIN_HEADER}: <the simulator's admin token>")))
        }
    }

    /// The most bytes a registry request's body may hold: a session's spec may
    /// hold a state, so the state's bound and room for the rest of the spec.
    pub fn max_spec_bytes(base: &Options) -> usize {
        base.max_state_bytes.saturating_add(4096)
    }

    /// The answer to a registry request whose body the shell stopped reading:
    /// past [`Sessions::max_spec_bytes`] (413), or not sent within the body
    /// timeout (408).
    pub fn body_refused(why: crate::BodyError) -> Reply {
        match why {
            crate::BodyError::TooLarge => {
                error(413, String::from("the body is larger than a session's spec may be (--max-state-bytes)"))
            }
            crate::BodyError::TimedOut { secs } => error(408, format!("the body was not sent within {secs} s")),
        }
    }

    /// The registry's own routes (`/__sim/sessions…`), with the shell's admin
    /// token (`admin_token`): make, list, snapshot, delete. `body`: the
    /// request's (a POST's spec). What changed comes back beside the reply,
    /// for a durable shell to keep before it sends the reply.
    pub fn admin(
        &self,
        head: &RequestHead,
        body: &[u8],
        base: &Options,
        now_ms: i64,
        random: [u8; SESSION_RANDOM_BYTES],
    ) -> (Reply, Option<Change>) {
        if let Err(refused) = Self::admitted(head, base) {
            return (refused, None);
        }
        let rest = head.path.strip_prefix("/__sim/sessions").unwrap_or_default();
        let method = head.method.to_ascii_uppercase();
        match (method.as_str(), rest) {
            ("POST", "") => {
                let Ok(text) = std::str::from_utf8(body) else { return (error(400, "session: the body is not UTF-8"), None) };
                match self.create(text, base, now_ms, random) {
                    Ok(created) => (self.created_reply(&created), Some(Change::Created(created))),
                    Err(reply) => (reply, None),
                }
            }
            ("GET", "") => (respond::json(200, &self.list(now_ms)), None),
            ("GET", path) if path.ends_with("/state") => {
                let id = path.trim_start_matches('/').trim_end_matches("/state");
                match lock(&self.entries).get(id) {
                    Some(entry) => (respond::json(200, &entry.sim.snapshot()), None),
                    None => (error(404, format!("no session {}", crate::trace::cut(id))), None),
                }
            }
            // DELETE, or POST …/ID/delete for a client that speaks only GET and
            // POST (an HTML form, a proxy that drops DELETE, the Rust client's
            // `Transport`).
            ("DELETE", path) | ("POST", path) if deleted_id(&method, path).is_some() => {
                let id = deleted_id(&method, path).unwrap_or_default();
                if self.delete(id) {
                    (respond::json(200, &json!({ "deleted": true })), Some(Change::Deleted(id.to_owned())))
                } else {
                    (error(404, format!("no session {}", crate::trace::cut(id))), None)
                }
            }
            ("POST" | "GET", _) | ("DELETE", _) => (error(404, "the registry's routes: POST and GET /__sim/sessions, GET /__sim/sessions/ID/state, DELETE /__sim/sessions/ID (or POST /__sim/sessions/ID/delete)"), None),
            _ => (respond::method_not_allowed("GET, POST, DELETE"), None),
        }
    }

    fn created_reply(&self, created: &Created) -> Reply {
        let entries = lock(&self.entries);
        let (idle_secs, clock) = entries.get(&created.id).map_or((0, "real"), |e| (e.idle_ms / 1000, e.clock));
        respond::json(
            201,
            &json!({
                "id": created.id,
                "adminToken": created.sim.admin_token(),
                "prefix": format!("{SESSION_PREFIX}{}", created.id),
                "header": { SESSION_HEADER: created.id },
                "idleSecs": idle_secs,
                "clock": clock,
            }),
        )
    }

    /// Every session: when made and last used, its idle time and stats.
    pub fn list(&self, now_ms: i64) -> Value {
        let entries = lock(&self.entries);
        let mut sessions: Vec<(&String, &Entry)> = entries.iter().collect();
        sessions.sort_by_key(|(_, e)| e.created_ms);
        let listed: Vec<Value> = sessions
            .into_iter()
            .map(|(id, e)| {
                json!({
                    "id": id,
                    "createdAt": e.created_ms,
                    "lastUsedAt": e.last_used_ms,
                    "idleSecs": e.idle_ms / 1000,
                    "expiresAt": e.last_used_ms.saturating_add(e.idle_ms),
                    "expired": now_ms.saturating_sub(e.last_used_ms) > e.idle_ms,
                    "clock": e.clock,
                    "stats": e.sim.stats(),
                })
            })
            .collect();
        json!({ "sessions": listed, "limits": {
            "maxSessions": self.limits.max_sessions,
            "maxSessionBytes": self.limits.max_session_bytes,
            "creationsPerMinute": self.limits.creations_per_minute,
        } })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(byte: u8) -> [u8; SESSION_RANDOM_BYTES] {
        [byte; SESSION_RANDOM_BYTES]
    }

    #[test]
    fn a_request_names_its_session_by_header_or_prefix() {
        let head = |path: &str| RequestHead::new("POST", path, None);
        assert_eq!(target(&head("/order/api/order/v1/shellnums")), Ok(Target::Default));
        assert_eq!(target(&head("/__sim/sessions")), Ok(Target::Registry));
        assert_eq!(target(&head("/__sim/sessions/ab/state")), Ok(Target::Registry));
        assert_eq!(
            target(&head("/s/ab_1/order/api/order/v1/shellnums")),
            Ok(Target::Session { id: "ab_1".into(), path: "/order/api/order/v1/shellnums".into() })
        );
        assert_eq!(
            target(&head("/__sim/reset").header(SESSION_HEADER, "ab")),
            Ok(Target::Session { id: "ab".into(), path: "/__sim/reset".into() })
        );
        assert_eq!(target(&head("/s/ab/x").header(SESSION_HEADER, "ab")).map(|t| t == Target::Default), Ok(false));
        assert_eq!(target(&head("/s/ab/x").header(SESSION_HEADER, "cd")).map_err(|r| r.status), Err(400));
        assert_eq!(target(&head("/s/a%2Fb/x")).map_err(|r| r.status), Err(400));
        assert_eq!(target(&head("/s/ab/__sim/sessions")).map_err(|r| r.status), Err(400));
        // A header given names a session, even blank.
        assert_eq!(target(&head("/x").header(SESSION_HEADER, " ")).map_err(|r| r.status), Err(400));
        assert_eq!(target(&head("/__sim/sessions").header(SESSION_HEADER, "")).map_err(|r| r.status), Err(400));
    }

    #[test]
    fn an_idle_session_goes_after_its_time_and_a_used_one_stays() {
        let sessions = Sessions::new(SessionLimits::default());
        let base = Options::default();
        let a = sessions.create(r#"{"idleSecs": 10}"#, &base, 0, random(1)).map_err(|r| r.text()).unwrap();
        let b = sessions.create("{}", &base, 0, random(2)).map_err(|r| r.text()).unwrap();
        assert!(sessions.get(&a.id, 9_000).is_some(), "used at 9 s");
        assert!(sessions.get(&a.id, 18_000).is_some(), "used again 9 s later");
        assert_eq!(sessions.expire(28_001), vec![a.id.clone()], "idle 10 s and 1 ms");
        assert!(sessions.get(&a.id, 28_002).is_none());
        assert!(sessions.get(&b.id, 3_600_000).is_some(), "the default idle time is an hour");
        assert!(sessions.get(&b.id, 7_200_002).is_none(), "idle past it: not given when asked for");
        assert_eq!(sessions.len(), 1, "until expire lets it go (and tells the shell)");
        assert_eq!(sessions.expire(7_200_003), vec![b.id.clone()]);
        assert_eq!(sessions.len(), 0);
    }

    #[test]
    fn ids_and_tokens_are_the_random_bytes_and_never_the_shell_s() {
        let sessions = Sessions::new(SessionLimits::default());
        let base = Options { admin_token: "shell".into(), ..Options::default() };
        let mut bytes = [0u8; SESSION_RANDOM_BYTES];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = i as u8;
        }
        let made = sessions.create("{}", &base, 0, bytes).map_err(|r| r.text()).unwrap();
        assert_eq!(made.id, "000102030405060708090a0b0c0d0e0f");
        assert_eq!(made.sim.admin_token(), "101112131415161718191a1b1c1d1e1f");
    }

    #[test]
    fn sessions_put_back_count_against_the_minute_they_were_made_in() {
        let limits = SessionLimits { creations_per_minute: 2, ..SessionLimits::default() };
        let sessions = Sessions::new(limits);
        let base = Options::default();
        // One made elsewhere at 10,000 (a shared store's), one long before.
        sessions.restore("a", &json!({}), "t", &base, 10_000, 20_000).unwrap();
        sessions.restore("b", &json!({}), "t", &base, -500_000, 20_000).unwrap();
        assert!(sessions.create("{}", &base, 30_000, random(1)).is_ok());
        let refused = sessions.create("{}", &base, 40_000, random(2)).err().map(|r| r.status);
        assert_eq!(refused, Some(429), "two made in the minute: the one put back, and this process's");
        assert!(sessions.create("{}", &base, 70_000, random(3)).is_ok(), "the one put back's minute is over");
    }

    #[test]
    fn creations_are_bounded_per_minute_and_in_number() {
        let limits = SessionLimits { max_sessions: 3, creations_per_minute: 2, ..SessionLimits::default() };
        let sessions = Sessions::new(limits);
        let base = Options::default();
        assert!(sessions.create("{}", &base, 0, random(1)).is_ok());
        assert!(sessions.create("{}", &base, 1, random(2)).is_ok());
        let refused = sessions
            .create("{}", &base, 59_999, random(3))
            .err()
            .map(|r| (r.status, r.header_value("retry-after").map(str::to_owned)));
        assert_eq!(refused, Some((429, Some("60".into()))));
        assert!(sessions.create("{}", &base, 60_001, random(3)).is_ok(), "a minute after the first");
        assert_eq!(sessions.create("{}", &base, 200_000, random(4)).err().map(|r| r.status), Some(507));
    }
}
