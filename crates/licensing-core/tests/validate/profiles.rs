//! Rules profiles and provenance: every inferred rule is an error under
//! `recommended` (as always) and a warning, with the same code at the same path,
//! under `spec`; the spec's own rules are errors under both; `strict` adds
//! unknown fields.

use std::collections::BTreeSet;

use licensing_core::validate::{validate_json, Code, Options, Profile, Report, Rule, Severity, Source, MAX_DEPTH};
use licensing_core::wire::Endpoint::{self, *};
use serde_json::{json, Value};

use crate::support::*;

/// A body that breaks exactly one rule, with where it shows.
struct Case {
    rule: Rule,
    endpoint: Endpoint,
    body: String,
    path: String,
}

fn case(rule: Rule, endpoint: Endpoint, body: Value, path: &str) -> Case {
    Case { rule, endpoint, body: body.to_string(), path: path.to_owned() }
}

/// The first merchandise deeper than `MAX_DEPTH` object levels (the body is level 0,
/// the first merchandise level 3).
fn too_deep_path() -> String {
    let mut path = String::from("/orderList/0/assets/0/merchandises/0");
    for _ in 3..=MAX_DEPTH {
        path.push_str("/children/0");
    }
    path
}

const P0: &str = "/orderList/0/assets/0/products/0";

fn deep_merchandise(levels: usize) -> Value {
    let mut merch = json!({"licenseOrderProductList": [product()]});
    for _ in 0..levels {
        merch = json!({"children": [merch]});
    }
    let mut body = new_buy();
    body["orderList"][0]["assets"][0]["merchandises"] = json!([merch]);
    body
}

/// One case per rule the SDK infers, each from a body that is otherwise valid.
fn inferred_cases() -> Vec<Case> {
    let strict_delete =
        with(refund("delete_product", "softkey"), &format!("{P0}/strictMatchWhenDelete"), Some(json!(true)));
    let mut two_orders = new_buy();
    let second = two_orders["orderList"][0].clone();
    two_orders["orderList"].as_array_mut().unwrap().push(second);
    two_orders["orderList"][1]["assets"][0]["assetNos"] = json!(["8000000009"]);
    vec![
        case(Rule::Depth, BatchOrder, deep_merchandise(70), &too_deep_path()),
        case(
            Rule::Required,
            JoinActivity,
            json!({"identity": "a@b.co", "activityLabel": "x", "source": "portal"}),
            "/branch",
        ),
        case(Rule::NonEmpty, BindEnterprise, json!({"channelCode": " ", "channelCustomerId": "C"}), "/channelCode"),
        case(
            Rule::LockNumber,
            LockAssets,
            json!({"assetNums": ["7000000001"], "operatorIdentity": "ops"}),
            "/assetNums/0",
        ),
        case(Rule::Minimum, ShellNums, json!({"size": 0}), "/size"),
        case(
            Rule::Minimum,
            BatchOrder,
            with(new_buy(), &format!("{P0}/limitConcurrent"), Some(json!(-1))),
            "/orderList/0/assets/0/products/0/limitConcurrent",
        ),
        case(
            Rule::Minimum,
            BatchOrder,
            with(new_buy(), &format!("{P0}/timeUnitQuantity"), Some(json!(-1))),
            "/orderList/0/assets/0/products/0/timeUnitQuantity",
        ),
        case(
            Rule::PackageDuration,
            BatchOrder,
            {
                let mut b = new_buy();
                b["orderList"][0]["assets"][0]["merchandises"] =
                    json!([{"timeDurationExpression": "1y", "licenseOrderProductList": [product()]}]);
                b
            },
            "/orderList/0/assets/0/merchandises/0/timeDurationExpression",
        ),
        case(
            Rule::LimitRange,
            BatchOrder,
            with(new_buy(), "/orderList/0/assets/0/limitEndDate", Some(json!(1))),
            "/orderList/0/assets/0/limitEndDate",
        ),
        case(Rule::UniqueSequence, BatchOrder, two_orders, "/orderList/1/sequence"),
        case(
            Rule::DeleteProductUri,
            BatchOrder,
            with(refund("delete_product", "softkey"), &format!("{P0}/productUri"), None),
            "/orderList/0/assets/0/products/0/productUri",
        ),
        case(
            Rule::StrictMatchFields,
            BatchOrder,
            with(strict_delete, &format!("{P0}/limitStartDate"), None),
            "/orderList/0/assets/0/products/0/limitStartDate",
        ),
    ]
}

