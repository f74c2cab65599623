//! The typed client of the Licensing Order and Activity Service: validates,
//! sends with the service's auth and nonce, reads its envelopes tolerantly and
//! retries what is safe to retry, over a small [`Transport`]: the global
//! `fetch` in wasm (feature `fetch`: browsers, workers, Node) or reqwest natively
//! (feature `reqwest`: servers, SSR, CLIs), or an in-process simulator for
//! tests (feature `simulator`: [`simulator::SimTransport`]). No JS exports: a Leptos or Yew app
//! depends on this crate and `licensing-core` alone.
//!
//! ```no_run
//! # #[cfg(feature = "reqwest")]
//! # async fn demo() -> Result<(), Box<dyn std::error::Error>> {
//! use licensing_client::{CallOptions, Client, ClientOptions};
//! use licensing_core::model::ShellNumsRequest;
//! use licensing_core::valid::Valid;
//! let client = Client::reqwest(ClientOptions::new("http://127.0.0.1:8787", "dev-order-token"))?;
//! let body = Valid::new(ShellNumsRequest { size: Some(2) })?; // only valid requests go out
//! let numbers = client.shell_nums(&body, &CallOptions::default()).await?;
//! # Ok(()) }
//! ```
//!
//! Retry policy (per endpoint): an ambiguous failure — code 500 ("network
//! exception, retry": the spec does not say the work was not done), a network
//! failure, a timeout, HTTP 429/502/503/504 — is retried only when doing the call
//! twice is safe ([`licensing_core::wire::Endpoint::is_safe_to_repeat`]): the
//! calls the endpoint table marks idempotent (the reads, and the writes that set
//! a state, such as `updateEnterprise`), and those with a repeat key when the
//! body gives one (a `batchOrder` with a non-blank `channelOrderId`: the service
//! answers a repeat with the first result); never the others (`bindEnterprise`,
//! `shellNums`, `joinActivity`) unless the caller says so
//! ([`CallOptions::repeatable`]).
//! Each attempt has a fresh nonce and its own timeout; backoff is exponential
//! with jitter. Every error says whether the request may have reached the
//! service ([`ClientError::sent`]).

#![cfg_attr(docsrs, feature(doc_cfg))]

/// The README's Rust blocks, compiled (and run) as doctests so the README
/// cannot drift from the API.
#[cfg(all(doctest, feature = "reqwest"))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The crate's README (what crates.io shows), compiled as doctests.
#[cfg(all(doctest, feature = "reqwest"))]
#[doc = include_str!("../README.md")]
pub struct CrateReadmeDoctests;

/// The Rust guide's blocks, compiled (and run) as doctests.
#[cfg(all(doctest, feature = "reqwest"))]
#[doc = include_str!("../../../docs/guide/rust.md")]
pub struct RustGuideDoctests;

mod attempts;
pub mod call;
mod call_url;
pub mod clock;
pub mod events;
#[cfg(feature = "js")]
#[cfg_attr(docsrs, doc(cfg(feature = "js")))]
pub mod fetch;
#[cfg(feature = "hooks")]
mod hooked;
#[cfg(feature = "hooks")]
#[cfg_attr(docsrs, doc(cfg(feature = "hooks")))]
pub mod hooks;
#[cfg(feature = "reqwest")]
#[cfg_attr(docsrs, doc(cfg(feature = "reqwest")))]
pub mod native;
mod next_step;
pub mod no_answer;
mod nonce;
mod options;
#[cfg(feature = "outbox")]
#[cfg_attr(docsrs, doc(cfg(feature = "outbox")))]
pub mod recovery;
mod redact;
pub mod sim_session;
#[cfg(feature = "simulator")]
#[cfg_attr(docsrs, doc(cfg(feature = "simulator")))]
pub mod simulator;
mod transport;

use licensing_core::model::*;
use licensing_core::valid::Valid;
use licensing_core::validate::Issue;
use licensing_core::wire::Endpoint;
use serde::de::DeserializeOwned;

pub use call_url::CallUrl;
#[cfg(feature = "hooks")]
pub use hooks::{Hooks, TokenProvider, TokenRequest};
pub use licensing_core::response::{Answer, ClientError, ErrorKind};
pub use options::{
    check_header_bounds, CallOptions, ClientOptions, Phase, RetryEvent, RetryHook, WarningHook, MAX_HEADERS,
    MAX_HEADER_BYTES, MAX_TIMER_MS,
};
pub use redact::redact;
pub use transport::{HttpRequest, HttpResponse, Transport};

/// A request body as a serializer wrote it, for [`Client::send_body`].
#[derive(Debug, Clone, Copy)]
pub enum BodyText<'a> {
    /// The JSON text, and the JSON Pointers where the serializer met NaN or
    /// ±Infinity (which JSON cannot carry) and wrote 0.5 instead.
    Json {
        /// The text to validate and send.
        text: &'a str,
        /// Where NaN or ±Infinity were, in the order met; empty for none.
        non_finite: &'a [String],
    },
    /// The serializer failed (a cycle, a BigInt, a throwing getter or
    /// `toJSON`): what it said.
    Unserializable(&'a str),
}

/// A client of the service over a transport.
#[derive(Debug, Clone)]
pub struct Client<T> {
    opts: ClientOptions,
    transport: T,
}

