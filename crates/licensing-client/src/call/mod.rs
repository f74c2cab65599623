//! One call's attempts as steps with no I/O: the token, the hooks, the
//! exchange, the retry decision and what each failure ends. [`Call::next`] is
//! told how the last step's wait ended and says what to do next: ask the token
//! provider, run a hook, send, sleep, or end. Whoever drives it does the
//! waiting: [`crate::Client`]'s async loop over a [`crate::Transport`], or the
//! npm package's JavaScript loop over `fetch` and its timers. Every decision
//! is here, once, for both.

use licensing_core::response::{read_activity, read_order, success_code, Answer, ClientError, ErrorKind};
use licensing_core::validate::{itoa_u64, Issue};
use licensing_core::wire::{Endpoint, Method, Module};

use crate::events::{CallEvent, ErrorEvent, HookEnd, HookName, RequestEvent, ResponseEvent, TokenRequest};
use crate::next_step::{next_step, Failed, Next};
use crate::options::{self, check_headers, header_name_ok, header_value_ok, platform_header, token_ok, MAX_TIMER_MS};
use crate::redact::{redact, redact_into};
use crate::{nonce, validation_error, CallUrl, ClientOptions, HttpResponse, Phase, RetryEvent};

/// What the steps need of the platform (its home is beside [`crate::Transport`],
/// which every platform is).
pub use crate::transport::Platform;

/// Which of the token provider and the hooks the client has: a step that
/// nobody would see is not taken.
#[derive(Debug, Clone, Copy, Default)]
pub struct HookSet {
    /// A token provider: asked before each attempt.
    pub token_provider: bool,
    /// `before_request`.
    pub before_request: bool,
    /// `after_response`.
    pub after_response: bool,
    /// `before_retry`.
    pub before_retry: bool,
    /// `on_error`.
    pub on_error: bool,
}

impl HookSet {
    /// The set when someone watches the call's events: every hook step is
    /// taken (its event is what the watcher is shown), whether or not a
    /// hook runs there. The token provider stays as it is: its step gives
    /// the token.
    pub fn watched(self) -> Self {
        Self { before_request: true, after_response: true, before_retry: true, on_error: true, ..self }
    }

    /// Whether the caller's `hook` (or the token provider) is in the set.
    pub fn runs(self, hook: HookName) -> bool {
        match hook {
            HookName::Token => self.token_provider,
            HookName::BeforeRequest => self.before_request,
            HookName::AfterResponse => self.after_response,
            HookName::BeforeRetry => self.before_retry,
            HookName::OnError => self.on_error,
        }
    }

    /// Whether any of them runs, so that time may pass between an attempt's
    /// start and its exchange (the clock is read only then).
    fn any(self) -> bool {
        self.token_provider || self.before_request || self.after_response || self.before_retry || self.on_error
    }
}

/// What a hook (or the token provider) gave.
#[derive(Debug)]
pub enum HookValue {
    /// Nothing (`after_response`, `before_retry`, `on_error`).
    Unit,
    /// The token provider's token.
    Token(String),
    /// The headers `before_request` returned.
    Headers(Vec<(String, String)>),
}

/// How the wait for a hook ended.
#[derive(Debug)]
pub enum HookOutcome {
    /// It settled: its value, or what it said when it failed.
    Settled(Result<HookValue, String>),
    /// The time it was given ran out first.
    TimedOut,
    /// The caller's signal fired first: the transport's `aborted` error.
    Aborted(ClientError),
}

/// What the last step's wait gave.
#[derive(Debug)]
pub enum Input {
    /// Nothing yet: the call starts.
    Start,
    /// A hook's or the token provider's wait ended.
    Hook(HookOutcome),
    /// The exchange ended: the answer, or the transport's error.
    Answer(Result<HttpResponse, ClientError>),
    /// The wait before a retry ended (or was aborted).
    Slept(Result<(), ClientError>),
}

