//! Hostile input gets a report, never a panic, in bounded time. The proptest cases
//! run a bounded number of cases in `make test`; `PROPTEST_CASES=200000 cargo test
//! -p licensing-core --release --test validate hostile` is the longer run (RULES.md).

use std::time::{Duration, Instant};

use licensing_core::validate::{
    validate, validate_json, validate_vouched_field_json, validate_vouched_json, Options, Profile, Severity, MAX_DEPTH,
    MAX_KEY_CHARS, MAX_REPORT_BYTES,
};
use licensing_core::wire::Endpoint;
use proptest::prelude::*;
use serde_json::{json, Value};

use crate::support::new_buy;

#[test]
fn nesting_100k_levels_deep_is_an_issue() {
    let deep_array = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut deep_merch =
        String::from(r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"assets":[{"merchandises":["#);
    for _ in 0..100_000 {
        deep_merch.push_str(r#"{"children":["#);
    }
    for text in [deep_array, deep_merch] {
        let report = validate_json(Endpoint::BatchOrder, &text, &Options::default());
        assert!(!report.valid);
        assert_eq!(report.issues[0].code.as_str(), "invalid_json");
    }
}

#[test]
fn deep_values_built_in_rust_stop_at_the_depth_bound() {
    let mut merch = json!({"children": null, "licenseOrderProductList": [{"productUri": "p"}]});
    for _ in 0..(MAX_DEPTH * 3) {
        merch = json!({"children": [merch]});
    }
    let mut body = new_buy();
    body["orderList"][0]["assets"][0]["merchandises"] = json!([merch]);
    let report = validate(Endpoint::BatchOrder, &body, &Options::default());
    assert!(report.issues.iter().any(|i| i.code.as_str() == "too_deep"), "{:?}", report.issues);
}

#[test]
fn two_hundred_thousand_asset_numbers_in_well_under_a_second() {
    let nums: Vec<String> = (0..200_000u64).map(|i| format!("8{i:09}")).collect();
    let text = serde_json::to_string(&json!({"assetNums": nums, "operatorIdentity": "o"})).unwrap();
    let start = Instant::now();
    let report = validate_json(Endpoint::LockAssets, &text, &Options::default());
    let elapsed = start.elapsed();
    assert!(report.valid);
    // Debug builds are ~10x slower than release; release takes a few tens of ms.
    let budget = if cfg!(debug_assertions) { Duration::from_secs(3) } else { Duration::from_millis(500) };
    assert!(elapsed < budget, "{elapsed:?}");

    let bad: Vec<String> = (0..200_000u64).map(|i| format!("7{i:09}")).collect();
    let report =
        validate(Endpoint::LockAssets, &json!({"assetNums": bad, "operatorIdentity": "o"}), &Options::default());
    assert_eq!(report.issues.len(), Options::DEFAULT_MAX_ISSUES + 1);
    assert_eq!(report.issues.last().unwrap().params.get("omitted"), Some("199900"));
}

#[test]
fn a_report_is_bounded_by_bytes_whatever_max_issues_says() {
    // 300,000 bad asset numbers, every one an issue the caller asked to keep.
    let numbers: Vec<String> = (0..300_000).map(|i| format!("7{i:09}")).collect();
    let text = json!({"assetNums": numbers, "operatorIdentity": "ops"}).to_string();
    let start = Instant::now();
    let report = validate_json(Endpoint::LockAssets, &text, &Options::default().with_max_issues(1_000_000));
    assert!(start.elapsed() < Duration::from_secs(10), "{:?}", start.elapsed());
    let kept: usize = report
        .issues
        .iter()
        .map(|i| i.path.len() + i.message.len() + i.params.0.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>())
        .sum();
    assert!(kept < MAX_REPORT_BYTES + 4096, "{kept}");
    let last = report.issues.last().unwrap();
    assert_eq!(last.code.as_str(), "too_many_issues");
    let omitted: usize = last.params.get("omitted").unwrap().parse().unwrap();
    assert_eq!(omitted + report.issues.len() - 1, 300_000);
    assert!(!report.valid);
}

#[test]
fn giant_strings_stay_out_of_messages() {
    let giant = "Z".repeat(10 << 20);
    let mut body = json!({"size": 1});
    body[&giant] = json!(1);
    body["x"] = json!(giant.clone());
    let report = validate(Endpoint::ShellNums, &body, &Options::default());
    // Even an unknown key's own name is cut, in the path and in the message.
    assert!(
        report.issues.iter().all(|i| i.message.len() < 2000 && i.path.len() < 2000),
        "{:?}",
        report.issues.iter().map(|i| (i.path.len(), i.message.len())).collect::<Vec<_>>()
    );
    let unknown = report.issues.iter().find(|i| i.code.as_str() == "unknown_field").unwrap();
    assert_eq!(unknown.path, format!("/{}…", "Z".repeat(MAX_KEY_CHARS)));
    // An escaped giant key too (it is decoded, then kept cut).
    let escaped = format!(r#"{{"size":1,"\u005a{}":1}}"#, "Z".repeat(1 << 20));
    let report = validate_json(Endpoint::ShellNums, &escaped, &Options::default());
    assert_eq!(report.issues[0].path, format!("/{}…", "Z".repeat(MAX_KEY_CHARS)));
    let report = validate(
        Endpoint::LockAssets,
        &json!({"assetNums": [giant.clone()], "operatorIdentity": giant}),
        &Options::default(),
    );
    assert!(
        report.issues.iter().all(|i| i.message.len() < 200),
        "{:?}",
        report.issues.iter().map(|i| i.message.len()).collect::<Vec<_>>()
    );
    // Many unknown keys: suggestions are computed only for kept issues.
    let mut many = serde_json::Map::new();
    for i in 0..100_000 {
        many.insert(format!("chanelCode{i}"), json!(i));
    }
    let start = Instant::now();
    let report = validate(Endpoint::ShellNums, &Value::Object(many), &Options::default());
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(!report.valid);
}

fn arb_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(Value::from),
        "[86]?[0-9]{0,11}".prop_map(Value::from),
        prop_oneof![
            Just("new_buy"),
            Just("delete_asset"),
            Just("delete_product"),
            Just("cloud_account"),
            Just("softkey"),
            Just("Y"),
            Just("sync"),
            Just("1-0-0"),
            Just(""),
            Just("__proto__")
        ]
        .prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
    ];
    let keys = prop_oneof![
        Just("orderList"),
        Just("assets"),
        Just("assetNos"),
        Just("products"),
        Just("merchandises"),
        Just("children"),
        Just("licenseOrderProductList"),
        Just("orderType"),
        Just("licenseType"),
        Just("srcLicenseOrderId"),
        Just("strictMatchWhenDelete"),
        Just("limitStartDate"),
        Just("limitEndDate"),
        Just("limitConcurrent"),
        Just("sequence"),
        Just("assetNums"),
        Just("size"),
        Just("channelCode"),
        Just("__proto__"),
        Just("a/b~c")
    ];
    leaf.prop_recursive(6, 64, 8, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((keys.clone(), inner), 0..8)
                .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())),
        ]
    })
}

