//! The `validator` feature: validator's `Validate` / `ValidateArgs` on the request
//! types, through the SDK's rules (what axum-valid and actix-web-validator call).

use licensing_core::model::*;
use licensing_core::valid;
use licensing_core::validate::{validate_json, Code, Issue, Options, Profile, Report, Rule, Severity};
use licensing_core::validator_compat::{from_report, ROOT};
use licensing_core::wire::Endpoint;
use serde_json::{json, Value};
use validator::{Validate, ValidateArgs, ValidationError, ValidationErrors, ValidationErrorsKind};

// The validate suite's valid batch order (one order, one asset), not a copy of it.
#[path = "validate/support.rs"]
#[allow(dead_code)]
mod support;
use support::new_buy;

/// Every leaf error with its place: keys and list indices, as validator nests them.
fn leaves(errors: &ValidationErrors) -> Vec<(String, &ValidationError)> {
    fn walk<'e>(errors: &'e ValidationErrors, prefix: &str, out: &mut Vec<(String, &'e ValidationError)>) {
        for (key, kind) in errors.errors() {
            let path = if prefix.is_empty() { key.to_string() } else { format!("{prefix}.{key}") };
            match kind {
                ValidationErrorsKind::Field(list) => out.extend(list.iter().map(|e| (path.clone(), e))),
                ValidationErrorsKind::Struct(inner) => walk(inner, &path, out),
                ValidationErrorsKind::List(items) => {
                    for (i, inner) in items {
                        walk(inner, &format!("{path}[{i}]"), out);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(errors, "", &mut out);
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// Passes (warnings allowed) under `opts`.
#[track_caller]
fn check_ok(result: Result<(), ValidationErrors>) {
    if let Err(e) = result {
        panic!("expected Ok, got {e:#?}");
    }
}

/// Fails with exactly these errors: (place as `a[0].b`, code), in place order.
#[track_caller]
fn check_fail(result: Result<(), ValidationErrors>, expected: Expected) -> ValidationErrors {
    let errors = result.expect_err("expected validation errors");
    let got: Vec<(String, String)> = leaves(&errors).into_iter().map(|(p, e)| (p, e.code.to_string())).collect();
    let expected: Vec<(String, String)> = expected.iter().map(|(p, c)| (p.to_string(), c.to_string())).collect();
    assert_eq!(got, expected);
    errors
}

/// The SDK's own report ([`valid::Request::validate`]; not imported, as its
/// `validate` would shadow validator's).
fn sdk_report<T: valid::Request>(request: &T, opts: &Options) -> Report {
    valid::Request::validate(request, opts)
}

fn from_json<T: serde::de::DeserializeOwned>(value: Value) -> T {
    serde_json::from_value(value).expect("a body of the typed model")
}

fn batch(edit: impl FnOnce(&mut Value)) -> BatchOrderRequest {
    let mut body = new_buy();
    edit(&mut body);
    from_json(body)
}

fn spec() -> Options {
    Options::default().with_rules(Profile::Spec)
}

#[test]
fn valid_requests_pass_under_every_profile() {
    let lock = LockRequest { asset_nums: Some(vec!["8000000001".into()]), operator_identity: Some("ops".into()) };
    for opts in [Options::default(), spec(), Options::default().with_rules(Profile::Strict)] {
        check_ok(ShellNumsRequest { size: Some(3) }.validate_with_args(&opts));
        check_ok(batch(|_| {}).validate_with_args(&opts));
        check_ok(lock.validate_with_args(&opts));
    }
    check_ok(ShellNumsRequest { size: Some(3) }.validate());
    check_ok(batch(|_| {}).validate());
}

/// Errors a case expects: (place as `a[0].b`, code), in place order.
type Expected = &'static [(&'static str, &'static str)];

#[test]
fn table_of_failures_with_wire_names_and_list_indices() {
    /// Name, what validation gave, the expected errors as (place, code).
    type Case = (&'static str, Result<(), ValidationErrors>, Expected);
    let cases: Vec<Case> = vec![
        ("size below the inferred minimum", ShellNumsRequest { size: Some(0) }.validate(), &[("size", "minimum")]),
        ("size missing", ShellNumsRequest { size: None }.validate(), &[("size", "required")]),
        (
            "bad asset number in a list of strings: the item's errors are under __all__",
            batch(|b| b["orderList"][0]["assets"][0]["assetNos"][1] = json!("12345")).validate(),
            &[("orderList[0].assets[0].assetNos[1].__all__", "asset_number_format")],
        ),
        (
            "cloud refund without srcLicenseOrderId",
            batch(|b| {
                b["orderList"][0]["orderType"] = json!("delete_asset");
                b["orderList"][0]["licenseType"] = json!("cloud_account");
            })
            .validate(),
            &[("orderList[0].srcLicenseOrderId", "src_license_order_required")],
        ),
        (
            "errors at several depths at once",
            batch(|b| {
                b["channelCode"] = json!("");
                b["orderList"][0]["assets"][0]["assetNos"][0] = json!("8000000009x");
                b["orderList"][0]["assets"][0]["products"][0]["timeDurationExpression"] = json!("one year");
            })
            .validate(),
            &[
                ("channelCode", "empty"),
                ("orderList[0].assets[0].assetNos[0].__all__", "asset_number_format"),
                ("orderList[0].assets[0].products[0].timeDurationExpression", "duration_expression"),
            ],
        ),
        (
            "spec-stated rules stay errors under the spec profile",
            batch(|b| b["orderList"][0]["assets"][0]["assetNos"][1] = json!("7000000001")).validate_with_args(&spec()),
            &[("orderList[0].assets[0].assetNos[1].__all__", "asset_number_partition")],
        ),
    ];
    for (name, result, expected) in cases {
        eprintln!("case: {name}");
        check_fail(result, expected);
    }
}

#[test]
fn inferred_minimum_fails_by_default_and_passes_under_the_spec_profile() {
    let request = ShellNumsRequest { size: Some(0) };
    check_fail(request.validate(), &[("size", "minimum")]);
    check_fail(request.validate_with_args(&Options::default()), &[("size", "minimum")]);
    check_ok(request.validate_with_args(&spec()));
    // Still reported, as a warning: warnings never fail.
    let report = sdk_report(&request, &spec());
    assert!(report.valid && report.warnings().any(|i| i.code == Code::Minimum));
}

#[test]
fn warnings_do_not_fail() {
    let request = batch(|b| b["orderList"][0]["adminEmail"] = json!("not an e-mail"));
    let report = sdk_report(&request, &Options::default());
    assert!(report.valid);
    assert_eq!(
        report.warnings().map(|i| (i.path.as_str(), i.code)).collect::<Vec<_>>(),
        [("/orderList/0/adminEmail", Code::Email)]
    );
    check_ok(request.validate());
}

#[test]
fn errors_carry_code_message_and_params_path_and_source() {
    let request = ShellNumsRequest { size: Some(0) };
    let report = sdk_report(&request, &Options::default());
    let issue = &report.issues[0];
    let errors = request.validate().unwrap_err();
    let found = leaves(&errors);
    let (_, error) = &found[0];
    assert_eq!(error.code, "minimum");
    assert_eq!(error.message.as_deref(), Some(issue.message.as_str()));
    assert_eq!(error.params["path"], json!("/size"));
    assert_eq!(error.params["source"], json!("inferred"));
    for (key, value) in &issue.params.0 {
        assert_eq!(error.params[*key], json!(value), "param {key}");
    }
    assert!(!issue.params.is_empty(), "the minimum issue names its bound");

    let errors = batch(|b| b["orderList"][0]["assets"][0]["assetNos"][1] = json!("12345")).validate().unwrap_err();
    let (_, error) = leaves(&errors)[0];
    assert_eq!(error.params["path"], json!("/orderList/0/assets/0/assetNos/1"));
    assert_eq!(error.params["source"], json!("spec"));
    // validator's Display walks the same nesting.
    assert!(errors.to_string().starts_with("orderList[0].assets[0].assetNos[1].__all__: "), "{errors}");
}

#[test]
fn every_request_type_agrees_with_its_report() {
    fn agree<T: valid::Request + Default + Validate + for<'a> ValidateArgs<'a, Args = &'a Options>>() {
        let request = T::default();
        for opts in [Options::default(), spec(), Options::default().with_rules(Profile::Strict)] {
            let report = sdk_report(&request, &opts);
            let result = request.validate_with_args(&opts);
            assert_eq!(result.is_ok(), report.valid, "{}", std::any::type_name::<T>());
            let count = result.as_ref().err().map_or(0, |e| leaves(e).len());
            assert_eq!(count, report.errors().count(), "{}", std::any::type_name::<T>());
        }
        assert_eq!(Validate::validate(&request).is_ok(), sdk_report(&request, &Options::default()).valid);
    }
    agree::<BindEnterpriseRequest>();
    agree::<EnterpriseCustomerRequest>();
    agree::<QueryEnterprisesRequest>();
    agree::<BatchOrderRequest>();
    agree::<LockRequest>();
    agree::<ListAssetsRequest>();
    agree::<ShellNumsRequest>();
    agree::<ActivityRequest>();
}

#[test]
fn root_issues_go_under_all_and_pointer_escapes_are_decoded() {
    let report = validate_json(Endpoint::ShellNums, "{", &Options::default());
    check_fail(from_report(&report), &[(ROOT, "invalid_json")]);

    let strict = Options::default().with_rules(Profile::Strict);
    let report = validate_json(Endpoint::ShellNums, r#"{"size": 1, "a/b~c": 1}"#, &strict);
    let errors = check_fail(from_report(&report), &[("a/b~c", "unknown_field")]);
    assert_eq!(leaves(&errors)[0].1.params["path"], json!("/a~1b~0c"));
}

fn issue(path: &str, severity: Severity) -> Issue {
    Issue::new(path, Rule::Required, severity, format!("at {path}"))
}

#[test]
fn any_report_converts_without_panic_and_without_losing_an_error() {
    // Pointers no request gives, where one key would need two kinds at once.
    let paths = [
        "",
        "/a",
        "/a/0",
        "/a/0/b",
        "/a/b",
        "/a/0/0",
        "/0",
        "/0/x",
        "x",
        "/",
        "//",
        "/~",
        "/~2",
        "/__all__",
        "/__all__/x",
        "/__all__/0",
        "/l/0",
        "/l",
        "/l/1/m",
        "/n/01",
        "/n/1",
        "/n/99999999999999999999999",
    ];
    let issues: Vec<Issue> = paths.iter().map(|p| issue(p, Severity::Error)).collect();
    let report = Report::from_issues(issues);
    assert!(!report.valid);
    let errors = from_report(&report).unwrap_err();
    let mut got: Vec<String> =
        leaves(&errors).iter().map(|(_, e)| e.params["path"].as_str().unwrap().to_owned()).collect();
    let mut want: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want);

    // Warnings only: Ok. Invalid yet without a kept error: still Err.
    let warnings = Report::from_issues(vec![issue("/a", Severity::Warning)]);
    check_ok(from_report(&warnings));
    // Invalid with no issue: no validator gives it, a hand-made report may.
    let mut empty = Report::from_issues(vec![]);
    empty.valid = false;
    check_fail(from_report(&empty), &[(ROOT, "invalid")]);
}

/// The wasm bindings (the root package) and the client they build on must never
/// turn the feature on: it pulls in url, idna and regex (nor `axum`: a server's). Checked on the manifests'
/// text rather than with `cargo tree --target wasm32-unknown-unknown`, which would
/// run cargo inside the test (the build lock, the network, a wasm target installed):
/// enabling the feature anywhere takes a quoted `validator` or `.../validator`
/// string in a `features` list, so its absence is the proof.
#[test]
fn the_wasm_build_never_enables_the_feature() {
    let manifests = [
        ("Cargo.toml", include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml"))),
        (
            "crates/licensing-client/Cargo.toml",
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../licensing-client/Cargo.toml")),
        ),
    ];
    for (name, text) in manifests {
        for line in text.lines() {
            let code = line.split('#').next().unwrap_or_default();
            for feature in ["validator", "axum"] {
                for needle in
                    [format!("\"{feature}\""), format!("'{feature}'"), format!("/{feature}\""), format!("/{feature}'")]
                {
                    assert!(!code.contains(&needle), "{name} enables `{feature}`: {line}");
                }
            }
        }
    }
    // Nor does licensing-core turn it on by default.
    let core = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"));
    let default = core.lines().find(|l| l.trim_start().starts_with("default")).expect("a default feature list");
    assert!(!default.contains("validator") && !default.contains("axum"), "{default}");
}
