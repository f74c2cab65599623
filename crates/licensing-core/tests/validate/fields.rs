//! Field-scoped reports (`validate_field_json`), vouched texts
//! (`validate_vouched_json`) and what a form shows of a report
//! (`Report::touched_errors`): each the issues the whole report has, picked or
//! placed by the core itself.

use licensing_core::schema::Kind;
use licensing_core::validate::{
    validate_field_json, validate_json, validate_vouched_field_json, validate_vouched_json, Issue, Options, Report,
    Severity,
};
use licensing_core::wire::Endpoint;
use serde_json::{json, Value};

use super::support::{new_buy, product};

/// Whether `path` is `pointer` or lies inside it (segment-wise).
fn within(path: &str, pointer: &str) -> bool {
    path.strip_prefix(pointer).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

fn capped(report: &Report) -> bool {
    report.issues.iter().any(|i| i.code.as_str() == "too_many_issues")
}

/// What every field report must be, set beside the whole body's report.
#[track_caller]
fn check_field(endpoint: Endpoint, text: &str, pointer: &str, opts: &Options) {
    let whole = validate_json(endpoint, text, opts);
    let field = validate_field_json(endpoint, pointer, text, opts);
    let has = |list: &[Issue], issue: &Issue| list.contains(issue);
    if !capped(&whole) {
        for issue in &field.issues {
            assert!(has(&whole.issues, issue), "{pointer} of {text}: {issue:?} is not in the whole report");
        }
        for issue in whole.issues.iter().filter(|i| i.path.is_empty() || within(&i.path, pointer)) {
            assert!(has(&field.issues, issue), "{pointer} of {text}: {issue:?} is missing");
        }
        assert_eq!(field.valid, !field.issues.iter().any(|i| i.severity == Severity::Error), "{pointer} of {text}");
    }
}

/// A small deterministic generator (the same bodies on every run and target).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % below.max(1) as u64) as usize
    }
}

