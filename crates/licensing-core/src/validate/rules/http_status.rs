//! An answer comes with a status the spec shows: HTTP 200 or 299 in the order
//! module ("the mapping of each order-module code to an HTTP status: not
//! shown"). A refused token (401, 403: how it is answered is not shown, in
//! either module) or another order-module status (a gateway's 404 or 502) is
//! what this service does, and its body is not checked. Checked by
//! `response::check_answer`; the activity module's "HTTP status 200 in all
//! cases" for its own answers is `envelope_status`'s.

use crate::validate::rule::RuleDef;

/// An answer comes with a status the spec shows for it.
pub(crate) const RULE: super::Rule = super::Rule::HttpStatus;

/// A refused token (HTTP 401, 403) or an order-module answer with a status
/// other than 200 and 299: the spec shows none, so its body is not checked.
pub(crate) const CODE_HTTP_STATUS: super::CodeDef =
    super::CodeDef::new(super::Code::HttpStatus, "http_status", "`\"\"` (an answer)", "`status`");

/// The rule `http_status` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "http_status",
        Code::HttpStatus,
        Inferred,
        Warning,
        &[Message::new(
            Code::HttpStatus,
            "HTTP {status}: the spec does not show this answer, so its body is not checked",
            "HTTP {status}：规范未给出此种应答，因此未检查其内容",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(ShellNums, 401, r#"{"error":"unauthorized"}"#, ""),
        answer(JoinActivity, 403, r#"{"code":"403","message":"scope"}"#, ""),
    ])
};
