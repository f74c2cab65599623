use serde_json::json;

use crate::support::*;

const LOCK: &str = "/order/api/order/v1/asset/lock";
const UNLOCK: &str = "/order/api/order/v1/asset/unlock";
const SHELL: &str = "/order/api/order/v1/shellnums";

#[tokio::test]
async fn lock_statuses_and_locked_in_the_list() {
    let app = app();
    ok(&post(
        &app,
        ORDER,
        BATCH,
        batch(
            "CO-L",
            &[(1, "new_buy", "normal_recover_usbkey", &["8000000001"]), (2, "new_buy", "softkey", &["8000000002"])],
        ),
    )
    .await);
    let results = ok(&post(
        &app,
        ORDER,
        LOCK,
        json!({"assetNums": ["8000000001", "8000000002", "8999999999"], "operatorIdentity": "ops"}),
    )
    .await);
    assert_eq!(
        results,
        json!([
            {"assetNum": "8000000001", "status": 1},
            {"assetNum": "8000000002", "status": 4},
            {"assetNum": "8999999999", "status": 2},
        ])
    );
    let list = ok(&get(&app, ORDER, "/order/api/order/v1/asset/EG-ACME/list").await);
    assert_eq!(list[0]["locked"], json!(true));
    ok(&post(&app, ORDER, UNLOCK, json!({"assetNums": ["8000000001"], "operatorIdentity": "ops"})).await);
    let list = ok(&get(&app, ORDER, "/order/api/order/v1/asset/EG-ACME/list").await);
    assert_eq!(list[0]["locked"], json!(false));
    let m = business(&post(&app, ORDER, LOCK, json!({"assetNums": [], "operatorIdentity": "ops"})).await, "13004");
    assert!(m.starts_with("/assetNums:"), "{m}");
}

#[tokio::test]
async fn asset_list_filters_by_extend_code_and_keeps_escaped_ids_in_one_segment() {
    let app = app();
    let mut body = batch("CO-E", &[(1, "new_buy", "cloud_customer", &["8000000001"])]);
    body["orderList"][0]["enterpriseGlobalId"] = json!("E/1 ?x");
    ok(&post(&app, ORDER, BATCH, body).await);
    let path = "/order/api/order/v1/asset/E%2F1%20%3Fx/list";
    assert_eq!(ok(&get(&app, ORDER, path).await).as_array().unwrap().len(), 1);
    assert_eq!(ok(&get(&app, ORDER, &format!("{path}?extendCode=region")).await).as_array().unwrap().len(), 1);
    assert_eq!(ok(&get(&app, ORDER, &format!("{path}?extendCode=color")).await), json!([]));
    assert_eq!(ok(&get(&app, ORDER, "/order/api/order/v1/asset/EG-OTHER/list").await), json!([]));
}

#[tokio::test]
async fn shellnums_are_unique_increasing_with_partitions() {
    let app = app();
    let a = ok(&post(&app, ORDER, SHELL, json!({"size": 3})).await);
    assert_eq!(a, json!(["8000000001", "8000000002", "8000000003"]));
    let b = ok(&post(&app, ORDER, SHELL, json!({"size": 2})).await);
    assert_eq!(b, json!(["8000000004", "8000000005"]));
    let sg = ok(&post(&app, ORDER, &format!("{SHELL}?partition=singapore"), json!({"size": 1})).await);
    assert_eq!(sg, json!(["6000000001"]));
    business(&post(&app, ORDER, SHELL, json!({"size": 0})).await, "13004");
    business(&post(&app, ORDER, SHELL, json!({"size": 1001})).await, "13004");
    business(&post(&app, ORDER, &format!("{SHELL}?partition=mars"), json!({"size": 1})).await, "13004");
}
