//! Invalid example bodies (feature `meta`): see the module `testing`.

use serde_json::{json, Map, Value};

use crate::schema::{Kind, Presence, Role, Shape};
use crate::validate::{example, validate_json, Code, Options, Rule, Severity, Source, MAX_DEPTH};
use crate::wire::Endpoint;

/// A body in which the validator finds exactly one issue.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct InvalidExample {
    /// The issue's code.
    pub code: Code,
    /// The rule behind it.
    pub rule: Rule,
    /// Its JSON Pointer.
    pub path: String,
    /// Its provenance.
    pub source: Source,
    /// Its severity under the default (`recommended`) profile: warnings leave the
    /// body valid.
    pub severity: Severity,
    /// The body as JSON text (some issues, such as `invalid_json` and
    /// `duplicate_key`, exist only as text).
    pub text: String,
}

/// The values a field or element is set to.
fn replacements() -> Vec<Value> {
    vec![
        Value::Null,
        json!(0),
        json!(-1),
        json!(1.5),
        json!(""),
        json!(" "),
        json!("x"),
        json!("123"),
        json!("7000000001"),
        json!("1-0"),
        json!("not an e-mail"),
        json!(true),
        json!([]),
        json!({}),
        json!(["x"]),
        // Last, so it is picked only where nothing above gives its issue: a path
        // segment that is not one (`path_segment`) for every path parameter.
        json!(".."),
    ]
}

/// Every invalid example of an endpoint, in `Rule::ALL`'s order.
pub fn invalid_examples(endpoint: Endpoint) -> Vec<InvalidExample> {
    let request = endpoint.def().request;
    let mut candidates: Vec<String> = vec!["{".into(), "[]".into()];
    for rule in Rule::ALL {
        for e in rule.def().examples {
            if std::ptr::eq(e.endpoint.def().request, request) {
                candidates.push(e.body.to_owned());
            }
        }
    }
    let base = example(endpoint);
    let mut paths = Vec::new();
    collect_paths(&base, &mut Vec::new(), &mut paths);
    for path in &paths {
        let mut removed = base.clone();
        if remove_at(&mut removed, path) {
            candidates.push(removed.to_string());
        }
        for value in replacements() {
            let mut changed = base.clone();
            if set_at(&mut changed, path, value) {
                candidates.push(changed.to_string());
            }
        }
    }
    if let Value::Object(fields) = &base {
        let mut unknown = fields.clone();
        unknown.insert("unknownField".into(), json!(1));
        candidates.push(Value::Object(unknown).to_string());
        if let Some((key, value)) = fields.iter().next() {
            let text = base.to_string();
            candidates.push(format!("{{{}:{},{}", Value::String(key.clone()), value, text.get(1..).unwrap_or("}")));
        }
    }
    if let Some(deep) = too_deep(request) {
        candidates.push(deep);
    }

    let mut found: Vec<InvalidExample> = Vec::new();
    for text in candidates {
        let report = validate_json(endpoint, &text, &Options::default());
        let [issue] = report.issues.as_slice() else { continue };
        if found.iter().any(|f| f.rule == issue.rule && f.code == issue.code) {
            continue;
        }
        found.push(InvalidExample {
            code: issue.code,
            rule: issue.rule,
            path: issue.path.clone(),
            source: issue.source,
            severity: issue.severity,
            text,
        });
    }
    found.sort_by_key(|f| Rule::ALL.iter().position(|r| *r == f.rule));
    found
}

/// The codes an endpoint's body can give on its own: what its shapes' kinds,
/// presences and roles allow (`unknown_endpoint` and `too_many_issues` aside).
pub fn possible_codes(endpoint: Endpoint) -> Vec<Code> {
    let mut codes = vec![Code::InvalidJson, Code::Type, Code::UnknownField, Code::DuplicateKey];
    let add = |codes: &mut Vec<Code>, more: &[Code]| {
        for c in more {
            if !codes.contains(c) {
                codes.push(*c);
            }
        }
    };
    let request = endpoint.def().request;
    let shapes = request.with_inner();
    // The cross-field rules that can run on this request: those whose declared
    // reads start at an object it has (`RuleDef::depends`), so that a new rule's
    // codes are asked for here with no edit.
    for rule in Rule::ALL {
        let def = rule.def();
        let applies = |d: &crate::validate::Depends| match d.scope {
            Some(role) => shapes.iter().any(|s| s.role == role),
            None => d.reads.iter().all(|p| request.find(p.split('/').next().unwrap_or_default()).is_some()),
        };
        if def.depends.iter().any(applies) {
            add(&mut codes, &def.messages.iter().map(|m| m.code).collect::<Vec<_>>());
        }
    }
    for shape in shapes {
        // A package tree's depth is structural, not a cross-field rule.
        if shape.role == Role::Merchandise {
            add(&mut codes, &[Code::TooDeep]);
        }
        for field in shape.fields {
            match field.presence {
                Presence::Optional => {}
                Presence::Required => add(&mut codes, &[Code::Required]),
                Presence::NonEmpty => add(&mut codes, &[Code::Required, Code::Empty]),
            }
            let mut kind = &field.kind;
            while let Kind::Array(item) | Kind::ArrayOrNull(item) = kind {
                kind = item;
            }
            match kind {
                Kind::Enum(_) | Kind::IntEnum(_) => add(&mut codes, &[Code::Enum]),
                Kind::IntMin(_) => add(&mut codes, &[Code::Minimum]),
                Kind::Format(format) => add(&mut codes, format.def().codes),
                _ => {}
            }
        }
    }
    codes.sort_by_key(|c| Code::ALL.iter().position(|x| x == c));
    codes
}

