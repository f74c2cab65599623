//! Hooks around each attempt of a call, and the token provider (feature
//! `hooks`): for logs, metrics, tracing (`traceparent`) and tokens that
//! expire. The npm package's `hooks` and function `token` are their
//! JavaScript twins: a call's steps ([`crate::call`]) decide every step around
//! both, once (`tests/hook-scenarios.json` holds the two to the same lines).
//! Without the feature, `ClientOptions::on_retry` (a plain callback) is all
//! there is.
//!
//! ```
//! # #[cfg(feature = "hooks")] {
//! use licensing_client::{ClientOptions, Hooks};
//! let hooks = Hooks::new()
//!     .before_request(|event| {
//!         // The bearer token is never in `event.headers` (it reads `Bearer [redacted]`).
//!         vec![("traceparent".into(), format!("00-{:032x}-{:016x}-01", 1, event.attempt))]
//!     })
//!     .after_response(|event| println!("{} {} in {:?} ms", event.endpoint, event.status, event.duration_ms));
//! let options = ClientOptions::new("https://licensing.example.com", "unused")
//!     .with_hooks(hooks)
//!     .with_on_retry(|event| println!("retry in {} ms after {}", event.delay_ms, event.error.kind.as_str()))
//!     .with_token_provider(|request| if request.refused { "fresh-token".into() } else { "cached-token".into() });
//! # }
//! ```
//!
//! Every hook may be async (`*_async`: a boxed future). The token provider and
//! `before_request` are awaited with the attempt's timeout running: one slower
//! than that ends the call (kind `hook`, nothing sent). `after_response` runs
//! once the answer is read, with a whole timeout of its own; if it fails after
//! an answer that completed the call, the error (kind `hook`) carries that
//! answer in [`ClientError::data`](crate::ClientError::data); after an answer that ended the call with an
//! error, that error stands. `before_retry` runs before each retry's wait,
//! with a whole timeout of its own. A hook or provider that fails ends the call
//! with kind `hook`: nothing more is sent, and what was sent is never sent
//! twice. `on_error` is told of the final error; its own failure changes nothing.

use std::future::Future;
use std::pin::Pin;

pub use crate::events::{ErrorEvent, RequestEvent, ResponseEvent, TokenRequest};
use crate::RetryEvent;

/// What a hook or the token provider returns: its value, or why it failed (the
/// text of the call's `hook` error).
pub type HookResult<T> = Result<T, String>;

/// A hook's future (not `Send` in wasm, where JS promises are not).
#[cfg(target_arch = "wasm32")]
pub type HookFuture<T> = Pin<Box<dyn Future<Output = HookResult<T>>>>;
/// A hook's future.
#[cfg(not(target_arch = "wasm32"))]
pub type HookFuture<T> = Pin<Box<dyn Future<Output = HookResult<T>> + Send>>;

/// A hook: called with an event, returns a future (`Rc` in wasm, `Arc` natively).
#[cfg(target_arch = "wasm32")]
pub type Hook<E, T> = std::rc::Rc<dyn Fn(&E) -> HookFuture<T>>;
/// A hook: called with an event, returns a future.
#[cfg(not(target_arch = "wasm32"))]
pub type Hook<E, T> = std::sync::Arc<dyn Fn(&E) -> HookFuture<T> + Send + Sync>;

/// The token provider: called before each attempt; on HTTP 401 once more
/// with `refused`, and the call is sent again once with what it gives.
pub type TokenProvider = Hook<TokenRequest, String>;

/// The hooks around each attempt; each optional.
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct Hooks {
    /// Before each attempt; returns headers to add or replace (not
    /// `Authorization` or `Content-Type`, which are the client's).
    pub before_request: Option<Hook<RequestEvent, Vec<(String, String)>>>,
    /// After each response.
    pub after_response: Option<Hook<ResponseEvent, ()>>,
    /// Before each retry's wait (after [`crate::ClientOptions::on_retry`]);
    /// its failure ends the call (kind `hook`) instead of the retry.
    pub before_retry: Option<Hook<RetryEvent, ()>>,
    /// When the call fails, with its final error (its own failure is ignored).
    pub on_error: Option<Hook<ErrorEvent, ()>>,
}

impl core::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Hooks")
            .field("before_request", &self.before_request.is_some())
            .field("after_response", &self.after_response.is_some())
            .field("before_retry", &self.before_retry.is_some())
            .field("on_error", &self.on_error.is_some())
            .finish()
    }
}

/// A hook from a function returning its future.
#[cfg(target_arch = "wasm32")]
pub fn hook<E: 'static, T: 'static>(f: impl Fn(&E) -> HookFuture<T> + 'static) -> Hook<E, T> {
    std::rc::Rc::new(f)
}
/// A hook from a function returning its future.
#[cfg(not(target_arch = "wasm32"))]
pub fn hook<E: 'static, T: 'static>(f: impl Fn(&E) -> HookFuture<T> + Send + Sync + 'static) -> Hook<E, T> {
    std::sync::Arc::new(f)
}

/// A hook from a plain function (its value at once).
#[cfg(target_arch = "wasm32")]
pub fn sync_hook<E: 'static, T: 'static>(f: impl Fn(&E) -> T + 'static) -> Hook<E, T> {
    hook(move |event: &E| -> HookFuture<T> { Box::pin(core::future::ready(Ok(f(event)))) })
}
/// A hook from a plain function (its value at once).
#[cfg(not(target_arch = "wasm32"))]
pub fn sync_hook<E: 'static, T: Send + 'static>(f: impl Fn(&E) -> T + Send + Sync + 'static) -> Hook<E, T> {
    hook(move |event: &E| -> HookFuture<T> { Box::pin(core::future::ready(Ok(f(event)))) })
}

/// Builders of [`Hooks`] from plain functions; the `*_async` ones take a
/// function returning a [`HookFuture`] (which may fail: kind `hook`).
macro_rules! builders {
    ($($field:ident, $sync:ident, $async:ident, $event:ty, $out:ty, $doc:literal;)*) => {
        #[allow(clippy::unused_unit)] // `-> ()` is what two of them return
        impl Hooks {
            /// No hooks.
            pub fn new() -> Self {
                Self::default()
            }
            $(
                #[doc = $doc]
                #[cfg(target_arch = "wasm32")]
                pub fn $sync(mut self, f: impl Fn(&$event) -> $out + 'static) -> Self {
                    self.$field = Some(sync_hook(f));
                    self
                }
                #[doc = $doc]
                #[cfg(not(target_arch = "wasm32"))]
                pub fn $sync(mut self, f: impl Fn(&$event) -> $out + Send + Sync + 'static) -> Self {
                    self.$field = Some(sync_hook(f));
                    self
                }
                #[doc = $doc]
                #[doc = " Async: its future is awaited with the attempt's timeout running."]
                pub fn $async(mut self, f: Hook<$event, $out>) -> Self {
                    self.$field = Some(f);
                    self
                }
            )*
        }
    };
}

builders! {
    before_request, before_request, before_request_async, RequestEvent, Vec<(String, String)>,
        "Before each attempt; returns headers to add or replace.";
    after_response, after_response, after_response_async, ResponseEvent, (),
        "After each response.";
    before_retry, before_retry, before_retry_async, RetryEvent, (),
        "Before each retry's wait; its failure ends the call instead.";
    on_error, on_error, on_error_async, ErrorEvent, (),
        "When the call fails (its own failure is ignored).";
}