fn run(case: &Case, rules: Profile) -> Report {
    validate_json(case.endpoint, &case.body, &Options::default().with_rules(rules))
}

/// (path, code, source, rule) of every issue: what a profile must not change.
fn identity(report: &Report) -> Vec<(String, &'static str, Source, Rule)> {
    report.issues.iter().map(|i| (i.path.clone(), i.code.as_str(), i.source, i.rule)).collect()
}

#[test]
fn every_inferred_rule_is_an_error_under_recommended_and_a_warning_under_spec() {
    let mut cases = inferred_cases();
    // A rule the table above does not name is checked on its own examples
    // (its file's case table): a new inferred rule needs no line here.
    for &rule in Rule::ALL {
        let error = rule.recommended_severity() == Severity::Error && rule != Rule::DuplicateKey;
        if rule.source() == Source::Inferred && error && !cases.iter().any(|c| c.rule == rule) {
            for e in rule.def().examples {
                cases.push(Case { rule, endpoint: e.endpoint, body: e.body.to_owned(), path: e.path.to_owned() });
            }
        }
    }
    for case in &cases {
        let recommended = run(case, Profile::Recommended);
        let found: Vec<_> = recommended.issues.iter().filter(|i| i.rule == case.rule).collect();
        assert_eq!(found.len(), 1, "{:?}: {:#?}", case.rule, recommended.issues);
        assert_eq!(
            (found[0].path.as_str(), found[0].severity, found[0].source),
            (case.path.as_str(), Severity::Error, Source::Inferred)
        );
        assert!(!recommended.valid);

        let spec = run(case, Profile::Spec);
        assert_eq!(identity(&spec), identity(&recommended), "{:?}", case.rule);
        assert!(spec.valid, "{:?}: {:#?}", case.rule, spec.issues);
        assert!(spec.issues.iter().all(|i| i.severity == Severity::Warning), "{:?}", case.rule);
    }
    // Every inferred rule that can be an error has its case (the cap summarises
    // others, unknown fields are warnings anyway, a repeated key is tested below,
    // `untouched` counts errors a form leaves out: tests/validate/fields.rs).
    let covered: BTreeSet<&str> = cases.iter().map(|c| c.rule.id()).collect();
    let expected: BTreeSet<&str> = Rule::ALL
        .iter()
        .filter(|r| r.source() == Source::Inferred && r.recommended_severity() == Severity::Error)
        .filter(|r| !matches!(r, Rule::DuplicateKey | Rule::Untouched))
        .map(|r| r.id())
        .collect();
    assert_eq!(covered, expected);
}

#[test]
fn a_repeated_key_is_an_inference_too() {
    let body = r#"{"size": 1, "size": 2}"#;
    let recommended = validate_json(ShellNums, body, &Options::default());
    assert_eq!((recommended.valid, recommended.issues[0].rule), (false, Rule::DuplicateKey));
    let spec = validate_json(ShellNums, body, &Options::default().with_rules(Profile::Spec));
    assert_eq!((spec.valid, spec.issues[0].severity), (true, Severity::Warning));
}