fn consistent(report: &licensing_core::validate::Report) -> bool {
    report.valid != report.issues.iter().any(|i| i.severity == Severity::Error)
        && report.issues.iter().all(|i| i.path.is_empty() || i.path.starts_with('/'))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn any_json_value_gets_a_consistent_report(body in arb_json(), strict in any::<bool>()) {
        let rules = if strict { Profile::Strict } else { Profile::Recommended };
        let opts = Options::default().with_rules(rules).with_max_issues(20);
        for endpoint in Endpoint::ALL {
            let report = validate(endpoint, &body, &opts);
            prop_assert!(consistent(&report));
            prop_assert!(report.issues.len() <= 21);
        }
    }

    #[test]
    fn mutated_valid_orders_get_a_consistent_report(
        path in prop::sample::select(vec![
            "/orderList/0", "/orderList/0/assets/0", "/orderList/0/assets/0/products/0",
            "/orderList/0/assets/0/products", "/orderList/0/orderType", "/orderList/0/licenseType",
            "/orderList/0/assets/0/merchandises", "/orderList/0/assets/0/assetNos/0", "/orderList",
        ]),
        value in arb_json(),
    ) {
        let mut body = new_buy();
        if let Some(slot) = body.pointer_mut(path) { *slot = value; }
        let report = validate(Endpoint::BatchOrder, &body, &Options::default());
        prop_assert!(consistent(&report));
    }

    #[test]
    fn any_text_gets_a_report(text in ".{0,64}|\\{.{0,64}") {
        let report = validate_json(Endpoint::BatchOrder, &text, &Options::default());
        prop_assert!(consistent(&report));
    }

    /// A vouched text's own tokens (`!`, keys by index `#i`) anywhere, as a
    /// caller of the Rust API may write them: a report, never a panic.
    #[test]
    fn any_vouched_text_gets_a_report(
        tokens in prop::collection::vec(prop::sample::select(vec![
            "{", "}", "[", "]", ",", ":", "!", "#0", "#1", "#3", "#18", "#31", "#-1", "#1.5", "#99", "#",
            "\"orderList\"", "\"a\"", "1", "null", " ",
        ]), 0..40),
        field in any::<bool>(),
    ) {
        let text = format!("{{{}", tokens.concat());
        for endpoint in [Endpoint::BatchOrder, Endpoint::LockAssets, Endpoint::CreateEnterprise] {
            let opts = Options::default();
            let report = if field {
                validate_vouched_field_json(endpoint, "/orderList/0", &text, &opts)
            } else {
                validate_vouched_json(endpoint, &text, &opts)
            };
            prop_assert!(consistent(&report));
        }
    }
}
