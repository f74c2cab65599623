//! What a call does after an attempt that failed: ask the token provider again
//! and re-send, retry after a wait, or stop with the error. A pure function of
//! the attempt's outcome and the call's state, so that the policy reads (and is
//! tested) apart from the loop that carries it out (`attempts.rs`).

use licensing_core::response::{backoff_ms, retry_after_ms, ClientError};
use licensing_core::validate::itoa_u64;
use licensing_core::wire::Endpoint;

/// The call's state when an attempt has failed.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Failed<'a> {
    pub(crate) endpoint: Endpoint,
    /// The answer's HTTP status (`None`: no answer, a network failure or a timeout).
    pub(crate) status: Option<u16>,
    /// The answer's `Retry-After` header, if any.
    pub(crate) retry_after: Option<&'a str>,
    /// Retries made so far (re-asks of the token not counted).
    pub(crate) retries: u32,
    /// The client's `max_retries`.
    pub(crate) max_retries: u32,
    /// The client's `retry_base_ms`.
    pub(crate) retry_base_ms: u32,
    /// Each attempt's timeout.
    pub(crate) timeout_ms: u32,
    /// A token provider is set and has not been asked again yet in this call.
    pub(crate) may_reask_token: bool,
}

/// What follows a failed attempt. The error stays with the caller (it is
/// large, and moving it through here cost the wasm ~250 B).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Next {
    /// HTTP 401 with a token provider not asked again yet: ask it (once per
    /// call, whatever the endpoint) and send again at once.
    ReaskToken,
    /// Send again after `delay_ms`; `asked`: the service's `Retry-After` set
    /// it (longer than the backoff).
    Retry { delay_ms: u32, asked: bool },
    /// The call ends with the error.
    Stop,
    /// The call ends with the error: `Retry-After` asked for `asked_ms`,
    /// longer than a call may take (see [`Next::error`]).
    StopAskedTooLong { asked_ms: u64 },
}

/// The next step after `failed` ended an attempt with `error`. Each input
/// that costs something is asked only when the decision needs it:
/// `safe_to_repeat` (it may read a large body) when a retry is in question,
/// `jitter` (a number in [0, 1) from the randomness the nonces share) and
/// `now_ms` (the clock, for a `Retry-After` date) for a retry.
pub(crate) fn next_step(
    failed: Failed<'_>,
    error: &ClientError,
    safe_to_repeat: impl FnOnce() -> bool,
    jitter: impl FnOnce() -> f64,
    now_ms: impl FnOnce() -> Option<f64>,
) -> Next {
    if error.status == Some(401) && failed.may_reask_token {
        return Next::ReaskToken;
    }
    if failed.retries >= failed.max_retries || !error.is_retryable_when(failed.endpoint, safe_to_repeat()) {
        return Next::Stop;
    }
    let delay_ms = backoff_ms(failed.retries + 1, failed.retry_base_ms, jitter());
    let asked = match failed.status {
        Some(429 | 503) => failed.retry_after.and_then(|v| retry_after_ms(v, now_ms())),
        _ => None,
    };
    match asked {
        // Waiting longer than a call may take is not a retry.
        Some(asked_ms) if asked_ms > u64::from(failed.timeout_ms) => Next::StopAskedTooLong { asked_ms },
        Some(asked_ms) => {
            Next::Retry { delay_ms: delay_ms.max(asked_ms as u32), asked: asked_ms > u64::from(delay_ms) }
        }
        None => Next::Retry { delay_ms, asked: false },
    }
}

