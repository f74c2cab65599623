//! What reading the text in one pass (no tree) promises: document order, any key
//! order gives the same issues, duplicate keys, escapes, numbers, nesting.

use crate::support::*;
use licensing_core::validate::{validate, validate_json, Options, Report, MAX_NESTING};
use licensing_core::wire::Endpoint::{self, *};
use proptest::prelude::*;
use serde_json::{json, Value};

fn text_report(endpoint: Endpoint, text: &str) -> Report {
    validate_json(endpoint, text, &Options::default())
}

fn pairs(report: &Report) -> Vec<(String, String)> {
    report.issues.iter().map(|i| (i.path.clone(), i.code.as_str().to_owned())).collect()
}

#[test]
fn cross_field_rules_hold_whatever_the_key_order() {
    // orderType and licenseType after the assets: the order's rules run when it closes.
    let text = r#"{"orderList":[{"assets":[{"assetNos":["8000000001"],"products":[{"strictMatchWhenDelete":true,"productUri":"p"}]}],
        "sequence":1,"licenseType":"cloud_account","orderType":"delete_product"}],"channelOrderId":"o","channelCode":"c"}"#;
    assert_eq!(
        pairs(&text_report(BatchOrder, text)),
        [
            ("/orderList/0/srcLicenseOrderId".to_owned(), "src_license_order_required".to_owned()),
            ("/orderList/0/assets/0/products/0/limitStartDate".to_owned(), "strict_match_field_required".to_owned()),
            ("/orderList/0/assets/0/products/0/limitEndDate".to_owned(), "strict_match_field_required".to_owned()),
            ("/orderList/0/assets/0/products/0/limitConcurrent".to_owned(), "strict_match_field_required".to_owned()),
        ]
    );
}

#[test]
fn issues_come_in_document_order() {
    let text = r#"{"size": "x", "zzz": 1, "aaa": 2}"#;
    let paths: Vec<String> = text_report(ShellNums, text).issues.into_iter().map(|i| i.path).collect();
    assert_eq!(paths, ["/size", "/zzz", "/aaa"]);
    // Missing required fields close their object.
    let text = r#"{"assetNums": ["7000000000"]}"#;
    assert_eq!(
        pairs(&text_report(LockAssets, text)),
        [
            ("/assetNums/0".to_owned(), "asset_number_partition".to_owned()),
            ("/operatorIdentity".to_owned(), "required".to_owned()),
        ]
    );
}

