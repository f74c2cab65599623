//! `verify` against the in-process simulator: a simulator true to the contract
//! gives no difference; each drift gives exactly its own, at its path.

use std::collections::BTreeMap;

use licensing_core::wire::{Endpoint, Method};
use licensing_sim_core::{Drift, Options, Simulator};
use licensing_verify::verify::{Check, Config, Outcome, Report, Verdict, Verify};
use serde_json::Value;

const ORDER: &str = "dev-order-token";
const ACTIVITY: &str = "dev-activity-token";

fn config() -> Config {
    let mut config = Config::new("t-1", "http://sim.test").with_writes().with_activity_token();
    config = config.with_activity_label("partner-bonus");
    config.secrets = vec![ORDER.into(), ACTIVITY.into()];
    config
}

/// A whole run against a simulator with these drifts.
fn run(config: Config, drifts: &str) -> Report {
    run_with_answers(config, drifts).0
}

/// A whole run, and each check's answer body (by check id).
fn run_with_answers(config: Config, drifts: &str) -> (Report, BTreeMap<String, Value>) {
    let mut options = Options::default();
    options.drifts = Drift::parse_list(drifts).unwrap();
    let sim = Simulator::new(&options);
    let mut run = Verify::new(config);
    let mut answers = BTreeMap::new();
    let mut now = 0;
    while let Some(probe) = run.next_probe() {
        now += 1;
        let outcome = probe.send_to(&sim, ORDER, Some(ACTIVITY), now);
        if let Outcome::Answered { body, .. } = &outcome {
            answers.insert(probe.check.clone(), serde_json::from_str(body).unwrap_or(Value::Null));
        }
        run.answered(outcome);
    }
    (run.report(), answers)
}