/// What to do next. Each wait is given its time (`ms`); the driver reports
/// how it ended with the matching [`Input`]: [`Input::Hook`] for the hooks and
/// the token provider, [`Input::Answer`] for `Send`, [`Input::Slept`] for `Sleep`.
/// Its `Debug` names the step and its time, never a header (the token is one).
#[non_exhaustive]
pub enum Action {
    /// Ask the token provider (its value: [`HookValue::Token`]).
    Token {
        /// What it is asked.
        request: TokenRequest,
        /// How long it may take.
        ms: u32,
    },
    /// Run `before_request` (its value: [`HookValue::Headers`], or none).
    BeforeRequest {
        /// What it is shown.
        event: RequestEvent,
        /// How long it may take.
        ms: u32,
    },
    /// Send one exchange.
    Send {
        /// GET or POST.
        method: Method,
        /// The whole URL, with this attempt's `g_nonce`.
        url: String,
        /// Every header, the token's included.
        headers: Vec<(String, String)>,
        /// Whether the checked text goes as the body (a POST).
        post: bool,
        /// How long the exchange may take, its body read included.
        ms: u32,
    },
    /// Run `after_response`.
    AfterResponse {
        /// What it is shown.
        event: ResponseEvent,
        /// How long it may take.
        ms: u32,
    },
    /// Run `before_retry`.
    BeforeRetry {
        /// What it is shown.
        event: RetryEvent,
        /// How long it may take.
        ms: u32,
    },
    /// Wait before the next attempt (ended early by the caller's signal).
    Sleep {
        /// How long.
        ms: u32,
    },
    /// Tell `on_error` of the final error (how it ends changes nothing).
    OnError {
        /// What it is shown.
        event: ErrorEvent,
        /// How long it may take.
        ms: u32,
    },
    /// The call succeeded.
    Done(Answer),
    /// The call failed.
    Failed(ClientError),
}

impl Action {
    /// What the step shows a watcher before its wait (`None` for a send, a
    /// sleep and the end), and the hook that then runs, with its attempt.
    pub fn shown(&self) -> Option<(CallEvent<'_>, HookName, u32)> {
        Some(match self {
            Action::Token { request, .. } => {
                let TokenRequest { attempt, refused, .. } = *request;
                (CallEvent::Token { attempt, refused }, HookName::Token, attempt)
            }
            Action::BeforeRequest { event, .. } => {
                let shown = CallEvent::Request { attempt: event.attempt, method: event.method, url: &event.url };
                (shown, HookName::BeforeRequest, event.attempt)
            }
            Action::AfterResponse { event, .. } => {
                let shown = CallEvent::Response {
                    attempt: event.attempt,
                    status: event.status,
                    code: event.code.as_deref(),
                    duration_ms: event.duration_ms,
                };
                (shown, HookName::AfterResponse, event.attempt)
            }
            Action::BeforeRetry { event, .. } => {
                let shown = CallEvent::Retry {
                    attempt: event.attempt,
                    error: &event.error,
                    delay_ms: event.delay_ms,
                    retry_after: event.retry_after,
                };
                (shown, HookName::BeforeRetry, event.attempt)
            }
            Action::OnError { event, .. } => {
                (CallEvent::Failed { attempts: event.attempts, error: &event.error }, HookName::OnError, event.attempts)
            }
            Action::Send { .. } | Action::Sleep { .. } | Action::Done(_) | Action::Failed(_) => return None,
        })
    }
}

impl HookOutcome {
    /// How the wait ended, as a watcher is told.
    pub fn end(&self) -> HookEnd {
        match self {
            HookOutcome::Settled(Ok(_)) => HookEnd::Ok,
            HookOutcome::Settled(Err(_)) => HookEnd::Failed,
            HookOutcome::TimedOut => HookEnd::TimedOut,
            HookOutcome::Aborted(_) => HookEnd::Aborted,
        }
    }
}

impl core::fmt::Debug for Action {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (step, ms) = match self {
            Action::Token { ms, .. } => ("Token", *ms),
            Action::BeforeRequest { ms, .. } => ("BeforeRequest", *ms),
            Action::Send { ms, .. } => ("Send", *ms),
            Action::AfterResponse { ms, .. } => ("AfterResponse", *ms),
            Action::BeforeRetry { ms, .. } => ("BeforeRetry", *ms),
            Action::Sleep { ms } => ("Sleep", *ms),
            Action::OnError { ms, .. } => ("OnError", *ms),
            Action::Done(_) => return f.write_str("Done"),
            Action::Failed(error) => return f.debug_tuple("Failed").field(error).finish(),
        };
        f.debug_struct(step).field("ms", &ms).finish_non_exhaustive()
    }
}

