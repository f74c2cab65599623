//! The async loop that carries out a call's steps (`call/`) over a
//! [`Transport`]: it waits for what each step asks (the token provider, a
//! hook, the exchange, the backoff) and hands back how the wait ended. Every
//! decision is the steps'; this is the one place that awaits. One non-generic
//! future per transport for every endpoint: the wasm carries one copy of it.

use core::future::Future;

use licensing_core::response::{Answer, ClientError};
use licensing_core::wire::Endpoint;

use crate::call::{Action, Around, Call, Input};
use crate::events::{next_call_number, CallEvent, ClientEvent};
use crate::no_answer::NoAnswer;
use crate::{CallOptions, Client, HttpRequest, Transport};

/// In wasm, the loop behind a pointer to a future of unknown type: its states
/// are polled by a function of their own instead of being inlined into the
/// caller's future, which came out smaller while the npm package's wasm ran
/// this loop (-67 B gzip, docs/design.md, "Hooks"). Natively, the future as
/// it is, so that it stays `Send` when the transport's is.
#[cfg(target_arch = "wasm32")]
fn own_poll<'a, R>(future: impl Future<Output = R> + 'a) -> core::pin::Pin<Box<dyn Future<Output = R> + 'a>> {
    Box::pin(future)
}

#[cfg(not(target_arch = "wasm32"))]
fn own_poll<F: Future>(future: F) -> F {
    future
}

impl<T: Transport> Client<T> {
    /// A call's steps, with the call's timeout (else the client's) and
    /// whether the caller said it may be repeated.
    fn steps(&self, endpoint: Endpoint, call: &CallOptions<T::Signal>) -> Call {
        let timeout_ms = call.timeout_ms.unwrap_or(self.opts.timeout_ms);
        let hooks = if self.opts.on_event.is_some() { self.hook_set().watched() } else { self.hook_set() };
        Call::new(endpoint, hooks, timeout_ms, call.repeatable)
    }

    /// Sends `body` when it is the checked text (`Ok`), with retries; a
    /// refusal (`Err`) ends the call at once. Either way `on_error` is told
    /// of the final error.
    pub(crate) async fn send_checked(
        &self,
        endpoint: Endpoint,
        body: Result<&str, ClientError>,
        call: &CallOptions<T::Signal>,
    ) -> Result<Answer, ClientError> {
        let mut steps = self.steps(endpoint, call);
        let number = next_call_number();
        self.tell(number, endpoint, CallEvent::Call { endpoint });
        // A signal that has fired already ends the call before its first
        // step, as the npm package's does: nothing sent, `sent` false.
        let fired = call.signal.as_ref().is_some_and(|signal| self.transport.aborted(signal));
        let (text, first) = match body {
            Ok(_) if fired => ("", steps.refuse(NoAnswer::Aborted.error())),
            Ok(text) => (text, steps.next(self.around(text), Input::Start)),
            Err(refused) => ("", steps.refuse(refused)),
        };
        own_poll(self.carry_out(number, endpoint, steps, text, first, call)).await
    }

    fn around<'a>(&'a self, body: &'a str) -> Around<'a, T> {
        Around { opts: &self.opts, body, platform: &self.transport }
    }

    /// Tells the watcher, if there is one, what call `number` did.
    fn tell(&self, number: u64, endpoint: Endpoint, event: CallEvent<'_>) {
        if let Some(watcher) = &self.opts.on_event {
            watcher(&ClientEvent { call: number, endpoint, at_ms: self.transport.now_ms(), event });
        }
    }

    /// Waits for what each step asks until the call ends; a watcher is told
    /// what each step shows before its wait, and how a caller's hook ended.
    async fn carry_out(
        &self,
        number: u64,
        endpoint: Endpoint,
        mut steps: Call,
        body: &str,
        mut action: Action,
        call: &CallOptions<T::Signal>,
    ) -> Result<Answer, ClientError> {
        loop {
            let input = match action {
                Action::Done(answer) => {
                    self.tell(number, endpoint, CallEvent::Done { attempts: steps.sent() });
                    return Ok(answer);
                }
                Action::Failed(error) => return Err(error),
                Action::Send { method, url, headers, post, ms } => {
                    let request = HttpRequest {
                        method,
                        url: &url,
                        headers: &headers,
                        body: post.then_some(body),
                        max_response_bytes: self.opts.max_response_bytes,
                    };
                    Input::Answer(self.transport.send(&request, ms, call.signal.as_ref()).await)
                }
                Action::Sleep { ms } => Input::Slept(self.transport.sleep(ms, call.signal.as_ref()).await),
                hook => {
                    let ran = match hook.shown() {
                        Some((shown, name, attempt)) => {
                            self.tell(number, endpoint, shown);
                            self.hook_set().runs(name).then_some((name, attempt))
                        }
                        None => None,
                    };
                    let outcome = self.run_hook(hook, call).await;
                    if let Some((hook, attempt)) = ran {
                        self.tell(number, endpoint, CallEvent::Hook { hook, attempt, ended: outcome.end() });
                    }
                    Input::Hook(outcome)
                }
            };
            action = steps.next(self.around(body), input);
        }
    }
}

/// Without the feature `hooks` a client has no hook and no token provider:
/// the steps never ask for one.
#[cfg(not(feature = "hooks"))]
impl<T: Transport> Client<T> {
    fn hook_set(&self) -> crate::call::HookSet {
        crate::call::HookSet::default()
    }

    fn run_hook(
        &self,
        _step: Action,
        _call: &CallOptions<T::Signal>,
    ) -> impl Future<Output = crate::call::HookOutcome> {
        core::future::ready(crate::call::HookOutcome::Settled(Ok(crate::call::HookValue::Unit)))
    }
}