/// A check's differences, as (path pattern, code).
type Found = Vec<(String, &'static str)>;

/// A check a drift changed: its id, its verdict and the differences it added.
type Change = (String, Verdict, Found);

fn differences(check: &Check) -> Found {
    check.differences.iter().map(|d| (d.path.clone(), d.code)).collect()
}

#[test]
fn a_simulator_true_to_the_contract_agrees_everywhere() {
    let report = run(config(), "");
    let text = report.lines().join("\n");
    assert_eq!(report.exit_code(), 0, "{text}");
    assert_eq!((report.summary.differs, report.summary.could_not_check), (0, 0), "{text}");
    // What the spec leaves open is reported, never failed on.
    assert!(report.checks.iter().any(|c| c.id == "nonce.replay" && c.verdict == Verdict::ServiceDoes));
    assert!(report.checks.iter().filter(|c| c.id.starts_with("rule.")).count() >= 8, "{text}");
    for id in ["auth.missing", "auth.wrong", "auth.scope.order", "auth.scope.activity", "write.batchOrder"] {
        let check = report.checks.iter().find(|c| c.id == id).unwrap();
        assert_eq!(check.verdict, Verdict::Agrees, "{id}: {}", check.detail);
    }
    let json = report.to_json();
    assert!(!json.contains(ORDER) && !json.contains(ACTIVITY));
    // Read-only: no write, no calibration.
    let read_only = run(Config::new("t-2", "http://sim.test"), "");
    assert!(read_only.checks.iter().all(|c| !c.id.starts_with("write.") && !c.id.starts_with("rule.")));
    assert_eq!(read_only.exit_code(), 0, "{}", read_only.lines().join("\n"));
    let scope = read_only.checks.iter().find(|c| c.id == "auth.scope.order").unwrap();
    assert_eq!((scope.verdict, scope.detail.as_str()), (Verdict::CouldNotCheck, "no --activity-token given"));
}

/// What a drift changes in a run, check by check: `(id, verdict, the
/// differences added)` for every check that is not as in the clean run.
fn changes(drift: &str) -> Vec<Change> {
    let clean = run(config(), "");
    let drifted = run(config(), drift);
    assert_eq!(clean.checks.len(), drifted.checks.len(), "{drift}");
    let mut out = Vec::new();
    for (before, after) in clean.checks.iter().zip(&drifted.checks) {
        assert_eq!(before.id, after.id);
        let added: Found = differences(after).into_iter().filter(|d| !differences(before).contains(d)).collect();
        if before.verdict != after.verdict || !added.is_empty() || before.detail != after.detail {
            out.push((after.id.clone(), after.verdict, added));
        }
    }
    out
}

fn d(path: &str, code: &'static str) -> (String, &'static str) {
    (path.to_owned(), code)
}

/// The reads a link of the table fills from an endpoint's answer.
fn reads_linked_from_the_answer_of(endpoint: Endpoint) -> impl Iterator<Item = Endpoint> {
    endpoint
        .def()
        .links
        .iter()
        .filter(|link| link.to.method() == Method::Get)
        .filter(|link| link.parameters.iter().any(|(_, value)| value.starts_with("$response.body")))
        .map(|link| link.to)
}

#[test]
fn each_drift_gives_exactly_its_difference() {
    let (clean, answers) = run_with_answers(config(), "");
    let status = |id: &str| clean.checks.iter().find(|c| c.id == id).and_then(|c| c.request.as_ref()?.status);
    let agreeing_order_answers: Vec<String> = clean
        .checks
        .iter()
        .filter(|c| c.verdict == Verdict::Agrees && status(&c.id) == Some(200) && c.id != "write.joinActivity")
        .map(|c| c.id.clone())
        .collect();
    let refusals: Vec<String> =
        clean.checks.iter().filter(|c| status(&c.id) == Some(299)).map(|c| c.id.clone()).collect();
    assert!(agreeing_order_answers.len() >= 10 && refusals.len() >= 8);

    for &drift in Drift::ALL {
        let got = changes(drift.name());
        let want: Vec<Change> = match drift {
            // Every agreeing answer whose records name a customer (a record, or a
            // list of them: bindEnterprise, the batch's results, the reads),
            // with one difference at the spec's name, not an unknown field beside
            // an absent one: a portal reading customerId finds nothing.
            Drift::RenamedField => agreeing_order_answers
                .iter()
                .filter_map(|id| {
                    let data = &answers[id]["data"];
                    let at = match data {
                        Value::Object(record) if record.contains_key("customerId") => "/data",
                        Value::Array(records) if records.iter().any(|r| r.get("customerId").is_some()) => "/data/*",
                        _ => return None,
                    };
                    Some((id.clone(), Verdict::Differs, vec![d(&format!("{at}/customerId"), "renamed_field")]))
                })
                .collect(),
            Drift::MissingField => agreeing_order_answers
                .iter()
                .map(|id| (id.clone(), Verdict::Differs, vec![d("/message", "missing_field")]))
                .collect(),
            Drift::ExtraField => clean
                .checks
                .iter()
                .filter(|c| matches!(status(&c.id), Some(200 | 299)))
                .map(|c| (c.id.clone(), c.verdict, vec![d("/traceId", "unknown_field")]))
                .collect(),
            Drift::UnknownEnum => vec![
                ("write.lockAssets".into(), Verdict::Differs, vec![d("/data/*/status", "enum")]),
                ("write.unlockAssets".into(), Verdict::Differs, vec![d("/data/*/status", "enum")]),
                ("write.listAssets".into(), Verdict::Differs, vec![d("/data/*/licenseType", "enum")]),
                ("write.joinActivity".into(), Verdict::Differs, vec![d("/detail/products/*/activateType", "enum")]),
            ],
            // And a read that follows a link of the table from the batch's
            // answer asks for an order the service does not know by that number.
            Drift::NumberId => {
                let differs = vec![d("/data/*/licenseOrderId", "type"), d("/data/*/licenseOrderId", "unsafe_integer")];
                let mut want = vec![("write.batchOrder".into(), Verdict::Differs, differs)];
                want.extend(reads_linked_from_the_answer_of(Endpoint::BatchOrder).map(|read| {
                    let id = format!("write.{}", read.name());
                    (id, Verdict::ServiceDoes, vec![])
                }));
                want
            }
            Drift::Http200Refusal => {
                refusals.iter().map(|id| (id.clone(), Verdict::Differs, vec![d("", "envelope_status")])).collect()
            }
            Drift::ActivityOrderEnvelope => {
                vec![("write.joinActivity".into(), Verdict::Differs, vec![d("", "wrong_envelope")])]
            }
            Drift::NonceReplayAccepted => vec![("nonce.replay".into(), Verdict::ServiceDoes, vec![])],
            Drift::ScopeNotEnforced => vec![
                ("auth.scope.order".into(), Verdict::Differs, vec![]),
                ("auth.scope.activity".into(), Verdict::Differs, vec![]),
            ],
            Drift::InferredRulesNotEnforced => clean
                .checks
                .iter()
                .filter(|c| c.id == "refusal.read" || c.id.starts_with("rule."))
                .map(|c| (c.id.clone(), Verdict::ServiceDoes, vec![]))
                .collect(),
            other => panic!("{other:?}: say what it changes"),
        };
        assert_eq!(got, want, "{}", drift.name());
    }
}

#[test]
fn accepting_what_the_sdk_infers_is_learned_not_failed() {
    let report = run(config(), "inferred-rules-not-enforced,nonce-replay-accepted");
    assert_eq!(report.exit_code(), 0);
    let replay = report.checks.iter().find(|c| c.id == "nonce.replay").unwrap();
    assert!(replay.detail.starts_with("accepts a g_nonce used before"), "{}", replay.detail);
    let required = report.checks.iter().find(|c| c.id == "rule.required").unwrap();
    assert!(required.detail.contains("`spec` profile lets it through"), "{}", required.detail);
}

#[test]
fn an_address_that_is_not_the_service_stops_the_run() {
    let first = |outcome: Outcome| {
        let mut run = Verify::new(config());
        run.next_probe().unwrap();
        run.answered(outcome);
        assert_eq!(run.next_probe(), None);
        let report = run.report();
        assert_eq!(report.exit_code(), 2);
        report.unusable.unwrap()
    };
    let answered = |status, content_type: Option<&str>, body: &str| Outcome::Answered {
        status,
        content_type: content_type.map(str::to_owned),
        body: body.to_owned(),
    };
    let why = first(Outcome::Failed { reason: format!("connect ECONNREFUSED (token {ORDER})") });
    assert!(why.contains("ECONNREFUSED") && !why.contains(ORDER), "{why}");
    assert!(first(answered(200, Some("text/html"), "<!doctype html><p>portal")).contains("HTML page"));
    assert!(first(answered(404, None, "")).contains("HTTP 404"));
    assert!(first(answered(401, Some("application/json"), r#"{"error":"bad token"}"#)).contains("refused --token"));
    assert!(first(answered(200, Some("text/plain"), "hello")).contains("not JSON"));
}

#[test]
fn secrets_in_answers_are_redacted() {
    let mut run = Verify::new(config());
    run.next_probe().unwrap();
    run.answered(Outcome::Answered {
        status: 200,
        content_type: None,
        body: r#"{"code":0,"message":"hello dev-order-token","data":[],"token":"dev-activity-token"}"#.into(),
    });
    let json = run.report().to_json();
    assert!(!json.contains(ORDER) && !json.contains(ACTIVITY), "{json}");
}

/// An answer larger than it is read (`--max-answer-bytes`): that check could
/// not be made, the run goes on, and it exits 2; the first read's stops it.
#[test]
fn an_answer_larger_than_its_bound_is_exit_code_2() {
    let sim = Simulator::new(&Options::default());
    let mut run = Verify::new(config());
    let mut now = 0;
    while let Some(probe) = run.next_probe() {
        now += 1;
        if probe.path.ends_with("/list") {
            run.answered(Outcome::TooLarge { limit: 4096 });
        } else {
            run.answered(probe.send_to(&sim, ORDER, Some(ACTIVITY), now));
        }
    }
    let report = run.report();
    assert_eq!((report.exit_code(), report.answer_too_large), (2, Some(4096)));
    let cut = report
        .checks
        .iter()
        .filter(|c| c.verdict == Verdict::CouldNotCheck && c.detail.contains("answer larger than 4096 bytes"));
    assert!(cut.count() >= 1, "{}", report.lines().join("\n"));
    assert!(report.checks.iter().any(|c| c.verdict == Verdict::Agrees), "the run went on");
    let mut first = Verify::new(config());
    first.next_probe().unwrap();
    first.answered(Outcome::TooLarge { limit: 10 });
    assert_eq!(first.next_probe(), None);
    assert!(first.report().unusable.unwrap().contains("answer larger than 10 bytes"));
}

/// `--writes` calls every endpoint: a new one in the endpoint table that no
/// step probes fails here, not silently in a team's sandbox. A read is probed
/// by `Step::Read` with no step of its own; a write changes the service's data,
/// so what it sends is written by hand.
#[test]
fn writes_probe_every_endpoint_of_the_table() {
    let sim = Simulator::new(&Options::default());
    let mut run = Verify::new(config());
    let mut probed = std::collections::BTreeSet::new();
    let mut now = 0;
    while let Some(probe) = run.next_probe() {
        now += 1;
        if let Some((endpoint, _)) = Endpoint::at_path(&probe.path) {
            probed.insert(endpoint.name());
        }
        run.answered(probe.send_to(&sim, ORDER, Some(ACTIVITY), now));
    }
    let all: std::collections::BTreeSet<&str> = Endpoint::ALL.iter().map(|e| e.name()).collect();
    let missing: Vec<&&str> = all.difference(&probed).collect();
    assert!(
        missing.is_empty(),
        "verify --writes never probes {missing:?}: a write needs a step of its own \
         (crates/licensing-verify/src/verify/steps.rs, CONTRIBUTING's \"Adding a verify check\")"
    );
}
