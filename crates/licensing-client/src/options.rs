//! A client's options, checked once when the client is made, and a call's.
//!
//! ```
//! use licensing_client::ClientOptions;
//! use licensing_core::validate::Profile;
//! let options = ClientOptions::new("https://licensing.example.com", "app-token")
//!     .with_app_key("app-1")
//!     .with_rules(Profile::Spec)
//!     .with_header("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
//! assert!(options.check().is_ok());
//! let options = options.with_timeout_ms(1 << 31); // past what setTimeout keeps: it would fire at once
//! assert!(options.check().unwrap_err().message.contains("timeoutMs"));
//! ```

use licensing_core::response::{ClientError, ErrorKind};
use std::sync::Arc;

use licensing_core::validate::{self, itoa_u64, Catalogue, Issue, Locale, Options, Profile};
use licensing_core::wire::Endpoint;

use crate::events::{ClientEvent, EventHook};
use crate::{redact, BodyText};

#[cfg(feature = "hooks")]
use crate::hooks::{Hooks, TokenProvider, TokenRequest};

/// Which side of a call warnings come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Phase {
    /// The request's validation: warnings it was sent with.
    Request,
    /// The answer's reading: what the tolerant reader let through.
    Response,
}

impl Phase {
    /// `request` or `response`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Request => "request",
            Self::Response => "response",
        }
    }
}

/// A callback for warnings: `(endpoint, phase, warnings)`, called only when there
/// are some. It is for logs and debugging; it cannot fail a call. (`Rc` in wasm,
/// which has one thread and whose JS callbacks cannot be sent; `Arc` natively.)
#[cfg(target_arch = "wasm32")]
pub type WarningHook = std::rc::Rc<dyn Fn(Endpoint, Phase, &[Issue])>;
/// A callback for warnings: `(endpoint, phase, warnings)`, called only when there
/// are some. It is for logs and debugging; it cannot fail a call.
#[cfg(not(target_arch = "wasm32"))]
pub type WarningHook = std::sync::Arc<dyn Fn(Endpoint, Phase, &[Issue]) + Send + Sync>;

/// Before a retry: why, and how long the client waits.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RetryEvent {
    /// The endpoint called.
    pub endpoint: Endpoint,
    /// The attempt that failed.
    pub attempt: u32,
    /// Why it failed (kind, status, code; never the token).
    pub error: ClientError,
    /// The wait chosen: the backoff, or the service's `Retry-After` when longer.
    pub delay_ms: u32,
    /// Whether the service's `Retry-After` chose the wait (it was longer than the backoff).
    pub retry_after: bool,
}

/// A callback before each retry's wait: why, and how long. For logs and
/// metrics; it cannot change the call. (`Rc` in wasm, `Arc` natively.)
#[cfg(target_arch = "wasm32")]
pub type RetryHook = std::rc::Rc<dyn Fn(&RetryEvent)>;
/// A callback before each retry's wait: why, and how long.
#[cfg(not(target_arch = "wasm32"))]
pub type RetryHook = std::sync::Arc<dyn Fn(&RetryEvent) + Send + Sync>;

/// The longest timer `setTimeout` keeps: a longer delay fires at once.
pub const MAX_TIMER_MS: u32 = (1 << 31) - 1;

/// Options of a client.
#[derive(Clone)]
#[non_exhaustive]
pub struct ClientOptions {
    /// Absolute base address, e.g. `https://licensing.example.com` (absolute is
    /// required in Node, which has no page to resolve against).
    pub base_url: String,
    /// The application access token (sent as `Authorization: Bearer …`, never logged).
    pub token: String,
    /// The integrator's app key, sent by `batchOrder`.
    pub app_key: Option<String>,
    /// Per-attempt timeout.
    pub timeout_ms: u32,
    /// Retries after the first attempt (when the policy allows).
    pub max_retries: u32,
    /// Backoff: the first wait is from it to twice it (half fixed, half
    /// random), doubled per retry, capped at 10 s.
    pub retry_base_ms: u32,
    /// Language of validation messages (not read when `messages` is set).
    pub locale: Locale,
    /// The portal's own validation messages (a checked catalogue: overrides
    /// of a built-in locale, or a new locale).
    pub messages: Option<Arc<Catalogue>>,
    /// Which requests [`crate::Client::send_json`] refuses to send: those with
    /// errors under this rules profile (`Recommended` by default; `Spec` sends
    /// whatever the spec allows, with the inferred rules' issues as warnings).
    pub rules: Profile,
    /// Called with the warnings of a request it sends and of an answer it reads.
    pub on_warnings: Option<WarningHook>,
    /// Largest answer read, in bytes; a larger one is a `decode` error (the
    /// service has answered, so it is not retried as a network failure).
    pub max_response_bytes: usize,
    /// Extra headers on every call (tracing, the simulator's `x-sim-fault`);
    /// `Authorization` and `Content-Type` are the client's own and cannot be set here.
    pub headers: Vec<(String, String)>,
    /// Called before each retry's wait, with why and how long.
    pub on_retry: Option<RetryHook>,
    /// Called with every event of every call ([`crate::events::CallEvent`]):
    /// what a tool watches without wiring each hook.
    pub on_event: Option<EventHook>,
    /// Hooks around each attempt ([`Hooks`]; feature `hooks`).
    #[cfg(feature = "hooks")]
    pub hooks: Hooks,
    /// Where the token comes from when it can change (feature `hooks`):
    /// called before each attempt, and once more with `refused` after an
    /// HTTP 401 (then `token` is not used).
    #[cfg(feature = "hooks")]
    pub token_provider: Option<TokenProvider>,
}