/// Every pointer of a value (objects' keys, arrays' indices).
fn pointers(value: &Value, at: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                pointers(v, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                pointers(v, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// One mutation at a random pointer: a wrong type, a null, an odd string, removed.
fn mutate(body: &mut Value, rng: &mut Lcg) {
    let mut all = Vec::new();
    pointers(body, String::new(), &mut all);
    let at = all.get(rng.next(all.len())).cloned().unwrap_or_default();
    let replacement = match rng.next(7) {
        0 => Value::Null,
        1 => json!("x"),
        2 => json!(-1),
        3 => json!(1.5),
        4 => json!([]),
        5 => json!({"unknownField": 1}),
        _ => json!(""),
    };
    if let Some(slot) = body.pointer_mut(&at) {
        *slot = replacement;
    }
}

#[test]
fn a_fields_report_is_the_whole_reports_issues_at_it_and_the_bodys_own() {
    let mut rng = Lcg(0x5eed);
    let profiles = [Options::default(), Options::default().with_rules(licensing_core::validate::Profile::Strict)];
    for endpoint in Endpoint::ALL {
        for round in 0..40 {
            let mut body = licensing_core::validate::example(endpoint);
            for _ in 0..=(round % 4) {
                mutate(&mut body, &mut rng);
            }
            let text = body.to_string();
            let mut asked = vec![String::new()];
            pointers(&body, String::new(), &mut asked);
            for issue in validate_json(endpoint, &text, &Options::default()).issues {
                asked.push(issue.path);
            }
            for opts in &profiles {
                for pointer in &asked {
                    check_field(endpoint, &text, pointer, opts);
                }
            }
        }
    }
}

#[test]
fn the_fixed_cases() {
    let opts = Options::default();
    // Not JSON, not an object: the body's own issue, whatever the field.
    for text in ["[1", "[]", "7", r#"{"orderList": [1,]}"#] {
        check_field(Endpoint::BatchOrder, text, "/orderList/0/sequence", &opts);
        let field = validate_field_json(Endpoint::BatchOrder, "/orderList/0/sequence", text, &opts);
        assert!(!field.valid && field.issues.iter().any(|i| i.path.is_empty()), "{text}: {:?}", field.issues);
    }
    // A hole of a JS array is written `null` by JSON.stringify: the field itself is wrong.
    let mut body = new_buy();
    body["orderList"] = json!([null, body["orderList"][0].clone()]);
    let field = validate_field_json(Endpoint::BatchOrder, "/orderList/0", &body.to_string(), &opts);
    let codes: Vec<(&str, &str)> = field.issues.iter().map(|i| (i.path.as_str(), i.code.as_str())).collect();
    assert_eq!(codes, [("/orderList/0", "type")]);
    // A key longer than a path shows is still the field it is.
    let long = "k".repeat(300);
    let text = format!(r#"{{"size": 1, "{long}": 1}}"#);
    let strict = Options::default().with_rules(licensing_core::validate::Profile::Strict);
    let field = validate_field_json(Endpoint::ShellNums, &format!("/{long}"), &text, &strict);
    assert_eq!(field.issues.iter().map(|i| i.code.as_str()).collect::<Vec<_>>(), ["unknown_field"]);
    // With escapes in it too (a quote, a slash: read decoded), and at the path
    // `validate` shows, cut, it is the same issue.
    let escaped = "a\"b/".repeat(100);
    let text = format!(r#"{{"size": 1, "{}": 1}}"#, escaped.replace('"', "\\\""));
    let whole = validate_json(Endpoint::ShellNums, &text, &strict);
    let pointer = format!("/{}", escaped.replace('/', "~1"));
    let field = validate_field_json(Endpoint::ShellNums, &pointer, &text, &strict);
    assert_eq!(field.issues, whole.issues, "{pointer}");
    // Shown cut: 256 characters of the key (a `/` written `~1`), then `…`.
    assert!(whole.issues[0].path.ends_with('…') && whole.issues[0].path.chars().count() <= 2 + 2 * 256);
}

#[test]
fn the_cap_counts_the_fields_issues_only() {
    // 150 orders sharing `sequence: 7`, order 120 with a bad e-mail: the whole
    // report is full of repeats; the field's has its own issue.
    let mut body = new_buy();
    let order = body["orderList"][0].clone();
    let mut orders: Vec<Value> = (0..150).map(|_| order.clone()).collect();
    for o in &mut orders {
        o["sequence"] = json!(7);
    }
    orders[120]["adminEmail"] = json!("not-an-email");
    body["orderList"] = Value::Array(orders);
    let text = body.to_string();
    let opts = Options::default();
    assert!(capped(&validate_json(Endpoint::BatchOrder, &text, &opts)));
    let field = validate_field_json(Endpoint::BatchOrder, "/orderList/120/adminEmail", &text, &opts);
    let codes: Vec<(&str, &str)> = field.issues.iter().map(|i| (i.path.as_str(), i.code.as_str())).collect();
    // Its own issue, and its order's repeat of order 0's sequence (cross-field).
    assert_eq!(codes, [("/orderList/120/adminEmail", "email"), ("/orderList/120/sequence", "duplicate_sequence")]);
}

#[test]
fn a_field_of_an_order_gets_its_orders_cross_field_issues_and_the_repeats_of_its_sequence() {
    let mut body = new_buy();
    let order = body["orderList"][0].clone();
    let mut refund = order.clone();
    refund["orderType"] = json!("delete_asset");
    refund["assets"][0]["products"] = json!([]);
    refund["licenseType"] = json!("cloud_account");
    body["orderList"] = json!([order.clone(), refund, order.clone(), order]);
    for (i, seq) in [1, 1, 2, 1].iter().enumerate() {
        body["orderList"][i]["sequence"] = json!(seq);
    }
    let text = body.to_string();
    let opts = Options::default();
    let pick = |pointer: &str| -> Vec<(String, String)> {
        let report = validate_field_json(Endpoint::BatchOrder, pointer, &text, &opts);
        report.issues.iter().map(|i| (i.path.clone(), i.code.as_str().to_owned())).collect()
    };
    let pair = |p: &str, c: &str| (p.to_owned(), c.to_owned());
    // Order 0 is the first with sequence 1: orders 1 and 3 repeat it.
    assert_eq!(
        pick("/orderList/0/sequence"),
        [pair("/orderList/1/sequence", "duplicate_sequence"), pair("/orderList/3/sequence", "duplicate_sequence")]
    );
    // Order 1's field: its refund's missing srcLicenseOrderId and its own repeat
    // (the rules that run when an order closes report in their files' order).
    assert_eq!(
        pick("/orderList/1/customerName"),
        [
            pair("/orderList/1/srcLicenseOrderId", "src_license_order_required"),
            pair("/orderList/1/sequence", "duplicate_sequence")
        ]
    );
    assert_eq!(pick("/orderList/2/customerName"), Vec::<(String, String)>::new());
    // The batch's own field: none of the orders'.
    assert_eq!(pick("/channelCode"), Vec::<(String, String)>::new());
    for pointer in ["", "/orderList", "/orderList/1", "/orderList/9", "orderList/1", "/orderList/01"] {
        check_field(Endpoint::BatchOrder, &text, pointer, &opts);
    }
}

#[test]
fn a_vouched_text_reports_what_the_whole_text_does() {
    // Five orders: 0 and 4 share sequence 3, 2 has a bad asset number; 1 and 3
    // are clean and vouched (`!`), and so are clean parts of the others.
    let mut body = new_buy();
    let order = body["orderList"][0].clone();
    let mut orders: Vec<Value> = (0..5).map(|_| order.clone()).collect();
    for (i, o) in orders.iter_mut().enumerate() {
        o["sequence"] = json!(i + 10);
    }
    orders[0]["sequence"] = json!(3);
    orders[4]["sequence"] = json!(3);
    orders[2]["assets"][0]["assetNos"] = json!(["7000000001"]);
    orders[2]["assets"][0]["products"] = json!([product()]);
    body["orderList"] = Value::Array(orders.clone());
    // The text as the package writes it: each order's clean strings vouched,
    // order 2's clean products too.
    let vouch_strings = |o: &Value| -> Value {
        let mut o = o.clone();
        for key in ["crmCustomerId", "customerName", "adminEmail"] {
            if o.get(key).is_some_and(Value::is_string) {
                o[key] = json!("VOUCHED");
            }
        }
        o
    };
    let mut text_orders: Vec<Value> = orders.iter().map(vouch_strings).collect();
    text_orders[1] = json!("VOUCHED");
    text_orders[3] = json!("VOUCHED");
    text_orders[2]["assets"][0]["products"] = json!(["VOUCHED"]);
    let mut vouched_body = body.clone();
    vouched_body["orderList"] = Value::Array(text_orders);
    vouched_body["channelCode"] = json!("VOUCHED");
    let text = vouched_body.to_string().replace("\"VOUCHED\"", "!");
    assert!(text.matches('!').count() >= 10, "{text}");
    // The same text with each known field's key written as its index (`#i`),
    // as the package writes it.
    let request = Endpoint::BatchOrder.def().request;
    let indexed = by_index(&vouched_body, &Kind::Object(request)).replace("\"VOUCHED\"", "!");
    assert!(indexed.contains("#0:!") && !indexed.contains("\"customerName\""), "{indexed}");
    for locale in [licensing_core::validate::Locale::En, licensing_core::validate::Locale::ZhCn] {
        let opts = Options::default().with_locale(locale);
        let whole = validate_json(Endpoint::BatchOrder, &body.to_string(), &opts);
        let report = validate_vouched_json(Endpoint::BatchOrder, &text, &opts);
        assert_eq!(report, whole);
        assert_eq!(validate_vouched_json(Endpoint::BatchOrder, &indexed, &opts), whole);
        assert_eq!(report.issues.iter().filter_map(|i| i.params.get("first")).collect::<Vec<_>>(), ["0"]);
        // validate_json reads no vouched value, and no key by index.
        for text in [&text, &indexed.replace('!', "\"c\"")] {
            let refused = validate_json(Endpoint::BatchOrder, text, &opts);
            assert_eq!(refused.issues.iter().map(|i| i.code.as_str()).collect::<Vec<_>>(), ["invalid_json"], "{text}");
        }
    }
    // A field of the vouched text: the whole body's field report.
    for pointer in ["/orderList/0/sequence", "/orderList/2/assets", "/orderList/4", "/orderList/1", "/channelCode", ""]
    {
        let whole = validate_field_json(Endpoint::BatchOrder, pointer, &body.to_string(), &Options::default());
        assert_eq!(
            validate_vouched_field_json(Endpoint::BatchOrder, pointer, &text, &Options::default()),
            whole,
            "{pointer}"
        );
    }
    // `!` only where an object or a string field's value belongs.
    for (endpoint, text, at) in [
        (
            Endpoint::BatchOrder,
            r#"{"channelCode": "c", "channelOrderId": "o", "syncMode": !, "orderList": [!]}"#,
            "column 58",
        ),
        (Endpoint::BatchOrder, r#"{"channelCode": "c", "channelOrderId": "o", "orderList": !}"#, "column 59"),
        (Endpoint::LockAssets, r#"{"assetNums": [!], "operatorIdentity": !}"#, ""),
        // A key by index: a field of the shape, by a whole number.
        (Endpoint::LockAssets, r#"{#0: ["8000000001"], #1 : !}"#, ""),
        (Endpoint::LockAssets, r#"{#0: ["8000000001"], #2: "x"}"#, "column 25"),
        (Endpoint::LockAssets, r#"{#0: ["8000000001"], #-1: "x"}"#, "column 26"),
        (Endpoint::LockAssets, r#"{#0: ["8000000001"], #1.5: "x"}"#, "column 26"),
        (Endpoint::LockAssets, r#"{#0: ["8000000001"], #x: "x"}"#, "column 23"),
        (Endpoint::LockAssets, r#"{#99999999999999999999: 1}"#, "column 23"),
    ] {
        let report = validate_vouched_json(endpoint, text, &Options::default());
        if at.is_empty() {
            assert!(report.issues.is_empty(), "{text}: {:?}", report.issues);
        } else {
            assert_eq!(report.issues.len(), 1, "{text}");
            assert_eq!(report.issues[0].code.as_str(), "invalid_json", "{text}");
            assert!(report.issues[0].message.contains(at), "{text}: {}", report.issues[0].message);
        }
    }
}

/// `value` as JSON text with every known field's key written as its index in
/// its shape (`#i`), the way the package writes a vouched text.
fn by_index(value: &Value, kind: &Kind) -> String {
    match (value, kind) {
        (Value::Object(map), Kind::Object(shape)) => {
            let members: Vec<String> = map
                .iter()
                .map(|(key, v)| match shape.fields.iter().position(|f| f.name == key) {
                    Some(i) => format!("#{i}:{}", by_index(v, &shape.fields[i].kind)),
                    None => format!("{}:{v}", Value::from(key.as_str())),
                })
                .collect();
            format!("{{{}}}", members.join(","))
        }
        (Value::Array(items), Kind::Array(item) | Kind::ArrayOrNull(item)) => {
            let items: Vec<String> = items.iter().map(|v| by_index(v, item)).collect();
            format!("[{}]", items.join(","))
        }
        _ => value.to_string(),
    }
}

#[test]
fn a_form_shows_the_touched_errors_and_counts_the_rest() {
    let body = json!({"assetNums": ["1", "x"], "operatorIdentity": ""});
    let report = validate_json(Endpoint::LockAssets, &body.to_string(), &Options::default());
    for (locale, message) in [
        (licensing_core::validate::Locale::En, "Issues in fields not touched yet: 1"),
        (licensing_core::validate::Locale::ZhCn, "尚未填写的字段中还有 1 个问题"),
    ] {
        let opts = Options::default().with_locale(locale);
        let shown = report.touched_errors(|p| p == "/assetNums", &opts);
        let codes: Vec<(&str, &str)> = shown.iter().map(|i| (i.path.as_str(), i.code.as_str())).collect();
        assert_eq!(
            codes,
            [("/assetNums/0", "asset_number_format"), ("/assetNums/1", "asset_number_format"), ("", "untouched")]
        );
        assert_eq!(shown.last().map(|i| i.message.as_str()), Some(message));
        assert_eq!(shown.last().and_then(|i| i.params.get("count")), Some("1"));
    }
    assert_eq!(report.touched_errors(|p| p.is_empty(), &Options::default()).len(), 3, "\"\" touches all");
    let none = report.touched_errors(|_| false, &Options::default());
    assert_eq!(none.iter().map(|i| i.code.as_str()).collect::<Vec<_>>(), ["untouched"]);
}
