//! `SimSession` over fetch, in Node, browsers and a worker: a session of its
//! own on the simulator the suites share, its numbers and faults its own.

use licensing_client::fetch::FetchTransport;
use licensing_client::sim_session::SimSession;
use licensing_core::model::ShellNumsRequest;
use licensing_core::response::ErrorKind;
use licensing_core::wire::Endpoint;
use serde_json::json;
use wasm_bindgen_test::wasm_bindgen_test;

use crate::support::{make, options, v, ADMIN, SIM};

#[wasm_bindgen_test]
async fn a_session_of_its_own_on_the_shared_simulator() {
    let transport = FetchTransport::new();
    let session = SimSession::open(transport.clone(), SIM, ADMIN, &json!({ "seed": 700 })).await.unwrap();
    let mut o = options();
    o.base_url = session.base_url();
    let client = make(o).unwrap();
    let one = v(ShellNumsRequest { size: Some(1) });
    let none = licensing_client::CallOptions::default();
    // Its own sequence, whatever the other suites asked of the simulator.
    assert_eq!(client.shell_nums(&one, &none).await.unwrap(), ["8000000701"]);
    session.inject_fault("http=503;times=10", Some(Endpoint::ShellNums)).await.unwrap();
    assert_eq!(client.shell_nums(&one, &none).await.unwrap_err().kind, ErrorKind::Http);
    assert_eq!(session.snapshot().await.unwrap()["nextAssetNumbers"]["domestic"], json!(702));
    session.close().await.unwrap();
    assert_eq!(client.shell_nums(&one, &none).await.unwrap_err().status, Some(404));
}