/// The most headers the `headers` option, or one `beforeRequest` hook's
/// answer, may set: far more than any tracing or gateway needs, and few enough
/// that checking them costs nothing next to the call.
pub const MAX_HEADERS: usize = 64;

/// The most bytes (names and values) of those headers: 16 KiB, the request
/// head Node's HTTP server accepts whole by default (`maxHeaderSize`); a
/// larger set would be refused by the server instead, after the call left.
pub const MAX_HEADER_BYTES: usize = 16 << 10;

/// Whether `count` headers of `bytes` bytes (names and values) are within
/// [`MAX_HEADERS`] and [`MAX_HEADER_BYTES`]; if not, why (e.g. `100000
/// headers, more than 64`). The client checks its `headers` option and each
/// `beforeRequest` answer with it; a reader of such headers may call it first,
/// to stop before reading them all.
pub fn check_header_bounds(count: usize, bytes: usize) -> Result<(), String> {
    let (given, what, bound) = if count > MAX_HEADERS {
        (count, " headers, more than ", MAX_HEADERS)
    } else if bytes > MAX_HEADER_BYTES {
        (bytes, " bytes of headers, more than ", MAX_HEADER_BYTES)
    } else {
        return Ok(());
    };
    let mut why = licensing_core::validate::itoa_u64(given as u64);
    why.push_str(what);
    why.push_str(&licensing_core::validate::itoa_u64(bound as u64));
    Err(why)
}

/// [`check_header_bounds`] for headers in hand: their count and their names' and
/// values' bytes.
pub(crate) fn check_headers(headers: &[(String, String)]) -> Result<(), String> {
    check_header_bounds(headers.len(), headers.iter().map(|(k, v)| k.len() + v.len()).sum())
}

/// A token the service can carry: visible ASCII, not empty.
pub(crate) fn token_ok(token: &str) -> bool {
    !token.is_empty() && token.bytes().all(|b| b.is_ascii_graphic())
}

/// Request headers the Fetch standard forbids or the platform owns (the
/// body's framing, the connection): `fetch` drops or refuses them, so a client
/// refuses them first, whatever its transport. `Proxy-*` and
/// `Sec-*` too.
pub(crate) const PLATFORM_HEADERS: [&str; 21] = [
    "accept-charset",
    "accept-encoding",
    "access-control-request-headers",
    "access-control-request-method",
    "connection",
    "content-length",
    "cookie",
    "cookie2",
    "date",
    "dnt",
    "expect",
    "host",
    "keep-alive",
    "origin",
    "referer",
    "set-cookie",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "via",
];

/// An HTTP token (RFC 9110), as header names are, that is not one of the
/// [`PLATFORM_HEADERS`] (nor `Proxy-*`, `Sec-*`).
pub(crate) fn header_name_ok(name: &str) -> bool {
    let token_char = |b: u8| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b);
    !name.is_empty() && name.bytes().all(token_char) && !platform_header(name)
}

/// One of the [`PLATFORM_HEADERS`], or `Proxy-*`, `Sec-*`: the platform's to set.
pub(crate) fn platform_header(name: &str) -> bool {
    let starts = |prefix: &str| name.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix));
    PLATFORM_HEADERS.iter().any(|h| h.eq_ignore_ascii_case(name)) || starts("proxy-") || starts("sec-")
}

/// A header value without control characters (tabs allowed).
pub(crate) fn header_value_ok(value: &str) -> bool {
    value.bytes().all(|b| b == b'\t' || (b' '..=b'~').contains(&b))
}

