use serde_json::json;

use crate::support::*;

const LIST: &str = "/order/api/order/v1/asset/EG-ACME/list";

#[tokio::test]
async fn new_buy_creates_orders_and_assets_and_echoes_sequence() {
    let app = app();
    let data = ok(&post(
        &app,
        ORDER,
        BATCH,
        batch(
            "CO-1",
            &[
                (7, "new_buy", "cloud_customer", &["8000000001"]),
                (9, "new_buy", "softkey", &["8000000002", "6000000003"]),
            ],
        ),
    )
    .await);
    let results = data.as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["sequence"], json!(7));
    assert_eq!(results[1]["sequence"], json!(9));
    assert_ne!(results[0]["licenseOrderId"], results[1]["licenseOrderId"]);
    assert_eq!(results[0]["customerId"], results[1]["customerId"]);
    let assets = ok(&get(&app, ORDER, LIST).await);
    let numbers: Vec<&str> = assets.as_array().unwrap().iter().map(|a| a["assetNum"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["6000000003", "8000000001", "8000000002"]);
    assert_eq!(assets[1]["licenseType"], json!("cloud_customer"));
    // The digit part of an all-digit asset number is the whole number.
    assert_eq!(assets[1]["keyShellNumber"], json!("8000000001"));
}

#[tokio::test]
async fn a_resubmitted_batch_is_stored_once() {
    let app = app();
    let body = batch("CO-2", &[(1, "new_buy", "softkey", &["8000000001"])]);
    let first = ok(&post(&app, ORDER, BATCH, body.clone()).await);
    let again = ok(&post(&app, ORDER, BATCH, body).await);
    assert_eq!(first, again);
    let stats = send(&app, admin("GET", "/__sim/stats")).await;
    assert_eq!(stats.body["orders"], json!(1));
}

#[tokio::test]
async fn delete_asset_and_its_src_license_order() {
    let app = app();
    let bought =
        ok(&post(&app, ORDER, BATCH, batch("CO-3", &[(1, "new_buy", "cloud_account", &["8000000001", "8000000002"])]))
            .await);
    let order_id = bought[0]["licenseOrderId"].as_str().unwrap().to_owned();
    // Cloud refund without srcLicenseOrderId: refused by the shared validator.
    let m = business(
        &post(&app, ORDER, BATCH, batch("CO-4", &[(1, "delete_asset", "cloud_account", &["8000000001"])])).await,
        "13004",
    );
    assert!(m.starts_with("/orderList/0/srcLicenseOrderId:"), "{m}");
    let mut refund = batch("CO-5", &[(1, "delete_asset", "cloud_account", &["8000000001"])]);
    refund["orderList"][0]["srcLicenseOrderId"] = json!("LO-OTHER");
    let m = business(&post(&app, ORDER, BATCH, refund.clone()).await, "13004");
    assert!(m.contains("not found in license order LO-OTHER"), "{m}");
    refund["orderList"][0]["srcLicenseOrderId"] = json!(order_id);
    refund["channelOrderId"] = json!("CO-6");
    ok(&post(&app, ORDER, BATCH, refund).await);
    let left = ok(&get(&app, ORDER, LIST).await);
    assert_eq!(left.as_array().unwrap().len(), 1);
    assert_eq!(left[0]["assetNum"], json!("8000000002"));
}

#[tokio::test]
async fn delete_product_strict_and_loose() {
    let app = app();
    ok(&post(&app, ORDER, BATCH, batch("CO-7", &[(1, "new_buy", "softkey", &["8000000001"])])).await);
    let mut strict = batch("CO-8", &[(1, "delete_product", "softkey", &["8000000001"])]);
    strict["orderList"][0]["assets"][0]["products"] = json!([{"productUri": "gms:1001", "strictMatchWhenDelete": true,
        "limitStartDate": 1000, "limitEndDate": 2001, "limitConcurrent": 5}]);
    let m = business(&post(&app, ORDER, BATCH, strict.clone()).await, "13004");
    assert!(m.contains("no product gms:1001") && m.contains("exactly"), "{m}");
    strict["orderList"][0]["assets"][0]["products"][0]["limitEndDate"] = json!(2000);
    strict["channelOrderId"] = json!("CO-9");
    ok(&post(&app, ORDER, BATCH, strict).await);
    // The product is gone: a loose delete of it now finds nothing.
    let mut loose = batch("CO-10", &[(1, "delete_product", "softkey", &["8000000001"])]);
    loose["orderList"][0]["assets"][0]["products"] = json!([{"productUri": "gms:1001"}]);
    business(&post(&app, ORDER, BATCH, loose).await, "13004");
}

#[tokio::test]
async fn batch_order_needs_app_key_and_a_valid_body() {
    let app = app();
    let body = batch("CO-11", &[(1, "new_buy", "softkey", &["8000000001"])]);
    let m = business(&post(&app, ORDER, "/order/api/order/v1/licenseOrder/batchOrder", body).await, "13004");
    assert!(m.contains("appKey"), "{m}");
    let mut bad = batch("CO-12", &[(1, "new_buy", "softkey", &["7000000001"])]);
    let m = business(&post(&app, ORDER, BATCH, bad.clone()).await, "13004");
    assert!(m.starts_with("/orderList/0/assets/0/assetNos/0:"), "{m}");
    bad["orderList"][0]["assets"][0]["assetNos"] = json!(["8000000001"]);
    bad["orderList"][0]["orderType"] = json!("NEW_BUY");
    let m = business(&post(&app, ORDER, BATCH, bad).await, "13004");
    assert!(m.contains("did you mean `new_buy`"), "{m}");
}
