//! A restart on the same store (a new `AppState`, as a new process makes it)
//! finds the simulator and its sessions as they were: their data, the next
//! ids and asset numbers, the nonces refused, the virtual clock, the admin
//! tokens; a session deleted stays deleted, a reset stays reset.

use axum::body::Body;
use axum::http::Request;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

const ADMIN: &str = "restart-admin";
const SHELL: &str = "/order/api/order/v1/shellnums";
const BIND: &str = "/order/api/order/v1/enterprise/user/bind";

fn app(store: &std::path::Path, admin_token: Option<&str>) -> (axum::Router, String) {
    let config = Config {
        admin_token: admin_token.map(str::to_owned),
        store: Some(store.to_str().unwrap().to_owned()),
        ..Config::default()
    };
    let state = AppState::new(&config).unwrap();
    let token = state.admin_token().to_owned();
    (router(state), token)
}

async fn send(app: &axum::Router, req: Request<Body>) -> (u16, Value) {
    let response = app.clone().oneshot(req).await.unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A write with `nonce`, in `session` (by its prefix) or the simulator's own.
async fn post(app: &axum::Router, session: Option<&str>, path: &str, nonce: &str, body: Value) -> (u16, Value) {
    let prefix = session.map(|id| format!("/s/{id}")).unwrap_or_default();
    let req = Request::post(format!("{prefix}{path}?g_nonce={nonce}"))
        .header("authorization", "Bearer dev-all-token")
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, req).await
}

/// A session of `idle_secs` made with the simulator's admin token: its id, and what was answered.
async fn session(app: &axum::Router, idle_secs: u64) -> (String, Value) {
    let (_, made) = admin(app, ADMIN, "POST", "/__sim/sessions", json!({ "idleSecs": idle_secs })).await;
    let id = made["id"].as_str().unwrap_or_else(|| panic!("no session made: {made}")).to_owned();
    (id, made)
}

async fn admin(app: &axum::Router, token: &str, method: &str, path: &str, body: Value) -> (u16, Value) {
    let req = Request::builder()
        .method(method)
        .uri(path)
        .header("x-sim-admin", token)
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, req).await
}

fn bind(i: u32) -> Value {
    json!({ "channelCode": "WEB", "channelCustomerId": format!("cc-{i}"), "customerName": "Ada", "enterpriseName": format!("E{i}"), "branchName": "SH" })
}

#[tokio::test]
async fn a_restart_finds_the_simulator_and_its_sessions_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, token) = app(&store, None);
    // The simulator's own data, and a session on a virtual clock with a seed.
    assert_eq!(post(&before, None, SHELL, "a1", json!({ "size": 2 })).await.0, 200);
    assert_eq!(post(&before, None, BIND, "a2", bind(1)).await.0, 200);
    let (status, made) =
        admin(&before, &token, "POST", "/__sim/sessions", json!({ "seed": 9000, "clock": "virtual" })).await;
    assert_eq!(status, 201, "{made}");
    let (id, session_token) =
        (made["id"].as_str().unwrap().to_owned(), made["adminToken"].as_str().unwrap().to_owned());
    assert_eq!(post(&before, Some(&id), SHELL, "s1", json!({ "size": 1 })).await.0, 200);
    let (status, _) =
        admin(&before, &session_token, "POST", &format!("/s/{id}/__sim/clock?advance=3600000"), Value::Null).await;
    assert_eq!(status, 200);
    assert_eq!(post(&before, Some(&id), BIND, "s2", bind(2)).await.0, 200);
    let own = admin(&before, &token, "GET", "/__sim/state", Value::Null).await.1;
    let theirs = admin(&before, &session_token, "GET", &format!("/s/{id}/__sim/state"), Value::Null).await.1;
    drop(before);

    let (after, token_after) = app(&store, None);
    assert_eq!(token_after, token, "the admin token the simulator made is kept");
    assert_eq!(admin(&after, &token, "GET", "/__sim/state", Value::Null).await.1, own);
    assert_eq!(
        admin(&after, &session_token, "GET", &format!("/s/{id}/__sim/state"), Value::Null).await.1,
        theirs,
        "stamped by its virtual clock, moved an hour"
    );
    // The sequences go on; the nonces used are refused, in the session too.
    let next = post(&after, None, SHELL, "a3", json!({ "size": 1 })).await.1;
    assert_eq!(next["data"], json!(["8000000003"]));
    let next = post(&after, Some(&id), SHELL, "s3", json!({ "size": 1 })).await.1;
    assert_eq!(next["data"], json!(["8000009002"]));
    for (session, nonce) in [(None, "a1"), (Some(id.as_str()), "s2")] {
        let (status, answer) = post(&after, session, SHELL, nonce, json!({ "size": 1 })).await;
        assert_eq!((status, answer["code"].clone()), (299, json!("13004")), "{nonce}: {answer}");
    }
}