impl ClientOptions {
    /// Default [`ClientOptions::max_response_bytes`]: 32 MiB.
    pub const DEFAULT_MAX_RESPONSE_BYTES: usize = 32 << 20;

    /// Options with the defaults: 30 s timeout, 2 retries, 200 ms first backoff.
    pub fn new(base_url: impl Into<String>, token: impl Into<String>) -> Self {
        Self {
            base_url: base_url.into(),
            token: token.into(),
            app_key: None,
            timeout_ms: 30_000,
            max_retries: 2,
            retry_base_ms: 200,
            locale: Locale::En,
            messages: None,
            rules: Profile::Recommended,
            on_warnings: None,
            max_response_bytes: Self::DEFAULT_MAX_RESPONSE_BYTES,
            headers: Vec::new(),
            on_retry: None,
            on_event: None,
            #[cfg(feature = "hooks")]
            hooks: Hooks::default(),
            #[cfg(feature = "hooks")]
            token_provider: None,
        }
    }

    /// With a callback before each retry's wait.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_on_retry(mut self, f: impl Fn(&RetryEvent) + Send + Sync + 'static) -> Self {
        self.on_retry = Some(std::sync::Arc::new(f));
        self
    }

    /// With a callback before each retry's wait.
    #[cfg(target_arch = "wasm32")]
    pub fn with_on_retry(mut self, f: impl Fn(&RetryEvent) + 'static) -> Self {
        self.on_retry = Some(std::rc::Rc::new(f));
        self
    }

    /// With a callback for every event of every call ([`crate::events`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn with_on_event(mut self, f: impl Fn(&ClientEvent<'_>) + Send + Sync + 'static) -> Self {
        self.on_event = Some(std::sync::Arc::new(f));
        self
    }

    /// With a callback for every event of every call ([`crate::events`]).
    #[cfg(target_arch = "wasm32")]
    pub fn with_on_event(mut self, f: impl Fn(&ClientEvent<'_>) + 'static) -> Self {
        self.on_event = Some(std::rc::Rc::new(f));
        self
    }

    /// With these hooks around each attempt.
    #[cfg(feature = "hooks")]
    pub fn with_hooks(mut self, hooks: Hooks) -> Self {
        self.hooks = hooks;
        self
    }

    /// With a token provider that returns the token at once (see
    /// [`ClientOptions::token_provider`]).
    #[cfg(all(feature = "hooks", not(target_arch = "wasm32")))]
    pub fn with_token_provider(mut self, f: impl Fn(&TokenRequest) -> String + Send + Sync + 'static) -> Self {
        self.token_provider = Some(crate::hooks::sync_hook(f));
        self
    }

    /// With a token provider that returns the token at once (see
    /// [`ClientOptions::token_provider`]).
    #[cfg(all(feature = "hooks", target_arch = "wasm32"))]
    pub fn with_token_provider(mut self, f: impl Fn(&TokenRequest) -> String + 'static) -> Self {
        self.token_provider = Some(crate::hooks::sync_hook(f));
        self
    }

    /// With an async token provider (a fetch of a fresh token, say).
    #[cfg(feature = "hooks")]
    pub fn with_token_provider_async(mut self, provider: TokenProvider) -> Self {
        self.token_provider = Some(provider);
        self
    }

    /// With the integrator's app key (sent by `batchOrder`).
    pub fn with_app_key(mut self, app_key: impl Into<String>) -> Self {
        self.app_key = Some(app_key.into());
        self
    }

    /// With a per-attempt timeout.
    pub fn with_timeout_ms(mut self, timeout_ms: u32) -> Self {
        self.timeout_ms = timeout_ms;
        self
    }

    /// With at most this many retries after the first attempt.
    pub fn with_max_retries(mut self, max_retries: u32) -> Self {
        self.max_retries = max_retries;
        self
    }

    /// With this first backoff (it doubles per retry, with jitter).
    pub fn with_retry_base_ms(mut self, retry_base_ms: u32) -> Self {
        self.retry_base_ms = retry_base_ms;
        self
    }

    /// With validation messages in this language.
    pub fn with_locale(mut self, locale: Locale) -> Self {
        self.locale = locale;
        self
    }

    /// With the portal's own validation messages, which then decide the language.
    pub fn with_messages(mut self, messages: impl Into<Arc<Catalogue>>) -> Self {
        self.messages = Some(messages.into());
        self
    }

    /// The options the client validates requests with.
    pub fn validation(&self) -> Options {
        let opts = Options::default().with_locale(self.locale).with_rules(self.rules);
        match &self.messages {
            Some(messages) => opts.with_messages(Arc::clone(messages)),
            None => opts,
        }
    }

    /// With this rules profile deciding which requests are refused.
    pub fn with_rules(mut self, rules: Profile) -> Self {
        self.rules = rules;
        self
    }

    /// With a callback for the warnings of requests sent and answers read.
    pub fn with_on_warnings(mut self, hook: WarningHook) -> Self {
        self.on_warnings = Some(hook);
        self
    }

    /// With this bound on the bytes of an answer.
    pub fn with_max_response_bytes(mut self, max_response_bytes: usize) -> Self {
        self.max_response_bytes = max_response_bytes;
        self
    }

    /// With one more header on every call (checked by [`ClientOptions::check`]).
    pub fn with_header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// `Ok` if the options are usable: an absolute `http(s)://` base URL
    /// without credentials, query or fragment; a token of visible ASCII; header
    /// names and values that can be sent; timers within what `setTimeout` keeps
    /// (2³¹ − 1 ms); at most 10 retries. The errors name the option, never its
    /// value.
    pub fn check(&self) -> Result<(), ClientError> {
        let mut base = self.base_url.as_str();
        // Not `trim_end_matches`: its reverse char searcher is 0.7 KB of wasm.
        while let Some(rest) = base.strip_suffix("/") {
            base = rest;
        }
        let after_scheme = base.strip_prefix("http://").or_else(|| base.strip_prefix("https://"));
        let authority = after_scheme.map_or("", |rest| rest.split('/').next().unwrap_or(""));
        if authority.is_empty() {
            return Err(invalid("baseUrl must be an absolute http:// or https:// URL"));
        }
        if authority.contains('@') {
            return Err(invalid("baseUrl must not carry credentials (user:password@): use the token"));
        }
        if base.contains(['?', '#']) || base.bytes().any(|b| !b.is_ascii_graphic()) {
            return Err(invalid("baseUrl must be a plain URL: no query, fragment, spaces or control characters"));
        }
        #[cfg(feature = "hooks")]
        let provided = self.token_provider.is_some();
        #[cfg(not(feature = "hooks"))]
        let provided = false;
        if !provided && !token_ok(&self.token) {
            return Err(invalid(
                "token must be visible ASCII characters (no spaces, line breaks or control characters)",
            ));
        }
        check_headers(&self.headers).map_err(|why| invalid(&(String::from("headers: ") + &why)))?;
        for (name, value) in &self.headers {
            if platform_header(name) {
                // Named: a platform header (`Host`, `Cookie`, `Sec-*`) is a
                // token, so "not a token" would send the caller looking elsewhere.
                let mut message = String::from("headers: ");
                message.push_str(name);
                message.push_str(" is the platform's to set, not an option's");
                return Err(invalid(&message));
            }
            if !header_name_ok(name) {
                return Err(invalid("headers: a header name is not an HTTP token"));
            }
            if !header_value_ok(value) {
                let mut message = String::from("headers: the value of ");
                message.push_str(name);
                message.push_str(" has characters a header cannot carry");
                return Err(invalid(&message));
            }
        }
        check_range("timeoutMs", self.timeout_ms, 1, MAX_TIMER_MS)?;
        check_range("retryBaseMs", self.retry_base_ms, 1, 10_000)?;
        check_range("maxRetries", self.max_retries, 0, 10)?;
        if self.max_response_bytes == 0 {
            return Err(invalid("maxResponseBytes must be at least 1"));
        }
        Ok(())
    }
}

