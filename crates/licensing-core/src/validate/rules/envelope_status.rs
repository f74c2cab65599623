//! An answer's HTTP status agrees with its envelope. Spec: "HTTP status 200
//! means the request was processed; the actual result is read from the
//! business `code` in the body. HTTP status 299 means a business exception"
//! (order module, with the success envelope's "`code` (integer, 0 on
//! success)"), and "HTTP status 200 in all cases" (activity module). Checked
//! by `response::check_answer`.

use crate::validate::rule::RuleDef;

/// An answer's HTTP status is the one the spec gives its envelope.
pub(crate) const RULE: super::Rule = super::Rule::EnvelopeStatus;

/// The HTTP status disagrees with the envelope: a business refusal (`code` not
/// 0) answered with HTTP 200, a success answered with HTTP 299, or an activity
/// answer with a status other than 200.
pub(crate) const CODE_ENVELOPE_STATUS: super::CodeDef = super::CodeDef::new(
    super::Code::EnvelopeStatus,
    "envelope_status",
    "`\"\"` (an answer)",
    "`status`, `code`, `expected` (the status the spec gives)",
);

/// The rule `envelope_status` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "envelope_status",
        Code::EnvelopeStatus,
        Spec,
        Error,
        &[Message::new(
            Code::EnvelopeStatus,
            "Code {code} came with HTTP {status}; the spec answers it with HTTP {expected}",
            "业务码 {code} 随 HTTP {status} 返回；规范规定应为 HTTP {expected}",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(ShellNums, 200, r#"{"code":"13004","message":"bad","cause":"x"}"#, ""),
        answer(ShellNums, 299, r#"{"code":0,"message":"success","data":[]}"#, ""),
        answer(JoinActivity, 500, r#"{"resultCode":"1002","resultMessage":"busy"}"#, ""),
    ])
};
