//! `SimSession` over reqwest: two sessions on one simulator, each a client's
//! own (numbers, faults, the virtual clock, traces), closed when done.

use licensing_client::native::ReqwestTransport;
use licensing_client::sim_session::SimSession;
use licensing_client::Client;
use licensing_core::model::ShellNumsRequest;
use licensing_core::response::ErrorKind;
use licensing_core::validate::Profile;
use licensing_core::wire::Endpoint;
use serde_json::json;

use crate::{none, options, simulator, v};

#[tokio::test]
async fn two_sessions_on_one_simulator_see_only_their_own() {
    let origin = simulator(Profile::Recommended).await;
    let transport = ReqwestTransport::new().unwrap();
    let a = SimSession::open(transport.clone(), &origin, "native-admin", &json!({ "clock": "virtual" })).await.unwrap();
    let b = SimSession::open(transport.clone(), &origin, "native-admin", &json!({ "seed": 500 })).await.unwrap();
    assert_ne!(a.id(), b.id());
    assert!(!format!("{a:?}").contains(a.admin_token()), "no token in a Debug print");
    let mut traced = options(&a.base_url());
    traced.headers.push(("x-sim-trace".into(), "mine".into()));
    let client_a = Client::new(traced, transport.clone()).unwrap();
    let client_b = Client::new(options(&b.base_url()), transport.clone()).unwrap();
    let one = v(ShellNumsRequest { size: Some(1) });
    assert_eq!(client_a.shell_nums(&one, &none()).await.unwrap(), ["8000000001"]);
    assert_eq!(client_b.shell_nums(&one, &none()).await.unwrap(), ["8000000501"]);

    // A's fault is A's: its next call fails (a 503 each attempt), B's does not.
    a.inject_fault("http=503;times=10", Some(Endpoint::ShellNums)).await.unwrap();
    assert_eq!(client_a.shell_nums(&one, &none()).await.unwrap_err().kind, ErrorKind::Http);
    assert_eq!(client_b.shell_nums(&one, &none()).await.unwrap(), ["8000000502"]);

    // A's virtual clock, trace, snapshot and reset.
    let before = a.advance_clock(0).await.unwrap()["now"].as_i64().unwrap();
    let after = a.advance_clock(60_000).await.unwrap()["now"].as_i64().unwrap();
    assert_eq!(after - before, 60_000);
    let trace = a.trace("mine").await.unwrap();
    assert!(trace.as_array().is_some_and(|t| !t.is_empty()), "{trace}");
    assert_eq!(a.snapshot().await.unwrap()["nextAssetNumbers"]["domestic"], json!(2));
    assert_eq!(a.stats().await.unwrap()["orders"], json!(0));
    a.reset().await.unwrap();
    assert_eq!(client_a.shell_nums(&one, &none()).await.unwrap(), ["8000000001"]);

    // Closed: its URL answers 404; B's goes on; a session's own token cannot make one.
    a.close().await.unwrap();
    assert_eq!(client_a.shell_nums(&one, &none()).await.unwrap_err().status, Some(404));
    assert_eq!(client_b.shell_nums(&one, &none()).await.unwrap(), ["8000000503"]);
    let refused = SimSession::open(transport, &origin, b.admin_token(), &json!({})).await.unwrap_err();
    assert_eq!(refused.status, Some(401), "{}", refused.message);
}
