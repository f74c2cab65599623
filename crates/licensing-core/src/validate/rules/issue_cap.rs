//! The report keeps at most `maxIssues` issues (`ctx.rs`); the last issue counts the rest. No example: it depends on the options.

use crate::validate::rule::RuleDef;

/// The report keeps at most `maxIssues` issues.
pub(crate) const RULE: super::Rule = super::Rule::IssueCap;

/// The cap was reached. This issue is always the last one.
pub(crate) const CODE_TOO_MANY_ISSUES: super::CodeDef =
    super::CodeDef::new(super::Code::TooManyIssues, "too_many_issues", "`\"\"`", "`omitted`, `omittedErrors`, `max`");

/// The rule `issue_cap` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "issue_cap",
        Code::TooManyIssues,
        Inferred,
        Warning,
        &[Message::new(
            Code::TooManyIssues,
            "Too many issues: {omitted} more not listed ({omittedErrors} of them errors)",
            "问题过多：另有 {omitted} 个未列出（其中错误 {omittedErrors} 个）",
        )],
    )
    .reads(Reads::Both)
    .in_schemas(No("a limit of the report, not a rule of the body"))
};
