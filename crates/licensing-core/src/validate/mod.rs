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

mod ascii;
mod catalogue;
mod catalogue_keys;
mod codes;
pub(crate) mod ctx;
#[cfg(feature = "meta")]
mod dependents;
pub(crate) mod example;
pub(crate) mod itoa;
mod messages;
mod report;
mod rule;
pub(crate) mod rules;
pub(crate) mod scan;
mod slot;
pub(crate) mod walk;
pub(crate) mod write;

use serde_json::Value;

pub use catalogue::{Catalogue, CatalogueError};
#[cfg(feature = "meta")]
pub use codes::CodeDoc;
pub use ctx::{Options, MAX_KEY_CHARS, MAX_REPORT_BYTES};
#[cfg(feature = "meta")]
pub use dependents::dependents;
pub use messages::{SUGGESTION_EN, SUGGESTION_ZH};
pub use report::{issues_json, Code, Issue, Locale, Params, Report, Severity};
pub use rule::{
    AnswerExample, Depends, Example, Format, InSchemas, JsFormat, JsPart, Message, Pass, Profile, Reads, Rule, RuleDef,
    SchemaPart, Source, When,
};
pub use rules::strict_match_fields::STRICT_MATCH_FIELDS;
pub use scan::{without_lone_surrogates, MAX_NESTING};
pub use walk::MAX_DEPTH;

use crate::wire::Endpoint;
use ctx::Ctx;
use report::Params as P;

/// Validates a parsed body (or, for a GET endpoint, the object of its path and
/// query parameters) of an endpoint. The value is read as its JSON text (object keys in
/// `serde_json`'s order), exactly as [`validate_json`] reads text.
pub fn validate(endpoint: Endpoint, body: &Value, opts: &Options) -> Report {
    match serde_json::to_string(body) {
        Ok(text) => validate_json(endpoint, &text, opts),
        Err(e) => invalid_json(&e.to_string(), opts),
    }
}

/// Validates JSON text in one pass, without building a tree; malformed JSON is an
/// `invalid_json` error at `""` (and then the only issue).
pub fn validate_json(endpoint: Endpoint, text: &str, opts: &Options) -> Report {
    checked(text, endpoint, Ctx::new(opts.clone()), false)
}

/// The report of the walk over `text` in `ctx`, or the `invalid_json` error that
/// stopped it; `vouched`: the text may hold vouched values ([`validate_vouched_json`]).
fn checked<'a>(text: &'a str, endpoint: Endpoint, ctx: Ctx<'a>, vouched: bool) -> Report {
    let opts = ctx.opts.clone();
    walk::run(text, endpoint.def().request, ctx, vouched).unwrap_or_else(|reason| invalid_json(&reason, &opts))
}

/// Validates one field of a body's JSON text, for a form that shows each
/// field's issues as it is filled in: the issues at `pointer` (RFC 6901) or
/// inside it, every issue of the body as a whole (path `""`: not JSON, not an
/// object), and for a field of order i of a batch, the cross-field issues of
/// order i and those of the later orders that repeat its `sequence`. Each is an
/// issue [`validate_json`] gives for the whole text; the cap (`max_issues`)
/// counts only these.
///
/// ```
/// use licensing_core::validate::{validate_field_json, Options};
/// use licensing_core::wire::Endpoint;
/// let text = r#"{"assetNums": ["8000000001", "7000000001"], "operatorIdentity": ""}"#;
/// let report = validate_field_json(Endpoint::LockAssets, "/assetNums", text, &Options::default());
/// let paths: Vec<&str> = report.issues.iter().map(|i| i.path.as_str()).collect();
/// assert_eq!(paths, ["/assetNums/1"]); // not /operatorIdentity's
/// ```
pub fn validate_field_json(endpoint: Endpoint, pointer: &str, text: &str, opts: &Options) -> Report {
    checked(text, endpoint, Ctx::new(opts.clone()).scoped(ctx::Scope::new(pointer)), false)
}

/// [`validate_field_json`] of a parsed body (read as its JSON text, as [`validate`] reads it).
pub fn validate_field(endpoint: Endpoint, pointer: &str, body: &Value, opts: &Options) -> Report {
    match serde_json::to_string(body) {
        Ok(text) => validate_field_json(endpoint, pointer, &text, opts),
        Err(e) => invalid_json(&e.to_string(), opts),
    }
}

