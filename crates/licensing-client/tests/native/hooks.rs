//! Hooks, the token provider and `Retry-After` against the simulator
//! (feature `hooks` for the first two; `on_retry` and `Retry-After` always).

use std::sync::{Arc, Mutex};

use licensing_client::hooks::{hook, HookFuture};
use licensing_client::{Client, ClientOptions, Hooks, RetryEvent, TokenRequest};
use licensing_core::model::*;

use super::{none, options, simulator, v, TOKEN};
use licensing_core::response::ErrorKind;
use licensing_core::validate::Profile;

type Log = Arc<Mutex<Vec<String>>>;

fn log() -> Log {
    Arc::new(Mutex::new(Vec::new()))
}

fn lines(log: &Log) -> Vec<String> {
    log.lock().unwrap().clone()
}

fn lock_body() -> LockRequest {
    LockRequest { asset_nums: Some(vec!["8000000001".into()]), operator_identity: Some("ops".into()) }
}

#[tokio::test]
async fn hooks_see_each_attempt_and_add_headers() {
    let base = simulator(Profile::Recommended).await;
    let seen = log();
    let (before, after, retry) = (seen.clone(), seen.clone(), seen.clone());
    let hooks = Hooks::new()
        .before_request(move |e| {
            let auth = e.headers.iter().find(|(k, _)| k == "Authorization").map(|(_, v)| v.clone());
            before.lock().unwrap().push(format!("request {} {} {}", e.endpoint, e.attempt, auth.unwrap_or_default()));
            // Sent on the wire: the simulator fails the first attempt with code 500.
            vec![("x-sim-fault".into(), "code500;times=1;key=native-hooks".into())]
        })
        .after_response(move |e| {
            after.lock().unwrap().push(format!(
                "response {} {} {}",
                e.attempt,
                e.status,
                e.code.clone().unwrap_or_default()
            ));
        });
    let o = options(&base).with_hooks(hooks).with_on_retry(move |e: &RetryEvent| {
        retry.lock().unwrap().push(format!(
            "retry {} {} {}",
            e.attempt,
            e.error.code.clone().unwrap_or_default(),
            e.delay_ms > 0
        ));
    });
    let results = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(
        lines(&seen),
        [
            "request lockAssets 1 Bearer [redacted]",
            "response 1 299 500",
            "retry 1 500 true",
            "request lockAssets 2 Bearer [redacted]",
            "response 2 200 0",
        ]
    );
}

#[tokio::test]
async fn a_failing_after_response_keeps_the_completed_answer() {
    let base = simulator(Profile::Recommended).await;
    let hooks =
        Hooks::new().after_response_async(hook(|_: &licensing_client::hooks::ResponseEvent| -> HookFuture<()> {
            Box::pin(async { Err(String::from("metrics down")) })
        }));
    let client = Client::reqwest(options(&base).with_hooks(hooks)).unwrap();
    let err = client.shell_nums(&v(ShellNumsRequest { size: Some(2) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.sent), (ErrorKind::Hook, true));
    assert!(err.message.contains("metrics down") && err.message.contains("answered"), "{}", err.message);
    let numbers: Vec<String> = serde_json::from_str(err.data.expect("the answer").as_str()).unwrap();
    assert_eq!(numbers.len(), 2);
}

#[tokio::test]
async fn a_failing_token_provider_never_shows_what_it_said() {
    let base = simulator(Profile::Recommended).await;
    let provider = hook(|_: &TokenRequest| -> HookFuture<String> {
        Box::pin(async { Err(String::from("refresh failed for secret-token-123")) })
    });
    let mut o = options(&base);
    o.token_provider = Some(provider);
    let err =
        Client::reqwest(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.message.as_str(), err.sent), (ErrorKind::Hook, "the token provider failed", false));
}

#[tokio::test]
async fn a_refused_token_is_asked_for_again_once() {
    let base = simulator(Profile::Recommended).await;
    let asked = log();
    let record = asked.clone();
    let o = ClientOptions::new(&base, "").with_app_key("app-native").with_token_provider(move |r: &TokenRequest| {
        record.lock().unwrap().push(format!("{} {}", r.attempt, r.refused));
        if r.refused {
            TOKEN.to_owned()
        } else {
            "expired-token".to_owned()
        }
    });
    let client = Client::reqwest(o).unwrap();
    // shellNums creates (never retried on failures), but a 401 was not acted on.
    let numbers = client.shell_nums(&v(ShellNumsRequest { size: Some(2) }), &none()).await.unwrap();
    assert_eq!(numbers.len(), 2);
    assert_eq!(lines(&asked), ["1 false", "2 true"]);
    // Refused twice: the second 401 is the answer.
    let stale = ClientOptions::new(&base, "").with_token_provider(|_: &TokenRequest| "still-expired".to_owned());
    let err =
        Client::reqwest(stale).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(401)));
}

