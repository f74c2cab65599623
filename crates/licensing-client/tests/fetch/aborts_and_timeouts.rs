//! The caller's AbortSignal is honoured at once; timeout and abort differ.

use gloo_timers::callback::Timeout;
use licensing_client::CallOptions;
use licensing_core::model::*;
use licensing_core::response::ErrorKind;
use wasm_bindgen_test::wasm_bindgen_test;
use web_sys::AbortController;

use crate::support::*;

#[wasm_bindgen_test]
async fn a_pre_aborted_signal_sends_nothing() {
    let id = unique("t-pre-abort");
    let c = traced(&id, None, |_| {});
    let controller = AbortController::new().unwrap();
    controller.abort();
    let call = CallOptions::default().with_signal(controller.signal());
    let err = c.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &call).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Aborted);
    // Nothing left: the error says so (it said `sent: true`, as the npm package did).
    assert!(!err.sent, "a call whose signal had fired was counted as sent");
    assert!(trace(&id).await.is_empty());
}

#[wasm_bindgen_test]
async fn an_abort_in_flight_ends_the_call_at_once() {
    let c = traced(&unique("t-abort"), Some("delay=3000"), |_| {});
    let controller = AbortController::new().unwrap();
    let call = CallOptions::default().with_signal(controller.signal());
    Timeout::new(100, move || controller.abort()).forget();
    let start = js_sys::Date::now();
    let err = c
        .list_assets(&v(ListAssetsRequest { enterprise_global_id: Some("EG".into()), extend_code: None }), &call)
        .await
        .unwrap_err();
    let ms = js_sys::Date::now() - start;
    assert_eq!(err.kind, ErrorKind::Aborted);
    assert!(ms < 1500.0, "abort took {ms} ms");
}

#[wasm_bindgen_test]
async fn an_abort_during_backoff_ends_the_call() {
    let c = traced(&unique("t-abort-backoff"), Some("code500"), |o| {
        o.retry_base_ms = 2000;
        o.max_retries = 3;
    });
    let controller = AbortController::new().unwrap();
    // Retried (shellNums on the caller's word that a repeat is fine), so it waits a backoff.
    let call = CallOptions::default().with_signal(controller.signal()).repeatable();
    Timeout::new(300, move || controller.abort()).forget();
    let start = js_sys::Date::now();
    let err = c.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &call).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Aborted);
    assert!(js_sys::Date::now() - start < 1500.0);
}

#[wasm_bindgen_test]
async fn the_per_call_timeout_overrides_the_client_one() {
    let c = traced(&unique("t-call-timeout"), Some("delay=1500"), |o| o.timeout_ms = 10_000);
    let call = CallOptions::default().with_timeout_ms(200);
    let start = js_sys::Date::now();
    let err = c
        .bind_enterprise(
            &v(BindEnterpriseRequest {
                channel_code: Some("C".into()),
                channel_customer_id: Some(unique("cc")),
                ..Default::default()
            }),
            &call,
        )
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Timeout);
    assert!(js_sys::Date::now() - start < 1200.0);
}

/// The runtime's `gc()`, where the runner exposes it (Node with `--expose-gc`,
/// Chromium with `--js-flags=--expose-gc`: see the Makefile); Firefox and
/// WebKit have none.
fn exposed_gc() -> Option<js_sys::Function> {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(&js_sys::global(), &"gc".into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok())
}

/// Firefox or WebKit (Chromium's agent names AppleWebKit too, and Chrome).
fn without_gc_hook() -> bool {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).unwrap_or_default();
    let agent =
        js_sys::Reflect::get(&navigator, &"userAgent".into()).ok().and_then(|a| a.as_string()).unwrap_or_default();
    agent.contains("Firefox") || (agent.contains("AppleWebKit") && !agent.contains("Chrome"))
}

#[wasm_bindgen_test]
async fn a_body_that_never_ends_times_out_and_aborts_even_after_garbage_collections() {
    let gc = exposed_gc();
    assert!(gc.is_some() || without_gc_hook(), "the test runner should expose gc() here");
    // Collect garbage every 20 ms while the answers hang mid-body.
    let collecting = gc.map(|gc| {
        gloo_timers::callback::Interval::new(20, move || {
            let _ = gc.call0(&wasm_bindgen::JsValue::UNDEFINED);
        })
    });
    let c = traced(&unique("t-stall"), Some("stall-body"), |o| {
        o.timeout_ms = 300;
        o.max_retries = 0;
    });
    let start = js_sys::Date::now();
    let err = c
        .list_assets(&v(ListAssetsRequest { enterprise_global_id: Some("EG".into()), extend_code: None }), &none())
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Timeout);
    assert!(js_sys::Date::now() - start < 3000.0, "{}", js_sys::Date::now() - start);

    let controller = AbortController::new().unwrap();
    let call = CallOptions::default().with_signal(controller.signal()).with_timeout_ms(60_000);
    Timeout::new(300, move || controller.abort()).forget();
    let start = js_sys::Date::now();
    let err = c
        .list_assets(&v(ListAssetsRequest { enterprise_global_id: Some("EG".into()), extend_code: None }), &call)
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Aborted);
    assert!(js_sys::Date::now() - start < 3000.0);
    drop(collecting);
}
