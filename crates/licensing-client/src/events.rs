//! What the token provider and the hooks are shown (also `hooks::*` with the
//! feature `hooks`). The call's steps (`call/`) make them, and whoever carries
//! the steps out shows them to its hooks: the Rust client's `Hooks`, or the
//! npm package's JavaScript functions.

use licensing_core::response::ClientError;
use licensing_core::wire::{Endpoint, Method};

/// Before each attempt: what will be sent.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct RequestEvent {
    /// The endpoint called.
    pub endpoint: Endpoint,
    /// 1 for the first attempt, 2 for the first retry, …
    pub attempt: u32,
    /// GET or POST.
    pub method: Method,
    /// The URL, with this attempt's `g_nonce`.
    pub url: String,
    /// The headers, `Authorization` as `Bearer [redacted]`.
    pub headers: Vec<(String, String)>,
}

/// After each response (whatever its status).
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ResponseEvent {
    /// The endpoint called.
    pub endpoint: Endpoint,
    /// The attempt it answers.
    pub attempt: u32,
    /// The HTTP status.
    pub status: u16,
    /// From the attempt's start to the whole answer read (when the platform has a clock).
    pub duration_ms: Option<f64>,
    /// The envelope's code: `code` (order module) or `resultCode` (activity),
    /// when the answer has one.
    pub code: Option<String>,
}

/// The call's final error.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct ErrorEvent {
    /// The endpoint called.
    pub endpoint: Endpoint,
    /// How many attempts were sent (0 when none was: validation, options, a hook).
    pub attempts: u32,
    /// The error the call ends with.
    pub error: ClientError,
}

/// What the token provider is asked.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct TokenRequest {
    /// The endpoint about to be called.
    pub endpoint: Endpoint,
    /// The attempt about to be sent.
    pub attempt: u32,
    /// Whether the service refused the last token (HTTP 401): give a fresh one.
    pub refused: bool,
}

/// A hook, or the token provider, as a [`CallEvent::Hook`] names it (the npm
/// package's step names).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HookName {
    /// The token provider.
    Token,
    /// `before_request`.
    BeforeRequest,
    /// `after_response`.
    AfterResponse,
    /// `before_retry`.
    BeforeRetry,
    /// `on_error`.
    OnError,
}

impl HookName {
    /// `token`, `beforeRequest`, `afterResponse`, `beforeRetry` or `onError`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Token => "token",
            Self::BeforeRequest => "beforeRequest",
            Self::AfterResponse => "afterResponse",
            Self::BeforeRetry => "beforeRetry",
            Self::OnError => "onError",
        }
    }
}

/// How a caller's hook (or the token provider) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum HookEnd {
    /// It settled with a value.
    Ok,
    /// It threw or rejected.
    Failed,
    /// It did not settle in the time it was given.
    TimedOut,
    /// The caller's signal fired first.
    Aborted,
}

impl HookEnd {
    /// `ok`, `failed`, `timedOut` or `aborted`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Failed => "failed",
            Self::TimedOut => "timedOut",
            Self::Aborted => "aborted",
        }
    }
}

/// What a call did, one event at a time, in order: what a tool watches (a
/// devtools panel, spans, a log) without wiring each hook. The same events
/// in the same order as the npm package's stream (`watch`), for the same
/// steps: both carriers announce the steps of licensing-client's `call`. No
/// token and no header value is in any of them.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum CallEvent<'a> {
    /// The call began (before validation).
    Call {
        /// The endpoint called.
        endpoint: Endpoint,
    },
    /// The token provider is asked for an attempt's token.
    Token {
        /// The attempt about to be sent.
        attempt: u32,
        /// Whether the service refused the last token.
        refused: bool,
    },
    /// An attempt is about to be sent (before `before_request`).
    Request {
        /// 1 for the first attempt, 2 for the next, …
        attempt: u32,
        /// GET or POST.
        method: Method,
        /// The URL, with this attempt's `g_nonce`.
        url: &'a str,
    },
    /// An answer came (whatever its status).
    Response {
        /// The attempt it answers.
        attempt: u32,
        /// The HTTP status.
        status: u16,
        /// The envelope's code, when the answer has one.
        code: Option<&'a str>,
        /// From the attempt's start to the whole answer read (with a clock).
        duration_ms: Option<f64>,
    },
    /// The attempt failed and the call waits, then tries again.
    Retry {
        /// The attempt that failed.
        attempt: u32,
        /// Why (kind, status, code, message; never the token).
        error: &'a ClientError,
        /// How long it waits.
        delay_ms: u32,
        /// Whether the service's `Retry-After` chose the wait (else the backoff did).
        retry_after: bool,
    },
    /// A caller's hook, or the token provider, ended.
    Hook {
        /// Which.
        hook: HookName,
        /// The attempt it ran for (the attempts sent, for `on_error`).
        attempt: u32,
        /// How.
        ended: HookEnd,
    },
    /// The call failed: validation's report in `error.issues` when it refused the body.
    Failed {
        /// Attempts sent (0 when none was).
        attempts: u32,
        /// The error the call ends with.
        error: &'a ClientError,
    },
    /// The call succeeded.
    Done {
        /// Attempts sent.
        attempts: u32,
    },
}

impl CallEvent<'_> {
    /// The event's name: `call`, `token`, `request`, `response`, `retry`,
    /// `hook`, `failed` or `done` (the npm package's `type`).
    pub fn name(&self) -> &'static str {
        match self {
            Self::Call { .. } => "call",
            Self::Token { .. } => "token",
            Self::Request { .. } => "request",
            Self::Response { .. } => "response",
            Self::Retry { .. } => "retry",
            Self::Hook { .. } => "hook",
            Self::Failed { .. } => "failed",
            Self::Done { .. } => "done",
        }
    }
}

/// One event of the stream: which call (numbered from 1 in the process, in
/// the order calls begin), which endpoint, when (the transport's clock, when
/// it has one) and what.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct ClientEvent<'a> {
    /// The call's number.
    pub call: u64,
    /// The endpoint called.
    pub endpoint: Endpoint,
    /// Milliseconds since the Unix epoch, when the platform has a clock.
    pub at_ms: Option<f64>,
    /// What happened.
    pub event: CallEvent<'a>,
}

/// What [`crate::ClientOptions::on_event`] is: called with every event of
/// every call of the client, synchronously, in order. It cannot change a
/// call. (`Rc` in wasm, `Arc` natively.)
#[cfg(target_arch = "wasm32")]
pub type EventHook = std::rc::Rc<dyn Fn(&ClientEvent<'_>)>;
/// What [`crate::ClientOptions::on_event`] is: called with every event of
/// every call of the client, synchronously, in order. It cannot change a call.
#[cfg(not(target_arch = "wasm32"))]
pub type EventHook = std::sync::Arc<dyn Fn(&ClientEvent<'_>) + Send + Sync>;

/// The next call's number.
pub(crate) fn next_call_number() -> u64 {
    use core::sync::atomic::{AtomicU64, Ordering};
    static CALLS: AtomicU64 = AtomicU64::new(1);
    CALLS.fetch_add(1, Ordering::Relaxed)
}