#[tokio::test]
async fn a_failing_hook_ends_the_call_with_kind_hook_and_no_token() {
    let base = simulator(Profile::Recommended).await;
    let responses = log();
    let after = responses.clone();
    let failing: licensing_client::hooks::Hook<licensing_client::hooks::RequestEvent, Vec<(String, String)>> =
        hook(|_| -> HookFuture<Vec<(String, String)>> {
            Box::pin(async { Err(format!("tracing backend down (token {TOKEN})")) })
        });
    let hooks = Hooks::new()
        .before_request_async(failing)
        .after_response(move |e| after.lock().unwrap().push(e.status.to_string()));
    let client = Client::reqwest(options(&base).with_hooks(hooks)).unwrap();
    let err = client.lock_assets(&v(lock_body()), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Hook);
    assert!(err.message.contains("beforeRequest hook failed: tracing backend down"), "{}", err.message);
    assert!(!err.message.contains(TOKEN), "{}", err.message);
    assert!(lines(&responses).is_empty(), "nothing was sent");
    // A provider giving an unusable token.
    let bad = ClientOptions::new(&base, "").with_token_provider(|_: &TokenRequest| "two words".to_owned());
    let err =
        Client::reqwest(bad).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Hook);
}

#[tokio::test]
async fn retry_after_is_honoured_on_503_within_the_timeout() {
    let base = simulator(Profile::Recommended).await;
    let delays = log();
    let record = delays.clone();
    let mut o = options(&base).with_on_retry(move |e: &RetryEvent| record.lock().unwrap().push(e.delay_ms.to_string()));
    o.headers.push(("x-sim-fault".into(), "http=503;retry-after=1;times=1;key=native-retry-after".into()));
    let started = std::time::Instant::now();
    let results = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(lines(&delays), ["1000"], "the backoff (5 ms) gives way to the service's 1 s");
    assert!(started.elapsed() >= std::time::Duration::from_millis(1000));
    // Longer than the timeout: not waited for, not retried.
    let mut o = options(&base).with_timeout_ms(2_000);
    o.headers.push(("x-sim-fault".into(), "http=503;retry-after=60;times=1;key=native-retry-after-long".into()));
    let err = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(503)));
    assert!(err.message.contains("Retry-After asks for 60000 ms"), "{}", err.message);
    // An HTTP date (written with `_` for its comma in the fault directive).
    let mut o = options(&base);
    o.headers.push((
        "x-sim-fault".into(),
        "http=429;retry-after=Thu_ 01 Jan 1970 00:00:00 GMT;times=1;key=native-date".into(),
    ));
    let results = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap();
    assert_eq!(results.len(), 1, "a date in the past: retried after the backoff");
}

#[tokio::test]
async fn before_retry_runs_before_the_wait_and_its_failure_ends_the_call() {
    let base = simulator(Profile::Recommended).await;
    let seen = log();
    let record = seen.clone();
    let hooks = Hooks::new().before_retry(move |e: &RetryEvent| {
        record.lock().unwrap().push(format!("retry {} {}", e.attempt, e.error.code.clone().unwrap_or_default()));
    });
    let mut o = options(&base).with_hooks(hooks);
    o.headers.push(("x-sim-fault".into(), "code500;times=1;key=native-before-retry".into()));
    let results = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap();
    assert_eq!(results.len(), 1);
    assert_eq!(lines(&seen), ["retry 1 500"]);
    // Rejected: the retry is not sent, and the error is the hook's (token scrubbed).
    let sent = log();
    let count = sent.clone();
    let hooks =
        Hooks::new().after_response(move |e| count.lock().unwrap().push(e.attempt.to_string())).before_retry_async(
            hook(|_: &RetryEvent| -> HookFuture<()> { Box::pin(async { Err(format!("no retries with {TOKEN}")) }) }),
        );
    let mut o = options(&base).with_hooks(hooks);
    o.headers.push(("x-sim-fault".into(), "code500;times=1;key=native-before-retry-fails".into()));
    let err = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.sent), (ErrorKind::Hook, true));
    assert!(err.message.contains("beforeRetry hook failed: no retries with [redacted]"), "{}", err.message);
    assert_eq!(lines(&sent), ["1"], "one attempt sent");
}

