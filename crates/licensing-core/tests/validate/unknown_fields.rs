//! Unknown fields: warnings (errors in strict mode) with "did you mean".

use crate::support::*;
use licensing_core::validate::{validate, Options, Profile, Severity};
use licensing_core::wire::Endpoint::*;
use serde_json::json;

#[test]
fn unknown_fields_warn_and_suggest() {
    let cases = [
        ("/channelcode", Some("channelCode")),
        ("/chanelCode", Some("channelCode")),
        ("/orderList/0/assets/0/assetNo", Some("assetNos")),
        ("/orderList/0/assets/0/products/0/strictMatchWhenDeleted", Some("strictMatchWhenDelete")),
        ("/orderList/0/color", None),
    ];
    for (path, suggestion) in cases {
        let mut body = with(new_buy(), path, Some(json!("x")));
        if path == "/channelcode" || path == "/chanelCode" {
            body = with(body, "/channelCode", Some(json!("CH")));
        }
        let report = run(BatchOrder, &body);
        let issue =
            report.issues.iter().find(|i| i.path == path).unwrap_or_else(|| panic!("{path}: {:?}", report.issues));
        assert_eq!(issue.code.as_str(), "unknown_field");
        assert_eq!(issue.severity, Severity::Warning);
        assert!(report.valid);
        assert_eq!(issue.params.get("suggestion"), suggestion, "{path}");
        if let Some(s) = suggestion {
            assert!(issue.message.contains(&format!("did you mean `{s}`?")), "{}", issue.message);
        }
    }
}

#[test]
fn strict_mode_makes_unknown_fields_errors() {
    let body = json!({"channelCode": "C", "channelCustomerId": "1", "defaultCustomer": "N", "channelcode": "c"});
    let strict = Options::default().with_rules(Profile::Strict);
    let report = validate(QueryEnterprises, &body, &strict);
    assert!(!report.valid);
    assert_eq!(report.issues[0].severity, Severity::Error);
    assert_eq!(report.issues[0].params.get("suggestion"), Some("channelCode"));
}

#[test]
fn proto_keys_are_just_unknown_fields() {
    let body = json!({"size": 2, "__proto__": {"size": 0}, "constructor": 1});
    check_warn(ShellNums, &body, &[("/__proto__", "unknown_field"), ("/constructor", "unknown_field")]);
}