#[test]
fn a_known_field_twice_is_an_error() {
    let report = text_report(ShellNums, r#"{"size": 1, "size": 2}"#);
    assert_eq!(pairs(&report), [("/size".to_owned(), "duplicate_key".to_owned())]);
    assert!(!report.valid);
    // The repeat is not read as the field again (one issue, not two).
    let report = text_report(ShellNums, r#"{"size": 0, "size": "x"}"#);
    assert_eq!(
        pairs(&report),
        [("/size".to_owned(), "minimum".to_owned()), ("/size".to_owned(), "duplicate_key".to_owned())]
    );
}

#[test]
fn escaped_keys_and_values_are_read_decoded() {
    // "\u0073ize" is "size"; an escaped unknown key shows decoded in the path.
    let report = text_report(ShellNums, r#"{"\u0073ize": 1, "a\/b\u00e9": 1}"#);
    assert_eq!(pairs(&report), [("/a~1bé".to_owned(), "unknown_field".to_owned())]);
    assert!(text_report(LockAssets, r#"{"assetNums": ["\u0038000000001"], "operatorIdentity": "\u006f"}"#)
        .issues
        .is_empty());
    // Blank after decoding.
    let report = text_report(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": "\u0020\t"}"#);
    assert_eq!(pairs(&report), [("/operatorIdentity".to_owned(), "empty".to_owned())]);
    // A lone surrogate (JSON.stringify writes them escaped) is reported at its
    // field (rule lone_surrogate); under `spec` it reads as U+FFFD.
    let text = r#"{"assetNums": ["8000000001"], "operatorIdentity": "\ud800"}"#;
    assert_eq!(pairs(&text_report(LockAssets, text)), [("/operatorIdentity".to_owned(), "lone_surrogate".to_owned())]);
    let spec = licensing_core::validate::Options::default().with_rules(licensing_core::validate::Profile::Spec);
    assert!(licensing_core::validate::validate_json(LockAssets, text, &spec).valid);
}

#[test]
fn numbers_are_integers_only_when_they_fit_64_bits() {
    for (text, actual) in [("1.0", "number"), ("1e3", "number"), ("9223372036854775808", "number"), ("-0", "")] {
        let report = text_report(ShellNums, &format!(r#"{{"size": {text}}}"#));
        match actual {
            "" => assert_eq!(pairs(&report), [("/size".to_owned(), "minimum".to_owned())]),
            actual => assert_eq!(report.issues[0].params.get("actual"), Some(actual), "{text}"),
        }
    }
    let max = format!(r#"{{"size": {}}}"#, i64::MAX);
    assert!(text_report(ShellNums, &max).issues.is_empty());
}

#[test]
fn nesting_is_bounded() {
    let ok = format!(r#"{{"size": 1, "x": {}{}}}"#, "[".repeat(MAX_NESTING - 1), "]".repeat(MAX_NESTING - 1));
    assert_eq!(pairs(&text_report(ShellNums, &ok)), [("/x".to_owned(), "unknown_field".to_owned())]);
    let deep = format!(r#"{{"size": 1, "x": {}{}}}"#, "[".repeat(MAX_NESTING), "]".repeat(MAX_NESTING));
    let report = text_report(ShellNums, &deep);
    assert_eq!(pairs(&report), [("".to_owned(), "invalid_json".to_owned())]);
    assert!(report.issues[0].message.contains("nesting deeper than 512"), "{}", report.issues[0].message);
}

#[test]
fn a_syntax_error_anywhere_leaves_only_invalid_json() {
    let report = text_report(ShellNums, r#"{"size": 0, "x": 1, "y": [1 2]}"#);
    assert_eq!(pairs(&report), [("".to_owned(), "invalid_json".to_owned())]);
    assert!(report.issues[0].message.contains("line 1 column 29"), "{}", report.issues[0].message);
}

/// The same value written with its object keys in another order.
fn reorder(v: &Value, seed: u64) -> String {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(&String, &Value)> = m.iter().collect();
            if seed % 2 == 1 {
                entries.reverse();
            }
            let rot = (seed as usize / 2) % entries.len().max(1);
            entries.rotate_left(rot);
            let parts: Vec<String> = entries
                .iter()
                .enumerate()
                .map(|(i, (k, v))| format!("{}:{}", json!(k), reorder(v, seed.wrapping_mul(31).wrapping_add(i as u64))))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => {
            let parts: Vec<String> =
                a.iter().enumerate().map(|(i, v)| reorder(v, seed.wrapping_add(i as u64 * 7))).collect();
            format!("[{}]", parts.join(","))
        }
        other => other.to_string(),
    }
}

fn sorted_pairs(report: &Report) -> Vec<(String, String, String)> {
    let mut v: Vec<_> =
        report.issues.iter().map(|i| (i.path.clone(), i.code.as_str().to_owned(), i.message.clone())).collect();
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Key order changes where issues are listed, never which issues there are.
    #[test]
    fn key_order_never_changes_the_issues(
        seed in any::<u64>(),
        path in prop::sample::select(vec![
            "/orderList/0/orderType", "/orderList/0/licenseType", "/orderList/0/srcLicenseOrderId",
            "/orderList/0/assets/0/products/0/strictMatchWhenDelete", "/orderList/0/assets/0/products",
            "/orderList/0/assets/0/limitEndDate", "/orderList/0/sequence", "/syncMode",
        ]),
        value in prop_oneof![
            Just(json!("delete_product")), Just(json!("delete_asset")), Just(json!("cloud_account")),
            Just(json!(true)), Just(json!(null)), Just(json!([])), Just(json!(1)), Just(json!("")), Just(json!("x")),
        ],
    ) {
        let mut body = new_buy();
        body["orderList"] = json!([body["orderList"][0].clone(), body["orderList"][0].clone()]);
        if let Some(slot) = body.pointer_mut(path) { *slot = value; }
        let sorted = validate(BatchOrder, &body, &Options::default());
        let shuffled = text_report(BatchOrder, &reorder(&body, seed));
        prop_assert_eq!(sorted.valid, shuffled.valid);
        prop_assert_eq!(sorted_pairs(&sorted), sorted_pairs(&shuffled));
    }
}

/// The scanner accepts exactly what serde_json accepts, but for its two documented
/// choices (lone surrogate escapes, nesting between 128 and 512 levels), which
/// these mutations cannot produce.
fn is_json_for_serde(text: &str) -> bool {
    serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn mutated_text_is_read_exactly_as_serde_reads_it(
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(
            vec!["", "\"", "\\", ",", ":", "{", "}", "[", "]", "0", "-", ".", "e", "1", " ", "n", "t", "\\u00", "\u{1}", "é"])), 1..4),
    ) {
        let mut text = serde_json::to_string(&new_buy()).unwrap().into_bytes();
        for (at, op, s) in edits {
            let i = at.index(text.len() + 1);
            match op {
                0 => { text.splice(i..i, s.bytes()); }
                1 if i < text.len() => { text.remove(i); }
                _ if i < text.len() => { text.splice(i..i + 1, s.bytes()); }
                _ => {}
            }
        }
        // Edits may split a UTF-8 sequence; only text reaches the validator.
        let Ok(text) = String::from_utf8(text) else { return Ok(()) };
        let report = text_report(BatchOrder, &text);
        let ours = !report.issues.iter().any(|i| i.code.as_str() == "invalid_json");
        prop_assert_eq!(ours, is_json_for_serde(&text), "{}", text);
    }
}
