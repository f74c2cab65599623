//! The simulator: its state, and one request's way through it in two steps.
//! [`Simulator::admit`] reads the head (route, auth, trace, query, nonce,
//! faults); the shell then waits the fault's delay, reads the body within its
//! bounds and hands it to [`Simulator::answer`] (input, validation with the
//! core's validators, the store). Two steps, because a shell must be able to
//! stop between them: a client that gives up during a `delay=` fault leaves the
//! state untouched, as with the service.

use std::collections::HashMap;
use std::sync::Mutex;

use licensing_core::model::{result_code, DefaultCustomer, Partition};
use licensing_core::validate::{validate_json, Options as ValidationOptions, Profile};
use licensing_core::wire::{Endpoint, Method, Module, NONCE_PARAM};
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::activity::ActivityCatalogue;
use crate::auth::{Denied, Tokens};
use crate::drift::{self, Drift, Drifts, DRIFT_HEADER};
use crate::exchange::{BodyError, Reply, RequestHead};
use crate::fault::{fault_reply, take_injected, Fault, Injected, FAULT_HEADER, MAX_INJECTED};
use crate::nonce::{NonceCache, NonceError};
use crate::options::Options;
use crate::respond;
use crate::route::{route, Route};
use crate::store::{BatchLimits, Store, TooLarge};
use crate::sync::lock;
use crate::trace::Traces;

/// Header naming a trace: the requests carrying it are kept for `GET /__sim/trace/{id}`.
pub const TRACE_HEADER: &str = "x-sim-trace";

/// Longest `g_nonce` accepted: the spec shows no format; a bound keeps the
/// replay window's memory bounded by count and by bytes.
pub(crate) const MAX_NONCE_CHARS: usize = 128;

/// The Licensing service in memory. Every method takes `&self` (the state is
/// behind mutexes, each held only within one call), so one simulator serves
/// concurrent requests; each call sees and leaves a whole state.
pub struct Simulator {
    pub(crate) tokens: Tokens,
    pub(crate) nonces: Mutex<NonceCache>,
    pub(crate) store: Mutex<Store>,
    pub(crate) fault_counters: Mutex<HashMap<String, u32>>,
    /// Faults set with [`Simulator::inject_fault`], in the order set.
    pub(crate) injected: Mutex<Vec<Injected>>,
    /// Requests seen per `x-sim-trace` id (for client tests).
    pub(crate) traces: Mutex<Traces>,
    pub(crate) catalogue: ActivityCatalogue,
    pub(crate) max_body_bytes: usize,
    pub(crate) body_timeout_secs: u64,
    pub(crate) max_shellnums: u64,
    pub(crate) max_answer_bytes: usize,
    pub(crate) batch_limits: BatchLimits,
    /// The token `/__sim/*` routes need (`admin.rs`).
    pub(crate) admin_token: String,
    /// The validation profile requests are checked with (`--rules`).
    pub(crate) rules: Profile,
    pub(crate) seed: u64,
    /// What the store starts from, and returns to on reset (`None`: empty).
    pub(crate) initial: Option<crate::State>,
    /// How every answer differs from the contract on purpose ([`Simulator::set_drifts`]).
    pub(crate) drifts: Mutex<Drifts>,
    /// Its time: the shell's, or its own virtual clock (`clock.rs`).
    pub(crate) clock: crate::clock::SimClock,
    /// Bytes of the writes the store took since it started (or was reset),
    /// and the most it holds ([`Options::max_written_bytes`]).
    pub(crate) written: std::sync::atomic::AtomicU64,
    pub(crate) max_written_bytes: u64,
    /// What it did to its data, for a durable shell (`journal.rs`).
    pub(crate) journal: Mutex<crate::journal::Journal>,
    pub(crate) commits: Mutex<crate::journal::Commits>,
}

/// A request whose head passed: what [`Simulator::answer`] needs besides its body.
#[derive(Debug, Clone)]
pub struct Admitted {
    endpoint: Endpoint,
    path_param: Option<String>,
    query: HashMap<String, String>,
    content_type: Option<String>,
    delay_ms: u64,
    /// A fault for after the work (`x-sim-fault: after;...`): the answer is
    /// replaced (or delayed, or cut) once the store has changed.
    after_work: Option<Fault>,
    /// How this request's answer differs from the contract on purpose.
    drifts: Drifts,
}

impl Admitted {
    /// Milliseconds to wait before reading the body and answering (`x-sim-fault: delay=MS`).
    pub fn delay_ms(&self) -> u64 {
        self.delay_ms
    }