/// What a client does with its options before its first call, and with each
/// body; in one place for every driver of a call's steps ([`crate::call`]).
impl ClientOptions {
    /// The options checked ([`ClientOptions::check`]), the base URL without
    /// its trailing slashes: what a client keeps.
    pub fn ready(mut self) -> Result<Self, ClientError> {
        self.check()?;
        // Not `trim_end_matches`: its pattern machinery costs 0.2 KB of wasm.
        while self.base_url.ends_with('/') {
            self.base_url.pop();
        }
        Ok(self)
    }

    /// Tells `on_warnings` of a request's or an answer's warnings, if any.
    pub(crate) fn warn(&self, endpoint: Endpoint, phase: Phase, warnings: &[Issue]) {
        if let (Some(hook), false) = (&self.on_warnings, warnings.is_empty()) {
            hook(endpoint, phase, warnings);
        }
    }

    /// The text of `body` to send, once validated as a client validates it
    /// (these options' rules profile, locale and messages; its warnings told
    /// to `on_warnings`), or why it is refused (kind `validation`, nothing
    /// sent). See [`crate::Client::checked_text`].
    pub fn checked_text<'a>(&self, endpoint: Endpoint, body: BodyText<'a>) -> Result<&'a str, ClientError> {
        let (text, non_finite) = match body {
            BodyText::Json { text, non_finite } => (text, non_finite),
            BodyText::Unserializable(reason) => {
                let message = String::from("the body cannot be sent as JSON: ") + &redact(reason, &self.token);
                let message = licensing_core::validate::excerpt(&message, licensing_core::response::MAX_ERROR_TEXT);
                return Err(ClientError::new(ErrorKind::Validation, message));
            }
        };
        let opts = self.validation();
        let report = validate::validate_json(endpoint, text, &opts);
        if report.valid && non_finite.is_empty() {
            self.warn(endpoint, Phase::Request, &report.issues);
            return Ok(text);
        }
        let mut message = String::from("invalid ");
        message.push_str(endpoint.name());
        message.push_str(" request");
        if !non_finite.is_empty() {
            message.push_str(": NaN or Infinity at ");
            for (i, pointer) in non_finite.iter().enumerate() {
                if i > 0 {
                    message.push_str(", ");
                }
                // The empty pointer: the body itself was NaN.
                message.push_str(if pointer.is_empty() { "(the body)" } else { pointer });
            }
            message.push_str(", which JSON cannot carry");
        } else if let Some(first) = report.first_error_line() {
            message.push_str(": ");
            message.push_str(&first);
        }
        let message = licensing_core::validate::excerpt(&message, licensing_core::response::MAX_ERROR_TEXT);
        Err(crate::validation_error(&message, report.issues))
    }
}

