//! The hooks' steps of an attempt (feature `hooks`): the token provider,
//! `before_request`, `after_response` and `on_error`, each awaited with the
//! attempt's time left; a failure ends the call with kind `hook`.

use core::future::Future;
use core::pin::pin;
use core::task::Poll;

use licensing_core::model::{result_code, BusinessCode};
use licensing_core::response::{Answer, ClientError, ErrorKind};
use licensing_core::validate::itoa_u64;
use licensing_core::wire::{Endpoint, Module};

use crate::hooks::{ErrorEvent, HookFuture, RequestEvent, ResponseEvent, TokenRequest};
use crate::options::{check_headers, header_name_ok, header_value_ok, platform_header, token_ok, MAX_TIMER_MS};
use crate::redact::redact_into;
use crate::RetryEvent;
use crate::{CallOptions, Client, Transport};

/// What the headers show hooks instead of the token.
const REDACTED: &str = "Bearer [redacted]";

/// The first of two futures to finish.
enum First<A, B> {
    Left(A),
    Right(B),
}

/// Polls both; the first ready wins (the other is dropped). Hand-written: a
/// dozen lines instead of the `futures` crate.
async fn first<A: Future, B: Future>(a: A, b: B) -> First<A::Output, B::Output> {
    let (mut a, mut b) = (pin!(a), pin!(b));
    core::future::poll_fn(|cx| {
        if let Poll::Ready(x) = a.as_mut().poll(cx) {
            return Poll::Ready(First::Left(x));
        }
        if let Poll::Ready(y) = b.as_mut().poll(cx) {
            return Poll::Ready(First::Right(y));
        }
        Poll::Pending
    })
    .await
}

/// A failure of a hook or of the token provider (kind `hook`), the token
/// scrubbed from what it said.
fn hook_error(what: &str, detail: &str, token: &str) -> ClientError {
    let mut message = String::from(what);
    message.push(' ');
    redact_into(&mut message, detail, token);
    let message = licensing_core::validate::excerpt(&message, licensing_core::response::MAX_ERROR_TEXT);
    ClientError::new(ErrorKind::Hook, message)
}

/// What any hook gives, so that one (non-generic) `within` awaits them all:
/// each generic instance of it carried its own copy of the timer's future.
enum HookValue {
    Unit,
    Token(String),
    Headers(Vec<(String, String)>),
}

#[cfg(target_arch = "wasm32")]
type AnyHookFuture = core::pin::Pin<Box<dyn Future<Output = Result<HookValue, String>>>>;
#[cfg(not(target_arch = "wasm32"))]
type AnyHookFuture = core::pin::Pin<Box<dyn Future<Output = Result<HookValue, String>> + Send>>;

/// A hook's future as an [`AnyHookFuture`].
fn any<T: 'static>(future: HookFuture<T>, wrap: fn(T) -> HookValue) -> AnyHookFuture {
    Box::pin(async move { future.await.map(wrap) })
}

impl<T: Transport> Client<T> {
    /// Awaits a hook's future with `ms` left of the attempt's time: its
    /// failure, or its not settling in time, ends the call (kind `hook`,
    /// naming the attempt's timeout); the
    /// caller's signal ends it too (kind `aborted`). What a failing hook says
    /// is repeated with `token` scrubbed from it; with no token to scrub
    /// (`None`: the token provider, whose answer is the token), not at all.
    async fn within(
        &self,
        future: AnyHookFuture,
        ms: u32,
        call: &CallOptions<T::Signal>,
        what: &str,
        token: Option<&str>,
    ) -> Result<HookValue, ClientError> {
        match first(future, self.transport.sleep(ms, call.signal.as_ref())).await {
            First::Left(Ok(value)) => Ok(value),
            First::Left(Err(reason)) => Err(match token {
                Some(token) => hook_error(what, &(String::from("failed: ") + &reason), token),
                None => hook_error(what, "failed", ""),
            }),
            First::Right(Ok(())) => {
                // The attempt's whole timeout, not the `ms` left of it: the
                // message names what the caller set (the time left depends on load).
                let timeout = self.attempt_timeout_ms(call).clamp(1, MAX_TIMER_MS);
                let mut detail = String::from("did not settle within ");
                detail.push_str(&itoa_u64(u64::from(timeout)));
                detail.push_str(" ms (the attempt's timeout)");
                Err(hook_error(what, &detail, token.unwrap_or_default()))
            }
            First::Right(Err(aborted)) => Err(aborted),
        }
    }

