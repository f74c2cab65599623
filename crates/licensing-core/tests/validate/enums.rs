//! Every enumerated field: every value accepted, case-sensitive, anything else refused.

use crate::support::*;
use licensing_core::model::*;
use licensing_core::validate::Severity;
use licensing_core::wire::Endpoint::*;
use serde_json::json;

#[test]
fn every_license_type_is_accepted_and_case_matters() {
    for lt in LicenseType::ALL {
        let mut body = new_buy();
        body["orderList"][0]["licenseType"] = json!(lt.as_str());
        check_ok(BatchOrder, &body);
        body["orderList"][0]["licenseType"] = json!(lt.as_str().to_uppercase());
        check_fail(BatchOrder, &body, &[("/orderList/0/licenseType", "enum")]);
    }
}

#[test]
fn enum_fields_table() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        ("/orderList/0/orderType", OrderType::WIRE, &["NEW_BUY", "newBuy", "", "refund"]),
        ("/syncMode", SyncMode::WIRE, &["Sync", "ASYNC", "batch"]),
        ("/orderList/0/customerType", CustomerType::WIRE, &["Company", "person"]),
    ];
    for (path, allowed, refused) in cases {
        for v in *allowed {
            let body = with(new_buy(), path, Some(json!(v)));
            // delete_* orders need their own fields; only check the enum itself.
            let report = run(BatchOrder, &body);
            assert!(!report.issues.iter().any(|i| i.path == *path), "{v} at {path}: {:?}", report.issues);
        }
        for v in *refused {
            let report = run(BatchOrder, &with(new_buy(), path, Some(json!(v))));
            assert!(report.issues.iter().any(|i| i.path == *path && i.code.as_str() == "enum"), "{v} at {path}");
        }
    }
}

#[test]
fn default_customer_is_y_or_n() {
    for v in ["Y", "N"] {
        check_ok(QueryEnterprises, &json!({"channelCode": "C", "channelCustomerId": "1", "defaultCustomer": v}));
    }
    for v in ["y", "n", "YES", "true"] {
        check_fail(
            QueryEnterprises,
            &json!({"channelCode": "C", "channelCustomerId": "1", "defaultCustomer": v}),
            &[("/defaultCustomer", "enum")],
        );
    }
}

#[test]
fn trial_is_zero_or_one() {
    // The value's own issue only: what other rules make of a trial product is theirs.
    let at = "/orderList/0/assets/0/products/0/trial";
    for (v, ok) in [(json!(0), true), (json!(1), true), (json!(2), false), (json!(-1), false), (json!("1"), false)] {
        let report = run(BatchOrder, &with(new_buy(), at, Some(v.clone())));
        let refused = report.issues.iter().any(|i| i.path == at && i.severity == Severity::Error);
        assert_eq!(!refused, ok, "trial {v}: {:?}", report.issues);
    }
}

#[test]
fn enum_typos_get_a_suggestion() {
    let report = run(BatchOrder, &with(new_buy(), "/orderList/0/orderType", Some(json!("NEW_BUY"))));
    assert_eq!(report.issues[0].params.get("suggestion"), Some("new_buy"));
    let report = run(BatchOrder, &with(new_buy(), "/orderList/0/licenseType", Some(json!("cloud_acount"))));
    assert_eq!(report.issues[0].params.get("suggestion"), Some("cloud_account"));
}

#[test]
fn response_enums_round_trip() {
    for v in ActivateType::ALL {
        let text = serde_json::to_string(v).unwrap();
        assert_eq!(serde_json::from_str::<ActivateType>(&text).unwrap(), *v);
    }
    assert_eq!(serde_json::to_string(&ActivateType::OnClaim).unwrap(), "\"0\"");
    for (n, s) in [
        (1, LockStatus::Success),
        (2, LockStatus::UnknownLock),
        (3, LockStatus::Failure),
        (4, LockStatus::WrongLockType),
    ] {
        assert_eq!(serde_json::from_str::<LockStatus>(&n.to_string()).unwrap(), s);
    }
    assert!(serde_json::from_str::<LockStatus>("5").is_err());
    assert_eq!(serde_json::from_str::<KeyChipType>("2").unwrap(), KeyChipType::Gen5);
    assert!(serde_json::from_str::<KeyChipType>("3").is_err());
    assert_eq!(serde_json::from_str::<DefaultCustomer>("\"Y\"").unwrap(), DefaultCustomer::Yes);
    assert!("y".parse::<DefaultCustomer>().is_err());
}
