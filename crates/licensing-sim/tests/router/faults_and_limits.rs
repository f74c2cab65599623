use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use crate::support::*;

const SHELL: &str = "/order/api/order/v1/shellnums";

fn with_fault(fault: &str, body: &str) -> Request<Body> {
    Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "application/json")
        .header("x-sim-fault", fault)
        .body(Body::from(body.to_owned()))
        .unwrap()
}

#[tokio::test]
async fn faults_code500_once_http_status_non_json_delay() {
    let app = app();
    let reply = send(&app, with_fault("code500;times=1;key=a", "{\"size\":1}")).await;
    business(&reply, "500");
    // The second request with the same key goes through, and nothing was handed out before.
    assert_eq!(ok(&send(&app, with_fault("code500;times=1;key=a", "{\"size\":1}")).await), json!(["8000000001"]));
    assert_eq!(send(&app, with_fault("http=503", "{\"size\":1}")).await.status, 503);
    let reply = send(&app, with_fault("non-json", "{\"size\":1}")).await;
    assert_eq!(reply.status, 200);
    assert!(reply.body.is_null() && reply.text.starts_with("<html>"));
    let start = std::time::Instant::now();
    ok(&send(&app, with_fault("delay=120", "{\"size\":1}")).await);
    assert!(start.elapsed().as_millis() >= 120);
    business(&send(&app, with_fault("explode", "{\"size\":1}")).await, "13004");
}

#[tokio::test]
async fn faults_injected_by_the_admin_route_apply_to_the_next_calls_of_their_endpoint() {
    let app = app();
    let injected = send(&app, admin("POST", "/__sim/fault?fault=code500%3Btimes%3D2&endpoint=shellNums")).await;
    assert_eq!((injected.status, &injected.body), (200, &json!({"injected": true})), "{}", injected.text);
    // Another endpoint is not touched; the next two shellnums calls are.
    ok(&get(&app, ORDER, "/order/api/order/v1/asset/EG-1/list").await);
    business(&post(&app, ORDER, SHELL, json!({"size": 1})).await, "500");
    business(&post(&app, ORDER, SHELL, json!({"size": 1})).await, "500");
    assert_eq!(ok(&post(&app, ORDER, SHELL, json!({"size": 1})).await), json!(["8000000001"]));
    // Reset forgets a waiting fault.
    send(&app, admin("POST", "/__sim/fault?fault=http%3D503")).await;
    send(&app, admin("POST", "/__sim/reset")).await;
    ok(&post(&app, ORDER, SHELL, json!({"size": 1})).await);
    for (query, says) in
        [("fault=explode", "explode"), ("endpoint=shellNums", "fault="), ("fault=code500&endpoint=x", "x")]
    {
        let reply = send(&app, admin("POST", &format!("/__sim/fault?{query}"))).await;
        assert_eq!(reply.status, 400, "{query}");
        assert!(reply.body["error"].as_str().unwrap().contains(says), "{query}: {}", reply.text);
    }
    assert_eq!(send(&app, admin("GET", "/__sim/fault?fault=code500")).await.status, 405);
}

#[tokio::test]
async fn bad_bodies_are_13004_never_500() {
    let app = app();
    let m = business(&send(&app, with_fault("", "{\"size\":")).await, "13004");
    assert!(m.contains("not valid JSON"), "{m}");
    let m = business(&send(&app, with_fault("", "[1]")).await, "13004");
    assert!(m.starts_with("(body):"), "{m}");
    let req = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "text/plain")
        .body(Body::from("{\"size\":1}"))
        .unwrap();
    assert!(business(&send(&app, req).await, "13004").contains("Content-Type"));
    let huge = format!("{{\"size\":1,\"pad\":\"{}\"}}", "x".repeat(2 << 20));
    assert!(business(&send(&app, with_fault("", &huge)).await, "13004").contains("exceeds"));
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    business(&send(&app, with_fault("", &deep)).await, "13004");
    let invalid_utf8 = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "application/json")
        .body(Body::from(vec![b'{', 0xff, b'}']))
        .unwrap();
    business(&send(&app, invalid_utf8).await, "13004");
}

#[tokio::test]
async fn reset_empties_the_state() {
    let app = app();
    ok(&post(&app, ORDER, SHELL, json!({"size": 2})).await);
    let reply = send(&app, admin("POST", "/__sim/reset")).await;
    assert_eq!(reply.body["reset"], json!(true));
    assert_eq!(ok(&post(&app, ORDER, SHELL, json!({"size": 1})).await), json!(["8000000001"]));
}

#[tokio::test]
async fn cors_preflight_allows_authorization_from_any_origin() {
    let app = app();
    let req = Request::options(SHELL)
        .header("origin", "http://127.0.0.1:9999")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "authorization,content-type,x-sim-fault")
        .body(Body::empty())
        .unwrap();
    let response = tower::ServiceExt::oneshot(app, req).await.unwrap();
    let headers = response.headers();
    assert_eq!(headers["access-control-allow-origin"], "*");
    assert!(headers["access-control-allow-headers"].to_str().unwrap().contains("authorization"));
}

/// `--clock virtual`: a delayed answer comes once `POST /__sim/clock` has moved
/// the clock past its delay, however long real time waits; the stamps follow it.
#[tokio::test]
async fn a_virtual_clock_holds_a_delay_until_it_is_moved() {
    let config = licensing_sim::Config {
        admin_token: Some(ADMIN.into()),
        clock: licensing_sim_core::ClockMode::Virtual,
        ..licensing_sim::Config::default()
    };
    let app = licensing_sim::router(licensing_sim::AppState::new(&config).unwrap());
    let read = send(&app, admin("POST", "/__sim/clock")).await;
    assert_eq!(read.body, json!({"clock": "virtual", "now": 1_767_225_600_000_i64, "date": "2026-01-01 00:00:00"}));
    let delayed = tokio::spawn({
        let app = app.clone();
        async move { send(&app, with_fault("delay=60000", "{\"size\":1}")).await }
    });
    // Real time passes; the virtual clock does not: no answer yet.
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    assert!(!delayed.is_finished(), "answered before the clock moved");
    let moved = send(&app, admin("POST", "/__sim/clock?advance=60000")).await;
    assert_eq!((moved.status, &moved.body["date"]), (200, &json!("2026-01-01 00:01:00")), "{}", moved.text);
    assert_eq!(ok(&delayed.await.unwrap()), json!(["8000000001"]));
    // A real clock is not moved, and the route needs the admin token.
    assert_eq!(send(&crate::support::app(), admin("POST", "/__sim/clock?advance=1")).await.status, 409);
    let anonymous = Request::post("/__sim/clock?advance=1").body(Body::empty()).unwrap();
    assert_eq!(send(&app, anonymous).await.status, 401);
}
