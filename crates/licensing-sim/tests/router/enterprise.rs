use serde_json::json;

use crate::support::*;

const BIND: &str = "/order/api/order/v1/enterprise/user/bind";
const CREATE: &str = "/order/api/order/v1/enterprise/user/create";
const QUERY: &str = "/order/api/order/v1/enterprise/user/query";
const UPDATE: &str = "/order/api/order/v1/enterprise/user/update";

#[tokio::test]
async fn bind_then_query_with_one_default_customer() {
    let app = app();
    let body = json!({"channelCode": "CH01", "channelCustomerId": "CC-1", "customerName": "ACME", "enterpriseName": "ACME Ltd"});
    let first = ok(&post(&app, ORDER, BIND, body.clone()).await);
    assert_eq!(first["isDefault"], json!(true));
    assert_eq!(first["channelCode"], json!("CH01"));
    let second = ok(&post(&app, ORDER, BIND, body).await);
    assert_eq!(second["isDefault"], json!(false));
    assert_eq!(second["enterpriseGlobalId"], first["enterpriseGlobalId"]);
    let all =
        ok(&get(&app, ORDER, &format!("{QUERY}?channelCode=CH01&channelCustomerId=CC-1&defaultCustomer=N")).await);
    assert_eq!(all.as_array().unwrap().len(), 2);
    let default =
        ok(&get(&app, ORDER, &format!("{QUERY}?channelCode=CH01&channelCustomerId=CC-1&defaultCustomer=Y")).await);
    assert_eq!(default, json!([first]));
    let none =
        ok(&get(&app, ORDER, &format!("{QUERY}?channelCode=CH01&channelCustomerId=other&defaultCustomer=N")).await);
    assert_eq!(none, json!([]));
}

#[tokio::test]
async fn query_parameters_are_validated() {
    let app = app();
    let m = business(
        &get(&app, ORDER, &format!("{QUERY}?channelCode=CH01&channelCustomerId=CC-1&defaultCustomer=y")).await,
        "13004",
    );
    assert!(m.starts_with("/defaultCustomer:"), "{m}");
    let m = business(&get(&app, ORDER, &format!("{QUERY}?channelCode=CH01")).await, "13004");
    assert!(m.starts_with("/channelCustomerId:"), "{m}");
}

#[tokio::test]
async fn create_then_update() {
    let app = app();
    let created =
        ok(&post(&app, ORDER, CREATE, json!({"crmCustomerId": "CRM-9", "customerName": "Beta", "address": "X"})).await);
    assert!(created["enterpriseGlobalId"].as_str().unwrap().starts_with("EG"));
    assert_eq!(created["defaultType"], json!(true));
    assert_eq!(created["members"].as_array().unwrap().len(), 1);
    let again = ok(&post(&app, ORDER, CREATE, json!({"crmCustomerId": "CRM-9"})).await);
    assert_eq!(again["enterpriseGlobalId"], created["enterpriseGlobalId"]);
    let reply = post(&app, ORDER, UPDATE, json!({"crmCustomerId": "CRM-9", "customerName": "Beta 2"})).await;
    assert_eq!(ok(&reply), serde_json::Value::Null);
    assert!(reply.body.get("data").is_none());
    let m = business(&post(&app, ORDER, UPDATE, json!({"crmCustomerId": "CRM-404"})).await, "13004");
    assert!(m.contains("CRM-404"));
    let m = business(&post(&app, ORDER, CREATE, json!({"crmCustomerId": ""})).await, "13004");
    assert!(m.starts_with("/crmCustomerId:"), "{m}");
}
