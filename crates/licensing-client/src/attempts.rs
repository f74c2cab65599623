//! The attempts of one call: the token, the hooks, the exchange, and what
//! the retry decision (`next_step.rs`) says to do after a failure. One
//! non-generic future per transport for every endpoint: the wasm carries one
//! copy of the loop.

use core::future::Future;

use licensing_core::response::{read_activity, read_order, Answer, ClientError};
use licensing_core::validate::Issue;
use licensing_core::wire::{Endpoint, Method, Module};

use crate::attempt_hooks::{hook_outcome, HookState};
use crate::next_step::{next_step, Failed, Next};
use crate::options::{self, MAX_TIMER_MS};
use crate::{nonce, validation_error, CallOptions, CallUrl, Client, HttpRequest, Phase, RetryEvent, Transport};

/// In wasm, the attempts' loop behind a pointer to a future of unknown type:
/// its states are polled by a function of their own instead of being inlined
/// into the call's future (the one `future_to_promise` runs), which came out
/// smaller (-67 B gzip of the full wasm, docs/design.md, "Hooks"). Natively, the
/// future as it is, so that it stays `Send` when the transport's is.
#[cfg(target_arch = "wasm32")]
fn own_poll<'a, R>(future: impl Future<Output = R> + 'a) -> core::pin::Pin<Box<dyn Future<Output = R> + 'a>> {
    Box::pin(future)
}

#[cfg(not(target_arch = "wasm32"))]
fn own_poll<F: Future>(future: F) -> F {
    future
}

impl<T: Transport> Client<T> {
    /// Each attempt's timeout: the call's own, else the client's (unchecked).
    pub(crate) fn attempt_timeout_ms(&self, call: &CallOptions<T::Signal>) -> u32 {
        call.timeout_ms.unwrap_or(self.opts.timeout_ms)
    }

    /// Sends JSON text that passed validation, with retries; on failure
    /// `on_error` is told first.
    pub(crate) async fn send_checked(
        &self,
        endpoint: Endpoint,
        body: &str,
        call: &CallOptions<T::Signal>,
    ) -> Result<Answer, ClientError> {
        let mut attempts = 0;
        match own_poll(self.attempts(endpoint, body, call, &mut attempts)).await {
            Ok(answer) => Ok(answer),
            Err(mut error) => {
                // Once an attempt was handed to the network, the service may have
                // done the work, whatever the error says.
                error.sent = attempts > 0;
                Err(self.failed(endpoint, attempts, error, call).await)
            }
        }
    }

    async fn attempts(
        &self,
        endpoint: Endpoint,
        body: &str,
        call: &CallOptions<T::Signal>,
        sent: &mut u32,
    ) -> Result<Answer, ClientError> {
        if endpoint == Endpoint::BatchOrder && self.opts.app_key.as_deref().is_none_or(|k| k.trim().is_empty()) {
            let issue = Issue::required_parameter_in("appKey", &self.opts.validation());
            return Err(validation_error("batchOrder needs the appKey client option", vec![issue]));
        }
        let timeout_ms = self.attempt_timeout_ms(call);
        options::check_range("timeoutMs", timeout_ms, 1, MAX_TIMER_MS)?;
        let own = |name: &str| name.eq_ignore_ascii_case("authorization") || name.eq_ignore_ascii_case("content-type");
        let base: Vec<(String, String)> = self.opts.headers.iter().filter(|(k, _)| !own(k)).cloned().collect();
        let payload = match endpoint.method() {
            Method::Post => Some(body),
            Method::Get => None,
        };
        let call_url = CallUrl::new(endpoint, &self.opts.base_url, body, self.opts.app_key.as_deref());
        let mut hooks = HookState::default();
        let mut retries = 0;
        // Read from the body only when a retry is in question (rare; a batch
        // may be megabytes).
        let mut safe_to_repeat = call.repeatable.then_some(true);
        loop {
            let number = *sent + 1;
            // What is left of this attempt's time once hooks have run (all of
            // it when nothing took a clock reading).
            let started = self.attempt_started();
            let left = || match started {
                Some(start) => match self.transport.now_ms() {
                    Some(now) => timeout_ms.saturating_sub((now - start).max(0.0) as u32).max(1),
                    None => timeout_ms,
                },
                None => timeout_ms,
            };
            let token = self.attempt_token(endpoint, number, &hooks, left(), call).await?;
            let url = call_url.with_nonce(&nonce::fresh(&self.transport)?);
            let mut headers = base.clone();
            self.attempt_before_request(endpoint, number, &url, payload.is_some(), &mut headers, left(), call, &token)
                .await?;
            headers.push((String::from("Authorization"), String::from("Bearer ") + &token));
            if payload.is_some() {
                headers.push((String::from("Content-Type"), String::from("application/json")));
            }
            let request = HttpRequest {
                method: endpoint.method(),
                url: &url,
                headers: &headers,
                body: payload,
                max_response_bytes: self.opts.max_response_bytes,
            };
            *sent = number;
            let (mut result, status, retry_after) =
                match self.transport.send(&request, left(), call.signal.as_ref()).await {
                    Ok(response) => {
                        let result = match endpoint.module() {
                            Module::Order => read_order(endpoint, response.status, &response.body),
                            Module::Activity => read_activity(response.status, &response.body),
                        };
                        (result, Some(response.status), response.retry_after)
                    }
                    Err(e) => (Err(e), None, None),
                };
            drop(headers);
            // Once the answer is in, the attempt's timer has no more say: the
            // hook gets a whole timeout of its own.
            let hook_failed = match status {
                Some(status) => {
                    let hook = self
                        .attempt_after_response(endpoint, number, status, &result, started, timeout_ms, call, &token)
                        .await;
                    hook_outcome(hook, &mut result)?
                }
                None => None,
            };
            let error = match result {
                Ok(answer) => {
                    self.warn(endpoint, Phase::Response, &answer.warnings);
                    return Ok(answer);
                }
                Err(error) => error,
            };
            let failed = Failed {
                endpoint,
                status,
                retry_after: retry_after.as_deref(),
                retries,
                max_retries: self.opts.max_retries,
                retry_base_ms: self.opts.retry_base_ms,
                timeout_ms,
                may_reask_token: self.may_reask_token(&hooks),
            };
            let safe = || *safe_to_repeat.get_or_insert_with(|| endpoint.is_safe_to_repeat(body));
            let jitter = || nonce::jitter(&self.transport);
            let delay = match next_step(failed, &error, safe, jitter, || self.transport.now_ms()) {
                // A refused token: the provider is asked for a fresh one, once
                // per call, whatever the endpoint (never made without one:
                // `may_reask_token`).
                Next::ReaskToken => {
                    if let Some(failed) = hook_failed {
                        return Err(failed);
                    }
                    Self::token_reasked(&mut hooks);
                    continue;
                }
                Next::Retry { delay_ms } => delay_ms,
                stop => return Err(stop.error(error)),
            };
            retries += 1;
            if let Some(failed) = hook_failed {
                return Err(failed);
            }
            let event = RetryEvent { endpoint, attempt: number, error, delay_ms: delay };
            if let Some(hook) = &self.opts.on_retry {
                hook(&event);
            }
            self.attempt_before_retry(&mut hooks, &event, timeout_ms, call, &token).await?;
            drop(event);
            self.transport.sleep(delay, call.signal.as_ref()).await?;
        }
    }
}
