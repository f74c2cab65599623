//! `licensing-sim-core` for JavaScript: the wasm half of `createSimulator`
//! (`licensing-sdk/testing`). It moves plain values only (strings, bytes,
//! numbers); `js/testing/src-js/simulator.js` turns a standard `Request` into them and the
//! reply into a `Response`, waits a fault's delay with the caller's abort
//! signal, and streams a stalling body. Built apart from the SDK's wasm, so
//! the main entry carries none of it.
//!
//! ```text
//! const core = new SimulatorCore('{"seed": 7}');
//! const exchange = core.admit('POST', '/order/api/order/v1/shellnums', 'g_nonce=n1', ['authorization', 'Bearer dev-order-token', 'content-type', 'application/json'], Date.now());
//! if (!exchange.answered) core.answer(exchange, new TextEncoder().encode('{"size":1}'), false, Date.now());
//! exchange.status; exchange.body; exchange.headers; exchange.stalls; exchange.delayMs;
//! ```

// talc instead of std's dlmalloc, as in the SDK's wasm (docs/design.md, "The
// allocator"), over a source that grows the memory geometrically (heap.rs).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod heap;
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::cell::TalcSyncCell<heap::GrowByQuarter, talc::wasm::WasmBinning> =
    talc::cell::TalcSyncCell::new_wasm(heap::GrowByQuarter::new());

pub mod check;
pub mod make_valid;

use std::sync::Arc;

use licensing_core::wire::Endpoint;
use licensing_sim_core::{
    Admitted, BodyEnd, BodyError, Drift, Drifts, Options, Reply, RequestHead, SessionLimits, Sessions, Simulator,
    Target, SESSION_RANDOM_BYTES,
};
use wasm_bindgen::prelude::*;

/// The simulator (its state lives in this wasm instance): a simulator's own,
/// or one session's of a [`SessionsCore`].
#[wasm_bindgen]
pub struct SimulatorCore {
    sim: Arc<Simulator>,
}

/// A simulator and its sessions (licensing-sim-core's registry): which one a
/// request goes to, the registry's routes, each session's simulator.
#[wasm_bindgen]
pub struct SessionsCore {
    main: Arc<Simulator>,
    options: Options,
    sessions: Sessions,
}

/// Where a request goes: `kind` 0 the simulator's own, 1 the registry's
/// routes, 2 a session (`id`, `path`), 3 refused (`exchange` holds the reply).
#[wasm_bindgen]
pub struct Routed {
    kind: u8,
    id: String,
    path: String,
    refusal: Option<Reply>,
}

#[wasm_bindgen]
impl Routed {
    /// 0 the simulator's own, 1 the registry, 2 a session, 3 refused.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> u8 {
        self.kind
    }

    /// The session's id (kind 2).
    #[wasm_bindgen(getter)]
    pub fn id(&self) -> String {
        self.id.clone()
    }

    /// The path within the session (kind 2).
    #[wasm_bindgen(getter)]
    pub fn path(&self) -> String {
        self.path.clone()
    }

    /// The refusal (kind 3), as an answered exchange.
    pub fn refusal(&mut self) -> Exchange {
        Exchange { admitted: None, reply: self.refusal.take() }
    }
}

fn head_of(method: &str, path: &str, query: Option<&str>, headers: Vec<String>) -> RequestHead {
    let mut head = RequestHead::new(method, path, query);
    let mut pairs = headers.into_iter();
    while let (Some(name), Some(value)) = (pairs.next(), pairs.next()) {
        head.headers.push((name, value));
    }
    head
}

#[wasm_bindgen]
impl SessionsCore {
    /// A simulator from its options as JSON text (`Options::from_json`), and
    /// its sessions' bounds as JSON text (`{maxSessions, maxSessionBytes,
    /// sessionsPerMinute, sessionIdleSecs}`, each optional).
    #[wasm_bindgen(constructor)]
    pub fn new(options_json: &str, limits_json: &str) -> Result<SessionsCore, JsError> {
        let options = Options::from_json(options_json).map_err(|e| JsError::new(&e))?;
        let limits = limits_of(limits_json).map_err(|e| JsError::new(&e))?;
        Ok(SessionsCore { main: Arc::new(Simulator::new(&options)), options, sessions: Sessions::new(limits) })
    }

