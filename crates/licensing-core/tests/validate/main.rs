//! `licensing_core::validate` as its callers use it, through the public API.
//! Each rule's own cases (its examples and near misses) live in its file and
//! run as the crate's unit tests; these are the promises across rules.

/// `check_ok` / `check_fail` and a valid batch order to mutate.
mod support;

/// Asset numbers: 10 ASCII digits, partition marker 8 or 6, in every field that holds one.
mod asset_numbers;
/// The batch order's cross-field rules over every licence and order type.
mod batch_order;
/// Each endpoint's identifying fields: required and non-empty.
mod endpoints;
/// Every enumerated field: every value, case-sensitive, anything else refused.
mod enums;
/// Field-scoped reports, cut batches, and what a form shows of a report.
mod fields;
/// Hostile input: a report, never a panic, in bounded time (property tests).
mod hostile;
/// Messages in English and Simplified Chinese, for every code; a portal's own catalogues.
mod locale;
/// The tables and the typed model agree (complete examples, round trips).
mod model_roundtrip;
/// Rules profiles and provenance (`spec`, `recommended`, `strict`).
mod profiles;
/// The report itself: pointers, the cap, its JSON form.
mod report;
/// Reading the text in one pass: document order, key order, duplicates, escapes, numbers.
mod streaming;
/// Type errors at the field's path, collected with everything else.
mod types;
/// Unknown fields: warnings (errors under `strict`) with "did you mean".
mod unknown_fields;
/// The endpoints' paths, methods and retry safety.
mod wire;
