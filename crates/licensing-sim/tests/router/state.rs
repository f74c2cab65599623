//! State as a fixture: dumped by `GET /__sim/state`, loaded by `--state FILE`,
//! answered alike, returned to on reset, and refused whole when it is wrong.

use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};

use crate::support::*;

const LIST: &str = "/order/api/order/v1/asset/EG-ACME/list";
const SHELL: &str = "/order/api/order/v1/shellnums";
const QUERY: &str =
    "/order/api/order/v1/enterprise/user/query?channelCode=CH01&channelCustomerId=CC-1&defaultCustomer=N";

/// A router whose store starts from `state` (written to a file, as a user would).
fn app_from(state: &Value, name: &str) -> Result<axum::Router, String> {
    let path = std::env::temp_dir().join(format!("licensing-sim-state-{}-{name}.json", std::process::id()));
    std::fs::write(&path, state.to_string()).unwrap();
    let config = Config { admin_token: Some(ADMIN.into()), state: Some(path.clone()), ..Config::default() };
    let made = AppState::new(&config).map(router);
    let _ = std::fs::remove_file(path);
    made
}

/// A bound customer, orders, a product taken off one asset, a lock, a claim and asset numbers handed out.
async fn busy_app() -> axum::Router {
    let app = app();
    let bind = json!({"channelCode": "CH01", "channelCustomerId": "CC-1", "customerName": "ACME", "enterpriseName": "ACME Ltd"});
    ok(&post(&app, ORDER, "/order/api/order/v1/enterprise/user/bind", bind).await);
    ok(&post(&app, ORDER, BATCH, batch("CO-1", &[(1, "new_buy", "softkey", &["8000000001", "8000000002"])])).await);
    let delete = json!({"channelCode": "CH01", "channelOrderId": "CO-2", "orderList": [{"sequence": 1,
        "orderType": "delete_product", "licenseType": "softkey",
        "assets": [{"assetNos": ["8000000002"], "products": [{"productUri": "gms:1001"}]}]}]});
    ok(&post(&app, ORDER, BATCH, delete).await);
    ok(&post(
        &app,
        ORDER,
        "/order/api/order/v1/asset/lock",
        json!({"assetNums": ["8000000001"], "operatorIdentity": "ops"}),
    )
    .await);
    let claim = json!({"identity": "13800000000", "activityLabel": "spring-trial", "source": "portal", "branch": "BJ"});
    assert_eq!(post(&app, ACTIVITY, "/activity/services/activity", claim).await.body["resultCode"], json!("0000"));
    ok(&post(&app, ORDER, SHELL, json!({"size": 2})).await);
    app
}

#[tokio::test]
async fn a_dumped_state_loads_and_answers_alike() {
    let app = busy_app().await;
    let state = send(&app, admin("GET", "/__sim/state")).await.body;
    assert_eq!((state["format"].clone(), state["version"].clone()), (json!("licensing-sim-state"), json!(1)));
    assert_eq!(state["assets"].as_array().map(Vec::len), Some(2));
    let loaded = app_from(&state, "alike").unwrap();
    // The same state back, and the same answers.
    assert_eq!(send(&loaded, admin("GET", "/__sim/state")).await.body, state);
    assert_eq!(ok(&get(&loaded, ORDER, LIST).await), ok(&get(&app, ORDER, LIST).await));
    assert_eq!(ok(&get(&loaded, ORDER, QUERY).await), ok(&get(&app, ORDER, QUERY).await));
    let again = batch("CO-1", &[(1, "new_buy", "softkey", &["8000000001", "8000000002"])]);
    assert_eq!(ok(&post(&loaded, ORDER, BATCH, again.clone()).await), ok(&post(&app, ORDER, BATCH, again).await));
    for sim in [&loaded, &app] {
        let claim =
            json!({"identity": "13800000000", "activityLabel": "spring-trial", "source": "portal", "branch": "BJ"});
        assert_eq!(post(sim, ACTIVITY, "/activity/services/activity", claim).await.body["resultCode"], json!("3002"));
    }
    let next = |sim| async move { ok(&post(sim, ORDER, SHELL, json!({"size": 1})).await) };
    assert_eq!(next(&loaded).await, next(&app).await);
    // Reset returns to the fixture, not to an empty store.
    send(&loaded, admin("POST", "/__sim/reset")).await;
    assert_eq!(send(&loaded, admin("GET", "/__sim/state")).await.body, state);
}

#[tokio::test]
async fn a_wrong_state_is_refused_whole_with_what_is_wrong() {
    let state = send(&busy_app().await, admin("GET", "/__sim/state")).await.body;
    let with = |pointer: &str, value: Value| {
        let mut changed = state.clone();
        *changed.pointer_mut(pointer).unwrap() = value;
        changed
    };
    let mut unknown = state.clone();
    unknown["assets"][1]["colour"] = json!("red");
    let mut twice = state.clone();
    let first = twice["assets"][0].clone();
    twice["assets"].as_array_mut().unwrap().push(first);
    for (bad, says) in [
        (json!([]), "expected an object"),
        (with("/format", json!("other")), "/format: expected \"licensing-sim-state\""),
        (with("/version", json!(2)), "/version: version 2 is newer than this simulator reads (1)"),
        (with("/lastId", json!("seven")), "invalid type: string \"seven\", expected u64"),
        (with("/orders/0/channelCode", json!(7)), "/orders/0: invalid type: integer `7`, expected a string"),
        (unknown, "/assets/1: unknown field `colour`"),
        (
            with("/assets/0/record/assetNum", json!("7000000001")),
            "/assets/0/record/assetNum: \"7000000001\" is not an asset number",
        ),
        (twice, "/assets/2/record/assetNum: \"8000000001\" twice"),
        (
            with("/assets/1/grants/0/removed", json!([5])),
            "/assets/1/grants/0/removed/0: 5 is past the grant's 1 products",
        ),
    ] {
        let err = app_from(&bad, "bad").err().unwrap_or_default();
        assert!(err.contains("simulator state: ") && err.contains(says), "{says}: {err}");
        assert!(err.contains("licensing-sim-state-"), "names the file: {err}");
    }
}
