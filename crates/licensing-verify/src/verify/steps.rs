//! The steps of a run and what each sends; how an answer is judged is `judge.rs`.

use licensing_core::testing::invalid_examples;
use licensing_core::validate::{example, validate_json, Options, Rule, Severity, Source};
use licensing_core::wire::{percent_encode, Endpoint, Method, Module, NONCE_PARAM};
use serde_json::{json, Value};

use super::{method_str, ActivityToken, Auth, Check, Config, Probe, Verdict};

/// One step of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    /// The first read: whether the address is the service at all.
    Reach,
    ReadAssets,
    AuthMissing,
    AuthWrong,
    AuthScopeOrder,
    NonceMissing,
    /// The first of two calls with one `g_nonce` (judged with the second).
    NonceFirst,
    NonceReplay,
    RefusalRead,
    ShellNums,
    Bind,
    Create,
    Update,
    BatchOrder,
    Lock,
    Unlock,
    /// A read after the writes: its request from a link of the table into it
    /// (`EndpointDef::links`) from an answer the run was given, else its example.
    Read(Endpoint),
    Join,
    AuthScopeActivity,
    /// The calibration of one inferred rule: its index in `calibrations()`.
    Calibrate(usize),
}

/// What the answers so far told the run.
#[derive(Debug, Default)]
pub(crate) struct Learned {
    /// The first enterprise the reads found.
    pub(super) read_enterprise: Option<String>,
    /// The `g_nonce` of the first of the replay pair, and whether that call was accepted.
    pub(super) replay: Option<(String, Taken)>,
    /// The asset numbers `shellNums` gave.
    pub(super) numbers: Vec<String>,
    /// The enterprise `createEnterprise` made.
    pub(super) enterprise: Option<String>,
    /// Every call the service took: what the links into the reads resolve against.
    pub(super) taken: Vec<Exchange>,
}

/// A call the service took, as a link's runtime expressions read it.
#[derive(Debug)]
pub(super) struct Exchange {
    pub(super) endpoint: Endpoint,
    /// The body sent (`$request.body`), `Null` for a GET.
    pub(super) request: Value,
    /// The answer (`$response.body`).
    pub(super) response: Value,
}

/// The steps of a run, in order.
pub(crate) fn plan(config: &Config) -> Vec<Step> {
    let mut steps = vec![
        Step::Reach,
        Step::ReadAssets,
        Step::AuthMissing,
        Step::AuthWrong,
        Step::AuthScopeOrder,
        Step::NonceMissing,
        Step::NonceFirst,
        Step::NonceReplay,
        Step::RefusalRead,
    ];
    if config.writes {
        steps.extend([
            Step::ShellNums,
            Step::Bind,
            Step::Create,
            Step::Update,
            Step::BatchOrder,
            Step::Lock,
            Step::Unlock,
        ]);
        // Every read, after the writes whose answers link to it: a new GET of
        // the table is probed with no step of its own.
        steps.extend(Endpoint::ALL.into_iter().filter(|e| e.method() == Method::Get).map(Step::Read));
        steps.extend([Step::Join, Step::AuthScopeActivity]);
        steps.extend((0..calibrations().len()).map(Step::Calibrate));
    }
    steps
}

/// A calibration: the smallest request only one inferred rule refuses.
pub(crate) struct Calibration {
    rule: Rule,
    endpoint: Endpoint,
    /// Where the rule's issue is.
    path: String,
    /// The request body (POST) or the query object (GET), as JSON text.
    text: String,
}

/// One calibration per rule the SDK infers and refuses (an error under
/// `recommended`), from the bodies that fail with that rule's issue alone
/// (`licensing_core::testing::invalid_examples`), the first one each that can be
/// sent as it is: a GET's object must be a path and a query of strings.
pub(crate) fn calibrations() -> &'static [Calibration] {
    // Made once: they are the same for every run (the rules' own examples).
    static MADE: std::sync::OnceLock<Vec<Calibration>> = std::sync::OnceLock::new();
    MADE.get_or_init(make_calibrations)
}

