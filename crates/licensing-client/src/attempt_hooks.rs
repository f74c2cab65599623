//! The hooks' steps of an attempt as `attempts()` calls them, with or without
//! the feature `hooks`: with it, the token provider and the hooks
//! (`hooked.rs`), each boxed (the loop's state machine then holds pointers,
//! not their states: -0.1 KB gzip of the wasm); without it, the client's own
//! token and nothing else. The one place the feature decides, so that the loop
//! reads the same either way.

use core::future::Future;
#[cfg(feature = "hooks")]
use core::pin::Pin;

use licensing_core::response::{Answer, ClientError};
use licensing_core::wire::Endpoint;

use crate::{CallOptions, Client, RetryEvent, Transport};

/// What a call's attempts remember between their hook steps: whether the
/// service refused the token (the provider is asked knowing it), and whether
/// the provider was asked again already (once per call).
#[derive(Debug, Default)]
pub(crate) struct HookState {
    #[cfg(feature = "hooks")]
    refused: bool,
    #[cfg(feature = "hooks")]
    reasked: bool,
}

#[cfg(feature = "hooks")]
impl<T: Transport> Client<T> {
    /// Tells `on_error` of a call's final error.
    pub(crate) fn failed<'a>(
        &'a self,
        endpoint: Endpoint,
        attempts: u32,
        error: ClientError,
        call: &'a CallOptions<T::Signal>,
    ) -> impl Future<Output = ClientError> + 'a {
        self.on_error(endpoint, attempts, error, call)
    }

    /// When the attempt starts, for what is left of its time once hooks have
    /// run and for `after_response`'s duration.
    pub(crate) fn attempt_started(&self) -> Option<f64> {
        self.transport.now_ms()
    }

    /// The attempt's token: the provider's, or the client's.
    pub(crate) fn attempt_token<'a>(
        &'a self,
        endpoint: Endpoint,
        attempt: u32,
        state: &HookState,
        ms: u32,
        call: &'a CallOptions<T::Signal>,
    ) -> Pin<Box<impl Future<Output = Result<String, ClientError>> + 'a>> {
        Box::pin(self.token(endpoint, attempt, state.refused, ms, call))
    }

    /// `before_request`, its headers applied.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attempt_before_request<'a>(
        &'a self,
        endpoint: Endpoint,
        attempt: u32,
        url: &'a str,
        post: bool,
        headers: &'a mut Vec<(String, String)>,
        ms: u32,
        call: &'a CallOptions<T::Signal>,
        token: &'a str,
    ) -> Pin<Box<impl Future<Output = Result<(), ClientError>> + 'a>> {
        Box::pin(self.before_request(endpoint, attempt, url, post, headers, ms, call, token))
    }

    /// `after_response` once an answer came (`status`), with a whole timeout of
    /// its own (its outcome for the call: [`hook_outcome`]).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attempt_after_response<'a>(
        &'a self,
        endpoint: Endpoint,
        attempt: u32,
        status: u16,
        result: &'a Result<Answer, ClientError>,
        started: Option<f64>,
        ms: u32,
        call: &'a CallOptions<T::Signal>,
        token: &'a str,
    ) -> Pin<Box<impl Future<Output = Result<(), ClientError>> + 'a>> {
        Box::pin(self.after_response(endpoint, attempt, status, result, started, ms, call, token))
    }

    /// Whether a refused token may be asked of the provider again (once per call).
    pub(crate) fn may_reask_token(&self, state: &HookState) -> bool {
        self.opts.token_provider.is_some() && !state.reasked
    }

    /// The provider is asked again, knowing the token was refused.
    pub(crate) fn token_reasked(state: &mut HookState) {
        (state.refused, state.reasked) = (true, true);
    }

    /// `before_retry`, with a whole timeout of its own; then the next attempt
    /// asks for a token as any attempt does.
    pub(crate) fn attempt_before_retry<'a>(
        &'a self,
        state: &mut HookState,
        event: &'a RetryEvent,
        ms: u32,
        call: &'a CallOptions<T::Signal>,
        token: &'a str,
    ) -> Pin<Box<impl Future<Output = Result<(), ClientError>> + 'a>> {
        state.refused = false;
        Box::pin(self.before_retry(event, ms, call, token))
    }
}

#[cfg(not(feature = "hooks"))]
impl<T: Transport> Client<T> {
    /// No hook: the error as it is.
    pub(crate) fn failed(
        &self,
        _endpoint: Endpoint,
        _attempts: u32,
        error: ClientError,
        _call: &CallOptions<T::Signal>,
    ) -> impl Future<Output = ClientError> {
        core::future::ready(error)
    }

    /// No hook needs the clock: an attempt has all of its time.
    pub(crate) fn attempt_started(&self) -> Option<f64> {
        None
    }

    /// The client's token.
    pub(crate) fn attempt_token(
        &self,
        _endpoint: Endpoint,
        _attempt: u32,
        _state: &HookState,
        _ms: u32,
        _call: &CallOptions<T::Signal>,
    ) -> impl Future<Output = Result<String, ClientError>> {
        core::future::ready(Ok(self.opts.token.clone()))
    }

    /// No hook.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attempt_before_request(
        &self,
        _endpoint: Endpoint,
        _attempt: u32,
        _url: &str,
        _post: bool,
        _headers: &mut Vec<(String, String)>,
        _ms: u32,
        _call: &CallOptions<T::Signal>,
        _token: &str,
    ) -> impl Future<Output = Result<(), ClientError>> {
        core::future::ready(Ok(()))
    }

    /// No hook.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn attempt_after_response(
        &self,
        _endpoint: Endpoint,
        _attempt: u32,
        _status: u16,
        _result: &Result<Answer, ClientError>,
        _started: Option<f64>,
        _ms: u32,
        _call: &CallOptions<T::Signal>,
        _token: &str,
    ) -> impl Future<Output = Result<(), ClientError>> {
        core::future::ready(Ok(()))
    }

    /// No provider to ask.
    pub(crate) fn may_reask_token(&self, _state: &HookState) -> bool {
        false
    }

    /// Never made without a provider.
    pub(crate) fn token_reasked(_state: &mut HookState) {}

    /// No hook.
    pub(crate) fn attempt_before_retry(
        &self,
        _state: &mut HookState,
        _event: &RetryEvent,
        _ms: u32,
        _call: &CallOptions<T::Signal>,
        _token: &str,
    ) -> impl Future<Output = Result<(), ClientError>> {
        core::future::ready(Ok(()))
    }
}

/// What `after_response` failing means for the call. `Err`: it ends now (the
/// hook failed after an answer that completed the call: the error carries
/// that answer); `Ok(Some)`: the hook failed after an error, which stands
/// unless the call would go on, which this failure then stops.
pub(crate) fn hook_outcome(
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