#[tokio::test]
async fn a_session_deleted_and_a_reset_stay_so_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, token) = app(&store, Some(ADMIN));
    let (_, made) = admin(&before, &token, "POST", "/__sim/sessions", json!({})).await;
    let id = made["id"].as_str().unwrap().to_owned();
    assert_eq!(post(&before, None, SHELL, "b1", json!({ "size": 3 })).await.0, 200);
    assert_eq!(admin(&before, &token, "POST", "/__sim/reset", Value::Null).await.0, 200);
    assert_eq!(post(&before, None, SHELL, "b2", json!({ "size": 1 })).await.0, 200);
    assert_eq!(admin(&before, &token, "DELETE", &format!("/__sim/sessions/{id}"), Value::Null).await.0, 200);
    drop(before);
    let (after, _) = app(&store, Some(ADMIN));
    let (_, list) = admin(&after, ADMIN, "GET", "/__sim/sessions", Value::Null).await;
    assert_eq!(list["sessions"], json!([]));
    let (status, _) = post(&after, Some(&id), SHELL, "b3", json!({ "size": 1 })).await;
    assert_eq!(status, 404);
    let next = post(&after, None, SHELL, "b4", json!({ "size": 1 })).await.1;
    assert_eq!(next["data"], json!(["8000000002"]), "after the reset, one number was handed out");
}

#[tokio::test]
async fn a_session_gone_idle_is_forgotten_by_the_store_too() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, _) = app(&store, Some(ADMIN));
    let _ = session(&before, 1).await;
    // Idle past its second; the next request (any) lets it go, and the store forgets it.
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let _ = admin(&before, ADMIN, "GET", "/__sim/stats", Value::Null).await;
    let mut kept = i64::MAX;
    for _ in 0..200 {
        // Read beside the process that has the store (a second store on it is refused).
        let file = rusqlite::Connection::open(&store).unwrap();
        kept = file.query_row("SELECT count(*) FROM sessions", [], |row| row.get::<_, i64>(0)).unwrap();
        if kept == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(kept, 1, "only the simulator's own data is kept");
}

/// The sessions the registry lists.
async fn listed(app: &axum::Router) -> Vec<Value> {
    let (_, list) = admin(app, ADMIN, "GET", "/__sim/sessions", Value::Null).await;
    list["sessions"].as_array().cloned().unwrap_or_default()
}

/// Found by an adversarial pass: a session that went idle while the simulator
/// was down came back, with its data, at the restart (its last use was not in
/// the file).
#[tokio::test]
async fn a_session_that_went_idle_while_the_simulator_was_down_does_not_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, _) = app(&store, Some(ADMIN));
    let (id, _) = session(&before, 1).await;
    assert_eq!(post(&before, Some(&id), SHELL, "i1", json!({ "size": 1 })).await.0, 200);
    drop(before);
    // Past its idle time and the tick its last use may lag by (1 s each).
    tokio::time::sleep(std::time::Duration::from_millis(2_300)).await;
    let (after, _) = app(&store, Some(ADMIN));
    assert_eq!(listed(&after).await, Vec::<Value>::new());
    assert_eq!(post(&after, Some(&id), SHELL, "i2", json!({ "size": 1 })).await.0, 404);
    let file = rusqlite::Connection::open(&store).unwrap();
    let kept: i64 = file.query_row("SELECT count(*) FROM sessions", [], |row| row.get(0)).unwrap();
    assert_eq!(kept, 1, "only the simulator's own data is kept");
}

