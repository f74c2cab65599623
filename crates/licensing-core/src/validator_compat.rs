//! The `validator` crate's traits on every request type (feature `validator`),
//! through this crate's own rules, so that axum-valid or actix-web-validator
//! extractors check a body exactly as the SDK does.
//!
//! ```
//! use licensing_core::model::ShellNumsRequest;
//! use licensing_core::validate::{Options, Profile};
//! use validator::{Validate, ValidateArgs, ValidationErrorsKind};
//!
//! let request = ShellNumsRequest { size: Some(0) };
//! let errors = request.validate().unwrap_err();
//! assert!(matches!(&errors.errors()["size"], ValidationErrorsKind::Field(size) if size[0].code == "minimum"));
//! // Under the spec profile, the SDK's inferred minimum is only a warning.
//! assert!(request.validate_with_args(&Options::default().with_rules(Profile::Spec)).is_ok());
//! ```
//!
//! - [`validator::Validate::validate`] validates with [`Options::default`];
//!   [`validator::ValidateArgs`] takes the options (`Args = &Options`).
//! - Only errors fail; warnings (under the options' profile) do not.
//! - Each issue's JSON Pointer becomes validator's nesting, with wire names:
//!   `/orderList/0/assets/1/assetNos/2` is `orderList` → `List(0)` → `assets` →
//!   `List(1)` → `assetNos` → `List(2)` → [`ROOT`]. An issue at the body itself
//!   (pointer `""`), or at a list item that is not an object, is under [`ROOT`]
//!   (`__all__`, validator's name for struct-level errors).
//! - Each error: `code` is the issue's code (`required`, `asset_number_format`,
//!   ...), `message` its message, and `params` its params plus `path` (the JSON
//!   Pointer) and `source` (`spec` or `inferred`).
//!
//! [`Request::validate`] and [`validator::Validate::validate`] share a name:
//! with both traits in scope, call them as `Request::validate(&r, &opts)` and
//! `Validate::validate(&r)`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use serde_json::Value;
use validator::{ValidationError, ValidationErrors, ValidationErrorsKind};

use crate::model::*;
use crate::valid::Request;
use crate::validate::{Issue, Options, Report, Severity};

/// The field under which errors of a struct as a whole are kept (validator's
/// convention): the body's own errors, and those of list items that are not objects.
pub const ROOT: &str = "__all__";

/// Validates a request under `opts`, as validator's traits do for every request
/// type: `Err` when the report has errors.
pub fn validate_request<T: Request>(request: &T, opts: &Options) -> Result<(), ValidationErrors> {
    from_report(&Request::validate(request, opts))
}

/// The errors of a report in validator's shape (warnings left out); `Ok` when
/// it has none. For reports of [`crate::validate::validate_json`] too.
pub fn from_report(report: &Report) -> Result<(), ValidationErrors> {
    let mut root = Node::default();
    for issue in report.issues.iter().filter(|i| i.severity == Severity::Error) {
        root.insert(issue);
    }
    if root.is_empty() && !report.valid {
        // Not reachable from the validator (an invalid report holds an error, at
        // worst the cap's `too_many_issues`); kept so `valid: false` never passes.
        let mut error = ValidationError::new("invalid");
        error.message = Some(Cow::Owned(report.to_string()));
        error.params.insert(Cow::Borrowed("path"), Value::String(String::new()));
        root.errors.push(error);
    }
    if root.is_empty() {
        Ok(())
    } else {
        Err(root.into_struct())
    }
}

/// Most pointer segments followed into the tree (the validator's own pointers
/// are far shorter: it checks objects `MAX_DEPTH` deep).
const MAX_SEGMENTS: usize = 256;

/// The errors at one place of the body, before they take validator's shape
/// (which needs each key to be one kind: field, struct or list).
#[derive(Default)]
struct Node {
    /// Errors at this place itself.
    errors: Vec<ValidationError>,
    /// Children by object key.
    keys: BTreeMap<String, Node>,
    /// Children by array index.
    items: BTreeMap<usize, Node>,
}

impl Node {
    fn is_empty(&self) -> bool {
        self.errors.is_empty() && self.keys.is_empty() && self.items.is_empty()
    }

    fn insert(&mut self, issue: &Issue) {
        let mut node = self;
        // A pointer is "" or "/"-prefixed; anything else (not from the
        // validator) stays at the root, its `path` param telling where.
        // The tree is built and read recursively: a hand-made report with a
        // pointer deeper than any the validator writes stops at this depth
        // (its `path` param still tells where).
        if let Some(rest) = issue.path.strip_prefix('/') {
            for segment in rest.split('/').take(MAX_SEGMENTS) {
                let key = decode(segment);
                node = match index(&key) {
                    Some(i) => node.items.entry(i).or_default(),
                    None => node.keys.entry(key).or_default(),
                };
            }
        }
        node.errors.push(leaf(issue));
    }

