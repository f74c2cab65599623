//! Validation of request bodies: one report per call, every issue in one pass.
//!
//! ```
//! use licensing_core::validate::{validate_json, Options};
//! use licensing_core::wire::Endpoint;
//! let report = validate_json(Endpoint::LockAssets,
//!     r#"{"assetNums": ["8000000001", "7000000001"], "operatorIdentity": "ops"}"#,
//!     &Options::default());
//! assert!(!report.valid);
//! assert_eq!(report.issues[0].path, "/assetNums/1");
//! assert_eq!(report.issues[0].code.as_str(), "asset_number_partition");
//! ```
//!
//! The rules, their codes and their sources are listed in `RULES.md`.

mod ctx;
pub mod json;
mod messages;
mod report;
mod rules;
mod schema;
mod walk;

use serde_json::Value;

pub use ctx::Options;
pub use report::{Code, Issue, Locale, Params, Report, Severity};
pub use rules::strict_match::STRICT_MATCH_FIELDS;
pub use walk::MAX_DEPTH;

use crate::wire::Endpoint;
use ctx::Ctx;
use json::Json;
use report::Params as P;

/// Validates a parsed body (or, for `queryEnterprises` and `listAssets`, the query
/// object) of an endpoint.
pub fn validate(endpoint: Endpoint, body: &Value, opts: &Options) -> Report {
    validate_tree(endpoint, &Json::from(body), opts)
}

/// Validates a parsed [`Json`] tree (what [`validate`] and [`validate_json`] do).
pub fn validate_tree(endpoint: Endpoint, body: &Json<'_>, opts: &Options) -> Report {
    let mut ctx = Ctx::new(*opts);
    match body.as_object() {
        Some(map) => walk::walk_object(map, schema::shape_of(endpoint), &mut ctx, 0),
        None => ctx.error(Code::Type, || P::none().with("expected", "object").with("actual", walk::type_name(body))),
    }
    ctx.finish()
}

/// Validates JSON text; malformed JSON is an `invalid_json` error at `""`.
pub fn validate_json(endpoint: Endpoint, text: &str, opts: &Options) -> Report {
    match serde_json::from_str::<Json<'_>>(text) {
        Ok(body) => validate_tree(endpoint, &body, opts),
        Err(e) => invalid_json(&e.to_string(), opts),
    }
}

/// A report holding only an `invalid_json` error (also used by the bindings when a
/// JS value cannot be turned into JSON).
pub fn invalid_json(reason: &str, opts: &Options) -> Report {
    let mut ctx = Ctx::new(*opts);
    ctx.error(Code::InvalidJson, || P::none().with("reason", ctx::excerpt(reason, 200)));
    ctx.finish()
}

/// A report for an endpoint name that is not one of the ten.
pub fn unknown_endpoint(name: &str, opts: &Options) -> Report {
    let mut ctx = Ctx::new(*opts);
    ctx.error(Code::UnknownEndpoint, || {
        let names: Vec<&str> = Endpoint::ALL.iter().map(|e| e.name()).collect();
        let p = P::none().with("value", ctx::excerpt(name, 40)).with("allowed", names.join(", "));
        match rules::suggest::closest(name, &names) {
            Some(s) => p.with("suggestion", s),
            None => p,
        }
    });
    ctx.finish()
}

/// Known field names of an endpoint's top-level body, in the spec's order.
pub fn field_names(endpoint: Endpoint) -> Vec<&'static str> {
    schema::shape_of(endpoint).fields.iter().map(|f| f.name).collect()
}

/// A complete, valid example body of an endpoint, every field filled (for forms,
/// documentation and benchmarks).
pub fn example(endpoint: Endpoint) -> Value {
    schema::example_object(schema::shape_of(endpoint))
}
