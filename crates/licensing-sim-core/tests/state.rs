//! States that contradict themselves are refused whole, with the JSON Pointer
//! of what conflicts; a state's counters are checked or derived; and (a
//! property test) any state a simulator writes reads back, and no state it
//! reads lets a later call make an id or an asset number it holds already.

use licensing_sim_core::{Options, RequestHead, Simulator, State};
use proptest::prelude::*;
use serde_json::{json, Value};

/// A small state that reads: one customer, one order of its batch, one asset.
fn valid() -> Value {
    json!({
        "format": "licensing-sim-state", "version": 1, "lastId": 3,
        "nextAssetNumbers": { "domestic": 3, "singapore": 1 },
        "customers": [{ "record": { "customerId": "C000001", "enterpriseGlobalId": "EG000002", "isDefault": true } }],
        "orders": [{ "licenseOrderId": "LO000003", "channelCode": "c", "channelOrderId": "o",
                     "order": { "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
                                "assets": [{ "assetNos": ["8000000002"], "products": [{ "productUri": "p" }, { "productUri": "q" }] }] } }],
        "batches": [{ "channelCode": "c", "channelOrderId": "o", "results": [{ "sequence": 1, "licenseOrderId": "LO000003", "customerId": "C000001" }] }],
        "assets": [{ "record": { "id": "A8000000002", "assetNum": "8000000002", "customerId": "C000001", "keyShellNumber": "8000000002", "createTime": 1 },
                     "enterpriseGlobalId": "EG000002", "licenseOrderIds": ["LO000003"],
                     "grants": [{ "licenseOrderId": "LO000003", "products": [{ "productUri": "p" }, { "productUri": "q" }], "removed": [1] }] }],
        "claims": [{ "identity": "a@example.com", "activityUnitId": "UNIT-2001-1", "count": 2 }],
    })
}

/// `valid()` changed at a JSON Pointer (`None`: the field removed).
fn with(pointer: &str, value: Option<Value>) -> Value {
    let mut state = valid();
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let target = state.pointer_mut(parent).unwrap();
    match (target, value) {
        (Value::Object(o), Some(v)) => {
            o.insert(key.into(), v);
        }
        (Value::Object(o), None) => {
            o.remove(key);
        }
        (Value::Array(a), Some(v)) => a[key.parse::<usize>().unwrap()] = v,
        _ => panic!("{pointer}"),
    }
    state
}

fn read(state: &Value) -> Result<State, String> {
    State::from_json(&state.to_string())
}