    /// Whether the answer reads a body: a POST with a JSON content type. Other
    /// requests are answered from their head (pass an empty body).
    pub fn reads_body(&self) -> bool {
        self.endpoint.method() == Method::Post && self.content_type.as_deref().is_some_and(is_json_media_type)
    }

    /// The endpoint the request calls.
    pub fn endpoint(&self) -> Endpoint {
        self.endpoint
    }
}

/// What the simulator reads of a request to validate it, before it acts: the
/// endpoint its method and path name, and its input as JSON text (a POST's
/// body; a GET's path parameter and query fields as an object), or the refusal
/// the simulator answers when the request cannot be read that far (a query
/// parameter given twice, a path segment that does not decode, a body that is
/// not JSON content or not UTF-8). `None`: no endpoint at that method and path.
/// The checking proxy validates what this gives, as the simulator does.
///
/// ```
/// use licensing_sim_core::{read_request, RequestHead};
/// let head = RequestHead::new("GET", "/order/api/order/v1/asset/EG%201/list", Some("g_nonce=n&extendCode=x"));
/// let (endpoint, input) = read_request(&head, b"").unwrap();
/// assert_eq!((endpoint.name(), input.unwrap()), ("listAssets", r#"{"enterpriseGlobalId":"EG 1","extendCode":"x"}"#.to_owned()));
/// ```
pub fn read_request(head: &RequestHead, body: &[u8]) -> Option<(Endpoint, Result<String, Reply>)> {
    let Ok(Route::Endpoint(endpoint, param)) = route(&head.method, &head.path) else { return None };
    let input = (|| {
        let query = query_of(head.query.as_deref()).map_err(|m| refuse(endpoint, m))?;
        let param = param.map(crate::route::decode_strict).transpose().map_err(|m| refuse(endpoint, m))?;
        match endpoint.method() {
            Method::Get => Ok(query_object(endpoint, param.as_deref(), &query)),
            Method::Post => {
                post_body(head.header_value("content-type"), body.to_vec()).map_err(|m| refuse(endpoint, m))
            }
        }
    })();
    Some((endpoint, input))
}

/// The refusal the simulator answers with `message`, in the endpoint's module's
/// envelope: HTTP 299 code 13004 (order module), `resultCode` 1001 (activity).
pub fn refusal(endpoint: Endpoint, message: String) -> Reply {
    refuse(endpoint, message)
}

/// A POST body as text: JSON content type, UTF-8 (whether it is JSON is the
/// validator's to say).
fn post_body(content_type: Option<&str>, bytes: Vec<u8>) -> Result<String, String> {
    let content_type = content_type.unwrap_or("");
    if !is_json_media_type(content_type) {
        return Err(format!("Content-Type must be application/json, not {content_type:?}"));
    }
    String::from_utf8(bytes).map_err(|_| String::from("(body): not UTF-8 text"))
}

/// Whether admission spends a call's `g_nonce` or only checks it.
#[derive(Clone, Copy)]
enum Nonce {
    Spend,
    Check,
}

/// A `g_nonce` spent before.
fn replay_refused(endpoint: Endpoint) -> Reply {
    refuse(endpoint, format!("{NONCE_PARAM} was already used (replay refused)"))
}

/// A refusal before processing, in the module's own envelope.
fn refuse(endpoint: Endpoint, message: String) -> Reply {
    match endpoint.module() {
        Module::Order => respond::invalid(message),
        Module::Activity => respond::activity_code(result_code::PARAMETER_ERROR, message),
    }
}

/// The query as a map; `Err` when a parameter is given twice (which value a
/// server keeps is not defined: the simulator refuses rather than guess).
fn query_of(query: Option<&str>) -> Result<HashMap<String, String>, String> {
    let mut map = HashMap::new();
    for (name, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        if map.contains_key(name.as_ref()) {
            return Err(format!("query parameter {} is given more than once", crate::trace::cut(&name)));
        }
        map.insert(name.into_owned(), value.into_owned());
    }
    Ok(map)
}

/// Whether a `Content-Type` is JSON: the media type `application/json`
/// (any case), parameters such as `charset` allowed.
fn is_json_media_type(content_type: &str) -> bool {
    let media_type = content_type.split(';').next().unwrap_or_default();
    media_type.trim().eq_ignore_ascii_case("application/json")
}

fn typed<T: DeserializeOwned>(input: Value) -> Result<T, Reply> {
    serde_json::from_value(input).map_err(|e| respond::invalid(format!("(body): {e}")))
}

