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
