//! Every error kind.

use licensing_client::ClientOptions;
use licensing_core::model::*;
use licensing_core::response::ErrorKind;
use licensing_core::valid::Valid;
use licensing_core::wire::Endpoint;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::*;

#[wasm_bindgen_test]
async fn validation_errors_are_not_sent() {
    let id = unique("t-invalid");
    let c = traced(&id, None, |_| {});
    // A typed request cannot be sent unless it is Valid; JSON text is validated
    // by the client under its profile.
    let lock = r#"{"assetNums": ["7000000001"], "operatorIdentity": "o"}"#;
    let err = c.send_json(Endpoint::LockAssets, lock, &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Validation);
    assert_eq!(err.issues[0].path, "/assetNums/0");
    assert_no_token(&err);
    let err = c.send_json(Endpoint::ShellNums, r#"{"size": 0}"#, &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Validation);
    assert!(Valid::new(ShellNumsRequest { size: Some(0) }).is_err());
    assert!(trace(&id).await.is_empty(), "an invalid request left the machine");
}

#[wasm_bindgen_test]
async fn business_error_from_http_299() {
    let err = client()
        .update_enterprise(
            &v(EnterpriseCustomerRequest { crm_customer_id: Some(unique("nobody")), ..Default::default() }),
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
    let valid = v(req.clone());
    c.join_activity(&valid, &none()).await.expect("first claim");
    let err = c.join_activity(&valid, &none()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Activity, Some("3002")));
    let units = err.activity_rejections().expect("activities")[0].engine_sub_activity_dtos.clone().expect("units");
    assert_eq!(units[0].error_code, Some(14005));
    let unknown = ActivityRequest { activity_label: Some("no-such".into()), ..req };
    let err = c.join_activity(&v(unknown), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref()), (ErrorKind::Activity, Some("3001")));
}

#[wasm_bindgen_test]
async fn http_error_for_an_unknown_token() {
    let mut o = ClientOptions::new(SIM, "not-a-token");
    o.max_retries = 0;
    let err = make(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(401)));
    assert!(!format!("{err:?}").contains("not-a-token"));
}

#[wasm_bindgen_test]
async fn network_error_for_a_closed_port() {
    let mut o = ClientOptions::new("http://127.0.0.1:9", TOKEN);
    o.max_retries = 0;
    let err = make(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Network);
    assert_no_token(&err);
}

#[wasm_bindgen_test]
async fn a_fetch_that_fails_with_the_token_in_its_words_is_repeated_without_it() {
    // A caller's fetch (a proxy, a test double) whose error quotes the request's header.
    let failing = js_sys::Function::new_with_args(
        "request",
        "return Promise.reject(new Error('connect: ' + request.headers.get('authorization')))",
    );
    let mut o = options();
    o.max_retries = 0;
    let c = Client::new(o, licensing_client::fetch::FetchTransport::with_fetch(failing)).expect("client");
    let err = c.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Network);
    assert!(err.message.contains("connect: Bearer [redacted]"), "{}", err.message);
    assert_no_token(&err);
}

#[wasm_bindgen_test]
async fn decode_error_for_a_body_that_is_not_json() {
    let c = traced(&unique("t-decode"), Some("non-json"), |_| {});
    let err = c.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Decode);
}

#[wasm_bindgen_test]
fn unusable_options_are_refused() {
    assert_eq!(make(ClientOptions::new("/relative", TOKEN)).unwrap_err().kind, ErrorKind::Validation);
    assert_eq!(make(ClientOptions::new(SIM, " ")).unwrap_err().kind, ErrorKind::Validation);
}