/// The other side: a session used until just before the restart keeps its
/// idle time from that use, not from when it was made.
#[tokio::test]
async fn a_session_used_until_the_restart_is_counted_from_its_last_use() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, _) = app(&store, Some(ADMIN));
    let (id, made) = session(&before, 3).await;
    let made_at = std::time::Instant::now();
    let state = format!("/s/{id}/__sim/state");
    let token = made["adminToken"].as_str().unwrap().to_owned();
    // Read twice, 1.5 s apart (within its 3 s), then 1.5 s for the use to be noted.
    for _ in 0..2 {
        tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
        assert_eq!(admin(&before, &token, "GET", &state, Value::Null).await.0, 200);
    }
    tokio::time::sleep(std::time::Duration::from_millis(1_500)).await;
    drop(before);
    // Counted from when it was made (4.5 s or more ago, over its 3 s and the
    // tick's 1 s), it would be gone.
    assert!(made_at.elapsed() > std::time::Duration::from_millis(4_500));
    let (after, _) = app(&store, Some(ADMIN));
    let sessions = listed(&after).await;
    assert_eq!(sessions.len(), 1, "{sessions:?}");
    assert_eq!(admin(&after, &token, "GET", &state, Value::Null).await.0, 200);
}

/// Found by a second adversarial pass: a restart counted a session used a
/// second after its last noted use, and that was noted as a use, so a
/// session restarted every half second never went.
#[tokio::test]
async fn restarts_do_not_keep_an_unused_session_alive() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let (before, _) = app(&store, Some(ADMIN));
    let (id, _) = session(&before, 2).await;
    let made_at = std::time::Instant::now();
    drop(before);
    // A restart each half second, each with a request of its own (a list is no use of a session).
    while made_at.elapsed() < std::time::Duration::from_millis(4_500) {
        let (again, _) = app(&store, Some(ADMIN));
        let _ = listed(&again).await;
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    }
    let (after, _) = app(&store, Some(ADMIN));
    assert_eq!(listed(&after).await, Vec::<Value>::new(), "unused for over twice its idle time");
    assert_eq!(post(&after, Some(&id), SHELL, "c1", json!({ "size": 1 })).await.0, 404);
}

/// A process asked to stop notes its sessions' last uses before it ends, so a
/// use in its last second counts after the restart.
#[test]
fn a_stop_keeps_the_last_uses_of_its_last_second() {
    use crate::support::Sim;
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let mut sim = Sim::start(&store, None);
    let headers = [("x-sim-admin", crate::support::ADMIN), ("content-type", "application/json")];
    let (status, made) = sim.call("POST", "/__sim/sessions", &headers, r#"{"idleSecs": 4}"#).unwrap();
    assert_eq!(status, 201, "{made}");
    let (id, token) = (made["id"].as_str().unwrap().to_owned(), made["adminToken"].as_str().unwrap().to_owned());
    let made_at = std::time::Instant::now();
    // Used half-way between two of its ticks, then stopped at once.
    std::thread::sleep(std::time::Duration::from_millis(3_500));
    assert_eq!(sim.post(&format!("/s/{id}{SHELL}"), "u1", r#"{"size":1}"#).unwrap().0, 200);
    assert!(sim.stop(), "it ends by itself when asked");
    std::thread::sleep(std::time::Duration::from_millis(1_200));
    // Counted from when it was made (over its 4 s ago), it would be gone.
    assert!(made_at.elapsed() > std::time::Duration::from_secs(4));
    let again = Sim::start(&store, None);
    let (status, state) = again.call("GET", &format!("/s/{id}/__sim/state"), &[("x-sim-admin", &token)], "").unwrap();
    assert_eq!(status, 200, "{state}");
}

/// Found by an adversarial pass: a restart under other values of the flags a
/// replay depends on handed out a number again (a smaller `--max-shellnums`
/// refused the replayed write), brought deleted products back, or did not start.
#[tokio::test]
async fn a_restart_under_other_values_of_the_flags_its_data_depends_on_is_refused_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("sim.db");
    let config = |max_shellnums, seed| Config {
        admin_token: Some(ADMIN.into()),
        store: Some(store.to_str().unwrap().to_owned()),
        max_shellnums,
        seed,
        ..Config::default()
    };
    {
        let app = router(AppState::new(&config(5000, 0)).unwrap());
        let (status, taken) = post(&app, None, SHELL, "f1", json!({ "size": 5000 })).await;
        assert_eq!(status, 200, "{taken}");
    }
    let refused = AppState::new(&config(1000, 7)).err().unwrap();
    assert!(refused.contains("--max-shellnums 5000 (now 1000)") && refused.contains("--seed 0 (now 7)"), "{refused}");
    // With the same flags it starts, and the next number follows the 5,000 taken.
    let app = router(AppState::new(&config(5000, 0)).unwrap());
    let (_, next) = post(&app, None, SHELL, "f2", json!({ "size": 1 })).await;
    assert_eq!(next["data"], json!(["8000005001"]), "{next}");
}
