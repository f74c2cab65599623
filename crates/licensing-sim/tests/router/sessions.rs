//! Sessions: each its own simulator behind one shell, named by `x-sim-session`
//! or `/s/ID/`; the registry's routes with the shell's admin token; the bounds.

use axum::body::Body;
use axum::http::Request;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};

use crate::support::{admin, nonce, ok, send, ADMIN, ORDER};

const SHELL: &str = "/order/api/order/v1/shellnums";

fn app_with(config: Config) -> axum::Router {
    router(AppState::new(&Config { admin_token: Some(ADMIN.into()), ..config }).unwrap())
}

/// Makes a session from `spec`: its reply.
async fn create(app: &axum::Router, spec: Value) -> crate::support::Reply {
    let req = Request::post("/__sim/sessions")
        .header("x-sim-admin", ADMIN)
        .header("content-type", "application/json")
        .body(Body::from(spec.to_string()))
        .unwrap();
    send(app, req).await
}

/// One number asked of a session (by header, or by path prefix), or of the shell's own simulator.
async fn number(app: &axum::Router, session: Option<&str>, by_prefix: bool) -> crate::support::Reply {
    let path = match session {
        Some(id) if by_prefix => format!("/s/{id}{SHELL}?g_nonce={}", nonce()),
        _ => format!("{SHELL}?g_nonce={}", nonce()),
    };
    let mut req = Request::post(path)
        .header("authorization", format!("Bearer {ORDER}"))
        .header("content-type", "application/json");
    if let (Some(id), false) = (session, by_prefix) {
        req = req.header("x-sim-session", id);
    }
    send(app, req.body(Body::from(r#"{"size":1}"#)).unwrap()).await
}

#[tokio::test]
async fn each_session_is_a_simulator_of_its_own_named_by_header_or_prefix() {
    let app = app_with(Config::default());
    let (a, b) = (create(&app, json!({})).await, create(&app, json!({ "seed": 5000 })).await);
    assert_eq!((a.status, b.status), (201, 201), "{} {}", a.text, b.text);
    let (a_id, b_id) = (a.body["id"].as_str().unwrap().to_owned(), b.body["id"].as_str().unwrap().to_owned());
    assert_eq!(a_id.len(), 32);
    assert!(a_id.bytes().all(|c| c.is_ascii_hexdigit()) && a_id != b_id);
    assert_eq!(a.body["prefix"], json!(format!("/s/{a_id}")));
    assert_eq!(a.body["header"]["x-sim-session"], json!(a_id));
    // Their sequences and stores are theirs: the same first number in A by either name, B from its seed, none in the default.
    assert_eq!(ok(&number(&app, Some(&a_id), false).await), json!(["8000000001"]));
    assert_eq!(ok(&number(&app, Some(&a_id), true).await), json!(["8000000002"]));
    assert_eq!(ok(&number(&app, Some(&b_id), true).await), json!(["8000005001"]));
    assert_eq!(ok(&number(&app, None, false).await), json!(["8000000001"]));
    // A nonce used in one session is another session's to use.
    let n = nonce();
    for id in [&a_id, &b_id] {
        let req = Request::post(format!("/s/{id}{SHELL}?g_nonce={n}"))
            .header("authorization", format!("Bearer {ORDER}"))
            .header("content-type", "application/json")
            .body(Body::from(r#"{"size":1}"#))
            .unwrap();
        assert_eq!(send(&app, req).await.status, 200);
    }
    // Listed, with their stats; snapshot; deleted.
    let listed = send(&app, admin("GET", "/__sim/sessions")).await;
    assert_eq!(listed.body["sessions"].as_array().map(Vec::len), Some(2), "{}", listed.text);
    let state = send(&app, admin("GET", &format!("/__sim/sessions/{a_id}/state"))).await;
    assert_eq!(state.body["nextAssetNumbers"]["domestic"], json!(4), "{}", state.text);
    assert_eq!(send(&app, admin("DELETE", &format!("/__sim/sessions/{a_id}"))).await.body, json!({ "deleted": true }));
    let gone = number(&app, Some(&a_id), false).await;
    assert_eq!(gone.status, 404, "{}", gone.text);
    assert!(gone.text.contains("no session"));
}

/// Found by an adversarial pass: a blank `x-sim-session`, or one whose bytes are
/// not text, was served from the shell's own data.
#[tokio::test]
async fn a_session_header_that_is_blank_or_not_text_is_refused_not_taken_as_none() {
    let app = app_with(Config::default());
    let values: [&[u8]; 4] = [b"", b"   ", b"ab\xe9", b"\xff\xfe"];
    for value in values {
        let req = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
            .header("authorization", format!("Bearer {ORDER}"))
            .header("content-type", "application/json")
            .header("x-sim-session", axum::http::HeaderValue::from_bytes(value).unwrap())
            .body(Body::from(r#"{"size":1}"#))
            .unwrap();
        let reply = send(&app, req).await;
        assert_eq!(reply.status, 400, "{value:?}: {}", reply.text);
        assert!(reply.text.contains("x-sim-session"), "{value:?}: {}", reply.text);
    }
    // Nothing reached the shell's own data.
    assert_eq!(ok(&number(&app, None, false).await), json!(["8000000001"]));
}

/// Found by an adversarial pass: the registry read a body of up to
/// `--max-state-bytes` before it looked at the token.
#[tokio::test]
async fn the_registry_refuses_a_request_without_its_token_before_it_reads_the_body() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let app = app_with(Config::default());
    let read = Arc::new(AtomicBool::new(false));
    let marks = Arc::clone(&read);
    let mut sent = false;
    let body = futures_util::stream::poll_fn(move |_| {
        marks.store(true, Ordering::SeqCst);
        let chunk = (!sent).then(|| Ok::<_, std::io::Error>(axum::body::Bytes::from_static(b"{}")));
        sent = true;
        std::task::Poll::Ready(chunk)
    });
    let req =
        Request::post("/__sim/sessions").header("x-sim-admin", "not the token").body(Body::from_stream(body)).unwrap();
    let reply = send(&app, req).await;
    assert_eq!(reply.status, 401, "{}", reply.text);
    assert!(!read.load(Ordering::SeqCst), "the body was read");
}

#[tokio::test]
async fn a_session_s_admin_token_reaches_that_session_alone() {
    let app = app_with(Config::default());
    let a = create(&app, json!({})).await.body;
    let b = create(&app, json!({})).await.body;
    let (a_id, a_token) = (a["id"].as_str().unwrap(), a["adminToken"].as_str().unwrap());
    let b_id = b["id"].as_str().unwrap();
    ok(&number(&app, Some(b_id), true).await);
    let reset = |id: &str, token: &str| {
        Request::post(format!("/s/{id}/__sim/reset")).header("x-sim-admin", token).body(Body::empty()).unwrap()
    };
    // A's token resets A; it is nothing to B, nor to the shell's own simulator; the shell's token is nothing to A.
    assert_eq!(send(&app, reset(a_id, a_token)).await.status, 200);
    assert_eq!(send(&app, reset(b_id, a_token)).await.status, 401);
    assert_eq!(
        send(&app, Request::post("/__sim/reset").header("x-sim-admin", a_token).body(Body::empty()).unwrap())
            .await
            .status,
        401
    );
    assert_eq!(send(&app, reset(a_id, ADMIN)).await.status, 401);
    assert_eq!(ok(&number(&app, Some(b_id), true).await), json!(["8000000002"]), "B kept its state");
    // The registry needs the shell's token.
    let req = Request::post("/__sim/sessions").header("x-sim-admin", a_token).body(Body::empty()).unwrap();
    assert_eq!(send(&app, req).await.status, 401);
    assert_eq!(send(&app, Request::get("/__sim/sessions").body(Body::empty()).unwrap()).await.status, 401);
}

#[tokio::test]
async fn each_session_has_its_own_virtual_clock_and_faults() {
    let app = app_with(Config::default());
    let a = create(&app, json!({ "clock": "virtual" })).await.body;
    let b = create(&app, json!({ "clock": "virtual" })).await.body;
    assert_eq!(a["clock"], json!("virtual"));
    let clock = |s: &Value, query: &str| {
        Request::post(format!("/s/{}/__sim/clock{query}", s["id"].as_str().unwrap()))
            .header("x-sim-admin", s["adminToken"].as_str().unwrap())
            .body(Body::empty())
            .unwrap()
    };
    let moved = send(&app, clock(&a, "?advance=60000")).await;
    let still = send(&app, clock(&b, "")).await;
    assert_eq!(moved.status, 200, "{}", moved.text);
    assert_eq!(still.status, 200, "{}", still.text);
    assert_ne!(moved.body, still.body, "advancing A moved A only: {} {}", moved.text, still.text);
    // A fault set in A is A's.
    let fault = Request::post(format!("/s/{}/__sim/fault?fault=code500&endpoint=shellNums", a["id"].as_str().unwrap()))
        .header("x-sim-admin", a["adminToken"].as_str().unwrap())
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, fault).await.status, 200);
    assert_eq!(number(&app, a["id"].as_str(), true).await.status, 299);
    assert_eq!(number(&app, b["id"].as_str(), true).await.status, 200);
    assert_eq!(number(&app, None, false).await.status, 200);
}

#[tokio::test]
async fn the_bounds_refuse_clearly() {
    let app = app_with(Config { max_sessions: 2, sessions_per_minute: 3, max_session_bytes: 40, ..Config::default() });
    let first = create(&app, json!({})).await.body;
    create(&app, json!({})).await;
    let full = create(&app, json!({})).await;
    assert_eq!(full.status, 507, "{}", full.text);
    assert!(full.text.contains("--max-sessions"), "{}", full.text);
    send(&app, admin("DELETE", &format!("/__sim/sessions/{}", first["id"].as_str().unwrap()))).await;
    create(&app, json!({})).await;
    let fast = create(&app, json!({})).await;
    assert_eq!(fast.status, 429, "{}", fast.text);
    assert!(fast.text.contains("--sessions-per-minute"));
    // 40 bytes of writes: three `{"size":1}` (10 bytes each) pass, the fifth does not.
    let listed = send(&app, admin("GET", "/__sim/sessions")).await.body;
    let id = listed["sessions"][0]["id"].as_str().unwrap().to_owned();
    for _ in 0..4 {
        ok(&number(&app, Some(&id), true).await);
    }
    let over = number(&app, Some(&id), true).await;
    assert_eq!(over.status, 507, "{}", over.text);
    assert!(over.text.contains("--max-session-bytes"), "{}", over.text);
}

#[tokio::test]
async fn a_spec_or_a_name_that_cannot_be_used_is_refused_with_why() {
    let app = app_with(Config::default());
    for (spec, says) in [
        (json!({ "sead": 1 }), "unknown field `sead`"),
        (json!({ "clock": "sundial" }), "unknown clock"),
        (json!({ "idleSecs": 0 }), "idleSecs must be"),
        (json!({ "state": { "format": "nope" } }), "state"),
        (json!([]), "expected an object"),
    ] {
        let reply = create(&app, spec.clone()).await;
        assert_eq!(reply.status, 400, "{spec}: {}", reply.text);
        assert!(reply.text.contains(says), "{spec}: {}", reply.text);
    }
    let req = Request::post(format!("/s/abc{SHELL}?g_nonce={}", nonce()))
        .header("x-sim-session", "other")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, req).await.status, 400, "two names");
    let req = Request::post(format!("/s/a.b{SHELL}?g_nonce={}", nonce())).body(Body::empty()).unwrap();
    assert_eq!(send(&app, req).await.status, 400, "not an id");
    let unknown = number(&app, Some("0123456789abcdef0123456789abcdef"), true).await;
    assert_eq!(unknown.status, 404);
}

#[tokio::test]
async fn a_session_made_from_a_state_starts_from_it() {
    let app = app_with(Config::default());
    let default = crate::support::app();
    let state = send(&default, admin("GET", "/__sim/state")).await.body;
    let mut state = state;
    state["nextAssetNumbers"] = json!({ "domestic": 42, "singapore": 1 });
    let s = create(&app, json!({ "state": state })).await;
    assert_eq!(s.status, 201, "{}", s.text);
    assert_eq!(ok(&number(&app, s.body["id"].as_str(), false).await), json!(["8000000042"]));
}