    /// The simulator's own (a request that names no session).
    #[wasm_bindgen(getter)]
    pub fn main(&self) -> SimulatorCore {
        SimulatorCore { sim: Arc::clone(&self.main) }
    }

    /// Where a request goes (`headers` flat: name, value, ...).
    pub fn target(&self, method: &str, path: &str, headers: Vec<String>) -> Routed {
        let head = head_of(method, path, None, headers);
        let routed = |kind, id: String, path: String| Routed { kind, id, path, refusal: None };
        match licensing_sim_core::target(&head) {
            Ok(Target::Registry) => routed(1, String::new(), String::new()),
            Ok(Target::Session { id, path }) => routed(2, id, path),
            Err(reply) => Routed { kind: 3, id: String::new(), path: String::new(), refusal: Some(reply) },
            Ok(_) => routed(0, String::new(), String::new()),
        }
    }

    /// A session's simulator, marked used now; `undefined`: there is none.
    pub fn session(&self, id: &str, now_ms: f64) -> Option<SimulatorCore> {
        self.sessions.get(id, millis(now_ms)).map(|sim| SimulatorCore { sim })
    }

    /// The answer to a request for a session that is not.
    #[wasm_bindgen(js_name = noSession)]
    pub fn no_session(&self, id: &str) -> Exchange {
        Exchange { admitted: None, reply: Some(licensing_sim_core::no_session(id)) }
    }

    /// The 401 of a registry request without the simulator's admin token, asked
    /// before its body is read (`undefined`: admitted); as licensing-sim asks.
    pub fn refused(&self, method: &str, path: &str, headers: Vec<String>) -> Option<Exchange> {
        let head = head_of(method, path, None, headers);
        Sessions::admitted(&head, &self.options).err().map(|reply| Exchange { admitted: None, reply: Some(reply) })
    }

    /// The most bytes a registry request's body may hold (`Sessions::max_spec_bytes`).
    #[wasm_bindgen(getter, js_name = maxSpecBytes)]
    pub fn max_spec_bytes(&self) -> f64 {
        Sessions::max_spec_bytes(&self.options) as f64
    }

    /// The answer to a registry request whose body was not read whole: too
    /// large, or (`timed_out`) not sent within `secs` seconds.
    #[wasm_bindgen(js_name = bodyRefused)]
    pub fn body_refused(&self, timed_out: bool, secs: f64) -> Exchange {
        let why = if timed_out { BodyError::TimedOut { secs: secs as u64 } } else { BodyError::TooLarge };
        Exchange { admitted: None, reply: Some(Sessions::body_refused(why)) }
    }

    /// The registry's routes (`/__sim/sessions…`), with the simulator's admin
    /// token; `random`: 32 random bytes (a session's id and admin token).
    pub fn admin(
        &self,
        method: &str,
        path: &str,
        headers: Vec<String>,
        body: Vec<u8>,
        now_ms: f64,
        random: Vec<u8>,
    ) -> Exchange {
        let head = head_of(method, path, None, headers);
        let mut bytes = [0u8; SESSION_RANDOM_BYTES];
        for (to, from) in bytes.iter_mut().zip(random) {
            *to = from;
        }
        let (reply, _) = self.sessions.admin(&head, &body, &self.options, millis(now_ms), bytes);
        Exchange { admitted: None, reply: Some(reply) }
    }

    /// Lets the sessions idle past their time go.
    pub fn expire(&self, now_ms: f64) {
        self.sessions.expire(millis(now_ms));
    }
}

/// A session registry's bounds from their JSON form (every field optional).
fn limits_of(text: &str) -> Result<SessionLimits, String> {
    let json: licensing_sim_core::Value = serde_json::from_str(text).map_err(|e| format!("session limits: {e}"))?;
    let mut limits = SessionLimits::default();
    // A limit given is a whole number the flag of licensing-sim would take, or
    // an error that names it (a string or a negative was dropped, unsaid).
    let number = |name: &str, most: u64| -> Result<Option<u64>, String> {
        match json.get(name).filter(|v| !v.is_null()) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .filter(|n| *n <= most)
                .map(Some)
                .ok_or_else(|| format!("createSimulator: {name} must be a whole number from 0 to {most}, not {v}")),
        }
    };
    if let Some(n) = number("maxSessions", u32::MAX.into())? {
        limits.max_sessions = usize::try_from(n).unwrap_or(usize::MAX);
    }
    if let Some(n) = number("maxSessionBytes", u64::MAX)? {
        limits.max_session_bytes = n;
    }
    if let Some(n) = number("sessionsPerMinute", u32::MAX.into())? {
        limits.creations_per_minute = u32::try_from(n).unwrap_or(u32::MAX);
    }
    if let Some(n) = number("sessionIdleSecs", u64::MAX)? {
        limits.idle_secs = n.max(1);
        limits.max_idle_secs = limits.max_idle_secs.max(limits.idle_secs);
    }
    Ok(limits)
}