fn make_calibrations() -> Vec<Calibration> {
    let mut out: Vec<Calibration> = Vec::new();
    for endpoint in Endpoint::ALL {
        for example in invalid_examples(endpoint) {
            let rule = example.rule;
            let wanted = example.source == Source::Inferred
                && example.severity == Severity::Error
                && rule.def().reads.requests()
                && !out.iter().any(|c| c.rule == rule);
            if wanted && sendable(endpoint, &example.text) {
                out.push(Calibration { rule, endpoint, path: example.path, text: example.text });
            }
        }
    }
    out
}

/// Whether a request object can be sent as it is: a POST's body always; a
/// GET's object only when it is an object of strings whose path parameter
/// stays one path segment.
fn sendable(endpoint: Endpoint, text: &str) -> bool {
    if endpoint.method() == Method::Post {
        return true;
    }
    let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) else { return false };
    if !object.values().all(Value::is_string) {
        return false;
    }
    let def = endpoint.def();
    match def.path_param {
        Some(name) => {
            let Some(value) = object.get(name).and_then(Value::as_str) else { return false };
            let path = endpoint.path(Some(value));
            Endpoint::at_path(&path).is_some_and(|(e, param)| e == endpoint && param.is_some())
                && value != "."
                && value != ".."
        }
        None => true,
    }
}

/// A fresh `g_nonce`.
fn nonce(config: &Config, counter: &mut u64) -> String {
    *counter += 1;
    format!("verify-{}-{}", config.run, counter)
}

/// A request of `endpoint` from its request object's JSON: a POST's body, or a
/// GET's path and query (the object's strings).
fn probe(check: &str, endpoint: Endpoint, object: &Value, auth: Auth, nonce: Option<&str>, config: &Config) -> Probe {
    let def = endpoint.def();
    let mut query = String::new();
    let mut param = |name: &str, value: &str| {
        if !query.is_empty() {
            query.push('&');
        }
        query.push_str(name);
        query.push('=');
        query.push_str(&percent_encode(value));
    };
    if let Some(nonce) = nonce {
        param(NONCE_PARAM, nonce);
    }
    if def.app_key {
        param("appKey", &config.app_key);
    }
    let (path, body) = match endpoint.method() {
        Method::Post => (endpoint.path(None), Some(object.to_string())),
        Method::Get => {
            for name in def.query {
                if let Some(value) = object.get(*name).and_then(Value::as_str) {
                    param(name, value);
                }
            }
            let path_value = def.path_param.and_then(|p| object.get(p)).and_then(Value::as_str);
            (endpoint.path(path_value), None)
        }
    };
    Probe { check: check.to_owned(), method: method_str(endpoint.method()), path, query, auth, body }
}

/// What the reads ask for: the configured channel customer, else one of this run.
fn read_query(config: &Config) -> Value {
    json!({
        "channelCode": config.channel_code.clone().unwrap_or_else(|| String::from("licensing-sdk-verify")),
        "channelCustomerId": config.channel_customer_id.clone().unwrap_or_else(|| format!("verify-{}", config.run)),
        "defaultCustomer": "N",
    })
}

/// This run's channel customer, CRM customer and names (its writes).
fn ours(config: &Config) -> String {
    format!("verify-{}", config.run)
}

fn name(config: &Config) -> String {
    format!("licensing-sdk verify {}", config.run)
}

/// The claim the writes make (with the activity token, or with the order token
/// for the scope check).
fn claim(config: &Config) -> Value {
    json!({
        "identity": format!("{}@example.com", ours(config)),
        "activityLabel": config.activity_label.clone().unwrap_or_else(|| String::from("licensing-sdk-verify")),
        "source": "licensing-sdk verify",
        "branch": "verify",
    })
}