impl Simulator {
    /// A simulator made with `options` (whatever can be wrong in them was
    /// refused when they were read: [`Options::from_json`], the command line).
    pub fn new(options: &Options) -> Self {
        let catalogue = options.activities.clone().unwrap_or_else(ActivityCatalogue::sample);
        Self {
            tokens: Tokens::new(&options.tokens),
            nonces: Mutex::new(NonceCache::new(options.nonce_window_ms)),
            store: Mutex::new(options.state.as_ref().map_or_else(|| Store::new(options.seed), Store::from_state)),
            fault_counters: Mutex::new(HashMap::new()),
            injected: Mutex::new(Vec::new()),
            traces: Mutex::new(Traces::default()),
            catalogue,
            max_body_bytes: options.max_body_bytes,
            body_timeout_secs: options.body_timeout_secs,
            max_shellnums: options.max_shellnums,
            max_answer_bytes: options.max_answer_bytes,
            batch_limits: BatchLimits { max_delete_pairs: options.max_delete_pairs },
            admin_token: options.admin_token.clone(),
            rules: options.rules,
            seed: options.seed,
            initial: options.state.clone(),
            drifts: Mutex::new(options.drifts),
            clock: crate::clock::SimClock::new(options.clock),
            written: std::sync::atomic::AtomicU64::new(0),
            max_written_bytes: options.max_written_bytes,
            journal: Mutex::new(crate::journal::Journal::default()),
            commits: Mutex::new(crate::journal::Commits::default()),
        }
    }

    /// The time of a virtual clock (`--clock virtual`), for a shell waiting out
    /// a fault's delay on it; `None` when the simulator runs on the shell's.
    pub fn virtual_now(&self) -> Option<i64> {
        self.clock.virtual_now()
    }

    /// Makes every later answer differ from the contract as `drifts` say
    /// (replacing the drifts set before; [`Drifts::NONE`]: none), on top of
    /// those a request names in `x-sim-drift`.
    pub fn set_drifts(&self, drifts: Drifts) {
        *lock(&self.drifts) = drifts;
    }

    /// The drifts every answer has now.
    pub fn drifts(&self) -> Drifts {
        *lock(&self.drifts)
    }

    /// The token the `/__sim/*` routes need in `x-sim-admin`.
    pub fn admin_token(&self) -> &str {
        &self.admin_token
    }

    /// The largest body [`Simulator::answer`] accepts, in bytes: a shell reads
    /// at most one byte more.
    pub fn max_body_bytes(&self) -> usize {
        self.max_body_bytes
    }

    /// Seconds a shell waits for a request's body before it hands the
    /// simulator [`BodyError::TimedOut`].
    pub fn body_timeout_secs(&self) -> u64 {
        self.body_timeout_secs
    }

    /// Number of license orders stored.
    pub fn order_count(&self) -> usize {
        lock(&self.store).order_count()
    }

    /// Number of customers stored.
    pub fn customer_count(&self) -> usize {
        lock(&self.store).customers.len()
    }

    /// One whole exchange: [`Simulator::admit`], then [`Simulator::answer`] with
    /// `body`. A `delay=` fault is left to the caller, in [`Reply::delay_ms`].
    pub fn handle(&self, head: &RequestHead, body: &[u8], now_ms: i64) -> Reply {
        match self.admit(head, now_ms) {
            Ok(admitted) => {
                let delay_ms = admitted.delay_ms;
                self.answer(admitted, Ok(body.to_vec()), now_ms).delayed(delay_ms)
            }
            Err(reply) => reply,
        }
    }

    /// The first step: the route (404, 405, the admin routes, answered here),
    /// the bearer token (401, 403), the query, the nonce, the trace and the
    /// `x-sim-fault` header. `Err` is the whole reply (a fault's reply carries
    /// its delay); `Ok`, the request goes on to [`Simulator::answer`].
    /// `now_ms`: milliseconds since the Unix epoch (nonce window, timestamps).
    pub fn admit(&self, head: &RequestHead, now_ms: i64) -> Result<Admitted, Reply> {
        self.admit_as(head, now_ms, Nonce::Spend)
    }

    /// [`Simulator::admit`] for a call of an endpoint whose `g_nonce` is
    /// checked, not spent: a shell of several processes admits a call before
    /// it holds the session's lock (so that no lock is held while the call
    /// waits on its client or a fault) and spends the nonce under the lock
    /// ([`Simulator::spend_nonce`]), where its copy has every write of the log.
    pub fn admit_unspent(&self, head: &RequestHead, now_ms: i64) -> Result<Admitted, Reply> {
        self.admit_as(head, now_ms, Nonce::Check)
    }

