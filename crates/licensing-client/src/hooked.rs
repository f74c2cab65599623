//! The waits for the token provider and the hooks (feature `hooks`): which
//! one a step asks for, run with the time the step gives it, raced against
//! that time and the caller's signal. What their outcome means for the call
//! is the steps' (`call/`).

use core::future::Future;
use core::pin::pin;
use core::task::Poll;

use crate::call::{Action, HookOutcome, HookSet, HookValue};
use crate::hooks::HookFuture;
use crate::{CallOptions, Client, Transport};

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

#[cfg(target_arch = "wasm32")]
type AnyHookFuture = core::pin::Pin<Box<dyn Future<Output = Result<HookValue, String>>>>;
#[cfg(not(target_arch = "wasm32"))]
type AnyHookFuture = core::pin::Pin<Box<dyn Future<Output = Result<HookValue, String>> + Send>>;

/// A hook's future as an [`AnyHookFuture`], so that one (non-generic) wait
/// serves them all: each generic instance carried its own copy of the timer's future.
fn any<T: 'static>(future: HookFuture<T>, wrap: fn(T) -> HookValue) -> AnyHookFuture {
    Box::pin(async move { future.await.map(wrap) })
}

impl<T: Transport> Client<T> {
    /// The provider and the hooks this client has.
    pub(crate) fn hook_set(&self) -> HookSet {
        let hooks = &self.opts.hooks;
        HookSet {
            token_provider: self.opts.token_provider.is_some(),
            before_request: hooks.before_request.is_some(),
            after_response: hooks.after_response.is_some(),
            before_retry: hooks.before_retry.is_some(),
            on_error: hooks.on_error.is_some(),
        }
    }

    /// Runs the hook `step` asks for, with the time it gives.
    pub(crate) async fn run_hook(&self, step: Action, call: &CallOptions<T::Signal>) -> HookOutcome {
        let hooks = &self.opts.hooks;
        let (future, ms) = match step {
            Action::Token { request, ms } => match &self.opts.token_provider {
                Some(provider) => (any(provider(&request), HookValue::Token), ms),
                None => return HookOutcome::Settled(Ok(HookValue::Unit)),
            },
            Action::BeforeRequest { event, ms } => match &hooks.before_request {
                Some(hook) => (any(hook(&event), HookValue::Headers), ms),
                None => return HookOutcome::Settled(Ok(HookValue::Unit)),
            },
            Action::AfterResponse { event, ms } => match &hooks.after_response {
                Some(hook) => (any(hook(&event), |()| HookValue::Unit), ms),
                None => return HookOutcome::Settled(Ok(HookValue::Unit)),
            },
            Action::BeforeRetry { event, ms } => match &hooks.before_retry {
                Some(hook) => (any(hook(&event), |()| HookValue::Unit), ms),
                None => return HookOutcome::Settled(Ok(HookValue::Unit)),
            },
            Action::OnError { event, ms } => match &hooks.on_error {
                Some(hook) => (any(hook(&event), |()| HookValue::Unit), ms),
                None => return HookOutcome::Settled(Ok(HookValue::Unit)),
            },
            _ => return HookOutcome::Settled(Ok(HookValue::Unit)),
        };
        match first(future, self.transport.sleep(ms, call.signal.as_ref())).await {
            First::Left(settled) => HookOutcome::Settled(settled),
            First::Right(Ok(())) => HookOutcome::TimedOut,
            First::Right(Err(aborted)) => HookOutcome::Aborted(aborted),
        }
    }
}