/// The id, title and provenance of a step's check.
pub(super) fn about(step: Step) -> (String, String, Source) {
    let (id, title, source) = match step {
        Step::Reach => ("read.queryEnterprises", "queryEnterprises answers in its envelope", Source::Spec),
        Step::ReadAssets => ("read.listAssets", "listAssets answers in its envelope", Source::Spec),
        Step::AuthMissing => ("auth.missing", "a call without a token is refused", Source::Spec),
        Step::AuthWrong => ("auth.wrong", "a call with a token the service did not issue is refused", Source::Spec),
        Step::AuthScopeOrder => {
            ("auth.scope.order", "an order-module call with the activity module's token is refused", Source::Spec)
        }
        Step::NonceMissing => ("nonce.missing", "a call without g_nonce", Source::Inferred),
        Step::NonceFirst | Step::NonceReplay => {
            ("nonce.replay", "a call sent again with its g_nonce", Source::Inferred)
        }
        Step::RefusalRead => {
            ("refusal.read", "queryEnterprises without channelCode (the SDK infers it is required)", Source::Inferred)
        }
        Step::ShellNums => ("write.shellNums", "shellNums hands out asset numbers", Source::Spec),
        Step::Bind => ("write.bindEnterprise", "bindEnterprise binds a customer", Source::Spec),
        Step::Create => ("write.createEnterprise", "createEnterprise makes an enterprise", Source::Spec),
        Step::Update => ("write.updateEnterprise", "updateEnterprise changes it", Source::Spec),
        Step::BatchOrder => {
            ("write.batchOrder", "batchOrder takes an order, its results echo each sequence", Source::Spec)
        }
        Step::Lock => ("write.lockAssets", "lockAssets disables the ordered locks", Source::Spec),
        Step::Unlock => ("write.unlockAssets", "unlockAssets enables them", Source::Spec),
        Step::Join => ("write.joinActivity", "joinActivity answers in the activity envelope", Source::Spec),
        Step::AuthScopeActivity => {
            ("auth.scope.activity", "an activity call with the order module's token is refused", Source::Spec)
        }
        Step::Read(endpoint) => {
            let name = endpoint.name();
            return (
                format!("write.{name}"),
                format!("{name} answers what the writes made (a link of the table into it, else its example)"),
                Source::Spec,
            );
        }
        Step::Calibrate(i) => {
            let Some(c) = calibrations().get(i) else {
                return (String::from("rule.?"), String::new(), Source::Inferred);
            };
            let at = if c.path.is_empty() { String::from("the body") } else { c.path.clone() };
            return (
                format!("rule.{}", c.rule.id()),
                format!("{} with only `{}` at {at} (inferred by the SDK)", c.endpoint.name(), c.rule.id()),
                Source::Inferred,
            );
        }
    };
    (id.to_owned(), title.to_owned(), source)
}

/// A check of `step` with no request.
fn unsent(step: Step, verdict: Verdict, detail: String) -> Check {
    let (id, title, source) = about(step);
    Check { id, title, source, verdict, detail, request: None, differences: Vec::new() }
}