    /// This place as a struct: its children by key (array indices too, should a
    /// place hold both), its own errors under [`ROOT`].
    fn into_struct(self) -> ValidationErrors {
        let mut map: HashMap<Cow<'static, str>, ValidationErrorsKind> = HashMap::new();
        let mut own = self.errors;
        let children = self.keys.into_iter().chain(self.items.into_iter().map(|(i, node)| (i.to_string(), node)));
        for (key, node) in children {
            match node.into_kind(&mut own) {
                Some(kind) if key == ROOT => own.extend(flatten(kind)),
                Some(kind) => {
                    map.insert(Cow::Owned(key), kind);
                }
                None => {}
            }
        }
        if !own.is_empty() {
            map.insert(Cow::Borrowed(ROOT), ValidationErrorsKind::Field(own));
        }
        ValidationErrors(map)
    }

    /// This place as the value of a key: a field (errors only), a list (items
    /// only) or a struct. Errors of a list itself go to the parent's `spill`.
    fn into_kind(self, spill: &mut Vec<ValidationError>) -> Option<ValidationErrorsKind> {
        if self.keys.is_empty() && self.items.is_empty() {
            return (!self.errors.is_empty()).then_some(ValidationErrorsKind::Field(self.errors));
        }
        if self.keys.is_empty() {
            spill.extend(self.errors);
            let items = self.items.into_iter().map(|(i, node)| (i, Box::new(node.into_struct()))).collect();
            return Some(ValidationErrorsKind::List(items));
        }
        Some(ValidationErrorsKind::Struct(Box::new(self.into_struct())))
    }
}

/// Every error of a kind, depth first (their `path` params keep where they were).
fn flatten(kind: ValidationErrorsKind) -> Vec<ValidationError> {
    let mut out = Vec::new();
    let mut stack = vec![kind];
    while let Some(kind) = stack.pop() {
        match kind {
            ValidationErrorsKind::Field(errors) => out.extend(errors),
            ValidationErrorsKind::Struct(errors) => stack.extend(errors.0.into_values()),
            ValidationErrorsKind::List(items) => stack.extend(items.into_values().flat_map(|e| e.0.into_values())),
        }
    }
    out
}

/// One issue as validator's error.
fn leaf(issue: &Issue) -> ValidationError {
    let mut error = ValidationError::new(issue.code.as_str());
    error.message = Some(Cow::Owned(issue.message.clone()));
    for (key, value) in &issue.params.0 {
        error.params.insert(Cow::Borrowed(*key), Value::String(value.clone()));
    }
    error.params.insert(Cow::Borrowed("path"), Value::String(issue.path.clone()));
    error.params.insert(Cow::Borrowed("source"), Value::String(issue.source.as_str().to_owned()));
    error
}

/// A JSON Pointer segment unescaped (RFC 6901: `~1` is `/`, `~0` is `~`).
fn decode(segment: &str) -> String {
    if !segment.contains('~') {
        return segment.to_owned();
    }
    let mut out = String::with_capacity(segment.len());
    let mut chars = segment.chars();
    while let Some(c) = chars.next() {
        if c != '~' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('0') => out.push('~'),
            Some('1') => out.push('/'),
            // Not a valid escape: kept as it is.
            Some(other) => {
                out.push('~');
                out.push(other);
            }
            None => out.push('~'),
        }
    }
    out
}

/// The array index a segment names: decimal digits without a leading zero.
fn index(segment: &str) -> Option<usize> {
    let canonical = segment == "0" || (!segment.starts_with('0') && !segment.is_empty());
    if canonical && segment.bytes().all(|b| b.is_ascii_digit()) {
        segment.parse().ok()
    } else {
        None
    }
}

/// validator's `Validate` (default options) and `ValidateArgs` (`&Options`) for
/// every request type of the endpoint table (`with_requests!`, generated).
macro_rules! validator_impls {
    ($($ty:ty => $endpoint:ident),* $(,)?) => {
        $(impl ::validator::Validate for $ty {
            fn validate(&self) -> Result<(), ValidationErrors> {
                validate_request(self, &Options::default())
            }
        }

        impl<'v_a> ::validator::ValidateArgs<'v_a> for $ty {
            type Args = &'v_a Options;
            fn validate_with_args(&self, opts: &'v_a Options) -> Result<(), ValidationErrors> {
                validate_request(self, opts)
            }
        })*
    };
}
crate::model::with_requests!(validator_impls);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_segments_decode_and_indices_are_canonical() {
        assert_eq!(decode("a~1b~0c"), "a/b~c");
        assert_eq!(decode("~01"), "~1");
        assert_eq!(decode("~"), "~");
        assert_eq!(decode("~x"), "~x");
        assert_eq!(index("0"), Some(0));
        assert_eq!(index("12"), Some(12));
        for not in ["", "01", "-1", "1a", "+1", "99999999999999999999999999"] {
            assert_eq!(index(not), None, "{not}");
        }
    }

    #[test]
    fn a_pointer_deeper_than_any_report_has_stops_at_the_cap() {
        let report = crate::validate::validate_json(
            crate::wire::Endpoint::ShellNums,
            r#"{"size": 0}"#,
            &crate::validate::Options::default(),
        );
        let mut deep = report.clone();
        for issue in &mut deep.issues {
            issue.path = "/a".repeat(200_000);
        }
        let Err(errors) = from_report(&deep) else { panic!("an error was lost") };
        assert_eq!(flatten(ValidationErrorsKind::Struct(Box::new(errors))).len(), 1);
    }
}