/// Where the call stands: which wait its next input ends.
#[derive(Debug)]
enum Waiting {
    Start,
    Token,
    BeforeRequest,
    Answer,
    AfterResponse { result: Result<Answer, ClientError>, status: u16, retry_after: Option<String> },
    BeforeRetry { delay_ms: u32 },
    Sleep,
    OnError(ClientError),
    Ended,
}

/// What [`Call::next`] reads of the client and the call, each step.
#[derive(Debug)]
pub struct Around<'a, P: ?Sized> {
    /// The client's options, [`ClientOptions::ready`].
    pub opts: &'a ClientOptions,
    /// The checked text of the request ([`ClientOptions::checked_text`]).
    pub body: &'a str,
    /// Its random bytes and its clock.
    pub platform: &'a P,
}

impl<P: ?Sized> Clone for Around<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P: ?Sized> Copy for Around<'_, P> {}

/// A refusal of a hook or of the token provider (kind `hook`), the token
/// scrubbed from what it said.
fn hook_error(what: &str, detail: &str, token: &str) -> ClientError {
    let mut message = String::from(what);
    message.push(' ');
    redact_into(&mut message, detail, token);
    let message = licensing_core::validate::excerpt(&message, licensing_core::response::MAX_ERROR_TEXT);
    ClientError::new(ErrorKind::Hook, message)
}

/// A refusal the service answered (kind `business` or `activity`) with
/// `token` scrubbed from its `message` and `cause`, which are the service's
/// words (a 299 or an activity echoing the Authorization header); they reach
/// the caller, its hooks, its watchers and their spans. Only the service's
/// words: the client's own are not cut where they hold a short token's
/// letters. The answer's own data (a 3002's activities) stays as the service
/// sent it, as a payload does. What the runtime said, a carrier scrubs with
/// [`Call::redact`] as it hands it in.
fn scrubbed(mut error: ClientError, token: &str) -> ClientError {
    if token.is_empty() || !matches!(error.kind, ErrorKind::Business | ErrorKind::Activity) {
        return error;
    }
    for text in core::iter::once(&mut error.message).chain(error.cause.as_mut()) {
        // Rewritten whatever it holds: `str::contains` first would bring its
        // two-way search, kilobytes of wasm (redact.rs).
        *text = licensing_core::validate::excerpt(&redact(text, token), licensing_core::response::MAX_ERROR_TEXT);
    }
    error
}

/// What the headers show hooks instead of the token.
const REDACTED: &str = "Bearer [redacted]";

/// One call's steps. Its `Debug` shows where it stands, never its token.
pub struct Call {
    endpoint: Endpoint,
    hooks: HookSet,
    /// Each attempt's timeout (the call's, else the client's; checked at the start).
    timeout_ms: u32,
    repeatable: bool,
    waiting: Waiting,
    /// Attempts handed to the network.
    sent: u32,
    /// Retries made (re-asks of the token not counted).
    retries: u32,
    /// The service refused the last token: the provider is told.
    refused: bool,
    /// The provider was asked again after a refusal (once per call).
    reasked: bool,
    /// Read from the body only when a retry is in question (a batch may be megabytes).
    safe_to_repeat: Option<bool>,
    /// This attempt's: number, start on the clock, token, URL and headers.
    attempt: u32,
    started: Option<f64>,
    token: String,
    url: String,
    headers: Vec<(String, String)>,
}

impl core::fmt::Debug for Call {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Call")
            .field("endpoint", &self.endpoint)
            .field("waiting", &self.waiting)
            .field("attempt", &self.attempt)
            .field("sent", &self.sent)
            .field("retries", &self.retries)
            .finish_non_exhaustive()
    }
}

impl Call {
    /// A call to `endpoint` with `timeout_ms` per attempt (unchecked yet).
    pub fn new(endpoint: Endpoint, hooks: HookSet, timeout_ms: u32, repeatable: bool) -> Self {
        Self {
            endpoint,
            hooks,
            timeout_ms,
            repeatable,
            waiting: Waiting::Start,
            sent: 0,
            retries: 0,
            refused: false,
            reasked: false,
            safe_to_repeat: None,
            attempt: 0,
            started: None,
            token: String::new(),
            url: String::new(),
            headers: Vec::new(),
        }
    }

