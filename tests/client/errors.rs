//! Every error kind.

use licensing_sdk::client::{Client, ClientOptions};
use licensing_sdk::core::response::ErrorKind;
use licensing_sdk::model::*;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

#[wasm_bindgen_test]
async fn validation_errors_are_not_sent() {
    let id = unique("t-invalid");
    let c = traced(&id, None, |_| {});
    let err = c
        .lock_assets(
            &LockRequest { asset_nums: Some(vec!["7000000001".into()]), operator_identity: Some("o".into()) },
            &none(),
        )
        .await
        .unwrap_err();
    assert_eq!(err.kind, ErrorKind::Validation);
    assert_eq!(err.issues[0].path, "/assetNums/0");
    assert_no_token(&err);
    let err = c.shell_nums(&ShellNumsRequest { size: Some(0) }, &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Validation);
    assert!(trace(&id).await.is_empty(), "an invalid request left the machine");
}

#[wasm_bindgen_test]
async fn business_error_from_http_299() {
    let err = client()
        .update_enterprise(
            &EnterpriseCustomerRequest { crm_customer_id: Some(unique("nobody")), ..Default::default() },
            &none(),
        )
        .await
        .unwrap_err();
    assert_eq!((err.kind, err.code.as_deref(), err.status), (ErrorKind::Business, Some("13004"), Some(299)));
    assert!(err.cause.is_some());
    assert_no_token(&err);
}

#[wasm_bindgen_test]
async fn activity_error_with_activities_on_3002() {
    let c = client();
    let req = ActivityRequest {
        identity: Some(format!("{}@example.com", unique("u"))),
        activity_label: Some("spring-trial".into()),
        source: Some("portal".into()),
        branch: Some("BJ".into()),
    };
    c.join_activity(&req, &none()).await.expect("first claim");
    let err = c.join_activity(&req, &none()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Activity, Some("3002")));
    let units = err.activity_rejections().expect("activities")[0].engine_sub_activity_dtos.clone().expect("units");
    assert_eq!(units[0].error_code, Some(14005));
    let unknown = ActivityRequest { activity_label: Some("no-such".into()), ..req };
    let err = c.join_activity(&unknown, &none()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Activity, Some("3001")));
}

#[wasm_bindgen_test]
async fn http_error_for_an_unknown_token() {
    let mut o = ClientOptions::new(SIM, "not-a-token");
    o.max_retries = 0;
    let err = Client::new(o).unwrap().shell_nums(&ShellNumsRequest { size: Some(1) }, &none()).await.unwrap_err();
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(401)));
    assert!(!format!("{err:?}").contains("not-a-token"));
}

#[wasm_bindgen_test]
async fn network_error_for_a_closed_port() {
    let mut o = ClientOptions::new("http://127.0.0.1:9", TOKEN);
    o.max_retries = 0;
    let err = Client::new(o).unwrap().shell_nums(&ShellNumsRequest { size: Some(1) }, &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Network);
    assert_no_token(&err);
}

#[wasm_bindgen_test]
async fn decode_error_for_a_body_that_is_not_json() {
    let c = traced(&unique("t-decode"), Some("non-json"), |_| {});
    let err = c.shell_nums(&ShellNumsRequest { size: Some(1) }, &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Decode);
}

#[wasm_bindgen_test]
fn unusable_options_are_refused() {
    assert_eq!(Client::new(ClientOptions::new("/relative", TOKEN)).unwrap_err().kind, ErrorKind::Validation);
    assert_eq!(Client::new(ClientOptions::new(SIM, " ")).unwrap_err().kind, ErrorKind::Validation);
}