#[test]
fn the_specs_own_rules_are_errors_under_every_profile() {
    let cases = [
        case(Rule::FieldType, ShellNums, json!({"size": "3"}), "/size"),
        case(Rule::BodyObject, ShellNums, json!([1]), ""),
        case(
            Rule::EnumValue,
            BatchOrder,
            with(new_buy(), "/orderList/0/orderType", Some(json!("NEW_BUY"))),
            "/orderList/0/orderType",
        ),
        case(
            Rule::AssetNumber,
            BatchOrder,
            with(new_buy(), "/orderList/0/assets/0/assetNos/0", Some(json!("7000000001"))),
            "/orderList/0/assets/0/assetNos/0",
        ),
        case(
            Rule::Duration,
            BatchOrder,
            with(new_buy(), &format!("{P0}/timeDurationExpression"), Some(json!("1y"))),
            "/orderList/0/assets/0/products/0/timeDurationExpression",
        ),
        case(
            Rule::SrcLicenseOrderRequired,
            BatchOrder,
            with(refund("delete_asset", "cloud_account"), "/orderList/0/srcLicenseOrderId", None),
            "/orderList/0/srcLicenseOrderId",
        ),
        case(
            Rule::ProductsRequired,
            BatchOrder,
            with(refund("delete_product", "softkey"), "/orderList/0/assets/0/products", Some(json!([]))),
            "/orderList/0/assets/0/products",
        ),
        case(
            Rule::LeafProducts,
            BatchOrder,
            {
                let mut b = new_buy();
                b["orderList"][0]["assets"][0]["merchandises"] = json!([{"children": null}]);
                b
            },
            "/orderList/0/assets/0/merchandises/0/licenseOrderProductList",
        ),
    ];
    for case in &cases {
        for rules in [Profile::Spec, Profile::Recommended, Profile::Strict] {
            let report = run(case, rules);
            let issue = report
                .issues
                .iter()
                .find(|i| i.rule == case.rule)
                .unwrap_or_else(|| panic!("{:?}: {:#?}", case.rule, report.issues));
            assert_eq!(
                (issue.path.as_str(), issue.severity, issue.source),
                (case.path.as_str(), Severity::Error, Source::Spec),
                "{:?} {rules:?}",
                case.rule
            );
            assert!(!report.valid);
        }
    }
    let text = validate_json(ShellNums, "{", &Options::default().with_rules(Profile::Spec));
    assert_eq!((text.valid, text.issues[0].rule, text.issues[0].source), (false, Rule::Json, Source::Spec));
}

#[test]
fn strict_adds_unknown_fields_and_nothing_else() {
    let body = with(new_buy(), "/orderList/0/color", Some(json!("red")));
    let text = body.to_string();
    let at = |rules| validate_json(BatchOrder, &text, &Options::default().with_rules(rules));
    let (spec, recommended, strict) = (at(Profile::Spec), at(Profile::Recommended), at(Profile::Strict));
    assert_eq!(identity(&spec), identity(&strict));
    assert_eq!(identity(&recommended), identity(&strict));
    assert!(spec.valid && recommended.valid && !strict.valid);
    assert_eq!((strict.issues[0].rule, strict.issues[0].severity), (Rule::UnknownField, Severity::Error));
    // A warning of the spec's stays a warning everywhere.
    let refund = with(refund("delete_asset", "softkey"), "/orderList/0/srcLicenseOrderId", None).to_string();
    for rules in [Profile::Spec, Profile::Recommended, Profile::Strict] {
        let r = validate_json(BatchOrder, &refund, &Options::default().with_rules(rules));
        assert_eq!(
            (r.valid, r.issues[0].rule, r.issues[0].severity),
            (true, Rule::SrcLicenseOrderRecommended, Severity::Warning)
        );
    }
}

#[test]
fn the_cap_counts_what_the_profile_made_errors() {
    let body = json!({"assetNums": ["1", "2", "3"], "operatorIdentity": "ops"}).to_string();
    let capped = |rules| validate_json(LockAssets, &body, &Options::default().with_rules(rules).with_max_issues(1));
    let recommended = capped(Profile::Recommended);
    assert_eq!(
        (recommended.issues[1].code.as_str(), recommended.issues[1].severity),
        ("too_many_issues", Severity::Error)
    );
    let spec = capped(Profile::Spec);
    assert_eq!((spec.valid, spec.issues[1].severity), (true, Severity::Warning));
}

/// Every code is some rule's (RULES.md's codes and rules tables are generated
/// from the codes and the rules: xtask/src/rules_md.rs).
#[test]
fn every_code_belongs_to_a_rule() {
    for code in Code::ALL {
        let owners = Rule::ALL.iter().filter(|r| r.code() == *code).count();
        let partition = *code == Code::AssetNumberPartition; // reported by the asset number rules
        assert!(owners > 0 || partition, "{code:?} belongs to no rule");
    }
}

#[test]
fn valid_takes_the_profile() {
    use licensing_core::model::ShellNumsRequest;
    use licensing_core::valid::Valid;
    let zero = || ShellNumsRequest { size: Some(0) };
    let report = Valid::new(zero()).unwrap_err();
    assert_eq!(report.issues[0].rule, Rule::Minimum);
    let valid = Valid::with_options(zero(), &Options::default().with_rules(Profile::Spec)).unwrap();
    assert_eq!((valid.warnings().len(), valid.warnings()[0].severity), (1, Severity::Warning));
}