    /// Spends the `g_nonce` of a call [`Simulator::admit_unspent`] admitted;
    /// `Err`: the refusal admission would give now (a write spent it since,
    /// here or, replayed, in another process).
    pub fn spend_nonce(&self, admitted: &Admitted, now_ms: i64) -> Result<(), Reply> {
        let nonce = admitted.query.get(NONCE_PARAM).map(String::as_str);
        match lock(&self.nonces).accept(nonce, self.clock.now(now_ms)) {
            Err(NonceError::Replayed) if !admitted.drifts.has(Drift::NonceReplayAccepted) => {
                Err(drift::apply(admitted.drifts, admitted.endpoint, replay_refused(admitted.endpoint)))
            }
            _ => Ok(()),
        }
    }

    fn admit_as(&self, head: &RequestHead, now_ms: i64, nonce: Nonce) -> Result<Admitted, Reply> {
        let (endpoint, path_param) = match route(&head.method, &head.path)? {
            Route::Admin(admin) => return Err(self.admin(admin, head, now_ms)),
            Route::Endpoint(endpoint, param) => (endpoint, param),
        };
        let drifts = match head.header_value(DRIFT_HEADER).map(Drift::parse_list).transpose() {
            Ok(named) => self.drifts().union(named.unwrap_or_default()),
            Err(e) => return Err(refuse(endpoint, format!("{DRIFT_HEADER}: {e}"))),
        };
        self.admit_with(head, endpoint, path_param, drifts, self.clock.now(now_ms), nonce)
            .map_err(|reply| drift::apply(drifts, endpoint, reply))
    }

    fn admit_with(
        &self,
        head: &RequestHead,
        endpoint: Endpoint,
        path_param: Option<&str>,
        drifts: Drifts,
        now_ms: i64,
        spend: Nonce,
    ) -> Result<Admitted, Reply> {
        match self.tokens.check(head, endpoint.module()) {
            Ok(()) => {}
            Err(Denied::Unauthenticated) => return Err(respond::denied(401, "missing or unknown bearer token")),
            Err(Denied::MissingScope) if drifts.has(Drift::ScopeNotEnforced) => {}
            Err(Denied::MissingScope) => {
                return Err(respond::denied(403, &format!("the token lacks scope {}", endpoint.module().scope())))
            }
        }
        let query = query_of(head.query.as_deref()).map_err(|message| refuse(endpoint, message))?;
        let nonce = query.get(NONCE_PARAM).map(String::as_str);
        if nonce.is_some_and(|n| n.chars().count() > MAX_NONCE_CHARS) {
            return Err(refuse(endpoint, format!("{NONCE_PARAM} is longer than {MAX_NONCE_CHARS} characters")));
        }
        let checked = match spend {
            Nonce::Spend => lock(&self.nonces).accept(nonce, now_ms),
            Nonce::Check => lock(&self.nonces).check(nonce, now_ms),
        };
        match checked {
            Ok(()) => {}
            Err(NonceError::Missing) => {
                return Err(refuse(endpoint, format!("{NONCE_PARAM} is required on every call")))
            }
            Err(NonceError::Replayed) if drifts.has(Drift::NonceReplayAccepted) => {}
            Err(NonceError::Replayed) => return Err(replay_refused(endpoint)),
        }
        // Traced only once authenticated and past the nonce check: a flood of
        // refused requests leaves nothing behind.
        self.record_trace(endpoint, head);
        let (delay_ms, after_work) = self.fault(endpoint, head)?;
        let path_param = path_param
            .map(crate::route::decode_strict)
            .transpose()
            .map_err(|message| refuse(endpoint, message).delayed(delay_ms))?;
        let content_type = head.header_value("content-type").map(str::to_owned);
        Ok(Admitted { endpoint, path_param, query, content_type, delay_ms, after_work, drifts })
    }

    /// The second step: the input (a POST's body, a GET's path and query),
    /// validation under the simulator's rules profile, then the store. `body`
    /// is what the shell read, or why it could not (a POST's body is read only
    /// when [`Admitted::reads_body`]).
    pub fn answer(&self, admitted: Admitted, body: Result<Vec<u8>, BodyError>, now_ms: i64) -> Reply {
        let (endpoint, drifts) = (admitted.endpoint, admitted.drifts);
        drift::apply(drifts, endpoint, self.answer_undrifted(admitted, body, self.clock.now(now_ms)))
    }