/// One request on its way: admitted and waiting for its body, or answered.
#[wasm_bindgen]
pub struct Exchange {
    admitted: Option<Admitted>,
    reply: Option<Reply>,
}

/// Milliseconds from JS (`Date.now()`) as the simulator's clock; a value that
/// is not a finite number is the epoch (the clock only stamps and windows).
fn millis(now_ms: f64) -> i64 {
    if now_ms.is_finite() {
        now_ms as i64
    } else {
        0
    }
}

#[wasm_bindgen]
impl SimulatorCore {
    /// A simulator from its options as JSON text (`Options::from_json`); an
    /// error says which option is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(options_json: &str) -> Result<SimulatorCore, JsError> {
        let options = Options::from_json(options_json).map_err(|e| JsError::new(&e))?;
        Ok(SimulatorCore { sim: Arc::new(Simulator::new(&options)) })
    }

    /// The first step of a request (route, auth, nonce, faults); `headers` is
    /// flat: name, value, name, value...
    pub fn admit(
        &self,
        method: &str,
        path: &str,
        query: Option<String>,
        headers: Vec<String>,
        now_ms: f64,
    ) -> Exchange {
        let head = head_of(method, path, query.as_deref(), headers);
        match self.sim.admit(&head, millis(now_ms)) {
            Ok(admitted) => Exchange { admitted: Some(admitted), reply: None },
            Err(reply) => Exchange { admitted: None, reply: Some(reply) },
        }
    }

    /// The second step: the body (when `exchange.readsBody`; else none), or
    /// `tooLarge` when the caller stopped reading past `maxBodyBytes`, or
    /// `timedOut` when it did not arrive within `bodyTimeoutSecs`. An
    /// exchange already answered is left as it is.
    pub fn answer(
        &self,
        exchange: &mut Exchange,
        body: Option<Vec<u8>>,
        too_large: bool,
        timed_out: bool,
        now_ms: f64,
    ) {
        let Some(admitted) = exchange.admitted.take() else { return };
        let body = match (too_large, timed_out) {
            (true, _) => Err(BodyError::TooLarge),
            (false, true) => Err(BodyError::TimedOut { secs: self.sim.body_timeout_secs() }),
            (false, false) => Ok(body.unwrap_or_default()),
        };
        exchange.reply = Some(self.sim.answer(admitted, body, millis(now_ms)));
    }

    /// Empties the state (store, nonces, faults, traces), back to the
    /// options' `state` if given; the options stay.
    pub fn reset(&self) {
        self.sim.reset();
    }

    /// Counts of what is stored, as JSON text.
    pub fn stats(&self) -> String {
        self.sim.stats().to_string()
    }

    /// The stored data (`Simulator::snapshot`), as JSON text.
    pub fn snapshot(&self) -> String {
        self.sim.snapshot().to_json()
    }

    /// The requests that carried `x-sim-trace: id`, as JSON text.
    pub fn trace(&self, id: &str) -> String {
        serde_json_array(self.sim.trace(id))
    }

    /// Sets a fault for the next calls (`x-sim-fault` directives), of one
    /// endpoint if named.
    #[wasm_bindgen(js_name = injectFault)]
    pub fn inject_fault(&self, directives: &str, endpoint: Option<String>) -> Result<(), JsError> {
        let endpoint = match endpoint {
            Some(name) => {
                Some(name.parse::<Endpoint>().map_err(|_| JsError::new(&format!("unknown endpoint {name:?}")))?)
            }
            None => None,
        };
        self.sim.inject_fault(directives, endpoint).map_err(|e| JsError::new(&e))
    }

    /// Makes every later answer differ from the contract as the named drifts
    /// say (replacing those set before; none: back to the contract).
    #[wasm_bindgen(js_name = setDrifts)]
    pub fn set_drifts(&self, names: Vec<String>) -> Result<(), JsError> {
        let mut drifts = Drifts::NONE;
        for name in names {
            drifts = drifts.with(Drift::parse(&name).map_err(|e| JsError::new(&e))?);
        }
        self.sim.set_drifts(drifts);
        Ok(())
    }

    /// Milliseconds a request's body may take to arrive.
    #[wasm_bindgen(getter, js_name = bodyTimeoutMs)]
    pub fn body_timeout_ms(&self) -> f64 {
        self.sim.body_timeout_secs() as f64 * 1000.0
    }

    /// The largest body accepted, in bytes.
    #[wasm_bindgen(getter, js_name = maxBodyBytes)]
    pub fn max_body_bytes(&self) -> f64 {
        self.sim.max_body_bytes() as f64
    }

    /// The time of its virtual clock (`{ clock: 'virtual' }`, moved by `POST
    /// /__sim/clock`), or `undefined` when it runs on the caller's.
    #[wasm_bindgen(getter, js_name = virtualNow)]
    pub fn virtual_now(&self) -> Option<f64> {
        self.sim.virtual_now().map(|ms| ms as f64)
    }

    /// The token the `/__sim` routes need in `x-sim-admin`.
    #[wasm_bindgen(getter, js_name = adminToken)]
    pub fn admin_token(&self) -> String {
        self.sim.admin_token().to_owned()
    }
}