/// The probe of a step, or the check it makes without one (it cannot run).
pub(crate) fn request(step: Step, config: &Config, learned: &Learned, counter: &mut u64) -> Result<Probe, Check> {
    let (id, _, _) = about(step);
    let mut fresh = || nonce(config, counter);
    let order = |endpoint: Endpoint, object: &Value, nonce: &str| {
        probe(&id, endpoint, object, Auth::Order, Some(nonce), config)
    };
    let no_activity_token = |step| match config.activity_token {
        ActivityToken::Absent => Err(unsent(step, Verdict::CouldNotCheck, String::from("no --activity-token given"))),
        ActivityToken::SameAsOrder => Err(unsent(
            step,
            Verdict::CouldNotCheck,
            String::from("--activity-token is the order token: the scopes cannot be told apart"),
        )),
        ActivityToken::Distinct => Ok(()),
    };
    let numbers = || {
        if learned.numbers.is_empty() {
            Err(unsent(step, Verdict::CouldNotCheck, String::from("shellNums gave no asset numbers to use")))
        } else {
            Ok(learned.numbers.clone())
        }
    };
    Ok(match step {
        Step::Reach | Step::NonceMissing => {
            let nonce = (step == Step::Reach).then(&mut fresh);
            probe(&id, Endpoint::QueryEnterprises, &read_query(config), Auth::Order, nonce.as_deref(), config)
        }
        Step::AuthMissing | Step::AuthWrong | Step::AuthScopeOrder => {
            let auth = match step {
                Step::AuthMissing => Auth::None,
                Step::AuthWrong => Auth::Wrong,
                _ => {
                    no_activity_token(step)?;
                    Auth::Activity
                }
            };
            probe(&id, Endpoint::QueryEnterprises, &read_query(config), auth, Some(&fresh()), config)
        }
        Step::NonceFirst => order(Endpoint::QueryEnterprises, &read_query(config), &fresh()),
        Step::NonceReplay => {
            let Some((nonce, _)) = &learned.replay else {
                return Err(unsent(step, Verdict::CouldNotCheck, String::from("the first call did not go out")));
            };
            order(Endpoint::QueryEnterprises, &read_query(config), nonce)
        }
        Step::ReadAssets => {
            let enterprise = config
                .enterprise_global_id
                .clone()
                .or_else(|| learned.read_enterprise.clone())
                .unwrap_or_else(|| ours(config));
            order(Endpoint::ListAssets, &json!({ "enterpriseGlobalId": enterprise }), &fresh())
        }
        Step::RefusalRead => {
            let mut object = read_query(config);
            if let Some(o) = object.as_object_mut() {
                o.remove("channelCode");
            }
            order(Endpoint::QueryEnterprises, &object, &fresh())
        }
        Step::ShellNums => order(Endpoint::ShellNums, &json!({ "size": 2 }), &fresh()),
        Step::Bind => order(
            Endpoint::BindEnterprise,
            &json!({
                "channelCode": "licensing-sdk-verify", "channelCustomerId": ours(config), "customerName": name(config),
                "branchName": "verify", "enterpriseName": name(config), "passwordMobile": "13800000000",
            }),
            &fresh(),
        ),
        Step::Create | Step::Update => {
            let updated = if step == Step::Update { " (updated)" } else { "" };
            let endpoint = if step == Step::Create { Endpoint::CreateEnterprise } else { Endpoint::UpdateEnterprise };
            let body = json!({
                "crmCustomerId": ours(config), "customerName": format!("{}{updated}", name(config)),
                "branchName": "verify", "address": format!("licensing-sdk verify{updated}"),
            });
            order(endpoint, &body, &fresh())
        }
        Step::BatchOrder => {
            let mut order_object = json!({
                "sequence": 1, "orderType": "new_buy", "licenseType": "normal_recover_usbkey",
                "crmCustomerId": ours(config), "customerName": name(config),
                "assets": [{
                    "assetNos": numbers()?,
                    "products": [{ "productUri": "licensing-sdk-verify", "crmProductId": format!("{}-P1", ours(config)),
                        "limitStartDate": 1_767_225_600_000_i64, "limitEndDate": 1_798_761_600_000_i64, "limitConcurrent": 1 }],
                    "assetExtendList": [{ "extendCode": "verify", "extendValue": config.run }],
                }],
            });
            if let (Some(enterprise), Some(o)) = (&learned.enterprise, order_object.as_object_mut()) {
                o.insert("enterpriseGlobalId".into(), Value::from(enterprise.as_str()));
            }
            let body = json!({
                "channelCode": "licensing-sdk-verify", "channelOrderId": ours(config), "syncMode": "sync",
                "orderList": [order_object],
            });
            order(Endpoint::BatchOrder, &body, &fresh())
        }
        Step::Lock | Step::Unlock => {
            let endpoint = if step == Step::Lock { Endpoint::LockAssets } else { Endpoint::UnlockAssets };
            order(endpoint, &json!({ "assetNums": numbers()?, "operatorIdentity": "licensing-sdk verify" }), &fresh())
        }
        Step::Read(endpoint) => {
            let object = linked_read(endpoint, &learned.taken).unwrap_or_else(|| example(endpoint));
            if !sendable(endpoint, &object.to_string()) {
                let why =
                    String::from("no link of the table into it resolved, and its example cannot be sent as it is");
                return Err(unsent(step, Verdict::CouldNotCheck, why));
            }
            order(endpoint, &object, &fresh())
        }
        Step::Join => {
            if config.activity_token == ActivityToken::Absent {
                return Err(unsent(step, Verdict::CouldNotCheck, String::from("no --activity-token given")));
            }
            probe(&id, Endpoint::JoinActivity, &claim(config), Auth::Activity, Some(&fresh()), config)
        }
        Step::AuthScopeActivity => {
            no_activity_token(step)?;
            probe(&id, Endpoint::JoinActivity, &claim(config), Auth::Order, Some(&fresh()), config)
        }
        Step::Calibrate(i) => {
            let Some(c) = calibrations().get(i) else {
                return Err(unsent(step, Verdict::CouldNotCheck, String::from("no such calibration")));
            };
            let auth = match c.endpoint.module() {
                Module::Order => Auth::Order,
                Module::Activity if config.activity_token == ActivityToken::Absent => {
                    return Err(unsent(step, Verdict::CouldNotCheck, String::from("no --activity-token given")));
                }
                Module::Activity => Auth::Activity,
            };
            let nonce = fresh();
            match c.endpoint.method() {
                Method::Post => {
                    let text = unique_batch(c, config);
                    let mut p = probe(&id, c.endpoint, &Value::Null, auth, Some(&nonce), config);
                    p.body = Some(text);
                    p
                }
                Method::Get => {
                    let object: Value = serde_json::from_str(&c.text).unwrap_or(Value::Null);
                    probe(&id, c.endpoint, &object, auth, Some(&nonce), config)
                }
            }
        }
    })
}

