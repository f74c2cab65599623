//! The journal: what a simulator did to its data, replayed into a simulator
//! made the same way, gives the same state (the same ids and asset numbers
//! next, the same nonces refused). A durable shell keeps nothing else, so
//! this is what a restart rests on.

use licensing_core::wire::{Endpoint, Method};
use licensing_sim_core::{Entry, Options, RequestHead, Simulator};
use proptest::prelude::*;
use serde_json::{json, Value};

const T0: i64 = 1_767_225_600_000;

fn write(sim: &Simulator, endpoint: Endpoint, body: &Value, nonce: &str, at: i64) -> u16 {
    let query = format!("g_nonce={nonce}&appKey=app-1");
    let head = RequestHead::new("POST", &endpoint.path(None), Some(&query))
        .header("authorization", "Bearer dev-all-token")
        .header("content-type", "application/json");
    sim.handle(&head, body.to_string().as_bytes(), at).status
}

/// A valid body of `endpoint` for step `i` (one that writes something new most of the time).
fn body(endpoint: Endpoint, i: u64) -> Value {
    let n = format!("{i:05}");
    match endpoint {
        Endpoint::BindEnterprise => {
            json!({ "channelCode": "CH", "channelCustomerId": format!("cc-{}", i % 3), "customerName": "A", "enterpriseName": format!("E{n}"), "branchName": "SH" })
        }
        Endpoint::CreateEnterprise => {
            json!({ "crmCustomerId": format!("CRM-{}", i % 4), "customerName": "A", "branchName": "SH", "address": "R" })
        }
        Endpoint::UpdateEnterprise => {
            json!({ "crmCustomerId": format!("CRM-{}", i % 4), "customerName": format!("B{n}"), "branchName": "SH", "address": "R2" })
        }
        Endpoint::BatchOrder => {
            json!({ "channelCode": "WEB", "channelOrderId": format!("CO-{}", i % 5), "syncMode": "sync",
            "orderList": [{ "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey", "crmCustomerId": format!("CRM-{}", i % 4),
                "enterpriseGlobalId": "EG-J", "assets": [{ "assetNos": [format!("80000{n}")], "products": [{ "productUri": "gms:1001" }] }] }] })
        }
        Endpoint::LockAssets | Endpoint::UnlockAssets => {
            json!({ "assetNums": [format!("80000{:05}", i % 7)], "operatorIdentity": "ops" })
        }
        Endpoint::ShellNums => json!({ "size": 1 + i % 3 }),
        _ => {
            json!({ "identity": format!("p{}@example.com", i % 3), "activityLabel": "spring-trial", "source": "portal", "branch": "SH" })
        }
    }
}

const WRITES: [Endpoint; 8] = [
    Endpoint::BindEnterprise,
    Endpoint::CreateEnterprise,
    Endpoint::UpdateEnterprise,
    Endpoint::BatchOrder,
    Endpoint::LockAssets,
    Endpoint::UnlockAssets,
    Endpoint::ShellNums,
    Endpoint::JoinActivity,
];

