//! The portal's logic in a headless browser against the in-process simulator:
//! `cargo test --target wasm32-unknown-unknown -p portal-example` with
//! `CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner` and
//! `CHROMEDRIVER=/usr/bin/chromedriver` (or `GECKODRIVER=...` for Firefox).
//! No server: the simulator runs inside the test's wasm.
#![cfg(target_arch = "wasm32")]

use licensing_client::simulator::SimTransport;
use licensing_client::{Client, ClientOptions};
use licensing_core::wire::Endpoint;
use licensing_sim_core::{Options, Simulator};
use portal_example::{buy, BuyError};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn portal() -> (Client<SimTransport>, SimTransport) {
    let mut opts = ClientOptions::new("https://licensing.test", "dev-order-token");
    opts.app_key = Some("portal".into());
    Client::simulated(opts, &Options::default()).expect("a client")
}

#[wasm_bindgen_test]
async fn buying_orders_the_reserved_numbers() {
    let (client, transport) = portal();
    let results = buy(&client, "CO-1", "EG-1", 2).await.expect("bought");
    assert_eq!(results[0].sequence, Some(1));
    assert_eq!(transport.simulator().stats()["assets"], 2);
}

#[wasm_bindgen_test]
async fn a_flaky_service_is_retried_and_a_bad_form_is_not_sent() {
    let (client, transport) = portal();
    transport.simulator().inject_fault("code500;times=1", Some(Endpoint::BatchOrder)).expect("a fault");
    buy(&client, "CO-2", "EG-1", 1).await.expect("bought after one retry");
    let refused = buy(&client, "CO-3", "EG-1", 0).await;
    assert!(matches!(refused, Err(BuyError::Invalid(ref m)) if m.contains("/size")), "{refused:?}");
    assert_eq!(transport.simulator().stats()["orders"], 1);
}

#[wasm_bindgen_test]
async fn seeded_simulators_give_known_numbers() {
    let mut options = Options::default();
    options.seed = 99;
    let transport = SimTransport::new(Simulator::new(&options));
    let mut opts = ClientOptions::new("https://licensing.test", "dev-order-token");
    opts.app_key = Some("portal".into());
    let client = Client::new(opts, transport).expect("a client");
    let results = buy(&client, "CO-4", "EG-9", 1).await.expect("bought");
    assert_eq!(results.len(), 1);
}
