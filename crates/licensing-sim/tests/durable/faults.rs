//! The store's failures are the simulator's: while another process holds
//! the SQLite file's write lock past the busy timeout (a lock timeout, as a
//! stuck backup or a second writer makes it), a write answers 503 with
//! `Retry-After`, `GET /__sim/health` answers 503 and says why, nothing
//! answered before is lost, and the write refused is not kept; once the lock
//! is let go, writes are kept again, and a restart agrees.

use axum::body::Body;
use axum::http::Request;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

const SHELL: &str = "/order/api/order/v1/shellnums";

async fn send(app: &axum::Router, req: Request<Body>) -> (u16, Option<String>, Value) {
    let response = app.clone().oneshot(req).await.unwrap();
    let status = response.status().as_u16();
    let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, retry, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn number(app: &axum::Router, nonce: &str) -> (u16, Option<String>, Value) {
    let req = Request::post(format!("{SHELL}?g_nonce={nonce}"))
        .header("authorization", "Bearer dev-all-token")
        .header("content-type", "application/json")
        .body(Body::from(r#"{"size":1}"#))
        .unwrap();
    send(app, req).await
}

async fn health(app: &axum::Router) -> (u16, Option<String>, Value) {
    send(app, Request::get("/__sim/health").body(Body::empty()).unwrap()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lock_held_past_the_timeout_answers_503_and_loses_nothing_answered() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let config = Config { store: Some(store.to_str().unwrap().to_owned()), ..Config::default() };
    let app = router(AppState::new(&config).unwrap());
    assert_eq!(health(&app).await.2, json!({ "ok": true, "store": "sqlite", "sessions": 0 }));
    assert_eq!(number(&app, "f1").await.2["data"], json!(["8000000001"]));

    // Another process's exclusive transaction on the file.
    let holder = rusqlite::Connection::open(&store).unwrap();
    holder.execute_batch("BEGIN EXCLUSIVE").unwrap();
    let (status, retry, refused) = number(&app, "f2").await;
    assert_eq!((status, retry.as_deref()), (503, Some("1")), "{refused}");
    let error = refused["error"].as_str().unwrap();
    assert!(
        error.contains("store failed")
            && error.contains("locked")
            && error.contains("nothing of this request was kept"),
        "{error}"
    );
    let (status, retry, said) = health(&app).await;
    assert_eq!((status, retry.as_deref(), said["ok"].clone()), (503, Some("1"), json!(false)), "{said}");
    assert!(said["error"].as_str().unwrap().contains("locked"), "{said}");
    holder.execute_batch("ROLLBACK").unwrap();

    // The refused write was not kept: its number is handed out again; the answered one is not.
    assert_eq!(number(&app, "f3").await.2["data"], json!(["8000000002"]));
    assert_eq!(health(&app).await.0, 200);
    drop(app);
    let again = router(AppState::new(&config).unwrap());
    assert_eq!(number(&again, "f4").await.2["data"], json!(["8000000003"]), "the restart agrees");
    let (status, _, answer) = number(&again, "f1").await;
    assert_eq!((status, answer["code"].clone()), (299, json!("13004")), "an answered nonce stays used");
    let (status, _, answer) = number(&again, "f2").await;
    assert_eq!(status, 200, "the refused write's nonce was never kept: {answer}");
}
