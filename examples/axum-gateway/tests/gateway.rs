//! The gateway as a browser reaches it, over HTTP, with the simulator behind
//! it: a valid order goes through; a refused one gets the whole report, in
//! document order and the caller's language; a body built on the server goes
//! through `Valid::new(..)?`.

use std::time::Duration;

use licensing_client::{Client, ClientOptions};
use licensing_core::validate::Profile;
use licensing_core::wire::Endpoint;
use licensing_sim::{router, AppState, Config};
use serde_json::{json, Value};

/// The simulator and the gateway on free ports; the gateway's base URL.
async fn gateway() -> String {
    let sim = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let sim_url = format!("http://{}", sim.local_addr().unwrap());
    let config = Config { rules: Profile::Recommended, ..Config::default() };
    tokio::spawn(licensing_sim::serve_on(sim, router(AppState::new(&config).unwrap()), Duration::from_secs(10)));
    let client = Client::reqwest(ClientOptions::new(sim_url, "dev-all-token").with_app_key("app-gateway")).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, axum_gateway_example::app(client)).await });
    url
}

/// An order as a portal sends it, made valid by licensing-core's `make_valid`
/// (what a rule asks of it comes from the rule's own repair).
fn order(asset_no: &str) -> Value {
    let mut body = json!({
        "channelCode": "CH01", "channelOrderId": "GW-1", "syncMode": "sync",
        "orderList": [{
            "sequence": 1, "orderType": "new_buy", "licenseType": "softkey",
            "crmCustomerId": "C-1", "customerName": "Acme", "customerType": "company",
            "assets": [{ "assetNos": [asset_no], "products": [{ "productUri": "prod:1", "productName": "Editor" }] }]
        }]
    });
    licensing_core::testing::make_valid(Endpoint::BatchOrder, &mut body);
    body
}

async fn post(url: &str, body: &str, content_type: &str, language: &str) -> (u16, String) {
    let answer = reqwest::Client::new()
        .post(format!("{url}/api/orders"))
        .header("content-type", content_type)
        .header("accept-language", language)
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

fn codes_and_paths(report: &Value) -> Vec<(String, String)> {
    report["issues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["code"].as_str().unwrap().to_owned(), i["path"].as_str().unwrap().to_owned()))
        .collect()
}

#[tokio::test]
async fn a_valid_order_is_forwarded() {
    let url = gateway().await;
    let (status, body) = post(&url, &order("8000000001").to_string(), "application/json", "en").await;
    assert_eq!(status, 200, "{body}");
    let results: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(results[0]["sequence"], json!(1), "{body}");
    assert!(results[0]["licenseOrderId"].is_string(), "{body}");
}

/// What axum's `Json<T>` cannot say: a type error, an enum, an unknown field
/// and a repeated key, all at once, in the order they come in the text.
#[tokio::test]
async fn a_refused_order_gets_the_whole_report_in_document_order() {
    let url = gateway().await;
    let text = r#"{"channelCode": "CH01", "channelOrderId": "GW-2", "syncMode": "Sync", "orderList": [{"sequence": "1", "orderType": "new_buy",
        "licenseType": "softkey", "crmCustomerId": "C-1", "customerName": "Acme", "customerType": "company",
        "custmerType": "company", "assets": [{"assetNos": ["1234"], "products": []}], "sequence": 2}]}"#;
    let (status, body) = post(&url, text, "application/json", "en").await;
    assert_eq!(status, 422, "{body}");
    let report: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(report["valid"], json!(false));
    let expected = [
        ("enum", "/syncMode"),
        ("type", "/orderList/0/sequence"),
        ("unknown_field", "/orderList/0/custmerType"),
        ("asset_number_format", "/orderList/0/assets/0/assetNos/0"),
        ("duplicate_key", "/orderList/0/sequence"),
        ("products_required", "/orderList/0/assets/0/products"),
    ];
    let got = codes_and_paths(&report);
    for (code, path) in expected {
        assert!(got.contains(&(code.to_owned(), path.to_owned())), "{code} at {path} missing from {got:?}");
    }
    let positions: Vec<usize> =
        expected.iter().filter_map(|(c, p)| got.iter().position(|(gc, gp)| gc == c && gp == p)).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "not in document order: {got:?}");
}

#[tokio::test]
async fn messages_follow_accept_language() {
    let url = gateway().await;
    let (status, body) = post(&url, r#"{"orderList": []}"#, "application/json", "zh-CN,zh;q=0.9,en;q=0.8").await;
    assert_eq!(status, 422, "{body}");
    let report: Value = serde_json::from_str(&body).unwrap();
    let message = report["issues"][0]["message"].as_str().unwrap();
    assert!(message.contains("缺少必填字段") || message.contains("不能为空"), "{message}");
}

#[tokio::test]
async fn not_json_is_400_and_not_declared_json_is_415() {
    let url = gateway().await;
    let (status, body) = post(&url, "{\"syncMode\": ", "application/json", "en").await;
    assert_eq!(status, 400, "{body}");
    let report: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(codes_and_paths(&report), [("invalid_json".to_owned(), String::new())]);
    let (status, _) = post(&url, &order("8000000001").to_string(), "text/plain", "en").await;
    assert_eq!(status, 415);
}

#[tokio::test]
async fn a_body_built_on_the_server_is_validated_with_question_mark() {
    let url = gateway().await;
    let answer = reqwest::get(format!("{url}/api/shell-numbers?size=0")).await.unwrap();
    assert_eq!(answer.status().as_u16(), 422);
    let failure: Value = answer.json().await.unwrap();
    assert_eq!((failure["kind"].as_str(), failure["issues"][0]["path"].as_str()), (Some("validation"), Some("/size")));
    let answer = reqwest::get(format!("{url}/api/shell-numbers?size=2")).await.unwrap();
    assert_eq!(answer.status().as_u16(), 200);
    let numbers: Vec<String> = answer.json().await.unwrap();
    assert_eq!(numbers.len(), 2);
}
