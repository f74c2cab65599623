//! The client over reqwest (natively: servers, SSR, CLIs) against the simulator
//! running in this process on a free port: every endpoint, every error kind,
//! the retry policy, timeouts, redirects and the size cap.
#![cfg(all(not(target_arch = "wasm32"), feature = "reqwest"))]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use licensing_client::{CallOptions, Client, ClientOptions, Phase};
use licensing_core::model::*;
use licensing_core::response::ErrorKind;
use licensing_core::valid::{Request, Valid};
use licensing_core::validate::Profile;
use licensing_core::wire::Endpoint;
use licensing_sim::{router, AppState, Config};

/// What the native and the simulated suites share: bodies, ids, expectations.
#[path = "../common/mod.rs"]
mod common;
/// The `hooks` feature: hooks and a token provider around real exchanges.
#[cfg(feature = "hooks")]
mod hooks;
/// The hook scenarios the npm package runs too (`tests/hook-scenarios.json`).
#[cfg(feature = "hooks")]
mod scenarios;
/// `SimSession`: a session of its own on a shared simulator.
mod sim_session;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub(crate) const TOKEN: &str = "dev-all-token";

/// A simulator on a free port of 127.0.0.1 (its base URL).
pub(crate) async fn simulator(rules: Profile) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let config = Config { rules, admin_token: Some("native-admin".into()), ..Config::default() };
    tokio::spawn(licensing_sim::serve_on(listener, router(AppState::new(&config).unwrap()), Duration::from_secs(10)));
    url
}

pub(crate) fn options(base: &str) -> ClientOptions {
    let mut o = ClientOptions::new(base, TOKEN);
    o.app_key = Some("app-native".into());
    o.retry_base_ms = 5;
    o
}

pub(crate) fn v<T: Request>(value: T) -> Valid<T> {
    Valid::new(value).expect("a valid request")
}

pub(crate) fn none() -> CallOptions<std::convert::Infallible> {
    CallOptions::default()
}

#[tokio::test]
async fn every_endpoint_typed() {
    let client = Client::reqwest(options(&simulator(Profile::Recommended).await)).unwrap();
    common::every_endpoint_typed(&client, "N").await;
}

#[tokio::test]
async fn every_endpoint_answers() {
    let client = Client::reqwest(options(&simulator(Profile::Recommended).await)).unwrap();
    common::every_endpoint_answers(&client).await;
}

#[tokio::test]
async fn errors_of_every_kind() {
    let base = simulator(Profile::Recommended).await;
    let client = Client::reqwest(options(&base)).unwrap();
    let invalid = client.send_json(Endpoint::ShellNums, r#"{"size": 0}"#, &none()).await.unwrap_err();
    assert_eq!((invalid.kind, invalid.issues[0].path.as_str()), (ErrorKind::Validation, "/size"));
    let business = client
        .update_enterprise(
            &v(EnterpriseCustomerRequest { crm_customer_id: Some("nobody".into()), ..Default::default() }),
            &none(),
        )
        .await
        .unwrap_err();
    assert_eq!(
        (business.kind, business.code.as_deref(), business.status),
        (ErrorKind::Business, Some("13004"), Some(299))
    );
    let stranger = Client::reqwest(ClientOptions::new(&base, "not-a-token")).unwrap();
    let http = stranger.shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!((http.kind, http.status), (ErrorKind::Http, Some(401)));
    assert!(!format!("{http:?} {http}").contains("not-a-token"));
    let mut closed = ClientOptions::new("http://127.0.0.1:9", TOKEN);
    closed.max_retries = 0;
    let network = Client::reqwest(closed).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await;
    assert_eq!(network.unwrap_err().kind, ErrorKind::Network);
    let mut faulty = options(&base);
    faulty.headers.push(("x-sim-fault".into(), "non-json".into()));
    let decode = Client::reqwest(faulty).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await;
    assert_eq!(decode.unwrap_err().kind, ErrorKind::Decode);
    let mut slow = options(&base);
    slow.headers.push(("x-sim-fault".into(), "stall-body".into()));
    slow.timeout_ms = 200;
    slow.max_retries = 0;
    let timeout = Client::reqwest(slow).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await;
    assert_eq!(timeout.unwrap_err().kind, ErrorKind::Timeout);
    assert_eq!(Client::reqwest(ClientOptions::new("/relative", TOKEN)).unwrap_err().kind, ErrorKind::Validation);
}

#[tokio::test]
async fn code_500_is_retried_with_fresh_nonces_and_warnings_reach_the_hook() {
    let base = simulator(Profile::Recommended).await;
    let mut o = options(&base);
    o.headers.push(("x-sim-fault".into(), "code500;times=2;key=native-retry".into()));
    let seen = Arc::new(AtomicUsize::new(0));
    let count = seen.clone();
    o.on_warnings = Some(Arc::new(move |endpoint, phase, warnings| {
        assert_eq!((endpoint, phase), (Endpoint::ShellNums, Phase::Request));
        count.fetch_add(warnings.len(), Ordering::SeqCst);
    }));
    o.rules = Profile::Spec;
    let client = Client::reqwest(o).unwrap();
    // Sent under the spec profile, with its inferred issue as a warning; the
    // simulator (recommended) refuses it, after the two simulated retries.
    // shellNums is retried on the caller's word that a repeat is fine.
    let err = client.send_json(Endpoint::ShellNums, r#"{"size": 0}"#, &none().repeatable()).await.unwrap_err();
    assert_eq!((err.kind, err.code.as_deref(), err.sent), (ErrorKind::Business, Some("13004"), true));
    assert_eq!(seen.load(Ordering::SeqCst), 1);
}

/// A server answering every connection with `head` (status line and headers)
/// and `body`; its URL.
async fn raw_server(head: &'static str, body: &'static str) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let answer = format!("{head}\r\nContent-Length: {}\r\n\r\n{body}", body.len());
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut buf = [0u8; 4096];
            let _ = socket.read(&mut buf).await;
            let _ = socket.write_all(answer.as_bytes()).await;
        }
    });
    url
}

const JSON_200: &str = "HTTP/1.1 200 OK\r\nContent-Type: application/json";

#[tokio::test]
async fn redirects_are_not_followed_and_answers_are_capped() {
    let redirect = raw_server("HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:9/steal", "").await;
    let err =
        Client::reqwest(options(&redirect)).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await;
    let err = err.unwrap_err();
    assert_eq!((err.kind, err.status), (ErrorKind::Http, Some(307)));
    let big = raw_server(JSON_200, r#"{"code":0,"data":["8000000001","8000000002","8000000003"]}"#).await;
    let mut o = options(&big);
    o.max_response_bytes = 20;
    let err =
        Client::reqwest(o).unwrap().shell_nums(&v(ShellNumsRequest { size: Some(1) }), &none()).await.unwrap_err();
    assert_eq!(err.kind, ErrorKind::Decode);
    assert!(err.message.contains("larger than 20 bytes"), "{}", err.message);
    // The tolerant reader: a status the spec does not list, as sent.
    let odd = raw_server(JSON_200, r#"{"code":0,"data":[{"assetNum":"x","status":5}]}"#).await;
    let lock = LockRequest { asset_nums: Some(vec!["8000000001".into()]), operator_identity: Some("o".into()) };
    let results = Client::reqwest(options(&odd)).unwrap().lock_assets(&v(lock), &none()).await.unwrap();
    assert_eq!(results[0].status, Some(Open::Other(json!(5))));
}