/// Every path (object keys and array indices) inside a value.
fn collect_paths(value: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    match value {
        Value::Object(fields) => {
            for (key, inner) in fields {
                at.push(Step::Key(key.clone()));
                out.push(at.clone());
                collect_paths(inner, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                at.push(Step::Index(i));
                out.push(at.clone());
                collect_paths(inner, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn parent_mut<'v>(value: &'v mut Value, path: &[Step]) -> Option<&'v mut Value> {
    let mut at = value;
    for step in path {
        at = match step {
            Step::Key(k) => at.get_mut(k.as_str())?,
            Step::Index(i) => at.get_mut(*i)?,
        };
    }
    Some(at)
}

fn set_at(value: &mut Value, path: &[Step], new: Value) -> bool {
    let Some((last, parent)) = path.split_last() else { return false };
    let Some(slot) = parent_mut(value, parent).and_then(|p| match last {
        Step::Key(k) => p.get_mut(k.as_str()),
        Step::Index(i) => p.get_mut(*i),
    }) else {
        return false;
    };
    *slot = new;
    true
}

fn remove_at(value: &mut Value, path: &[Step]) -> bool {
    let Some((last, parent)) = path.split_last() else { return false };
    match (parent_mut(value, parent), last) {
        (Some(Value::Object(fields)), Step::Key(k)) => fields.remove(k).is_some(),
        (Some(Value::Array(items)), Step::Index(i)) if *i < items.len() => {
            items.remove(*i);
            true
        }
        _ => false,
    }
}

/// A batch order whose merchandise tree goes past [`MAX_DEPTH`] (only shapes
/// with merchandise nest that deep).
fn too_deep(request: &'static Shape) -> Option<String> {
    if !std::ptr::eq(request, Endpoint::BatchOrder.def().request) {
        return None;
    }
    // The body is depth 0, the order 1, the asset 2: packages from depth 3.
    let mut tree = json!({ "licenseOrderProductList": [{ "productUri": "p" }] });
    for _ in 0..MAX_DEPTH {
        let mut parent = Map::new();
        parent.insert("children".into(), Value::Array(vec![tree]));
        tree = Value::Object(parent);
    }
    let body = json!({
        "channelCode": "c",
        "channelOrderId": "o",
        "orderList": [{
            "sequence": 1,
            "licenseType": "softkey",
            "orderType": "new_buy",
            "assets": [{ "assetNos": ["8000000001"], "products": [{ "productUri": "p" }], "merchandises": [tree] }],
        }],
    });
    Some(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_possible_code_has_an_example_with_exactly_that_issue() {
        for endpoint in Endpoint::ALL {
            // The examples are the example body changed in one place: it must have
            // no issue of its own (a new rule that finds one in it would leave
            // every code of the endpoint without an example).
            let base = example(endpoint).to_string();
            let report = validate_json(endpoint, &base, &Options::default());
            assert!(report.issues.is_empty(), "{endpoint}: the example body has issues: {:?}", report.issues);
            let examples = invalid_examples(endpoint);
            for code in possible_codes(endpoint) {
                assert!(examples.iter().any(|e| e.code == code), "{endpoint}: no example for {code:?}");
            }
            for e in &examples {
                let report = validate_json(endpoint, &e.text, &Options::default());
                assert_eq!(report.issues.len(), 1, "{endpoint}: {}", e.text);
                let issue = &report.issues[0];
                assert_eq!((issue.code, issue.rule, &issue.path), (e.code, e.rule, &e.path));
                assert_eq!(report.valid, e.severity == Severity::Warning);
            }
        }
    }
}