/// Validates the text the package's JavaScript writes of a body its fast path
/// rejected: the body's JSON text, but for the values that fast path proved
/// have no issue, each written as `!` (a *vouched* value). Only an object, or
/// a string that is not blank where a string field belongs, may be vouched;
/// every other value is as `JSON.stringify` writes it, so what the rules read
/// (an enumeration's value, a number, a list's length) is all there. The
/// report is [`validate_json`]'s of the whole body: a vouched value adds no
/// issue, and the fast path checked an order's assets and products with the
/// order's type, as the order's rules would. An order of a batch is vouched
/// only when no other order repeats its `sequence` (the one rule across
/// orders). `!` anywhere else is a syntax error, and [`validate_json`] never
/// accepts one. A known field's key may be written `#i`, its index in its
/// shape's fields ([`crate::schema::Shape`]), as the package writes every key
/// it knows (the names were most of the text); an index past the fields is a
/// syntax error, and so is `#i` in [`validate_json`].
///
/// ```
/// use licensing_core::validate::{validate_vouched_json, Options};
/// use licensing_core::wire::Endpoint;
/// let text = r#"{"channelCode": !, "channelOrderId": "", "orderList": [!, !]}"#;
/// let report = validate_vouched_json(Endpoint::BatchOrder, text, &Options::default());
/// let paths: Vec<&str> = report.issues.iter().map(|i| i.path.as_str()).collect();
/// assert_eq!(paths, ["/channelOrderId"]);
/// // The same text with its keys by index (channelCode is field 0 of a batch).
/// let by_index = validate_vouched_json(Endpoint::BatchOrder, r#"{#0: !, #1: "", #3: [!, !]}"#, &Options::default());
/// assert_eq!(by_index, report);
/// ```
pub fn validate_vouched_json(endpoint: Endpoint, text: &str, opts: &Options) -> Report {
    checked(text, endpoint, Ctx::new(opts.clone()), true)
}

/// [`validate_field_json`] of a vouched text ([`validate_vouched_json`]).
pub fn validate_vouched_field_json(endpoint: Endpoint, pointer: &str, text: &str, opts: &Options) -> Report {
    checked(text, endpoint, Ctx::new(opts.clone()).scoped(ctx::Scope::new(pointer)), true)
}

/// The issue of the body as a whole that counts `count` errors a form leaves
/// out because their fields are not touched yet (code `untouched`).
pub fn untouched_issue(count: usize, opts: &Options) -> Option<Issue> {
    rules::untouched::issue(count, opts)
}

/// A complete example of an endpoint's answer payload (from the response tables),
/// for tests that keep the tables and the typed model in step.
#[doc(hidden)]
pub fn schema_example_of_data(endpoint: Endpoint) -> String {
    let mut out = String::new();
    example::example_value(endpoint.data(), &mut out);
    out
}

/// At most `max` characters of a text, `…` marking a cut (for messages).
/// Shared with the SDK's other crates; not part of the API.
#[doc(hidden)]
pub fn excerpt(text: &str, max: usize) -> String {
    ctx::excerpt(text, max)
}

/// `n` in decimal, without `core::fmt` (for messages built in the wasm).
/// Shared with the SDK's other crates; not part of the API.
#[doc(hidden)]
pub fn itoa_u64(n: u64) -> String {
    itoa::unsigned(n)
}

/// A report holding only an `invalid_json` error (also used by the bindings when a
/// JS value cannot be turned into JSON).
pub fn invalid_json(reason: &str, opts: &Options) -> Report {
    let mut ctx = Ctx::new(opts.clone());
    ctx.report(Rule::Json, || P::none().with("reason", ctx::excerpt(reason, 200)));
    ctx.finish()
}

/// A report for an endpoint name that is not one of the table's.
pub fn unknown_endpoint(name: &str, opts: &Options) -> Report {
    let mut ctx = Ctx::new(opts.clone());
    ctx.report(Rule::Endpoint, || {
        let names: Vec<&str> = Endpoint::ALL.iter().map(|e| e.name()).collect();
        let p = P::none().with("value", ctx::excerpt(name, 40)).with("allowed", ctx::list(names.iter().copied()));
        match rules::suggest::closest(name, &names) {
            Some(s) => p.with("suggestion", s),
            None => p,
        }
    });
    ctx.finish()
}

/// Known field names of an endpoint's top-level body, in the spec's order.
pub fn field_names(endpoint: Endpoint) -> Vec<&'static str> {
    endpoint.def().request.fields.iter().map(|f| f.name).collect()
}

/// A complete, valid example body of an endpoint, every field filled (for forms,
/// documentation and benchmarks).
pub fn example(endpoint: Endpoint) -> Value {
    serde_json::from_str(&example_json(endpoint)).unwrap_or(Value::Null)
}

/// [`example`] as JSON text (no JSON serializer involved: what the wasm uses).
pub fn example_json(endpoint: Endpoint) -> String {
    let mut out = String::new();
    example::example_text(endpoint.def().request, &mut out);
    out
}
