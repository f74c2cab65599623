//! The attempts of one call: the token, the hooks, the exchange, the retry
//! policy and `Retry-After`. One non-generic future per transport for every
//! endpoint: the wasm carries one copy of the loop.

use licensing_core::response::{backoff_ms, read_activity, read_order, retry_after_ms, Answer, ClientError};
use licensing_core::validate::{itoa_u64, Issue};
use licensing_core::wire::{Endpoint, Method, Module};

use crate::options::{self, MAX_TIMER_MS};
use crate::{nonce, validation_error, CallOptions, CallUrl, Client, HttpRequest, Phase, RetryEvent, Transport};

impl<T: Transport> Client<T> {
    /// Each attempt's timeout: the call's own, else the client's (unchecked).
    pub(crate) fn attempt_timeout_ms(&self, call: &CallOptions<T::Signal>) -> u32 {
        call.timeout_ms.unwrap_or(self.opts.timeout_ms)
    }

    /// Tells the `on_error` hook (feature `hooks`) of a call's final error.
    pub(crate) async fn failed(
        &self,
        endpoint: Endpoint,
        attempts: u32,
        error: ClientError,
        call: &CallOptions<T::Signal>,
    ) -> ClientError {
        #[cfg(feature = "hooks")]
        return self.on_error(endpoint, attempts, error, call).await;
        #[cfg(not(feature = "hooks"))]
        {
            let _ = (endpoint, attempts, call);
            error
        }
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
        match self.attempts(endpoint, body, call, &mut attempts).await {
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
            let issue = Issue::required_parameter("appKey", self.opts.locale);
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
        #[cfg(feature = "hooks")]
        let (mut refused, mut refreshed) = (false, false);
        let mut retries = 0;
        // Read from the body only when a retry is in question (rare; a batch
        // may be megabytes).
        let mut safe_to_repeat = call.repeatable.then_some(true);
        // The hook steps are boxed, as the fetch exchange is: the loop's state
        // machine holds pointers, not their states (-0.1 KB gzip of the wasm).
        loop {
            let number = *sent + 1;
            // What is left of this attempt's time once hooks have run (all of
            // it without a clock, or without hooks: the wasm of the JS
            // bindings, whose hooks run inside the exchange's own timer).
            #[cfg(feature = "hooks")]
            let started = self.transport.now_ms();
            #[cfg(feature = "hooks")]
            let left = || match (started, self.transport.now_ms()) {
                (Some(start), Some(now)) => timeout_ms.saturating_sub((now - start).max(0.0) as u32).max(1),
                _ => timeout_ms,
            };
            #[cfg(not(feature = "hooks"))]
            let left = || timeout_ms;
            #[cfg(feature = "hooks")]
            let token = Box::pin(self.token(endpoint, number, refused, left(), call)).await?;
            #[cfg(not(feature = "hooks"))]
            let token = self.opts.token.clone();
            let url = call_url.with_nonce(&nonce::fresh(&self.transport)?);
            let mut headers = base.clone();
            #[cfg(feature = "hooks")]
            Box::pin(self.before_request(
                endpoint,
                number,
                &url,
                payload.is_some(),
                &mut headers,
                left(),
                call,
                &token,
            ))
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
            let (result, status, retry_after) = match self.transport.send(&request, left(), call.signal.as_ref()).await
            {
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
            // hook gets a whole timeout of its own. If it fails after an answer
            // that completed the call, the error carries that answer; after an
            // error, that error stands unless the call would go on (a re-send,
            // a retry), which the hook's failure stops instead.
            #[cfg(feature = "hooks")]
            let mut hook_failed = None;
            #[cfg(feature = "hooks")]
            if let Some(status) = status {
                if let Err(mut failed) =
                    Box::pin(self.after_response(endpoint, number, status, &result, started, timeout_ms, call, &token))
                        .await
                {
                    if let Ok(answer) = result {
                        failed.message.push_str(" (the service answered: the error's data holds its answer)");
                        failed.data = answer.data;
                        return Err(failed);
                    }
                    hook_failed = Some(failed);
                }
            }
            let error = match result {
                Ok(answer) => {
                    self.warn(endpoint, Phase::Response, &answer.warnings);
                    return Ok(answer);
                }
                Err(error) => error,
            };
            // A refused token: the provider is asked for a fresh one, once per
            // call, whatever the endpoint (a 401 was not acted on).
            #[cfg(feature = "hooks")]
            if error.status == Some(401) && self.opts.token_provider.is_some() && !refreshed {
                if let Some(failed) = hook_failed {
                    return Err(failed);
                }
                (refused, refreshed) = (true, true);
                continue;
            }
            if retries >= self.opts.max_retries {
                return Err(error);
            }
            let safe = *safe_to_repeat.get_or_insert_with(|| endpoint.is_safe_to_repeat(body));
            if !error.is_retryable_when(endpoint, safe) {
                return Err(error);
            }
            retries += 1;
            let mut delay = backoff_ms(retries, self.opts.retry_base_ms, nonce::jitter(&self.transport));
            let asked = match status {
                Some(429 | 503) => retry_after.as_deref().and_then(|v| retry_after_ms(v, self.transport.now_ms())),
                _ => None,
            };
            if let Some(asked) = asked {
                if asked > u64::from(timeout_ms) {
                    // Waiting longer than a call may take is not a retry.
                    let mut error = error;
                    error.message.push_str(" (Retry-After asks for ");
                    error.message.push_str(&itoa_u64(asked));
                    error.message.push_str(" ms, longer than timeoutMs: not retried)");
                    return Err(error);
                }
                delay = delay.max(asked as u32);
            }
            #[cfg(feature = "hooks")]
            if let Some(failed) = hook_failed {
                return Err(failed);
            }
            let event = RetryEvent { endpoint, attempt: number, error, delay_ms: delay };
            if let Some(hook) = &self.opts.on_retry {
                hook(&event);
            }
            #[cfg(feature = "hooks")]
            Box::pin(self.before_retry(&event, timeout_ms, call, &token)).await?;
            drop(event);
            self.transport.sleep(delay, call.signal.as_ref()).await?;
            #[cfg(feature = "hooks")]
            {
                refused = false;
            }
        }
    }
}
