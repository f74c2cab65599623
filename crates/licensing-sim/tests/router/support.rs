//! A router per test and a small request builder.

use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};
use tower::ServiceExt;

pub(crate) const ORDER: &str = "dev-order-token";
pub(crate) const ACTIVITY: &str = "dev-activity-token";

/// The admin token the test routers are made with.
pub(crate) const ADMIN: &str = "test-admin";

pub(crate) fn app() -> Router {
    router(AppState::new(&Config { admin_token: Some(ADMIN.into()), ..Config::default() }).unwrap())
}

/// A request to an admin route, with the admin token.
pub(crate) fn admin(method: &str, path: &str) -> Request<Body> {
    Request::builder().method(method).uri(path).header("x-sim-admin", ADMIN).body(Body::empty()).unwrap()
}

/// A router that refuses only what its rules profile makes an error.
pub(crate) fn app_with_rules(rules: licensing_core::validate::Profile) -> Router {
    router(AppState::new(&Config { rules, admin_token: Some(ADMIN.into()), ..Config::default() }).unwrap())
}

/// POST a body given as raw text (repeated keys, odd content types).
pub(crate) async fn post_text(app: &Router, token: &str, path: &str, content_type: &str, text: &str) -> Reply {
    let req = Request::post(format!("{path}?g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", content_type)
        .body(Body::from(text.to_owned()))
        .unwrap();
    send(app, req).await
}

static NONCE: AtomicU64 = AtomicU64::new(0);

pub(crate) fn nonce() -> String {
    format!("n{}", NONCE.fetch_add(1, Ordering::Relaxed))
}

pub(crate) struct Reply {
    pub status: u16,
    pub body: Value,
    pub text: String,
}

pub(crate) async fn send(app: &Router, req: Request<Body>) -> Reply {
    let response = app.clone().oneshot(req).await.unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    Reply { status, body: serde_json::from_str(&text).unwrap_or(Value::Null), text }
}

/// POST `path` (query without g_nonce) with a fresh nonce, a token and a JSON body.
pub(crate) async fn post(app: &Router, token: &str, path_and_query: &str, body: Value) -> Reply {
    let sep = if path_and_query.contains('?') { '&' } else { '?' };
    let req = Request::post(format!("{path_and_query}{sep}g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    send(app, req).await
}

pub(crate) async fn get(app: &Router, token: &str, path_and_query: &str) -> Reply {
    let sep = if path_and_query.contains('?') { '&' } else { '?' };
    let req = Request::get(format!("{path_and_query}{sep}g_nonce={}", nonce()))
        .header("authorization", format!("Bearer {token}"))
        .body(Body::empty())
        .unwrap();
    send(app, req).await
}

/// Asserts an order-module success and returns `data`.
#[track_caller]
pub(crate) fn ok(reply: &Reply) -> Value {
    assert_eq!(reply.status, 200, "{}", reply.text);
    assert_eq!(reply.body["code"], json!(0), "{}", reply.text);
    reply.body.get("data").cloned().unwrap_or(Value::Null)
}

/// Asserts an HTTP 299 business error with this code; returns the message.
#[track_caller]
pub(crate) fn business(reply: &Reply, code: &str) -> String {
    assert_eq!(reply.status, 299, "{}", reply.text);
    assert_eq!(reply.body["code"], json!(code), "{}", reply.text);
    assert!(reply.body["cause"].is_string(), "{}", reply.text);
    reply.body["message"].as_str().unwrap_or_default().to_owned()
}

pub(crate) const BATCH: &str = "/order/api/order/v1/licenseOrder/batchOrder?appKey=app-1";

pub(crate) fn product(uri: &str) -> Value {
    json!({"productUri": uri, "crmProductId": "P1", "limitStartDate": 1000, "limitEndDate": 2000, "limitConcurrent": 5})
}

/// A valid batch: one order per (sequence, order type, licence, asset numbers).
pub(crate) fn batch(channel_order_id: &str, orders: &[(i64, &str, &str, &[&str])]) -> Value {
    let list: Vec<Value> = orders
        .iter()
        .map(|(seq, order_type, license_type, nos)| {
            json!({"sequence": seq, "orderType": order_type, "licenseType": license_type, "crmCustomerId": "CRM-1",
                   "enterpriseGlobalId": "EG-ACME", "srcLicenseOrderId": if *order_type == "new_buy" { Value::Null } else { json!("") },
                   "assets": [{"assetNos": nos, "products": [product("gms:1001")],
                               "assetExtendList": [{"extendCode": "region", "extendValue": "east"}]}]})
        })
        .map(|mut o: Value| {
            if o["srcLicenseOrderId"] == json!("") || o["srcLicenseOrderId"].is_null() {
                o.as_object_mut().unwrap().remove("srcLicenseOrderId");
            }
            o
        })
        .collect();
    json!({"channelCode": "CH01", "channelOrderId": channel_order_id, "syncMode": "sync", "orderList": list})
}
