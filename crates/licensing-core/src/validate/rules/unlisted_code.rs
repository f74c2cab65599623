//! A business code or `resultCode` is one the spec lists: 0, 13004 and 500 in
//! the order module; 0000, 1001, 1002, 1004, 2001, 3001 and 3002 in the activity
//! module. The spec says its list is not complete ("Complete list of codes …:
//! not shown"), so another code is a warning: what this service does. Checked
//! by `response::check_answer`.

use crate::validate::rule::RuleDef;

/// A business code or `resultCode` is one the spec lists.
pub(crate) const RULE: super::Rule = super::Rule::UnlistedCode;

/// The answer's `code` or `resultCode` is not one the spec lists (the spec does
/// not give a complete list).
pub(crate) const CODE_UNLISTED_CODE: super::CodeDef =
    super::CodeDef::new(super::Code::UnlistedCode, "unlisted_code", "`/code` or `/resultCode`", "`code`");

/// The rule `unlisted_code` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "unlisted_code",
        Code::UnlistedCode,
        Inferred,
        Warning,
        &[Message::new(
            Code::UnlistedCode,
            "Code {code} is not one the spec lists (its list is not complete)",
            "业务码 {code} 不在规范列出的代码中（规范的列表并不完整）",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(ShellNums, 299, r#"{"code":"40001","message":"quota","cause":"x"}"#, "/code"),
        answer(JoinActivity, 200, r#"{"resultCode":"9999","resultMessage":"?"}"#, "/resultCode"),
    ])
};