fn admin(sim: &Simulator, method: &str, path: &str, query: Option<&str>) -> u16 {
    let head = RequestHead::new(method, path, query).header("x-sim-admin", sim.admin_token());
    sim.handle(&head, b"", T0).status
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Any sequence of writes (every endpoint), resets and clock moves,
    /// replayed from the journal, gives the state the simulator had, and
    /// refuses the nonces it refused.
    #[test]
    fn a_replayed_journal_gives_the_same_state(steps in proptest::collection::vec((0u8..10, 0u64..1000), 1..60), virtual_clock in any::<bool>()) {
        let mut options = Options::default();
        options.clock = if virtual_clock { licensing_sim_core::ClockMode::Virtual } else { licensing_sim_core::ClockMode::Real };
        let sim = Simulator::new(&options);
        sim.keep_journal();
        for (i, (what, n)) in steps.iter().enumerate() {
            let at = T0 + i as i64 * 1000;
            match what {
                8 => { admin(&sim, "POST", "/__sim/reset", None); }
                9 if virtual_clock => { admin(&sim, "POST", "/__sim/clock", Some(&format!("advance={n}"))); }
                _ => {
                    let endpoint = WRITES[usize::from(*what) % WRITES.len()];
                    write(&sim, endpoint, &body(endpoint, *n), &format!("n{i}"), at);
                }
            }
        }
        let journal: Vec<Entry> = sim.take_journal().into_iter().map(|(_, e)| e).collect();
        // Through their JSON, as a store keeps them.
        let kept: Vec<Entry> = journal.iter().map(|e| serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap()).collect();
        prop_assert_eq!(&kept, &journal);
        let again = Simulator::new(&options);
        for entry in &kept {
            again.replay(entry).unwrap();
        }
        prop_assert_eq!(serde_json::to_value(again.snapshot()).unwrap(), serde_json::to_value(sim.snapshot()).unwrap());
        // The next write makes the same ids and numbers in both; a write's nonce is refused in both.
        let next = |s: &Simulator| write(s, Endpoint::ShellNums, &json!({ "size": 2 }), "next", T0 + 10_000_000);
        prop_assert_eq!(next(&again), next(&sim));
        if let Some(i) = steps.iter().position(|(what, _)| *what < 8) {
            let endpoint = WRITES[usize::from(steps[i].0) % WRITES.len()];
            let reused = |s: &Simulator| write(s, endpoint, &body(endpoint, 999_999), &format!("n{i}"), T0 + 100_000);
            prop_assert_eq!(reused(&again), reused(&sim));
        }
    }
}

#[test]
fn a_read_keeps_nothing_and_a_simulator_not_asked_keeps_nothing() {
    let sim = Simulator::new(&Options::default());
    assert_eq!(write(&sim, Endpoint::ShellNums, &json!({ "size": 1 }), "a", T0), 200);
    assert!(sim.take_journal().is_empty(), "not kept unless asked");
    sim.keep_journal();
    let head = RequestHead::new("GET", &Endpoint::ListAssets.path(Some("EG-1")), Some("g_nonce=b"))
        .header("authorization", "Bearer dev-all-token");
    assert_eq!(sim.handle(&head, b"", T0).status, 200);
    assert!(sim.take_journal().is_empty(), "a read changes no data");
    assert_eq!(write(&sim, Endpoint::ShellNums, &json!({ "size": 1 }), "c", T0), 200);
    let taken = sim.take_journal();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].0, sim.journal_last());
    assert!(Endpoint::ALL.iter().filter(|e| e.method() == Method::Post).count() == WRITES.len());
}

#[test]
fn a_commit_takes_every_entry_kept_before_it_and_a_failed_one_fails_every_later_one() {
    let sim = Simulator::new(&Options::default());
    sim.keep_journal();
    let shell = |s: &Simulator, n: &str| write(s, Endpoint::ShellNums, &json!({ "size": 1 }), n, T0);
    assert_eq!((shell(&sim, "a"), shell(&sim, "b")), (200, 200));
    assert!(sim.uncommitted());
    let mut committed = Vec::new();
    sim.commit(|entries| {
        committed.extend(entries.iter().map(|(n, _)| *n));
        Ok::<(), String>(())
    })
    .unwrap();
    assert_eq!(committed, vec![1, 2], "both, in order, in one commit");
    assert!(!sim.uncommitted());
    sim.commit(|_| Err::<(), _>("not called: nothing to commit")).unwrap();
    assert_eq!(shell(&sim, "c"), 200);
    assert_eq!(sim.commit(|_| Err("disk full")), Err(String::from("disk full")));
    assert_eq!(sim.commit_failed().as_deref(), Some("disk full"));
    assert_eq!(shell(&sim, "d"), 200);
    assert_eq!(
        sim.commit(|_| Ok::<(), String>(())),
        Err(String::from("disk full")),
        "memory is ahead of the store from then on"
    );
}