impl core::fmt::Debug for ClientOptions {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // Never the token, nor header values (they may hold credentials).
        f.debug_struct("ClientOptions")
            .field("base_url", &self.base_url)
            .field("token", &"[redacted]")
            .field("app_key", &self.app_key)
            .field("timeout_ms", &self.timeout_ms)
            .field("max_retries", &self.max_retries)
            .field("retry_base_ms", &self.retry_base_ms)
            .field("locale", &self.locale)
            .field("messages", &self.messages.as_deref().map(Catalogue::locale))
            .field("rules", &self.rules)
            .field("on_warnings", &self.on_warnings.is_some())
            .field("max_response_bytes", &self.max_response_bytes)
            .field("headers", &self.headers.iter().map(|(k, _)| k).collect::<Vec<_>>())
            .field("on_retry", &self.on_retry.is_some())
            .field("on_event", &self.on_event.is_some())
            .finish_non_exhaustive()
    }
}

/// Per-call options: a cancel signal of the transport's kind (an `AbortSignal`
/// with the `fetch` transport, the `fetch` feature) and a timeout of this call's own.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct CallOptions<S> {
    /// Ends the call (kind `aborted`) when it fires, during a request or a backoff.
    pub signal: Option<S>,
    /// This call's per-attempt timeout instead of the client's.
    pub timeout_ms: Option<u32>,
    /// The caller's word that this call may be done twice (numbers from
    /// `shellNums` that may be wasted, a claim that may be refused as a
    /// repeat): it is then retried after ambiguous failures as the
    /// idempotent calls are (see [`licensing_core::wire::Endpoint::is_safe_to_repeat`]).
    pub repeatable: bool,
}

impl<S> Default for CallOptions<S> {
    fn default() -> Self {
        Self { signal: None, timeout_ms: None, repeatable: false }
    }
}

impl<S> CallOptions<S> {
    /// Options that end the call when `signal` fires.
    pub fn with_signal(mut self, signal: S) -> Self {
        self.signal = Some(signal);
        self
    }

    /// Options with this call's own per-attempt timeout.
    pub fn with_timeout_ms(mut self, timeout_ms: u32) -> Self {
        self.timeout_ms = Some(timeout_ms);
        self
    }

    /// Options that let this call be retried after ambiguous failures
    /// whatever its endpoint ([`CallOptions::repeatable`]).
    pub fn repeatable(mut self) -> Self {
        self.repeatable = true;
        self
    }
}

fn invalid(message: &str) -> ClientError {
    ClientError::new(ErrorKind::Validation, message)
}

/// `Ok` when `value` is within `min..=max`; else a validation error naming the option.
pub(crate) fn check_range(name: &str, value: u32, min: u32, max: u32) -> Result<(), ClientError> {
    if (min..=max).contains(&value) {
        return Ok(());
    }
    let mut message = String::from(name);
    message.push_str(" must be an integer from ");
    message.push_str(&itoa_u64(u64::from(min)));
    message.push_str(" to ");
    message.push_str(&itoa_u64(u64::from(max)));
    Err(invalid(&message))
}
