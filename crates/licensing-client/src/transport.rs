//! What the client needs of the platform: one HTTP exchange with a timeout and
//! an optional cancel signal, a sleep for the backoff, and random bytes for the
//! nonces. Two implementations ship: [`crate::fetch::FetchTransport`] (the
//! global `fetch` of browsers, workers and Node; feature `fetch`) and
//! [`crate::native::ReqwestTransport`] (reqwest and tokio; feature `reqwest`).
//!
//! ```
//! use licensing_client::{HttpRequest, HttpResponse, Transport};
//! use licensing_core::response::{ClientError, ErrorKind};
//!
//! /// A transport that answers every call with one canned body (a test double).
//! struct Canned(&'static str);
//!
//! impl Transport for Canned {
//!     type Signal = std::convert::Infallible;
//!     async fn send(&self, _: &HttpRequest<'_>, _: u32, _: Option<&Self::Signal>) -> Result<HttpResponse, ClientError> {
//!         Ok(HttpResponse::new(200, self.0))
//!     }
//!     async fn sleep(&self, _: u32, _: Option<&Self::Signal>) -> Result<(), ClientError> {
//!         Ok(())
//!     }
//!     fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
//!         bytes.fill(7);
//!         Ok(())
//!     }
//! }
//! ```

use std::future::Future;

use licensing_core::response::ClientError;
use licensing_core::wire::Method;

/// One HTTP request of a call, as the client built it. Its `Debug` names the
/// headers without their values (`Authorization` carries the token).
#[derive(Clone, Copy)]
#[non_exhaustive]
pub struct HttpRequest<'a> {
    /// GET or POST.
    pub method: Method,
    /// The whole URL: base, path, query with the attempt's `g_nonce`.
    pub url: &'a str,
    /// Every header: `Authorization`, `Content-Type` on POSTs, the caller's own.
    pub headers: &'a [(String, String)],
    /// The JSON text of a POST.
    pub body: Option<&'a str>,
    /// The most bytes of answer to read: past it, a `decode` error.
    pub max_response_bytes: usize,
}

impl core::fmt::Debug for HttpRequest<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &self.headers.iter().map(|(name, _)| name).collect::<Vec<_>>())
            .field("body", &self.body.map(str::len))
            .field("max_response_bytes", &self.max_response_bytes)
            .finish()
    }
}

/// What came back: the HTTP status, the body as text, and the one header the
/// client reads (`Retry-After`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HttpResponse {
    /// The HTTP status (200, 299, …).
    pub status: u16,
    /// The body, UTF-8 text.
    pub body: String,
    /// The `Retry-After` header, as sent (seconds or an HTTP date).
    pub retry_after: Option<String>,
}

impl HttpResponse {
    /// An answer with this status and body (no `Retry-After`).
    pub fn new(status: u16, body: impl Into<String>) -> Self {
        Self { status, body: body.into(), retry_after: None }
    }

    /// With a `Retry-After` header.
    pub fn with_retry_after(mut self, value: impl Into<String>) -> Self {
        self.retry_after = Some(value.into());
        self
    }
}

/// The platform under the client.
pub trait Transport {
    /// What a caller cancels a call with: an `AbortSignal` in browsers; natively
    /// nothing (`Infallible`): drop the call's future instead.
    type Signal;

    /// Whether the caller's `signal` has fired already: a call whose signal
    /// fired before it began ends before its first step (kind `aborted`,
    /// nothing sent, `sent` false). `false` by default: a transport without
    /// signals.
    fn aborted(&self, signal: &Self::Signal) -> bool {
        let _ = signal;
        false
    }

    /// One exchange, ended at `timeout_ms` (kind `timeout`) or when `signal`
    /// fires (kind `aborted`) whatever the runtime does; a failure to connect is
    /// `network`; an answer past `max_response_bytes` or not UTF-8 is `decode`;
    /// a redirect is not followed (kind `http`).
    fn send(
        &self,
        request: &HttpRequest<'_>,
        timeout_ms: u32,
        signal: Option<&Self::Signal>,
    ) -> impl Future<Output = Result<HttpResponse, ClientError>>;

    /// Waits `ms` before a retry, ending early (kind `aborted`) when `signal` fires.
    fn sleep(&self, ms: u32, signal: Option<&Self::Signal>) -> impl Future<Output = Result<(), ClientError>>;

    /// Fills `bytes` from a cryptographic random source (the nonces' 128 bits).
    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError>;

    /// The wall clock in milliseconds since the Unix epoch, if the platform
    /// has one: how long a hook or an exchange took, and what an HTTP-date
    /// `Retry-After` means. Without it (the default), durations are unknown and
    /// a date `Retry-After` is ignored (the backoff applies).
    fn now_ms(&self) -> Option<f64> {
        None
    }
}

/// What the steps need of the platform that does not wait: random bytes (the
/// nonces, the jitter) and the wall clock (what is left of an attempt's time,
/// a hook's duration, a `Retry-After` date). Every transport is one.
pub trait Platform {
    /// Fills `bytes` from a cryptographic random source.
    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError>;
    /// Milliseconds since the Unix epoch, if the platform has a clock.
    fn now_ms(&self) -> Option<f64>;
}

impl<T: Transport> Platform for T {
    fn random(&self, bytes: &mut [u8]) -> Result<(), ClientError> {
        Transport::random(self, bytes)
    }
    fn now_ms(&self) -> Option<f64> {
        Transport::now_ms(self)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn debug_names_the_headers_without_their_values() {
        let headers = [(String::from("Authorization"), String::from("Bearer s3cret"))];
        let request = super::HttpRequest {
            method: licensing_core::wire::Method::Post,
            url: "http://127.0.0.1:1/x",
            headers: &headers,
            body: Some("{}"),
            max_response_bytes: 1,
        };
        let shown = format!("{request:?}");
        assert!(shown.contains("Authorization") && !shown.contains("s3cret"), "{shown}");
    }
}
