//! [`make_valid`]: a body a fixture or a generator wrote, made valid by the tables
//! and the rules themselves, so that a rule which tightens validity mends every
//! fixture built on it in its own file (its `repair`).

use serde_json::Value;

use crate::schema::{Kind, Presence, Role, Shape};
use crate::validate::rules::{repair as by_rules, Around};
use crate::wire::Endpoint;

/// Makes a request body valid where a table or a rule says how, in place:
///
/// 1. every required field the body lacks, at any depth, gets the tables' example
///    value (the value [`crate::validate::example_json`] holds there);
/// 2. each cross-field rule's own `repair` makes the body true to it, on every
///    object of the roles it names, outside in (an order before its assets, an
///    asset before its products and packages): a refund's `srcLicenseOrderId`,
///    products where an order type needs them, the fields a strict-match delete
///    is matched on, ordered limits, a `sequence` of its own per order, no product transfer
///    outside `new_buy`.
///
/// A valid value is left as it is (an order whose `sequence` an earlier order has
/// takes the next free one), a value of the wrong type is not mended (a list's item
/// that is not an object, `null` among them, stays as it was), an empty list stays
/// empty (what goes in it is the fixture's to say): it is for
/// bodies written to be valid, which a new rule or a new required field would
/// otherwise make invalid. A body that is not an object is left as it is.
///
/// ```
/// use licensing_core::testing::make_valid;
/// use licensing_core::validate::{validate, Options};
/// use licensing_core::wire::Endpoint;
/// use serde_json::json;
///
/// // A cloud licence's refund without the order it refunds, and no asset number list.
/// let mut body = json!({"channelCode": "WEB", "channelOrderId": "CO-1", "orderList": [
///     {"sequence": 1, "licenseType": "cloud_account", "orderType": "delete_asset", "assets": [{}]}]});
/// assert!(!validate(Endpoint::BatchOrder, &body, &Options::default()).valid);
/// make_valid(Endpoint::BatchOrder, &mut body);
/// assert!(validate(Endpoint::BatchOrder, &body, &Options::default()).issues.is_empty());
/// assert_eq!(body["orderList"][0]["srcLicenseOrderId"], "LO-1");
/// ```
pub fn make_valid(endpoint: Endpoint, body: &mut Value) {
    complete(endpoint.def().request, body);
    repair(body);
}

/// Step 1: the required fields a shape names and the object lacks, from the tables' examples.
fn complete(shape: &'static Shape, object: &mut Value) {
    let Some(fields) = object.as_object_mut() else { return };
    for field in shape.fields {
        match fields.get_mut(field.name) {
            Some(value) => complete_kind(&field.kind, value),
            None if field.presence != Presence::Optional => {
                let mut text = String::new();
                crate::validate::example::example_value(&field.kind, &mut text);
                if let Ok(value) = serde_json::from_str(&text) {
                    fields.insert(field.name.to_owned(), value);
                }
            }
            None => {}
        }
    }
}

fn complete_kind(kind: &'static Kind, value: &mut Value) {
    match kind {
        Kind::Object(shape) => complete(shape, value),
        Kind::Array(item) | Kind::ArrayOrNull(item) => {
            for element in value.as_array_mut().into_iter().flatten() {
                complete_kind(item, element);
            }
        }
        _ => {}
    }
}

/// Step 2: each rule's own repair, on every object of the roles it names, outside in.
fn repair(body: &mut Value) {
    let Some(orders) = body.get_mut("orderList").and_then(Value::as_array_mut) else { return };
    each(orders, |index, before, order| {
        let order_type = order.get("orderType").and_then(Value::as_str).unwrap_or("new_buy").to_owned();
        let order_type = order_type.as_str();
        by_rules(Role::Order, order, &Around { order_type, index, before });
        let Some(assets) = order.get_mut("assets").and_then(Value::as_array_mut) else { return };
        each(assets, |index, before, asset| {
            by_rules(Role::Asset, asset, &Around { order_type, index, before });
            repair_each(asset, "products", Role::Product, order_type);
            if let Some(packages) = asset.get_mut("merchandises").and_then(Value::as_array_mut) {
                repair_packages(packages, order_type);
            }
        });
    });
}