    fn answer_undrifted(&self, mut admitted: Admitted, body: Result<Vec<u8>, BodyError>, now_ms: i64) -> Reply {
        match admitted.after_work.take() {
            // The work is done (or refused) as always; then its answer is lost
            // or replaced, after the fault's delay.
            Some(fault) => {
                let endpoint = admitted.endpoint;
                let done = self.answer_now(admitted, body, now_ms);
                fault_reply(endpoint, &fault).unwrap_or(done).delayed(fault.delay_ms)
            }
            None => self.answer_now(admitted, body, now_ms),
        }
    }

    fn answer_now(&self, admitted: Admitted, body: Result<Vec<u8>, BodyError>, now_ms: i64) -> Reply {
        let endpoint = admitted.endpoint;
        let text = match endpoint.method() {
            Method::Get => Ok(query_object(endpoint, admitted.path_param.as_deref(), &admitted.query)),
            Method::Post => self.body_input(&admitted, body),
        };
        let text = match text {
            Ok(text) => text,
            Err(message) => return refuse(endpoint, message),
        };
        // The text itself, as the SDK's validators read it (a repeated key is
        // visible only there), under the simulator's rules profile.
        let rules = if admitted.drifts.has(Drift::InferredRulesNotEnforced) { Profile::Spec } else { self.rules };
        let report = validate_json(endpoint, &text, &ValidationOptions::default().with_rules(rules));
        if let Some(first) = report.first_error_line() {
            return refuse(endpoint, first);
        }
        if endpoint.method() == Method::Post {
            if let Err(reply) = self.count_written(text.len()) {
                return reply;
            }
        }
        // A lone surrogate the profile let through (`--rules spec`) is stored as
        // the validators read it, U+FFFD: serde_json would refuse the text whole.
        match serde_json::from_str(&licensing_core::validate::without_lone_surrogates(&text)) {
            Ok(input) if endpoint.method() == Method::Post => {
                self.write(endpoint, input, text, &admitted.query, now_ms)
            }
            Ok(input) => self.process(endpoint, input, &admitted.query, now_ms),
            // Only what the profile lets through unchecked gets here (objects nested
            // past the validator's depth, under `--rules spec`).
            Err(e) => refuse(endpoint, format!("(body): cannot be processed: {e}")),
        }
    }

    /// A write, applied and kept in the journal under one hold of the store's
    /// lock: the journal's order is the order the store applied them.
    fn write(
        &self,
        endpoint: Endpoint,
        input: Value,
        text: String,
        query: &HashMap<String, String>,
        now: i64,
    ) -> Reply {
        let mut store = lock(&self.store);
        let reply = self.apply_write(&mut store, endpoint, input, query, now);
        let mut journal = lock(&self.journal);
        if journal.on {
            let kept = query.iter().filter(|(k, _)| k.as_str() != NONCE_PARAM).map(|(k, v)| (k.clone(), v.clone()));
            journal.push(crate::journal::Entry::Write {
                at: now,
                endpoint: endpoint.name().to_owned(),
                input: text,
                query: kept.collect(),
                nonce: query.get(NONCE_PARAM).cloned(),
            });
        }
        drop(journal);
        drop(store);
        reply
    }

    /// A replayed write's bytes, counted as when it was first taken.
    pub(crate) fn count_replayed(&self, bytes: usize) {
        self.written.fetch_add(u64::try_from(bytes).unwrap_or(u64::MAX), std::sync::atomic::Ordering::Relaxed);
    }

    /// Counts a write's bytes against [`Options::max_written_bytes`]: past
    /// it, the simulator's own refusal (HTTP 507, not the service's envelope:
    /// it is this simulator's bound, not the service's rule).
    fn count_written(&self, bytes: usize) -> Result<(), Reply> {
        use std::sync::atomic::Ordering;
        let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
        let before = self.written.fetch_add(bytes, Ordering::Relaxed);
        if before.saturating_add(bytes) <= self.max_written_bytes {
            return Ok(());
        }
        self.written.fetch_sub(bytes, Ordering::Relaxed);
        Err(respond::json(
            507,
            &serde_json::json!({ "error": format!(
                "this session holds {before} bytes of writes, its most is {} (--max-session-bytes): reset it, or make a new one",
                self.max_written_bytes
            ) }),
        ))
    }