/// A calibration's body, its `channelOrderId` made this run's own (a batch is
/// known by it: a repeat would answer an earlier run's results) when that
/// leaves the rule's issue alone.
fn unique_batch(c: &Calibration, config: &Config) -> String {
    let Ok(Value::Object(mut body)) = serde_json::from_str::<Value>(&c.text) else { return c.text.clone() };
    if c.endpoint != Endpoint::BatchOrder || !body.get("channelOrderId").is_some_and(Value::is_string) {
        return c.text.clone();
    }
    body.insert("channelOrderId".into(), Value::from(format!("{}-{}", ours(config), c.rule.id())));
    let text = Value::Object(body).to_string();
    let report = validate_json(c.endpoint, &text, &Options::default());
    let alone = report.issues.len() == 1 && report.issues.iter().all(|i| i.rule == c.rule && i.path == c.path);
    if alone {
        text
    } else {
        c.text.clone()
    }
}

/// A read's request object from the first link of the table into it whose
/// fields all resolve against a call the service took (the latest first):
/// `$request.body#/…` and `$response.body#/…` are JSON Pointers into that
/// call's body and answer (a string, or a number sent as written); anything
/// else is the value itself. `None` when no link resolves.
fn linked_read(read: Endpoint, taken: &[Exchange]) -> Option<Value> {
    taken.iter().rev().find_map(|exchange| {
        exchange.endpoint.def().links.iter().filter(|link| link.to == read).find_map(|link| {
            let mut object = serde_json::Map::new();
            for &(name, expression) in link.parameters {
                let value =
                    match (expression.strip_prefix("$request.body#"), expression.strip_prefix("$response.body#")) {
                        (Some(pointer), _) => as_text(exchange.request.pointer(pointer)?)?,
                        (_, Some(pointer)) => as_text(exchange.response.pointer(pointer)?)?,
                        _ => expression.to_owned(),
                    };
                object.insert(name.to_owned(), Value::from(value));
            }
            Some(Value::Object(object))
        })
    })
}

/// A value as a path or query value, which is text: a string, or a number as
/// it is written; `None` for any other.
fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        _ => None,
    }
}

/// Whether the service took a call, or how it refused it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Taken {
    Accepted,
    Refused(String),
}

