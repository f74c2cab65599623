//! The report itself: pointers, the cap, JSON form.

use crate::support::*;
use licensing_core::validate::{validate, validate_json, Options, Severity};
use licensing_core::wire::Endpoint::*;
use serde_json::{json, Value};

#[test]
fn pointer_escapes_tilde_and_slash() {
    let report = run(ShellNums, &json!({"size": 1, "a/b": 1, "c~d": 2}));
    let paths: Vec<&str> = report.issues.iter().map(|i| i.path.as_str()).collect();
    assert_eq!(paths, ["/a~1b", "/c~0d"]);
}

#[test]
fn issues_are_capped_and_the_last_says_so() {
    let nums: Vec<String> = (0..500).map(|i| format!("7{i:09}")).collect();
    let body = json!({"assetNums": nums, "operatorIdentity": "o"});
    let opts = Options::default().with_max_issues(10);
    let report = validate(LockAssets, &body, &opts);
    assert_eq!(report.issues.len(), 11);
    let last = report.issues.last().unwrap();
    assert_eq!(last.code.as_str(), "too_many_issues");
    assert_eq!(last.params.get("omitted"), Some("490"));
    assert_eq!(last.severity, Severity::Error);
    assert!(!report.valid);
}

#[test]
fn warnings_past_the_cap_keep_the_report_valid() {
    let mut body = json!({"size": 1});
    for i in 0..30 {
        body[format!("extra{i}")] = json!(i);
    }
    let report = validate(ShellNums, &body, &Options::default().with_max_issues(5));
    assert!(report.valid);
    assert_eq!(report.issues.last().unwrap().severity, Severity::Warning);
}

#[test]
fn report_json_has_the_documented_shape() {
    let report = validate_json(ShellNums, r#"{"size": "x"}"#, &Options::default());
    let v: Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(
        v,
        json!({"valid": false, "issues": [{"path": "/size", "code": "type", "rule": "field_type", "severity": "error", "source": "spec",
        "message": "`size` must be an integer, not a string", "params": {"expected": "integer", "actual": "string"}}]})
    );
}

#[test]
fn malformed_json_is_an_issue() {
    for text in ["", "{", "{\"size\": 1,}", "nul", "\u{feff}{}"] {
        let report = validate_json(ShellNums, text, &Options::default());
        assert!(!report.valid);
        assert_eq!(report.issues[0].code.as_str(), "invalid_json", "{text:?}");
        assert_eq!(report.issues[0].path, "");
    }
}

#[test]
fn report_json_is_what_serde_writes() {
    let texts = [
        (ShellNums, r#"{"size": "x", "a\"b\\c\u0001": 1}"#),
        (LockAssets, r#"{"assetNums": ["7000000000", "中文"], "operatorIdentity": " "}"#),
        (ShellNums, r#"{"size": 1}"#),
        (ShellNums, "{"),
    ];
    for (endpoint, text) in texts {
        for locale in [licensing_core::validate::Locale::En, licensing_core::validate::Locale::ZhCn] {
            let report = validate_json(endpoint, text, &Options::default().with_locale(locale));
            let ours: Value = serde_json::from_str(&report.to_json()).unwrap();
            assert_eq!(ours, serde_json::to_value(&report).unwrap(), "{text}");
        }
    }
}
