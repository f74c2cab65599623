//! A form shows the issues of the fields its user has touched; the errors of
//! the others are counted in one issue of the body as a whole, so a submit
//! that fails on them still says why ([`Report::touched_errors`](crate::validate::Report::touched_errors),
//! `createSchemas({ touched })`). No example: it depends on what was touched.

use crate::validate::ctx::Ctx;
use crate::validate::itoa;
use crate::validate::report::{Issue, Params};
use crate::validate::rule::{Rule, RuleDef};
use crate::validate::Options;

/// Errors in fields not touched yet are counted in one issue.
pub(crate) const RULE: super::Rule = super::Rule::Untouched;

/// Errors in fields the form's user has not touched yet: how many.
pub(crate) const CODE_UNTOUCHED: super::CodeDef =
    super::CodeDef::new(super::Code::Untouched, "untouched", "`\"\"`", "`count`");

/// The rule `untouched` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "untouched",
        Code::Untouched,
        Inferred,
        Error,
        &[Message::new(
            Code::Untouched,
            "Issues in fields not touched yet: {count}",
            "尚未填写的字段中还有 {count} 个问题",
        )],
    )
    .in_schemas(No("what a form leaves out of a report, not a rule of the body"))
};

/// The issue counting `count` errors left out, in the options' locale.
pub(crate) fn issue(count: usize, opts: &Options) -> Option<Issue> {
    let mut ctx = Ctx::new(opts.clone().with_max_issues(1));
    ctx.report(Rule::Untouched, || Params::none().with("count", itoa::unsigned(count as u64)));
    ctx.finish().issues.into_iter().next()
}