    /// Attempts handed to the network so far.
    pub fn sent(&self) -> u32 {
        self.sent
    }

    /// `text` with the attempt's token written `[redacted]`: what a carrier
    /// hands in of the runtime's words (a `fetch` or a body stream that
    /// failed with the Authorization header in its message), before it makes
    /// the error of them.
    pub fn redact(&self, text: &str) -> String {
        redact(text, &self.token)
    }

    /// Ends the call before anything is sent (a body refused by validation):
    /// `on_error` is told, as of any final error.
    pub fn refuse(&mut self, error: ClientError) -> Action {
        self.fail(error)
    }

    /// The next step, once the last one's wait gave `input`.
    pub fn next<P: Platform + ?Sized>(&mut self, around: Around<'_, P>, input: Input) -> Action {
        match (core::mem::replace(&mut self.waiting, Waiting::Ended), input) {
            (Waiting::Start, Input::Start) => match self.start(around.opts) {
                Ok(()) => self.attempt(around),
                Err(error) => self.fail(error),
            },
            (Waiting::Token, Input::Hook(outcome)) => match self.token_given(outcome) {
                Ok(token) => {
                    self.token = token;
                    self.prepare(around)
                }
                // Asked again after a 401: the service's last answer was the
                // token's refusal, which the error keeps (an outbox reads it as
                // "not done": licensing-client's `recovery::after_call`).
                Err(mut error) => {
                    if self.refused && error.kind == ErrorKind::Hook && error.status.is_none() {
                        error.status = Some(401);
                    }
                    self.fail(error)
                }
            },
            (Waiting::BeforeRequest, Input::Hook(outcome)) => match self.headers_given(outcome) {
                Ok(()) => self.send(around),
                Err(error) => self.fail(error),
            },
            (Waiting::Answer, Input::Answer(answer)) => self.answered(around, answer),
            (Waiting::AfterResponse { mut result, status, retry_after }, Input::Hook(outcome)) => {
                let hook = self.settled("the afterResponse hook", outcome);
                match after_response_outcome(hook, &mut result) {
                    Ok(hook_failed) => self.decide(around, result, Some(status), retry_after, hook_failed),
                    Err(error) => self.fail(error),
                }
            }
            (Waiting::BeforeRetry { delay_ms }, Input::Hook(outcome)) => {
                match self.settled("the beforeRetry hook", outcome) {
                    Ok(()) => self.sleep(delay_ms),
                    Err(error) => self.fail(error),
                }
            }
            (Waiting::Sleep, Input::Slept(Ok(()))) => self.attempt(around),
            (Waiting::Sleep, Input::Slept(Err(error))) => self.fail(error),
            (Waiting::OnError(error), _) => Action::Failed(error),
            // An input that does not end the wait in course: a driver's
            // mistake, which ends the call rather than guess.
            (waiting, _) => {
                let message = match waiting {
                    Waiting::Ended => "the call has ended",
                    _ => "the call was given what it was not waiting for",
                };
                Action::Failed(ClientError::new(ErrorKind::Validation, message))
            }
        }
    }

    /// Checks made once, before the first attempt.
    fn start(&mut self, opts: &ClientOptions) -> Result<(), ClientError> {
        if self.endpoint == Endpoint::BatchOrder && opts.app_key.as_deref().is_none_or(|k| k.trim().is_empty()) {
            let issue = Issue::required_parameter_in("appKey", &opts.validation());
            return Err(validation_error("batchOrder needs the appKey client option", vec![issue]));
        }
        options::check_range("timeoutMs", self.timeout_ms, 1, MAX_TIMER_MS)
    }

    /// What is left of this attempt's time once hooks have run (all of it
    /// when nothing took a clock reading).
    fn left<P: Platform + ?Sized>(&self, platform: &P) -> u32 {
        match self.started.zip(platform.now_ms()) {
            Some((start, now)) => self.timeout_ms.saturating_sub((now - start).max(0.0) as u32).max(1),
            None => self.timeout_ms,
        }
    }

