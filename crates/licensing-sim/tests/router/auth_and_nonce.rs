use axum::body::Body;
use axum::http::Request;
use serde_json::json;

use crate::support::*;

const SHELL: &str = "/order/api/order/v1/shellnums";

#[tokio::test]
async fn missing_or_unknown_token_is_401_and_missing_scope_is_403() {
    let app = app();
    let req = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("content-type", "application/json")
        .body(Body::from("{\"size\":1}"))
        .unwrap();
    assert_eq!(send(&app, req).await.status, 401);
    assert_eq!(post(&app, "nope", SHELL, json!({"size": 1})).await.status, 401);
    let req = Request::post(format!("{SHELL}?g_nonce={}", nonce()))
        .header("authorization", "Basic dev-order-token")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(&app, req).await.status, 401);
    assert_eq!(post(&app, ACTIVITY, SHELL, json!({"size": 1})).await.status, 403);
    let activity =
        json!({"identity": "13800000000", "activityLabel": "spring-trial", "source": "portal", "branch": "BJ"});
    assert_eq!(post(&app, ORDER, "/activity/services/activity", activity.clone()).await.status, 403);
    assert_eq!(post(&app, "dev-all-token", "/activity/services/activity", activity).await.status, 200);
    ok(&post(&app, "dev-all-token", SHELL, json!({"size": 1})).await);
}

#[tokio::test]
async fn configured_tokens_replace_the_development_ones() {
    let config = licensing_sim::Config {
        tokens: vec![licensing_sim::TokenGrant { token: "t1".into(), scopes: vec!["auth_order".into()] }],
        ..Default::default()
    };
    let app = licensing_sim::router(licensing_sim::AppState::new(&config).unwrap());
    assert_eq!(post(&app, ORDER, SHELL, json!({"size": 1})).await.status, 401);
    ok(&post(&app, "t1", SHELL, json!({"size": 1})).await);
}

#[tokio::test]
async fn a_missing_or_replayed_nonce_is_refused_before_processing() {
    let app = app();
    let req = |uri: String| {
        Request::post(uri)
            .header("authorization", format!("Bearer {ORDER}"))
            .header("content-type", "application/json")
            .body(Body::from("{\"size\": 1}"))
            .unwrap()
    };
    let message = business(&send(&app, req(SHELL.into())).await, "13004");
    assert!(message.contains("g_nonce is required"), "{message}");
    let uri = format!("{SHELL}?g_nonce=fixed-1");
    let first = ok(&send(&app, req(uri.clone())).await);
    let message = business(&send(&app, req(uri)).await, "13004");
    assert!(message.contains("already used"), "{message}");
    // Nothing was processed by the replay: the next number follows the first.
    let next = ok(&post(&app, ORDER, SHELL, json!({"size": 1})).await);
    assert_eq!(first, json!(["8000000001"]));
    assert_eq!(next, json!(["8000000002"]));
    // The activity module refuses with resultCode 1001.
    let act = Request::post("/activity/services/activity")
        .header("authorization", format!("Bearer {ACTIVITY}"))
        .header("content-type", "application/json")
        .body(Body::from("{}"))
        .unwrap();
    let reply = send(&app, act).await;
    assert_eq!((reply.status, reply.body["resultCode"].clone()), (200, json!("1001")));
}