    /// Keeps an authenticated request under its `x-sim-trace` id: what the client
    /// sent, the bearer token redacted (its scopes and length say which one it was).
    fn record_trace(&self, endpoint: Endpoint, head: &RequestHead) {
        let Some(id) = head.header_value(TRACE_HEADER) else { return };
        let token = crate::auth::bearer(head);
        let entry = serde_json::json!({
            "endpoint": endpoint.name(),
            "method": head.method.to_ascii_uppercase(),
            "path": crate::trace::cut(&head.path),
            "query": head.query.as_deref().map(crate::trace::cut),
            "authorization": token.map(|_| "Bearer [redacted]"),
            "tokenScopes": token.map(|t| self.tokens.scopes(t)),
            "tokenLength": token.map(str::len),
            "contentType": head.header_value("content-type").map(crate::trace::cut),
        });
        lock(&self.traces).record(id, entry);
    }

    /// Sets a fault for the next calls, with no header on the requests: the
    /// directives of `x-sim-fault` (`code500`, `http=503` with `retry-after=S`
    /// if wanted, `non-json`, `stall-body`, `delay=MS`; `times=N` calls, 1 without it; `key` has no
    /// use here), for calls of `endpoint` only if given. Faults wait in the
    /// order set; a request's own `x-sim-fault` header comes first. `reset`
    /// clears them.
    ///
    /// ```
    /// use licensing_core::wire::Endpoint;
    /// use licensing_sim_core::{Options, Simulator};
    /// let sim = Simulator::new(&Options::default());
    /// sim.inject_fault("code500;times=2", Some(Endpoint::BatchOrder))?;
    /// assert!(sim.inject_fault("explode", None).unwrap_err().contains("explode"));
    /// # Ok::<(), String>(())
    /// ```
    pub fn inject_fault(&self, directives: &str, endpoint: Option<Endpoint>) -> Result<(), String> {
        let fault = Fault::parse(directives)?;
        let remaining = fault.times.unwrap_or(1);
        if remaining == 0 {
            return Ok(());
        }
        let mut queue = lock(&self.injected);
        if queue.len() >= MAX_INJECTED {
            return Err(format!("{MAX_INJECTED} injected faults are waiting already: reset clears them"));
        }
        queue.push(Injected { fault, endpoint, remaining });
        Ok(())
    }

    /// The `x-sim-fault` header's fault, or else an injected one, if any
    /// applies to this request: `Ok((delay, None))` to go on after the delay
    /// (0 without a fault); `Ok((0, Some(fault)))` to go on and apply it after
    /// the work (`after`); `Err` its reply, in place of the work (after its delay).
    fn fault(&self, endpoint: Endpoint, head: &RequestHead) -> Result<(u64, Option<Fault>), Reply> {
        let fault = match head.header_value(FAULT_HEADER) {
            Some(header) => {
                let fault = Fault::parse(header).map_err(|e| refuse(endpoint, format!("{FAULT_HEADER}: {e}")))?;
                match fault.applies(&mut lock(&self.fault_counters)) {
                    Ok(true) => fault,
                    Ok(false) => return Ok((0, None)),
                    Err(e) => return Err(refuse(endpoint, format!("{FAULT_HEADER}: {e}"))),
                }
            }
            None => match take_injected(&mut lock(&self.injected), endpoint) {
                Some(fault) => fault,
                None => return Ok((0, None)),
            },
        };
        if fault.after_work {
            return Ok((0, Some(fault)));
        }
        match fault_reply(endpoint, &fault) {
            Some(reply) => Err(reply.delayed(fault.delay_ms)),
            None => Ok((fault.delay_ms, None)),
        }
    }

    /// A POST body: JSON content type, within the size limit, UTF-8 text (whether it
    /// is JSON is the validator's to say).
    fn body_input(&self, admitted: &Admitted, body: Result<Vec<u8>, BodyError>) -> Result<String, String> {
        let content_type = admitted.content_type.as_deref().unwrap_or("");
        if !is_json_media_type(content_type) {
            return Err(format!("Content-Type must be application/json, not {content_type:?}"));
        }
        let too_large = || format!("the body exceeds {} bytes", self.max_body_bytes);
        let bytes = match body {
            Ok(bytes) if bytes.len() > self.max_body_bytes => return Err(too_large()),
            Ok(bytes) => bytes,
            Err(BodyError::TooLarge) => return Err(too_large()),
            Err(BodyError::TimedOut { secs }) => return Err(format!("the body was not sent within {secs} s")),
        };
        post_body(Some(content_type), bytes)
    }

