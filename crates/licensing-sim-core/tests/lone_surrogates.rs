//! One decision on lone UTF-16 surrogates, the validators' (rule
//! `lone_surrogate`): under the default rules the simulator refuses one at its
//! field, as the validators do; under `spec` (where the rule only warns) it
//! stores it as the validators read it, U+FFFD, where serde_json alone would
//! have refused the whole text (13004).

use licensing_core::validate::Profile;
use licensing_sim_core::{Options, RequestHead, Simulator};
use serde_json::Value;

const CREATE: &str = "/order/api/order/v1/enterprise/user/create";
const BODY: &str = r#"{"crmCustomerId":"crm-ls","customerName":"A\udc00B"}"#;

fn create(sim: &Simulator) -> Value {
    let head = RequestHead::new("POST", CREATE, Some("g_nonce=ls-1"))
        .header("authorization", "Bearer dev-order-token")
        .header("content-type", "application/json");
    serde_json::from_slice(&sim.handle(&head, BODY.as_bytes(), 1).body).unwrap()
}

#[test]
fn refused_at_its_field_under_the_default_rules() {
    let answer = create(&Simulator::new(&Options::default()));
    assert_eq!(answer["code"], "13004", "{answer}");
    let message = answer["message"].as_str().unwrap();
    assert!(message.contains("/customerName") && message.contains("lone UTF-16 surrogate"), "{message}");
}

#[test]
fn stored_as_the_replacement_character_under_spec() {
    let mut options = Options::default();
    options.rules = Profile::Spec;
    let sim = Simulator::new(&options);
    let answer = create(&sim);
    assert_eq!(answer["code"], 0, "{answer}");
    let state: Value = serde_json::from_str(&sim.snapshot().to_json()).unwrap();
    let name = &state["customers"][0]["customerName"];
    assert_eq!(name, "A\u{FFFD}B", "{state}");
}