#[tokio::test]
async fn a_failing_after_response_leaves_a_final_error_as_it_was_and_stops_a_retry() {
    let base = simulator(Profile::Recommended).await;
    let failing = || {
        Hooks::new().after_response_async(hook(|_: &licensing_client::hooks::ResponseEvent| -> HookFuture<()> {
            Box::pin(async { Err(String::from("metrics down")) })
        }))
    };
    // shellNums is never retried on code 500: the call's own error stands.
    let mut o = options(&base).with_hooks(failing());
    o.headers.push(("x-sim-fault".into(), "code500;times=1;key=native-after-final".into()));
    let err =
        Client::reqwest(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Business, Some("500")));
    // lockAssets would be retried: the hook's failure stops it instead.
    let retried = log();
    let record = retried.clone();
    let mut o = options(&base)
        .with_hooks(failing())
        .with_on_retry(move |e: &RetryEvent| record.lock().unwrap().push(e.attempt.to_string()));
    o.headers.push(("x-sim-fault".into(), "code500;times=1;key=native-after-retry".into()));
    let err = Client::reqwest(o).unwrap().lock_assets(&v(lock_body()), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Hook);
    assert!(err.message.contains("afterResponse hook failed: metrics down"), "{}", err.message);
    assert!(lines(&retried).is_empty(), "no retry");
}

#[tokio::test]
async fn before_request_may_not_set_what_the_platform_owns() {
    let base = simulator(Profile::Recommended).await;
    for name in ["Content-Length", "Host", "Sec-Fetch-Mode", "Proxy-Authorization"] {
        let hooks = Hooks::new().before_request(move |_| vec![(name.to_owned(), "1".to_owned())]);
        let err = Client::reqwest(options(&base).with_hooks(hooks))
            .unwrap()
            .lock_assets(&v(lock_body()), &none())
            .await
            .unwrap_err();
        assert_eq!((err.kind, err.sent), (ErrorKind::Hook, false), "{name}");
        assert!(err.message.contains(&format!("{name} is the platform's to set")), "{}", err.message);
    }
}

#[tokio::test]
async fn a_hook_that_does_not_settle_names_the_attempts_timeout_not_the_time_left() {
    let base = simulator(Profile::Recommended).await;
    // The token provider takes part of the attempt's time; beforeRequest never settles.
    let provider = hook(|_: &TokenRequest| -> HookFuture<String> {
        Box::pin(async {
            tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            Ok(TOKEN.to_owned())
        })
    });
    let hooks = Hooks::new().before_request_async(hook(
        |_: &licensing_client::hooks::RequestEvent| -> HookFuture<Vec<(String, String)>> {
            Box::pin(std::future::pending())
        },
    ));
    let o = ClientOptions::new(&base, "").with_timeout_ms(200).with_token_provider_async(provider).with_hooks(hooks);
    let err =
        Client::reqwest(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.sent), (ErrorKind::Hook, false));
    assert!(
        err.message.contains("beforeRequest hook did not settle within 200 ms (the attempt's timeout)"),
        "{}",
        err.message
    );
}

#[tokio::test]
async fn before_request_headers_are_bounded_in_count_and_bytes() {
    use licensing_client::{MAX_HEADERS, MAX_HEADER_BYTES};
    let base = simulator(Profile::Recommended).await;
    let call = |headers: Vec<(String, String)>| {
        let hooks = Hooks::new().before_request(move |_| headers.clone());
        let client = Client::reqwest(options(&base).with_hooks(hooks)).unwrap();
        async move { client.lock_assets(&v(lock_body()), &none()).await }
    };
    let named = |n: usize, value: &str| (0..n).map(|i| (format!("x-h{i}"), value.to_owned())).collect::<Vec<_>>();
    // At the bounds: sent.
    assert!(call(named(MAX_HEADERS, "v")).await.is_ok());
    let wide = "v".repeat(MAX_HEADER_BYTES / 2 - 8);
    assert!(call(named(2, &wide)).await.is_ok());
    // Past them: the hook's failure, nothing sent, the token nowhere.
    let err = call(named(100_000, "v")).await.unwrap_err();
    assert_eq!((err.kind, err.sent), (ErrorKind::Hook, false));
    assert!(err.message.contains("returned 100000 headers, more than 64"), "{}", err.message);
    let err = call(named(3, &wide)).await.unwrap_err();
    assert_eq!((err.kind, err.sent), (ErrorKind::Hook, false));
    assert!(err.message.contains("bytes of headers, more than 16384"), "{}", err.message);
    // The client's own headers option is bounded alike.
    let mut too_many = options(&base);
    too_many.headers = named(MAX_HEADERS + 1, "v");
    let err = Client::reqwest(too_many).unwrap_err();
    assert_eq!(err.kind, ErrorKind::Validation);
    assert!(err.message.contains("headers: 65 headers, more than 64"), "{}", err.message);
}