impl Next {
    /// The error a call ends with when this step stops it: the attempt's,
    /// saying why it was not retried when `Retry-After` asked too much.
    pub(crate) fn error(self, mut error: ClientError) -> ClientError {
        if let Next::StopAskedTooLong { asked_ms } = self {
            error.message.push_str(" (Retry-After asks for ");
            error.message.push_str(&itoa_u64(asked_ms));
            error.message.push_str(" ms, longer than timeoutMs: not retried)");
        }
        error
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use licensing_core::response::ErrorKind;

    fn failed(endpoint: Endpoint, status: Option<u16>, retry_after: Option<&'static str>) -> Failed<'static> {
        Failed {
            endpoint,
            status,
            retry_after,
            retries: 0,
            max_retries: 2,
            retry_base_ms: 200,
            timeout_ms: 30_000,
            may_reask_token: false,
        }
    }

    /// The step for `error` with the clock at 0 (for a `Retry-After` date).
    fn step(failed: &Failed<'_>, error: &ClientError, safe: bool) -> Next {
        next_step(*failed, error, || safe, || 0.0, || Some(0.0))
    }

    fn error(kind: ErrorKind, status: Option<u16>, code: Option<&str>) -> ClientError {
        let mut e = ClientError::new(kind, "it failed");
        e.status = status;
        e.code = code.map(String::from);
        e
    }

    /// What each outcome leads to, for a call that may still retry.
    #[test]
    fn the_policy_as_a_table() {
        use Endpoint::*;
        use ErrorKind::*;
        use Next::*;
        // Backoffs with jitter 0: half of 200 ms doubled per retry.
        let cases: Vec<(&str, Failed<'_>, ClientError, bool, Next)> = vec![
            // Ambiguous failures, safe to repeat: retried after the backoff.
            (
                "network, idempotent",
                failed(ListAssets, None, None),
                error(Network, None, None),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            (
                "timeout",
                failed(LockAssets, None, None),
                error(Timeout, None, None),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            (
                "503",
                failed(LockAssets, Some(503), None),
                error(Http, Some(503), None),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            (
                "code 500 (order module)",
                failed(LockAssets, Some(299), None),
                error(Business, Some(299), Some("500")),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            // Not safe to repeat: the same failures stop.
            ("network, shellNums", failed(ShellNums, None, None), error(Network, None, None), false, Stop),
            ("503, shellNums", failed(ShellNums, Some(503), None), error(Http, Some(503), None), false, Stop),
            // Not ambiguous: stop whatever the endpoint.
            ("a refusal", failed(LockAssets, Some(299), None), error(Business, Some(299), Some("13004")), true, Stop),
            ("HTTP 500", failed(LockAssets, Some(500), None), error(Http, Some(500), None), true, Stop),
            ("a validation error", failed(LockAssets, None, None), error(Validation, None, None), true, Stop),
            // A 401 with no provider to ask (or asked already) is not retried.
            ("401", failed(ListAssets, Some(401), None), error(Http, Some(401), None), true, Stop),
            // Retry-After: longer than the backoff wins, past the timeout stops, ignored on other statuses.
            (
                "503 asks 5 s",
                failed(LockAssets, Some(503), Some("5")),
                error(Http, Some(503), None),
                true,
                Retry { delay_ms: 5000, asked: true },
            ),
            (
                "429 asks 0 s",
                failed(LockAssets, Some(429), Some("0")),
                error(Http, Some(429), None),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            (
                "502 asks 5 s (not read)",
                failed(LockAssets, Some(502), Some("5")),
                error(Http, Some(502), None),
                true,
                Retry { delay_ms: 200, asked: false },
            ),
            (
                "503 asks a date",
                failed(LockAssets, Some(503), Some("Thu, 01 Jan 1970 00:00:03 GMT")),
                error(Http, Some(503), None),
                true,
                Retry { delay_ms: 3000, asked: true },
            ),
            (
                "503 asks 60 s",
                failed(LockAssets, Some(503), Some("60")),
                error(Http, Some(503), None),
                true,
                StopAskedTooLong { asked_ms: 60_000 },
            ),
        ];
        for (label, failed, error, safe, want) in cases {
            assert_eq!(step(&failed, &error, safe), want, "{label}");
        }
    }

    #[test]
    fn a_refused_token_is_asked_for_again_once_before_anything_else() {
        let mut f = failed(Endpoint::ShellNums, Some(401), None);
        let refused = error(ErrorKind::Http, Some(401), None);
        f.may_reask_token = true;
        assert_eq!(step(&f, &refused, false), Next::ReaskToken);
        f.may_reask_token = false;
        let next = next_step(f, &refused, || true, || unreachable!("no retry, no jitter"), || None);
        assert_eq!(next, Next::Stop);
    }

    #[test]
    fn retries_end_at_max_retries_and_each_input_is_asked_only_when_needed() {
        let mut f = failed(Endpoint::ListAssets, None, None);
        f.retries = 2;
        let e = error(ErrorKind::Network, None, None);
        let next = next_step(f, &e, || unreachable!("past max_retries"), || unreachable!(), || unreachable!());
        assert_eq!(next, Next::Stop);
        f.retries = 1;
        // No Retry-After: the clock is not read. The backoff doubles with each retry.
        let next = next_step(f, &e, || true, || 0.0, || unreachable!("no Retry-After, no clock"));
        assert_eq!(next, Next::Retry { delay_ms: 400, asked: false });
    }

    #[test]
    fn a_retry_after_past_the_timeout_stops_and_says_why() {
        let mut f = failed(Endpoint::LockAssets, Some(503), Some("60"));
        f.timeout_ms = 5_000;
        let e = error(ErrorKind::Http, Some(503), None);
        let Next::StopAskedTooLong { asked_ms } = step(&f, &e, true) else {
            panic!("a wait past the timeout is not a retry")
        };
        let error = Next::StopAskedTooLong { asked_ms }.error(e);
        assert_eq!(error.message, "it failed (Retry-After asks for 60000 ms, longer than timeoutMs: not retried)");
    }
}