/// Merchandise packages and the packages under them (`children`), at any depth.
fn repair_packages(packages: &mut [Value], order_type: &str) {
    each(packages, |index, before, package| {
        by_rules(Role::Merchandise, package, &Around { order_type, index, before });
        repair_each(package, "licenseOrderProductList", Role::Product, order_type);
        if let Some(children) = package.get_mut("children").and_then(Value::as_array_mut) {
            repair_packages(children, order_type);
        }
    });
}

/// Each element of the list `owner[key]` (when it is one) repaired as an object of `role`.
fn repair_each(owner: &mut Value, key: &str, role: Role, order_type: &str) {
    if let Some(list) = owner.get_mut(key).and_then(Value::as_array_mut) {
        each(list, |index, before, element| by_rules(role, element, &Around { order_type, index, before }));
    }
}

/// Visits a list's objects in order, each with its index and the elements before
/// it. An element that is not an object (a number, a string, a list, `null`) is a
/// wrong type and is left as it is: a rule's repair writes fields into the object it
/// gets, and serde_json's indexing panics on a number and turns `null` into an
/// object (in the wasm, a trap that leaked memory each time, and an order `null`
/// made into `{"sequence": 1}`).
fn each(list: &mut [Value], mut visit: impl FnMut(usize, &[Value], &mut Value)) {
    for index in 0..list.len() {
        let (before, rest) = list.split_at_mut(index);
        if let Some(element) = rest.first_mut().filter(|element| element.is_object()) {
            visit(index, before, element);
        }
    }
}

#[cfg(all(test, feature = "meta"))]
mod tests {
    use super::make_valid;
    use crate::validate::{validate, validate_json, Options, Rule};
    use crate::wire::Endpoint;
    use serde_json::{json, Value};

    fn issues(endpoint: Endpoint, body: &Value) -> Vec<String> {
        let report = validate(endpoint, body, &Options::default());
        report.issues.iter().map(|i| format!("{} {}", i.code.as_str(), i.path)).collect()
    }

    #[test]
    fn an_empty_object_is_completed_from_the_tables_examples() {
        for endpoint in Endpoint::ALL {
            let mut body = json!({});
            make_valid(endpoint, &mut body);
            assert_eq!(issues(endpoint, &body), Vec::<String>::new(), "{endpoint}: {body}");
        }
    }

    /// Each cross-field rule's failing examples, made valid, no longer fail it: a
    /// rule that tightens validity writes its `repair` (and every fixture built on
    /// `make_valid` follows it).
    #[test]
    fn every_cross_field_rule_repairs_its_own_examples() {
        for rule in Rule::ALL.iter().filter(|r| r.is_cross_field()) {
            for example in rule.def().examples {
                let Ok(mut body) = serde_json::from_str::<Value>(example.body) else { continue };
                make_valid(example.endpoint, &mut body);
                let report = validate(example.endpoint, &body, &Options::default());
                let left: Vec<_> = report.issues.iter().filter(|i| i.rule == *rule).map(|i| i.path.clone()).collect();
                assert!(
                    left.is_empty(),
                    "rule {}: make_valid leaves its issue at {left:?} in {body}: give the rule file a `repair` \
                     (and its `REPAIRS` roles) that makes such an object true to it",
                    rule.id()
                );
            }
        }
    }