    /// A write's work on the store (the caller holds its lock).
    pub(crate) fn apply_write(
        &self,
        store: &mut Store,
        endpoint: Endpoint,
        input: Value,
        query: &HashMap<String, String>,
        now: i64,
    ) -> Reply {
        let result = (|| -> Result<Reply, Reply> {
            Ok(match endpoint {
                Endpoint::BindEnterprise => match store.bind(typed(input)?) {
                    Some(record) => respond::order_ok(Some(record)),
                    None => respond::invalid(crate::store::EXHAUSTED),
                },
                Endpoint::CreateEnterprise => match store.create(typed(input)?) {
                    Some(creation) => respond::order_ok(Some(creation)),
                    None => respond::invalid(crate::store::EXHAUSTED),
                },
                Endpoint::UpdateEnterprise => {
                    let req: licensing_core::model::EnterpriseCustomerRequest = typed(input)?;
                    let crm = req.crm_customer_id.clone().unwrap_or_default();
                    if store.update(req) {
                        respond::order_ok::<()>(None)
                    } else {
                        respond::invalid(format!("/crmCustomerId: no enterprise customer for CRM customer {crm:?}"))
                    }
                }
                Endpoint::BatchOrder => {
                    if query.get("appKey").is_none_or(|k| k.trim().is_empty()) {
                        return Err(respond::invalid("appKey is required (query parameter)"));
                    }
                    match store.batch_order(typed(input)?, now, self.batch_limits) {
                        Ok(results) => respond::order_ok(Some(results)),
                        Err(e) => respond::invalid(e.0),
                    }
                }
                Endpoint::LockAssets | Endpoint::UnlockAssets => {
                    let req: licensing_core::model::LockRequest = typed(input)?;
                    let numbers = req.asset_nums.unwrap_or_default();
                    let locked = endpoint == Endpoint::LockAssets;
                    respond::order_ok(Some(store.set_locked(&numbers, locked, now)))
                }
                Endpoint::ShellNums => {
                    let req: licensing_core::model::ShellNumsRequest = typed(input)?;
                    let size = u64::try_from(req.size.unwrap_or(0)).unwrap_or(0);
                    if size > self.max_shellnums {
                        return Err(respond::invalid(format!(
                            "/size: at most {} asset numbers per call",
                            self.max_shellnums
                        )));
                    }
                    let partition = match query.get("partition").map(String::as_str) {
                        None | Some("domestic" | "8") => Partition::Domestic,
                        Some("singapore" | "6") => Partition::Singapore,
                        Some(other) => {
                            return Err(respond::invalid(format!("partition {other:?}: domestic or singapore")))
                        }
                    };
                    match store.shell_nums(size, partition) {
                        Some(numbers) => respond::order_ok(Some(numbers)),
                        None => respond::invalid("the asset number sequence is exhausted"),
                    }
                }
                Endpoint::JoinActivity => {
                    let req: licensing_core::model::ActivityRequest = typed(input)?;
                    respond::activity(&crate::activity::claim(&self.catalogue, store, &req, now))
                }
                // The reads change nothing: `read` answers them.
                Endpoint::QueryEnterprises | Endpoint::ListAssets => {
                    respond::invalid(format!("{endpoint} reads, it writes nothing"))
                }
            })
        })();
        result.unwrap_or_else(|refusal| refusal)
    }

    /// A read's work on the store (writes: [`Simulator::apply_write`]).
    fn process(&self, endpoint: Endpoint, input: Value, query: &HashMap<String, String>, now: i64) -> Reply {
        let result = (|| -> Result<Reply, Reply> {
            Ok(match endpoint {
                Endpoint::QueryEnterprises => {
                    let q: licensing_core::model::QueryEnterprisesRequest = typed(input)?;
                    let list = lock(&self.store).query(
                        q.channel_code.as_deref().unwrap_or_default(),
                        q.channel_customer_id.as_deref().unwrap_or_default(),
                        q.default_customer.unwrap_or(DefaultCustomer::No),
                    );
                    respond::order_ok(Some(list))
                }
                Endpoint::ListAssets => {
                    let req: licensing_core::model::ListAssetsRequest = typed(input)?;
                    let id = req.enterprise_global_id.unwrap_or_default();
                    // The lock is held to find the records, not to copy what they share.
                    let listed = lock(&self.store).list_assets(&id, req.extend_code.as_deref());
                    match listed.answer(self.max_answer_bytes) {
                        Ok(records) => respond::order_ok(Some(records)),
                        Err(TooLarge { listed, bytes }) => respond::invalid(format!(
                            "the answer would exceed {} bytes ({listed} assets made {bytes} bytes before it stopped); this simulator answers at most that many (--max-answer-bytes)",
                            self.max_answer_bytes
                        )),
                    }
                }
                // A write reaching here (no journal: the simulator's own calls) is applied as always.
                Endpoint::BindEnterprise
                | Endpoint::CreateEnterprise
                | Endpoint::UpdateEnterprise
                | Endpoint::BatchOrder
                | Endpoint::LockAssets
                | Endpoint::UnlockAssets
                | Endpoint::ShellNums
                | Endpoint::JoinActivity => self.apply_write(&mut lock(&self.store), endpoint, input, query, now),
            })
        })();
        result.unwrap_or_else(|refusal| refusal)
    }
}

