//! A path parameter (the endpoint table's `path_param`, e.g. `listAssets`'s
//! `enterpriseGlobalId`) is sent as one URL path segment, and a
//! segment `.` or `..` (or `%2e`, `%2E%2e`, …, which URL parsers read as dots)
//! is removed by every URL parser: `/asset/../list` reaches
//! `/order/api/order/v1/list`, another address. Percent-encoding cannot help
//! (`%2e` is a dot to the parser), so the value is refused. Inferred: the spec
//! says nothing of the id's form.

use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::{Code, Params};
use crate::validate::rule::{Format, Rule, RuleDef};

/// The format `pathSegment` of every path parameter (tests/validate/wire.rs holds them to it).
pub(crate) const FORMAT: Format = Format::new(Rule::PathSegment, "pathSegment", &[Code::PathSegment], "EG0001", check)
    .generated(
        "a value that stays one URL path segment: not `.` or `..` (nor `%2e` for a dot)",
        "isPathSegment",
        include_str!("path_segment.js"),
        Some("^(?!(\\.|%2[eE]){1,2}$)"),
        "[A-Z]{2}[0-9]{4}",
    );

/// A path parameter stays one URL path segment: not `.` or `..`.
pub(crate) const RULE: super::Rule = super::Rule::PathSegment;

/// The value is `.` or `..` (or `%2e` for a dot): URL parsers drop such a path
/// segment, so the call would reach another address.
pub(crate) const CODE_PATH_SEGMENT: super::CodeDef = super::CodeDef::new(
    super::Code::PathSegment,
    "path_segment",
    "a path parameter (e.g. `/enterpriseGlobalId`, `listAssets`)",
    "`value` (≤ 24 chars)",
);

/// The rule `path_segment` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "path_segment",
        Code::PathSegment,
        Inferred,
        Error,
        &[Message::new(
            Code::PathSegment,
            "`{field}` \"{value}\" cannot be sent: a URL reads it as a dot segment and drops it",
            "`{field}` 的值 \"{value}\" 无法发送：URL 会把它当作点路径段并丢弃",
        )],
    )
    .examples(&[
        example(ListAssets, r#"{"enterpriseGlobalId": ".."}"#, "/enterpriseGlobalId"),
        example(ListAssets, r#"{"enterpriseGlobalId": "%2E"}"#, "/enterpriseGlobalId"),
    ])
    .passes(&[
        pass(ListAssets, r#"{"enterpriseGlobalId": "..."}"#),
        pass(ListAssets, r#"{"enterpriseGlobalId": "EG.1"}"#),
        // `%2f` and `%20` are not dots (only `%2e` is).
        pass(ListAssets, r#"{"enterpriseGlobalId": "%2f"}"#),
        pass(ListAssets, r#"{"enterpriseGlobalId": ".%20"}"#),
    ])
};

/// A dot segment as URL parsers see it: `.` or `%2e`, once or twice.
fn is_dot_segment(s: &str) -> bool {
    let mut rest = s.as_bytes();
    let mut dots = 0;
    while !rest.is_empty() {
        rest = match rest {
            [b'.', tail @ ..] => tail,
            [b'%', b'2', e, tail @ ..] if e.eq_ignore_ascii_case(&b'e') => tail,
            _ => return false,
        };
        dots += 1;
    }
    (1..=2).contains(&dots)
}

pub(crate) fn check(rule: Rule, s: &str, ctx: &mut Ctx<'_>) {
    if is_dot_segment(s) {
        ctx.report(rule, || Params::none().with("value", excerpt(s, 24)));
    }
}
