//! `--rules`: under `recommended` (the default) the simulator refuses what the
//! SDK's validators refuse; under `spec` only what the spec states, so every
//! request an inferred rule refuses is processed.

use licensing_core::validate::Profile;
use serde_json::{json, Value};

use crate::support::*;

const SHELL: &str = "/order/api/order/v1/shellnums";
const ACTIVITY_PATH: &str = "/activity/services/activity";

/// A new_buy whose product carries no limit dates and no productUri.
fn bare_new_buy(channel_order_id: &str, number: &str) -> Value {
    json!({"channelCode": "CH01", "channelOrderId": channel_order_id, "orderList": [
        {"sequence": 1, "orderType": "new_buy", "licenseType": "softkey", "assets": [
            {"assetNos": [number], "products": [{"crmProductId": "P1"}]}]}]})
}

/// Each request one inferred rule refuses (and nothing the spec states does).
fn inferred_only() -> Vec<(&'static str, &'static str, Value)> {
    let mut unlimited = batch("CO-unlimited", &[(1, "new_buy", "softkey", &["8000000041"])]);
    unlimited["orderList"][0]["assets"][0]["products"][0]["limitConcurrent"] = json!(-1);
    unlimited["orderList"][0]["assets"][0]["products"][0]["timeUnitQuantity"] = json!(-1);
    let repeated =
        batch("CO-repeated", &[(1, "new_buy", "softkey", &["8000000042"]), (1, "new_buy", "softkey", &["8000000043"])]);
    let strict_without_dates = json!({"channelCode": "CH01", "channelOrderId": "CO-strict", "orderList": [
        {"sequence": 1, "orderType": "delete_product", "licenseType": "softkey", "srcLicenseOrderId": "",
         "assets": [{"assetNos": ["8000000044"], "products": [{"crmProductId": "P1", "strictMatchWhenDelete": true}]}]}]});
    vec![
        ("limitConcurrent / timeUnitQuantity -1", BATCH, unlimited),
        ("a repeated sequence", BATCH, repeated),
        ("a strict-match delete without dates or productUri", BATCH, strict_without_dates),
        ("size 0", SHELL, json!({"size": 0})),
    ]
}

#[tokio::test]
async fn recommended_refuses_what_the_sdk_infers() {
    let app = app();
    for (what, path, body) in inferred_only() {
        let reply = post(&app, ORDER, path, body).await;
        assert_eq!(reply.status, 299, "{what}: {}", reply.text);
        business(&reply, "13004");
    }
    let claim = json!({"identity": "a@example.com", "activityLabel": "spring-trial", "source": "portal"});
    let reply = post(&app, ACTIVITY, ACTIVITY_PATH, claim).await;
    assert_eq!(reply.body["resultCode"], json!("1001"), "{}", reply.text);
}

#[tokio::test]
async fn spec_processes_what_only_an_inference_refuses() {
    let app = app_with_rules(Profile::Spec);
    // The product a strict-match delete without dates matches: stored without them.
    ok(&post(&app, ORDER, BATCH, bare_new_buy("CO-bare", "8000000044")).await);
    for (what, path, body) in inferred_only() {
        let reply = post(&app, ORDER, path, body).await;
        assert_eq!((reply.status, &reply.body["code"]), (200, &json!(0)), "{what}: {}", reply.text);
    }
    // joinActivity without branch.
    let claim = json!({"identity": "a@example.com", "activityLabel": "spring-trial", "source": "portal"});
    let reply = post(&app, ACTIVITY, ACTIVITY_PATH, claim).await;
    assert_eq!(reply.body["resultCode"], json!("0000"), "{}", reply.text);
    // What the spec states stays refused: an asset number with partition 7.
    let bad = batch("CO-bad", &[(1, "new_buy", "softkey", &["7000000001"])]);
    assert!(business(&post(&app, ORDER, BATCH, bad).await, "13004").contains("assetNos/0"));
}

#[tokio::test]
async fn the_text_is_read_as_the_sdk_reads_it() {
    let app = app();
    // A repeated key is an SDK error (which value a server keeps is not defined).
    let m = business(&post_text(&app, ORDER, SHELL, "application/json", r#"{"size":1,"size":2}"#).await, "13004");
    assert!(m.starts_with("/size"), "{m}");
    // The media type is exactly application/json (parameters allowed).
    ok(&post_text(&app, ORDER, SHELL, "Application/JSON; charset=utf-8", r#"{"size":1}"#).await);
    for odd in ["application/jsonp", "application/json-patch+json", "text/json"] {
        assert!(
            business(&post_text(&app, ORDER, SHELL, odd, r#"{"size":1}"#).await, "13004").contains("Content-Type"),
            "{odd}"
        );
    }
}