    /// An attempt starts: its token first.
    fn attempt<P: Platform + ?Sized>(&mut self, around: Around<'_, P>) -> Action {
        self.attempt = self.sent + 1;
        self.started = if self.hooks.any() { around.platform.now_ms() } else { None };
        if !self.hooks.token_provider {
            self.token = around.opts.token.clone();
            return self.prepare(around);
        }
        let request = TokenRequest { endpoint: self.endpoint, attempt: self.attempt, refused: self.refused };
        self.waiting = Waiting::Token;
        Action::Token { request, ms: self.left(around.platform) }
    }

    /// The provider's answer: a token that can be sent, or the call's error.
    /// What a provider says when it fails is not repeated: it may hold a token.
    fn token_given(&self, outcome: HookOutcome) -> Result<String, ClientError> {
        const WHAT: &str = "the token provider";
        match outcome {
            HookOutcome::Settled(Ok(HookValue::Token(token))) if token_ok(&token) => Ok(token),
            HookOutcome::Settled(Ok(_)) => Err(hook_error(WHAT, "gave a token that is empty or not visible ASCII", "")),
            HookOutcome::Settled(Err(_)) => Err(hook_error(WHAT, "failed", "")),
            HookOutcome::TimedOut => Err(self.too_slow(WHAT, "")),
            HookOutcome::Aborted(error) => Err(error),
        }
    }

    /// A hook that did not settle in time: the message names the attempt's
    /// whole timeout, which the caller set (what was left depends on load).
    fn too_slow(&self, what: &str, token: &str) -> ClientError {
        let mut detail = String::from("did not settle within ");
        detail.push_str(&itoa_u64(u64::from(self.timeout_ms.clamp(1, MAX_TIMER_MS))));
        detail.push_str(" ms (the attempt's timeout)");
        hook_error(what, &detail, token)
    }

    /// How a hook that gives nothing the call uses ended, for the call.
    fn settled(&self, what: &str, outcome: HookOutcome) -> Result<(), ClientError> {
        match outcome {
            HookOutcome::Settled(Ok(_)) => Ok(()),
            HookOutcome::Settled(Err(reason)) => {
                Err(hook_error(what, &(String::from("failed: ") + &reason), &self.token))
            }
            HookOutcome::TimedOut => Err(self.too_slow(what, &self.token)),
            HookOutcome::Aborted(error) => Err(error),
        }
    }

    /// The attempt's URL (a fresh nonce) and headers; `before_request` is
    /// shown them (the token redacted) when there is one.
    fn prepare<P: Platform + ?Sized>(&mut self, around: Around<'_, P>) -> Action {
        let opts = around.opts;
        let nonce = match nonce::fresh(around.platform) {
            Ok(nonce) => nonce,
            Err(error) => return self.fail(error),
        };
        self.url = CallUrl::new(self.endpoint, &opts.base_url, around.body, opts.app_key.as_deref()).with_nonce(&nonce);
        self.headers = opts.headers.iter().filter(|(k, _)| !own_header(k)).cloned().collect();
        if !self.hooks.before_request {
            return self.send(around);
        }
        let mut shown = self.headers.clone();
        shown.push((String::from("Authorization"), String::from(REDACTED)));
        if self.post() {
            shown.push((String::from("Content-Type"), String::from("application/json")));
        }
        let event = RequestEvent {
            endpoint: self.endpoint,
            attempt: self.attempt,
            method: self.endpoint.method(),
            url: self.url.clone(),
            headers: shown,
        };
        self.waiting = Waiting::BeforeRequest;
        Action::BeforeRequest { event, ms: self.left(around.platform) }
    }

    fn post(&self) -> bool {
        self.endpoint.method() == Method::Post
    }