/// What a successful answer shows of the service's state, fact by fact, for a
/// state made from a recording (`licensing-sdk-sim state --from-recording`:
/// licensing-verify's fixtures keep the facts). [`recorded`] reads each
/// endpoint's answer into these facts.
pub trait Recorded {
    /// An enterprise customer record (of `bindEnterprise` or `queryEnterprises`),
    /// with the bind's request, whose names it takes.
    fn customer(&mut self, record: &Value, bind: Option<&Value>) -> Result<(), String>;
    /// A `createEnterprise`: its request and the creation the answer shows.
    fn created(&mut self, request: &Value, data: &Value);
    /// An `updateEnterprise` the service took.
    fn updated(&mut self, request: &Value);
    /// A `batchOrder`: its request and the results the answer shows.
    fn batch(&mut self, request: &Value, data: &Value) -> Result<(), String>;
    /// A lock the answer says was locked (`true`) or unlocked.
    fn lock(&mut self, number: &str, locked: bool);
    /// An asset record `listAssets` showed, with the enterprise it listed.
    fn listed(&mut self, record: &Value, enterprise: Option<&str>);
    /// An asset number the service handed out (`shellNums`), or one a lock's
    /// request or answer names.
    fn number(&mut self, number: &str);
}

/// Tells `into` what a successful answer of `endpoint` (its `data`, to the
/// request at `path` with this body) shows: the other direction of the dispatch
/// above, beside it, so that what the simulator answers to an endpoint and what
/// a recorded answer of it teaches a state are written in one place (and a new
/// endpoint is asked for both by the compiler).
pub fn recorded(
    endpoint: Endpoint,
    path: &str,
    request: &Value,
    data: &Value,
    into: &mut impl Recorded,
) -> Result<(), String> {
    let list = || data.as_array().into_iter().flatten();
    match endpoint {
        Endpoint::BindEnterprise => into.customer(data, Some(request))?,
        Endpoint::QueryEnterprises => {
            for record in list() {
                into.customer(record, None)?;
            }
        }
        Endpoint::CreateEnterprise => into.created(request, data),
        Endpoint::UpdateEnterprise => into.updated(request),
        Endpoint::BatchOrder => into.batch(request, data)?,
        Endpoint::LockAssets | Endpoint::UnlockAssets => {
            // Every number the request or the answer shows was handed out: a
            // state made from them must not hand it out again.
            let asked = request.get("assetNums").and_then(Value::as_array).into_iter().flatten();
            for number in asked.filter_map(Value::as_str) {
                into.number(number);
            }
            for result in list() {
                let Some(number) = result.get("assetNum").and_then(Value::as_str) else { continue };
                into.number(number);
                if result.get("status").and_then(Value::as_i64) == Some(1) {
                    into.lock(number, endpoint == Endpoint::LockAssets);
                }
            }
        }
        Endpoint::ListAssets => {
            let enterprise = Endpoint::at_path(path).and_then(|(_, param)| param).map(crate::route::decode);
            for record in list() {
                into.listed(record, enterprise.as_deref());
            }
        }
        Endpoint::ShellNums => {
            for number in list().filter_map(Value::as_str) {
                into.number(number);
            }
        }
        // Claims need the activities' definitions, which no answer shows.
        Endpoint::JoinActivity => {}
    }
    Ok(())
}

/// The object a GET endpoint validates (its path parameter and query fields, as
/// the endpoint's definition lists them), as JSON text.
fn query_object(endpoint: Endpoint, path_param: Option<&str>, query: &HashMap<String, String>) -> String {
    let def = endpoint.def();
    let mut object = Map::new();
    if let (Some(param), Some(value)) = (def.path_param, path_param) {
        object.insert(param.into(), Value::from(value));
    }
    for name in def.query {
        if let Some(v) = query.get(*name) {
            object.insert((*name).into(), Value::from(v.as_str()));
        }
    }
    Value::Object(object).to_string()
}