/// Every drift, as JSON text: `[{ name, describe }]`.
#[wasm_bindgen(js_name = driftNames)]
pub fn drift_names() -> String {
    let all = Drift::ALL.iter().map(|d| licensing_sim_core::Value::from(d.name())).collect();
    licensing_sim_core::Value::Array(all).to_string()
}

fn serde_json_array(values: Vec<licensing_sim_core::Value>) -> String {
    licensing_sim_core::Value::Array(values).to_string()
}

#[wasm_bindgen]
impl Exchange {
    /// Whether the reply is there (else: read the body, then `answer`).
    #[wasm_bindgen(getter)]
    pub fn answered(&self) -> bool {
        self.reply.is_some()
    }

    /// Whether `answer` wants the request's body.
    #[wasm_bindgen(getter, js_name = readsBody)]
    pub fn reads_body(&self) -> bool {
        self.admitted.as_ref().is_some_and(Admitted::reads_body)
    }

    /// Milliseconds to wait: before the body is read (admitted), or before the
    /// reply is given (answered by a fault).
    #[wasm_bindgen(getter, js_name = delayMs)]
    pub fn delay_ms(&self) -> f64 {
        match (&self.admitted, &self.reply) {
            (Some(admitted), _) => admitted.delay_ms() as f64,
            (None, Some(reply)) => reply.delay_ms as f64,
            (None, None) => 0.0,
        }
    }

    /// The reply's HTTP status (0 before it is answered).
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> u16 {
        self.reply.as_ref().map_or(0, |r| r.status)
    }

    /// The reply's headers, flat: name, value, ...
    #[wasm_bindgen(getter)]
    pub fn headers(&self) -> Vec<String> {
        let Some(reply) = &self.reply else { return Vec::new() };
        reply.headers.iter().flat_map(|(name, value)| [(*name).to_owned(), value.clone()]).collect()
    }

    /// The reply's body bytes.
    #[wasm_bindgen(getter)]
    pub fn body(&self) -> Vec<u8> {
        self.reply.as_ref().map(|r| r.body.clone()).unwrap_or_default()
    }

    /// Whether the body is only a start that never ends (`stall-body`).
    #[wasm_bindgen(getter)]
    pub fn stalls(&self) -> bool {
        self.reply.as_ref().is_some_and(|r| r.end == BodyEnd::Stalls)
    }

    /// Whether there is no answer: the connection is cut (`reset`), and the
    /// shell's `fetch` rejects as on a network failure.
    #[wasm_bindgen(getter)]
    pub fn resets(&self) -> bool {
        self.reply.as_ref().is_some_and(|r| r.end == BodyEnd::Reset)
    }
}