/// The endpoint a probe called.
pub(super) fn endpoint_of(probe: &Probe) -> Endpoint {
    Endpoint::at_path(&probe.path).map_or(Endpoint::QueryEnterprises, |(e, _)| e)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bodies a run sends are valid (but for the calibrations and the
    /// refused read, whose point is the issue they carry).
    #[test]
    fn the_writes_are_valid_requests() {
        let config = Config::new("t-1", "http://x").with_writes().with_activity_token();
        let mut learned = Learned {
            numbers: vec!["8000000001".into(), "8000000002".into()],
            enterprise: Some("EG1".into()),
            ..Learned::default()
        };
        learned.replay = Some(("verify-t-1-1".into(), Taken::Accepted));
        let mut counter = 0;
        for step in plan(&config) {
            if matches!(step, Step::RefusalRead | Step::Calibrate(_)) {
                continue;
            }
            let probe = request(step, &config, &learned, &mut counter).unwrap();
            let endpoint = endpoint_of(&probe);
            let text = match &probe.body {
                Some(body) => body.clone(),
                None => {
                    let sim_head = licensing_sim_core::RequestHead::new("GET", &probe.path, Some(&probe.query));
                    licensing_sim_core::read_request(&sim_head, b"").unwrap().1.unwrap()
                }
            };
            let report = validate_json(endpoint, &text, &Options::default());
            assert!(report.issues.is_empty(), "{step:?}: {text}: {:?}", report.issues);
        }
    }

    /// A read's request follows the latest call the service took whose link
    /// into it resolves; with none, its example, which every read can send.
    #[test]
    fn a_read_follows_the_links_into_it() {
        let exchange = |endpoint, request: Value, response: Value| Exchange { endpoint, request, response };
        let bind = exchange(
            Endpoint::BindEnterprise,
            json!({ "channelCode": "CH", "channelCustomerId": "cc-1", "enterpriseName": "E" }),
            json!({ "code": "0", "data": { "customerId": "C1" } }),
        );
        let create = exchange(
            Endpoint::CreateEnterprise,
            json!({ "crmCustomerId": "crm-1" }),
            json!({ "code": "0", "data": { "enterpriseGlobalId": "EG1" } }),
        );
        // Its link reads the first order's enterpriseGlobalId, which this batch has not.
        let batch = exchange(Endpoint::BatchOrder, json!({ "orderList": [{ "sequence": 1 }] }), json!({ "code": "0" }));
        let taken = [bind, create, batch];
        assert_eq!(
            linked_read(Endpoint::QueryEnterprises, &taken),
            Some(json!({ "channelCode": "CH", "channelCustomerId": "cc-1", "defaultCustomer": "N" }))
        );
        assert_eq!(linked_read(Endpoint::ListAssets, &taken), Some(json!({ "enterpriseGlobalId": "EG1" })));
        assert_eq!(linked_read(Endpoint::ListAssets, &taken[..1]), None);
        // A number is sent as written; an object is no path segment.
        let numbered = |id: Value| {
            [exchange(Endpoint::CreateEnterprise, json!({}), json!({ "data": { "enterpriseGlobalId": id } }))]
        };
        assert_eq!(
            linked_read(Endpoint::ListAssets, &numbered(json!(42))),
            Some(json!({ "enterpriseGlobalId": "42" }))
        );
        assert_eq!(linked_read(Endpoint::ListAssets, &numbered(json!({ "id": 1 }))), None);
        for read in Endpoint::ALL.into_iter().filter(|e| e.method() == Method::Get) {
            assert!(sendable(read, &example(read).to_string()), "{read:?}: its example cannot be sent");
        }
    }

    /// Every inferred rule the validator refuses is calibrated, or cannot be
    /// sent alone (said here, so that a new rule is one or the other).
    #[test]
    fn every_inferred_refusal_is_calibrated() {
        let calibrated: Vec<Rule> = calibrations().iter().map(|c| c.rule).collect();
        let unsendable = [Rule::PathSegment, Rule::Depth, Rule::Untouched];
        for &rule in Rule::ALL {
            let def = rule.def();
            let refuses = def.source == Source::Inferred && def.severity == Severity::Error && def.reads.requests();
            if refuses && !unsendable.contains(&rule) {
                assert!(calibrated.contains(&rule), "{rule:?} is not calibrated");
            }
        }
        for c in calibrations() {
            let report = validate_json(c.endpoint, &c.text, &Options::default());
            assert_eq!(report.issues.len(), 1, "{:?}: {}", c.rule, c.text);
        }
    }
}
