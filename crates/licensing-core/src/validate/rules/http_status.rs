//! An order-module answer comes with HTTP 200 or 299, the only statuses the
//! spec shows ("the mapping of each order-module code to an HTTP status: not
//! shown"). Another status (a gateway's 401, 404 or 502) is what this service
//! does, and its body is not checked. Checked by `response::check_answer`; the
//! activity module's "HTTP status 200 in all cases" is `envelope_status`'s.

use crate::validate::rule::RuleDef;

/// An order-module answer comes with HTTP 200 or 299.
pub(crate) const RULE: super::Rule = super::Rule::HttpStatus;

/// An order-module answer with an HTTP status other than 200 and 299: the spec
/// shows none, so its body is not checked.
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
            "HTTP {status} is not a status the spec shows for this module; the body is not checked",
            "HTTP {status} 不是规范为此模块给出的状态；未检查应答内容",
        )],
    )
    .reads(Reads::Answers)
    .answer_examples(&[answer(ShellNums, 401, r#"{"error":"unauthorized"}"#, "")])
};