    /// Tells `on_error` of the call's final error; what the hook does is not
    /// the call's business any more.
    pub(crate) async fn on_error(
        &self,
        endpoint: Endpoint,
        attempts: u32,
        error: ClientError,
        call: &CallOptions<T::Signal>,
    ) -> ClientError {
        if let Some(hook) = &self.opts.hooks.on_error {
            let event = ErrorEvent { endpoint, attempts, error: error.clone() };
            let timeout = self.attempt_timeout_ms(call).clamp(1, MAX_TIMER_MS);
            let _ = self.within(any(hook(&event), |()| HookValue::Unit), timeout, call, "the onError hook", None).await;
        }
        error
    }

    /// The token of an attempt: the client's, or the provider's.
    pub(crate) async fn token(
        &self,
        endpoint: Endpoint,
        attempt: u32,
        refused: bool,
        ms: u32,
        call: &CallOptions<T::Signal>,
    ) -> Result<String, ClientError> {
        let Some(provider) = &self.opts.token_provider else { return Ok(self.opts.token.clone()) };
        let request = TokenRequest { endpoint, attempt, refused };
        // What a provider says when it fails is not repeated: it may hold a token.
        let given =
            self.within(any(provider(&request), HookValue::Token), ms, call, "the token provider", None).await?;
        match given {
            HookValue::Token(token) if token_ok(&token) => Ok(token),
            _ => Err(hook_error("the token provider", "gave a token that is empty or not visible ASCII", "")),
        }
    }

    /// `before_request`: shows the attempt (the token redacted) and applies the
    /// headers it returns (not the client's own).
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn before_request(
        &self,
        endpoint: Endpoint,
        attempt: u32,
        url: &str,
        post: bool,
        headers: &mut Vec<(String, String)>,
        ms: u32,
        call: &CallOptions<T::Signal>,
        token: &str,
    ) -> Result<(), ClientError> {
        let Some(hook) = &self.opts.hooks.before_request else { return Ok(()) };
        let mut shown = headers.clone();
        shown.push((String::from("Authorization"), String::from(REDACTED)));
        if post {
            shown.push((String::from("Content-Type"), String::from("application/json")));
        }
        let event = RequestEvent { endpoint, attempt, method: endpoint.method(), url: url.to_owned(), headers: shown };
        let given =
            self.within(any(hook(&event), HookValue::Headers), ms, call, "the beforeRequest hook", Some(token)).await?;
        let HookValue::Headers(edits) = given else { return Ok(()) };
        // Bounded before anything else is done with them (the merge below
        // then looks through a few dozen names at most).
        if let Err(why) = check_headers(&edits) {
            let detail = String::from("returned ") + &why;
            return Err(hook_error("the beforeRequest hook", &detail, token));
        }
        let own = |name: &str| name.eq_ignore_ascii_case("authorization") || name.eq_ignore_ascii_case("content-type");
        for (name, value) in edits {
            if own(&name) {
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
                return Err(hook_error("the beforeRequest hook", &detail, token));
            }
            match headers.iter_mut().find(|(k, _)| k.eq_ignore_ascii_case(&name)) {
                Some(slot) => slot.1 = value,
                None => headers.push((name, value)),
            }
        }
        Ok(())
    }

    /// `before_retry`, with a whole timeout of its own: its failure ends the
    /// call instead of the retry.
    pub(crate) async fn before_retry(
        &self,
        event: &RetryEvent,
        ms: u32,
        call: &CallOptions<T::Signal>,
        token: &str,
    ) -> Result<(), ClientError> {
        let Some(hook) = &self.opts.hooks.before_retry else { return Ok(()) };
        self.within(any(hook(event), |()| HookValue::Unit), ms, call, "the beforeRetry hook", Some(token)).await?;
        Ok(())
    }

    /// `after_response`: the status, the time taken and the envelope's code.
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn after_response(
        &self,
        endpoint: Endpoint,
        attempt: u32,
        status: u16,
        result: &Result<Answer, ClientError>,
        started: Option<f64>,
        ms: u32,
        call: &CallOptions<T::Signal>,
        token: &str,
    ) -> Result<(), ClientError> {
        let Some(hook) = &self.opts.hooks.after_response else { return Ok(()) };
        let code = match result {
            Ok(_) if endpoint.module() == Module::Order => Some(String::from(BusinessCode::SUCCESS)),
            Ok(_) => Some(String::from(result_code::SUCCESS)),
            Err(e) => e.code.clone(),
        };
        let duration_ms = started.zip(self.transport.now_ms()).map(|(start, now)| now - start);
        let event = ResponseEvent { endpoint, attempt, status, duration_ms, code };
        self.within(any(hook(&event), |()| HookValue::Unit), ms, call, "the afterResponse hook", Some(token)).await?;
        Ok(())
    }
}
