//! The identifying fields of each endpoint: required and non-empty.

use crate::support::*;
use licensing_core::wire::Endpoint::{self, *};
use serde_json::{json, Value};

fn valid_bodies() -> Vec<(Endpoint, Value)> {
    vec![
        (
            BindEnterprise,
            json!({"channelCode": "CH", "channelCustomerId": "C1", "customerName": "A",
            "branchName": "B", "enterpriseName": "E", "passwordMobile": "13800000000"}),
        ),
        (CreateEnterprise, json!({"crmCustomerId": "CRM1", "customerName": "A", "branchName": "B", "address": "X"})),
        (UpdateEnterprise, json!({"crmCustomerId": "CRM1", "customerName": "A2"})),
        (QueryEnterprises, json!({"channelCode": "CH", "channelCustomerId": "C1", "defaultCustomer": "Y"})),
        (BatchOrder, new_buy()),
        (LockAssets, json!({"assetNums": ["8000000001"], "operatorIdentity": "ops@acme.example"})),
        (UnlockAssets, json!({"assetNums": ["6000000001"], "operatorIdentity": "ops"})),
        (ListAssets, json!({"enterpriseGlobalId": "E1", "extendCode": "region"})),
        (ShellNums, json!({"size": 3})),
        (
            JoinActivity,
            json!({"identity": "13800000000", "activityLabel": "spring", "source": "portal", "branch": "BJ"}),
        ),
    ]
}

#[test]
fn every_endpoint_has_a_valid_body() {
    for (endpoint, body) in valid_bodies() {
        check_ok(endpoint, &body);
    }
}

#[test]
fn identifying_fields_are_required_and_non_empty() {
    let table: &[(Endpoint, &[&str])] = &[
        (BindEnterprise, &["channelCode", "channelCustomerId"]),
        (CreateEnterprise, &["crmCustomerId"]),
        (UpdateEnterprise, &["crmCustomerId"]),
        (QueryEnterprises, &["channelCode", "channelCustomerId", "defaultCustomer"]),
        (BatchOrder, &["channelCode", "channelOrderId", "orderList"]),
        (LockAssets, &["assetNums", "operatorIdentity"]),
        (UnlockAssets, &["assetNums", "operatorIdentity"]),
        (ListAssets, &["enterpriseGlobalId"]),
        (ShellNums, &["size"]),
        (JoinActivity, &["identity", "activityLabel", "source", "branch"]),
    ];
    let bodies = valid_bodies();
    for (endpoint, fields) in table {
        let body = &bodies.iter().find(|(e, _)| e == endpoint).unwrap().1;
        for field in *fields {
            let path = format!("/{field}");
            check_fail(*endpoint, &with(body.clone(), &path, None), &[(&path, "required")]);
            check_fail(*endpoint, &with(body.clone(), &path, Some(Value::Null)), &[(&path, "required")]);
            let blank = match body[field] {
                Value::String(_) => Some(json!("  ")),
                Value::Array(_) => Some(json!([])),
                _ => None,
            };
            if let Some(blank) = blank {
                // An enum has its own allowed values; a blank one is simply not among them.
                let code = if *field == "defaultCustomer" { "enum" } else { "empty" };
                check_fail(*endpoint, &with(body.clone(), &path, Some(blank)), &[(&path, code)]);
            }
        }
    }
}

#[test]
fn shellnums_size_is_a_positive_integer() {
    check_ok(ShellNums, &json!({"size": 1}));
    check_fail(ShellNums, &json!({"size": 0}), &[("/size", "minimum")]);
    check_fail(ShellNums, &json!({"size": -5}), &[("/size", "minimum")]);
    check_fail(ShellNums, &json!({"size": 2.5}), &[("/size", "type")]);
    check_fail(ShellNums, &json!({"size": "3"}), &[("/size", "type")]);
}

#[test]
fn a_body_that_is_not_an_object_is_an_error_at_the_root() {
    for body in [json!([]), json!("x"), json!(1), json!(null), json!(true)] {
        for endpoint in Endpoint::ALL {
            check_fail(endpoint, &body, &[("", "type")]);
        }
    }
}