    #[test]
    fn a_valid_body_is_left_as_it_is() {
        for endpoint in Endpoint::ALL {
            let text = crate::validate::example_json(endpoint);
            assert!(validate_json(endpoint, &text, &Options::default()).issues.is_empty(), "{endpoint}");
            let Ok(original) = serde_json::from_str::<Value>(&text) else { panic!("{endpoint}: {text}") };
            let mut body = original.clone();
            make_valid(endpoint, &mut body);
            assert_eq!(body, original, "{endpoint}");
        }
        let refund = json!({"channelCode": "c", "channelOrderId": "o", "orderList": [
            {"sequence": 1, "licenseType": "softkey", "orderType": "delete_product", "srcLicenseOrderId": "LO-9",
             "assets": [{"assetNos": ["8000000001"], "products": [
                 {"productUri": "gms:7", "strictMatchWhenDelete": true, "limitStartDate": 5, "limitEndDate": 6, "limitConcurrent": 2}]}]},
            {"sequence": 2, "licenseType": "softkey", "orderType": "delete_asset", "srcLicenseOrderId": "LO-8",
             "assets": [{"assetNos": ["8000000002"]}]}]});
        let mut body = refund.clone();
        make_valid(Endpoint::BatchOrder, &mut body);
        assert_eq!(body, refund, "no products put on a delete_asset asset, no field of a valid product rewritten");
    }

    #[test]
    fn a_wrong_type_and_a_non_object_are_left_as_they_are() {
        let mut body = json!({"channelCode": 7, "channelOrderId": "o", "orderList": "none"});
        make_valid(Endpoint::BatchOrder, &mut body);
        assert_eq!(body, json!({"channelCode": 7, "channelOrderId": "o", "orderList": "none"}));
        for mut other in [json!([1]), json!("text"), Value::Null] {
            let before = other.clone();
            make_valid(Endpoint::BatchOrder, &mut other);
            assert_eq!(other, before);
        }
    }

    /// Every list a repair walks, with an item of each wrong type beside an object:
    /// no panic (in the wasm, a trap), the wrong item as it was, the object mended.
    #[test]
    fn an_item_of_the_wrong_type_in_any_repaired_list_is_left_as_it_is() {
        let wrong = [json!(5), json!("text"), json!(true), json!([]), json!([{}]), Value::Null];
        let lists: [fn(Value) -> Value; 5] = [
            |item| json!({"orderList": [item, {}]}),
            |item| json!({"orderList": [{"assets": [item, {}]}]}),
            |item| json!({"orderList": [{"assets": [{"products": [item, {}]}]}]}),
            |item| json!({"orderList": [{"assets": [{"merchandises": [item, {}]}]}]}),
            |item| {
                json!({"orderList": [{"assets": [{"merchandises": [{"children": [item, {}],
                "licenseOrderProductList": [item, {}]}]}]}]})
            },
        ];
        for list in lists {
            for item in &wrong {
                let mut body = list(item.clone());
                make_valid(Endpoint::BatchOrder, &mut body);
                let text = body.to_string();
                assert!(text.contains(&format!("[{item},{{")), "{item} was changed: {text}");
                assert!(text.contains(r#""licenseType":"#), "the object beside it was not mended: {text}");
            }
        }
    }

    #[test]
    fn packages_are_repaired_at_every_depth() {
        let mut body = json!({"channelCode": "c", "channelOrderId": "o", "orderList": [
            {"sequence": 1, "licenseType": "softkey", "orderType": "new_buy", "assets": [{"assetNos": ["8000000001"],
             "merchandises": [{"merchandiseNum": "M1", "children": [{"merchandiseNum": "M2", "children": [{"merchandiseNum": "M3"}]}]}]}]}]});
        make_valid(Endpoint::BatchOrder, &mut body);
        assert_eq!(issues(Endpoint::BatchOrder, &body), Vec::<String>::new(), "{body}");
        let leaf = &body["orderList"][0]["assets"][0]["merchandises"][0]["children"][0]["children"][0];
        assert!(leaf["licenseOrderProductList"].is_array(), "{leaf}");
        assert!(body["orderList"][0]["assets"][0]["merchandises"][0].get("licenseOrderProductList").is_none());
    }
}