    /// Applies the headers `before_request` returned (not the client's own).
    fn headers_given(&mut self, outcome: HookOutcome) -> Result<(), ClientError> {
        const WHAT: &str = "the beforeRequest hook";
        let edits = match outcome {
            HookOutcome::Settled(Ok(HookValue::Headers(edits))) => edits,
            other => return self.settled(WHAT, other),
        };
        // Bounded before anything else is done with them (the merge below
        // then looks through a few dozen names at most).
        if let Err(why) = check_headers(&edits) {
            return Err(hook_error(WHAT, &(String::from("returned ") + &why), &self.token));
        }
        for (name, value) in edits {
            if own_header(&name) {
                continue; // the client's own: the token and the JSON body's type
            }
            let why = if platform_header(&name) {
                " is the platform's to set, not a hook's"
            } else if !header_name_ok(&name) {
                " is not a header name"
            } else if !header_value_ok(&value) {
                " has a value a header cannot carry"
            } else {
                ""
            };
            if !why.is_empty() {
                let detail = String::from("returned headers that cannot be sent: ") + &name + why;
                return Err(hook_error(WHAT, &detail, &self.token));
            }
            match self.headers.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(&name)) {
                Some(slot) => slot.1 = value,
                None => self.headers.push((name, value)),
            }
        }
        Ok(())
    }

    /// The attempt goes out: from here the service may do the work.
    fn send<P: Platform + ?Sized>(&mut self, around: Around<'_, P>) -> Action {
        let mut headers = core::mem::take(&mut self.headers);
        headers.push((String::from("Authorization"), String::from("Bearer ") + &self.token));
        let post = self.post();
        if post {
            headers.push((String::from("Content-Type"), String::from("application/json")));
        }
        self.sent = self.attempt;
        self.waiting = Waiting::Answer;
        let url = core::mem::take(&mut self.url);
        Action::Send { method: self.endpoint.method(), url, headers, post, ms: self.left(around.platform) }
    }

    /// The exchange ended: the envelope read; `after_response` is shown the
    /// status when an answer came.
    fn answered<P: Platform + ?Sized>(
        &mut self,
        around: Around<'_, P>,
        answer: Result<HttpResponse, ClientError>,
    ) -> Action {
        let response = match answer {
            Ok(response) => response,
            Err(error) => {
                let error = self.status_said_all(error);
                return self.decide(around, Err(error), None, None, None);
            }
        };
        // A UTF-8 byte order mark is not the text's: fetch's `Response.json()`
        // and `text()` drop it too (the Encoding standard's UTF-8 decode).
        let body = match response.body.as_bytes() {
            [0xEF, 0xBB, 0xBF, ..] => response.body.get(3..).unwrap_or_default(),
            _ => &response.body,
        };
        let result = self.read(response.status, body).map_err(|error| scrubbed(error, &self.token));
        let (status, retry_after) = (response.status, response.retry_after);
        if !self.hooks.after_response {
            return self.decide(around, result, Some(status), retry_after, None);
        }
        let code = match &result {
            Ok(_) => Some(String::from(success_code(self.endpoint.module()))),
            Err(e) => e.code.clone(),
        };
        let duration_ms = self.started.zip(around.platform.now_ms()).map(|(start, now)| now - start);
        let event = ResponseEvent { endpoint: self.endpoint, attempt: self.attempt, status, duration_ms, code };
        self.waiting = Waiting::AfterResponse { result, status, retry_after };
        // Once the answer is in, the attempt's timer has no more say: the
        // hook gets a whole timeout of its own.
        Action::AfterResponse { event, ms: self.timeout_ms }
    }

    /// An answer of this call's endpoint read as its module's envelope.
    fn read(&self, status: u16, body: &str) -> Result<Answer, ClientError> {
        match self.endpoint.module() {
            Module::Order => read_order(self.endpoint, status, body),
            Module::Activity => read_activity(status, body),
        }
    }

    /// A body the carrier could not read (not UTF-8, larger than the client
    /// reads) under a status whose body is not read anyway (a 503, a 429):
    /// that status's error, which the retry policy reads, as the reader gives
    /// it for the status alone. Before, a 503 with a Latin-1 error page ended
    /// the call as `decode`, and was not retried.
    fn status_said_all(&self, error: ClientError) -> ClientError {
        let Some(status) = error.status.filter(|_| error.kind == ErrorKind::Decode) else { return error };
        match self.read(status, "") {
            Err(http) if http.kind == ErrorKind::Http => http,
            _ => error,
        }
    }

    /// After the attempt: done, or what `next_step` says of its error.
    /// `hook_failed`: `after_response` failed after an error, which stands
    /// unless the call would go on, which this failure then stops.
    fn decide<P: Platform + ?Sized>(
        &mut self,
        around: Around<'_, P>,
        result: Result<Answer, ClientError>,
        status: Option<u16>,
        retry_after: Option<String>,
        hook_failed: Option<ClientError>,
    ) -> Action {
        let (opts, platform) = (around.opts, around.platform);
        let error = match result {
            Ok(answer) => {
                opts.warn(self.endpoint, Phase::Response, &answer.warnings);
                self.waiting = Waiting::Ended;
                return Action::Done(answer);
            }
            Err(error) => error,
        };
        let failed = Failed {
            endpoint: self.endpoint,
            status,
            retry_after: retry_after.as_deref(),
            retries: self.retries,
            max_retries: opts.max_retries,
            retry_base_ms: opts.retry_base_ms,
            timeout_ms: self.timeout_ms,
            may_reask_token: self.hooks.token_provider && !self.reasked,
        };
        let (endpoint, repeatable, body) = (self.endpoint, self.repeatable, around.body);
        let safe_to_repeat = &mut self.safe_to_repeat;
        let safe = || *safe_to_repeat.get_or_insert_with(|| repeatable || endpoint.is_safe_to_repeat(body));
        let jitter = || nonce::jitter(platform);
        let (delay_ms, retry_after) = match next_step(failed, &error, safe, jitter, || platform.now_ms()) {
            // A refused token: the provider is asked for a fresh one, once per
            // call, whatever the endpoint (never without one: `may_reask_token`).
            Next::ReaskToken => {
                if let Some(failed) = hook_failed {
                    return self.fail(failed);
                }
                (self.refused, self.reasked) = (true, true);
                return self.attempt(around);
            }
            Next::Retry { delay_ms, asked } => (delay_ms, asked),
            stop => return self.fail(stop.error(error)),
        };
        self.retries += 1;
        if let Some(failed) = hook_failed {
            return self.fail(failed);
        }
        let event = RetryEvent { endpoint, attempt: self.attempt, error, delay_ms, retry_after };
        if let Some(hook) = &opts.on_retry {
            hook(&event);
        }
        // The next attempt asks for a token as any attempt does.
        self.refused = false;
        if !self.hooks.before_retry {
            return self.sleep(delay_ms);
        }
        self.waiting = Waiting::BeforeRetry { delay_ms };
        Action::BeforeRetry { event, ms: self.timeout_ms }
    }

    fn sleep(&mut self, ms: u32) -> Action {
        self.waiting = Waiting::Sleep;
        Action::Sleep { ms }
    }

    /// The call ends with `error`, which says whether an attempt was handed
    /// to the network (the service may then have done the work, whatever the
    /// error says); `on_error` is told first.
    fn fail(&mut self, mut error: ClientError) -> Action {
        error.sent = self.sent > 0;
        if !self.hooks.on_error {
            self.waiting = Waiting::Ended;
            return Action::Failed(error);
        }
        let event = ErrorEvent { endpoint: self.endpoint, attempts: self.sent, error: error.clone() };
        self.waiting = Waiting::OnError(error);
        Action::OnError { event, ms: self.timeout_ms.clamp(1, MAX_TIMER_MS) }
    }
}

/// The client's own headers, which neither its options nor a hook may set:
/// the token and the JSON body's type.
fn own_header(name: &str) -> bool {
    name.eq_ignore_ascii_case("authorization") || name.eq_ignore_ascii_case("content-type")
}

/// What `after_response` failing means for the call. `Err`: it ends now (the
/// hook failed after an answer that completed the call: the error carries
/// that answer); `Ok(Some)`: the hook failed after an error, which stands
/// unless the call would go on, which this failure then stops.
fn after_response_outcome(
    hook: Result<(), ClientError>,
    result: &mut Result<Answer, ClientError>,
) -> Result<Option<ClientError>, ClientError> {
    let Err(mut failed) = hook else { return Ok(None) };
    match result {
        Ok(answer) => {
            failed.message.push_str(" (the service answered: the error's data holds its answer)");
            failed.data = core::mem::take(&mut answer.data);
            Err(failed)
        }
        Err(_) => Ok(Some(failed)),
    }
}

#[cfg(test)]
mod tests;