#[test]
fn a_state_that_contradicts_itself_is_refused_with_the_pointer_and_what_it_conflicts_with() {
    assert!(read(&valid()).is_ok(), "{:?}", read(&valid()));
    let cases: Vec<(Value, &str)> = vec![
        (with("/lastId", Some(json!(0))), "/lastId: 0 is below the stored id LO000003 (/orders/0/licenseOrderId)"),
        (
            with("/nextAssetNumbers/domestic", Some(json!(2))),
            "/nextAssetNumbers/domestic: 2 is not past the stored asset number 8000000002",
        ),
        (
            with("/nextAssetNumbers/singapore", Some(json!(2_000_000_000u64))),
            "/nextAssetNumbers/singapore: 2000000000 is past the 9-digit sequence",
        ),
        (
            with("/orders/0/licenseOrderId", Some(json!("LO000009"))),
            "/batches/0/results/0/licenseOrderId: \"LO000003\" is not a stored order",
        ),
        (
            with("/assets/0/licenseOrderIds", Some(json!(["LO000004"]))),
            "/assets/0/licenseOrderIds/0: \"LO000004\" is not a stored order",
        ),
        (
            with("/assets/0/grants/0/licenseOrderId", Some(json!("LO000777"))),
            "/assets/0/grants/0/licenseOrderId: \"LO000777\" is not a stored order",
        ),
        (
            with("/assets/0/record/customerId", Some(json!("C000099"))),
            "/assets/0/record/customerId: \"C000099\" is not a stored customer",
        ),
        (
            with("/batches/0/results/0/customerId", Some(json!("C000098"))),
            "/batches/0/results/0/customerId: \"C000098\" is not a stored customer",
        ),
        (with("/assets/0/grants/0/removed", Some(json!([1, 1]))), "/assets/0/grants/0/removed/1: 1 twice"),
        (
            with("/assets/0/grants/0/removed", Some(json!([2]))),
            "/assets/0/grants/0/removed/0: 2 is past the grant's 2 products",
        ),
        (
            with("/assets/0/record/keyShellNumber", Some(json!("123"))),
            "/assets/0/record/keyShellNumber: \"123\" is not the digits of its asset number 8000000002",
        ),
        (with("/assets/0/record/createTime", Some(json!(1e20))), "/assets/0/record/createTime: 1e+20 is not read here"),
        (with("/assets/0/record/colour", Some(json!("red"))), "/assets/0/record/colour: \"red\" is not read here"),
        (
            with("/orders/0/order/assets/0/colour", Some(json!("red"))),
            "/orders/0/order/assets/0/colour: \"red\" is not read here",
        ),
        (with("/claims/0/count", Some(json!(0))), "/claims/0/count: 0: a claim is made at least once"),
        (
            with("/claims/0/count", Some(json!(1_000_000))),
            "/claims/0/count: 1000000 is more than unit UNIT-2001-1's 3 claims per identity",
        ),
        (
            with("/claims/0/activityUnitId", Some(json!("UNIT-9"))),
            "/claims/0/activityUnitId: \"UNIT-9\" is not a unit of the simulator's activities",
        ),
    ];
    for (state, says) in cases {
        // The claims are checked against the activities: through the options.
        let options = format!(r#"{{"state": {state}}}"#);
        let err = Options::from_json(&options).map(|_| ()).unwrap_err();
        assert!(err.starts_with(&format!("simulator state: {says}")), "wanted {says}\n   got {err}");
    }
    // Two assets of one record id, and a key given twice (as a request body refuses it).
    let mut two = valid();
    let copy = two["assets"][0].clone();
    let mut other = copy.clone();
    other["record"]["assetNum"] = json!("8000000001");
    other["record"]["keyShellNumber"] = json!("8000000001");
    two["assets"].as_array_mut().unwrap().push(other);
    assert!(read(&two).unwrap_err().contains("/assets/1/record/id: \"A8000000002\" is another asset's id too"));
    let text = valid().to_string().replace(r#""lastId":3"#, r#""lastId":3,"lastId":0"#);
    let err = State::from_json(&text).unwrap_err();
    assert!(err.contains(r#"/lastId: the key "lastId" is given twice"#), "{err}");
}

#[test]
fn a_stored_order_keeps_what_its_batch_sent_and_a_state_may_leave_it_out() {
    let sim = Simulator::new(&Options::default());
    let mut nonce = 0;
    let numbers = call(&sim, SHELLNUMS, r#"{"size":1}"#, &mut nonce)["data"].clone();
    let order = json!({ "sequence": 7, "orderType": "new_buy", "licenseType": "cloud_account", "crmCustomerId": "b-1",
        "adminEmail": "admin@example.com", "assets": [{ "assetNos": numbers, "products": [{ "productUri": "p", "limitConcurrent": 2 }] }] });
    let body = json!({ "channelCode": "c", "channelOrderId": "o-1", "orderList": [order.clone()] });
    let answer = call(&sim, BATCH, &body.to_string(), &mut nonce);
    assert_eq!(answer["code"], json!(0), "{answer}");
    let state: Value = serde_json::from_str(&sim.snapshot().to_json()).unwrap();
    assert_eq!(state["orders"][0]["order"], order, "{state}");
    // A state without it (made from a recording that did not keep the request) reads.
    assert!(read(&with("/orders/0/order", None)).is_ok());
}

#[test]
fn an_asset_number_an_order_stores_is_never_handed_out_and_its_state_reads_back() {
    // On a fresh simulator the order's numbers were at or past shellNums' next
    // one: the next shellNums handed 8000000001 out again, and the snapshot
    // was refused ("1 is not past the stored asset number 8000000001").
    let sim = Simulator::new(&Options::default());
    let mut nonce = 0;
    let order = json!({ "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
        "assets": [{ "assetNos": ["8000000001", "8000000005", "6000000002"], "products": [{ "productUri": "p" }] }] });
    let body = json!({ "channelCode": "c", "channelOrderId": "o-1", "orderList": [order] });
    assert_eq!(call(&sim, BATCH, &body.to_string(), &mut nonce)["code"], json!(0));
    let domestic = call(&sim, SHELLNUMS, r#"{"size":1}"#, &mut nonce)["data"].clone();
    assert_eq!(domestic, json!(["8000000006"]));
    // The Singapore number moved its own sequence: the snapshot says so, and reads back.
    let written = sim.snapshot().to_json();
    let state: Value = serde_json::from_str(&written).unwrap();
    assert_eq!(state["nextAssetNumbers"], json!({ "domestic": 7, "singapore": 3 }), "{state}");
    assert_eq!(State::from_json(&written).map(|s| s.to_json()), Ok(written));
}

#[test]
fn counters_left_out_are_derived_from_the_data() {
    let mut state = valid();
    let fields = state.as_object_mut().unwrap();
    fields.remove("lastId");
    fields.remove("nextAssetNumbers");
    let read = read(&state).unwrap().to_json();
    assert!(
        read.contains(r#""lastId":3"#) && read.contains(r#""nextAssetNumbers":{"domestic":3,"singapore":1}"#),
        "{read}"
    );
}

#[test]
fn a_state_past_the_bound_is_refused_before_it_is_read() {
    let state = valid().to_string();
    let options = format!(r#"{{"maxStateBytes": 100, "state": {}}}"#, serde_json::to_string(&state).unwrap());
    let err = Options::from_json(&options).map(|_| ()).unwrap_err();
    assert!(err.contains("more than the 100 a simulator reads (maxStateBytes, --max-state-bytes)"), "{err}");
    let options = format!(r#"{{"state": {state}, "maxStateBytes": 100}}"#);
    assert!(Options::from_json(&options).is_err());
}

fn call(sim: &Simulator, path: &str, body: &str, nonce: &mut u32) -> Value {
    *nonce += 1;
    let query = format!("g_nonce=p-{nonce}&appKey=a");
    let head = RequestHead::new("POST", path, Some(&query))
        .header("authorization", "Bearer dev-order-token")
        .header("content-type", "application/json");
    serde_json::from_slice(&sim.handle(&head, body.as_bytes(), 1).body).unwrap()
}

const BIND: &str = "/order/api/order/v1/enterprise/user/bind";
const CREATE: &str = "/order/api/order/v1/enterprise/user/create";
const BATCH: &str = "/order/api/order/v1/licenseOrder/batchOrder";
const SHELLNUMS: &str = "/order/api/order/v1/shellnums";

/// One of a few calls that make ids and numbers.
fn op(sim: &Simulator, kind: u8, n: u32, nonce: &mut u32) {
    match kind % 4 {
        0 => call(sim, BIND, &format!(r#"{{"channelCode":"c","channelCustomerId":"cc-{n}"}}"#), nonce),
        1 => call(sim, CREATE, &format!(r#"{{"crmCustomerId":"crm-{n}","customerName":"n"}}"#), nonce),
        2 => call(sim, SHELLNUMS, &format!(r#"{{"size":{}}}"#, n % 3 + 1), nonce),
        _ => {
            let numbers = call(sim, SHELLNUMS, r#"{"size":1}"#, nonce)["data"].clone();
            let body = json!({ "channelCode": "c", "channelOrderId": format!("o-{n}-{nonce}"), "syncMode": "sync",
                "orderList": [{ "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey", "crmCustomerId": format!("b-{n}"),
                    "assets": [{ "assetNos": numbers, "products": [{ "productUri": "p" }] }] }] });
            call(sim, BATCH, &body.to_string(), nonce)
        }
    };
}

/// Every id and asset number a state's text holds.
fn held(state: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = state;
    while let Some(at) = rest.find('"') {
        let tail = &rest[at + 1..];
        let Some(end) = tail.find('"') else { break };
        let word = &tail[..end];
        let id = ["C0", "EG0", "LO0"].iter().any(|p| word.starts_with(p)) && word.len() >= 7;
        let number = word.len() == 10 && word.bytes().all(|b| b.is_ascii_digit());
        if id || number {
            out.push(word.to_owned());
        }
        rest = &tail[end + 1..];
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Whatever a simulator stored reads back as it was written.
    #[test]
    fn any_state_a_simulator_writes_reads_back(ops in proptest::collection::vec((any::<u8>(), 0u32..50), 0..25), seed in 0u64..1_000_000) {
        let mut options = Options::default();
        options.seed = seed;
        let sim = Simulator::new(&options);
        let mut nonce = 0;
        for (kind, n) in ops {
            op(&sim, kind, n, &mut nonce);
        }
        let written = sim.snapshot().to_json();
        let state = State::from_json(&written).unwrap();
        prop_assert_eq!(state.to_json(), written.clone());
        let mut options = Options::default();
        options.state = Some(state);
        prop_assert_eq!(Simulator::new(&options).snapshot().to_json(), written);
    }

    /// A state whose counters were set anywhere is refused, or lets no call
    /// make an id or an asset number it holds.
    #[test]
    fn no_state_lets_a_call_make_what_it_holds(
        ops in proptest::collection::vec((any::<u8>(), 0u32..50), 1..20),
        last in 0u64..40, domestic in 0u64..60, later in proptest::collection::vec((any::<u8>(), 50u32..99), 1..10),
    ) {
        let sim = Simulator::new(&Options::default());
        let mut nonce = 0;
        for (kind, n) in ops {
            op(&sim, kind, n, &mut nonce);
        }
        let mut state: Value = serde_json::from_str(&sim.snapshot().to_json()).unwrap();
        state["lastId"] = json!(last);
        state["nextAssetNumbers"]["domestic"] = json!(domestic);
        let text = state.to_string();
        let Ok(read) = State::from_json(&text) else { return Ok(()) };
        let before = held(&text);
        let mut options = Options::default();
        options.state = Some(read);
        let again = Simulator::new(&options);
        for (kind, n) in later {
            op(&again, kind, n, &mut nonce);
        }
        let after = held(&again.snapshot().to_json());
        for word in after.iter().filter(|w| !before.contains(w)) {
            // A new id or number is new: none of the old ones is made again.
            prop_assert!(!before.contains(word));
        }
        let mut seen = std::collections::HashSet::new();
        let customers: Value = serde_json::from_str(&again.snapshot().to_json()).unwrap();
        for c in customers["customers"].as_array().unwrap() {
            prop_assert!(seen.insert(c["record"]["customerId"].as_str().unwrap().to_owned()), "a customer id twice");
        }
        let mut orders = std::collections::HashSet::new();
        for o in customers["orders"].as_array().unwrap() {
            prop_assert!(orders.insert(o["licenseOrderId"].as_str().unwrap().to_owned()), "an order id twice");
        }
    }
}

#[test]
fn a_spent_sequence_refuses_the_call_and_never_wraps() {
    let mut state = valid();
    state["lastId"] = json!(u64::MAX);
    state["nextAssetNumbers"]["domestic"] = json!(999_999_999u64);
    let mut options = Options::default();
    options.state = Some(read(&state).unwrap());
    let sim = Simulator::new(&options);
    let mut nonce = 0;
    let bound = call(&sim, CREATE, r#"{"crmCustomerId":"new","customerName":"n"}"#, &mut nonce);
    assert_eq!(bound["code"], "13004", "{bound}");
    assert!(bound["message"].as_str().unwrap().contains("id sequence is spent"));
    let numbers = call(&sim, SHELLNUMS, r#"{"size":2}"#, &mut nonce);
    assert_eq!(numbers["code"], "13004", "{numbers}");
    let last = call(&sim, SHELLNUMS, r#"{"size":1}"#, &mut nonce);
    assert_eq!(last["data"][0], "8999999999");
}