fn validation_error(message: &str, issues: Vec<Issue>) -> ClientError {
    let mut err = ClientError::new(ErrorKind::Validation, message);
    err.issues = issues;
    err
}

impl<T: Transport> Client<T> {
    /// A client, if its options are usable ([`ClientOptions::check`]).
    pub fn new(opts: ClientOptions, transport: T) -> Result<Self, ClientError> {
        Ok(Self { opts: opts.ready()?, transport })
    }

    /// The options in force.
    pub fn options(&self) -> &ClientOptions {
        &self.opts
    }

    /// Validates a request given as JSON text (under the client's rules
    /// profile), then sends it with retries; the answer's payload (`data` or
    /// `detail`) as the service sent it, with what the reader tolerated (see
    /// [`Answer`]). The text is sent as it is.
    pub async fn send_json(
        &self,
        endpoint: Endpoint,
        body: &str,
        call: &CallOptions<T::Signal>,
    ) -> Result<Answer, ClientError> {
        self.send_body(endpoint, BodyText::Json { text: body, non_finite: &[] }, call).await
    }

    /// [`Client::send_json`] for a body a serializer wrote (the JS client's
    /// one path: the object was read once, by `JSON.stringify`, and exactly
    /// that text is validated and sent). A body it could not write, or wrote
    /// with NaN or ±Infinity in it, is refused (kind `validation`, nothing
    /// sent): the first with why, the client's token redacted from it; the
    /// second with the report of the text as written (0.5 at those places:
    /// each known field's `type` issue) and the places named.
    pub async fn send_body(
        &self,
        endpoint: Endpoint,
        body: BodyText<'_>,
        call: &CallOptions<T::Signal>,
    ) -> Result<Answer, ClientError> {
        // One await for a refusal and a send: each await is a state of the
        // call's future, which the wasm holds once per state.
        self.send_checked(endpoint, self.checked_text(endpoint, body), call).await
    }

    /// The text of `body` to send, once validated as [`Client::send_body`]
    /// validates it (the client's rules profile, locale and messages; its
    /// warnings told to `on_warnings`), or why it is refused (kind
    /// `validation`, nothing sent). An outbox checks a write with it before
    /// storing it.
    pub fn checked_text<'a>(&self, endpoint: Endpoint, body: BodyText<'a>) -> Result<&'a str, ClientError> {
        self.opts.checked_text(endpoint, body)
    }

    /// `text` with the client's token (the one in its options) redacted: for
    /// repeating what the caller's code said. A token provider's tokens are
    /// not known here; what the provider itself says is never repeated.
    pub fn redact(&self, text: &str) -> String {
        redact(text, &self.opts.token)
    }

    /// Sends a validated request to `endpoint` as the text it was validated as,
    /// and reads the payload as `R` (the response types read tolerantly, see
    /// [`licensing_core::model::tolerant`]); `R::default()` when there is none.
    pub async fn send<B, R: DeserializeOwned + Default>(
        &self,
        endpoint: Endpoint,
        body: &Valid<B>,
        call: &CallOptions<T::Signal>,
    ) -> Result<R, ClientError> {
        self.opts.warn(endpoint, Phase::Request, body.warnings());
        let answer = self.send_checked(endpoint, Ok(body.json()), call).await?;
        answer.parse::<R>().map_err(|e| {
            let mut message = String::from("the ");
            message.push_str(endpoint.name());
            message.push_str(" data cannot be read: ");
            message.push_str(&e.to_string());
            ClientError::new(ErrorKind::Decode, message)
        })
    }
}

/// One method per endpoint, written from the endpoint table (`with_endpoints!`,
/// generated by `cargo xtask gen`): the body is already [`Valid`]; the method
/// sends it and reads the payload (`send`: into the result type; `unit`: none;
/// `texts`: strings, a number read as its text, so [`AssetNumber`] parses one).
/// A batch (`appKey` from the options) answered without data resolves to an
/// empty list.
macro_rules! client_methods {
    ($($(#[doc = $doc:literal])* $js:ident => $rust:ident($endpoint:ident, $request:ident) -> $reader:ident $result:ty, $ts_body:literal, $ts_result:literal;)*) => {
        impl<T: Transport> Client<T> {
            $(
                $(#[doc = $doc])*
                pub async fn $rust(
                    &self,
                    body: &Valid<$request>,
                    call: &CallOptions<T::Signal>,
                ) -> Result<$result, ClientError> {
                    client_methods!(@$reader self, Endpoint::$endpoint, body, call)
                }
            )*
        }
    };
    (@send $client:ident, $endpoint:expr, $body:ident, $call:ident) => {
        $client.send($endpoint, $body, $call).await
    };
    (@unit $client:ident, $endpoint:expr, $body:ident, $call:ident) => {
        $client.send::<_, serde_json::Value>($endpoint, $body, $call).await.map(|_| ())
    };
    (@texts $client:ident, $endpoint:expr, $body:ident, $call:ident) => {{
        let values: Vec<serde_json::Value> = $client.send($endpoint, $body, $call).await?;
        Ok(values.iter().filter_map(tolerant::text_of).collect())
    }};
}

licensing_core::with_endpoints!(client_methods);
