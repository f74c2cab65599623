//! An answer is in its module's envelope: the order module's `{code, message,
//! data | cause}`, the activity module's `{resultCode, resultMessage, detail |
//! activityDtoList}`. Spec: "Success body envelope: `code` …, `message` …, and
//! `data`" (order module); "The body has `resultCode`, `resultMessage` and, on
//! success, `detail`" (activity module). Checked by `response::check_answer`.

use crate::validate::rule::RuleDef;

/// An answer is in the envelope of its endpoint's module.
pub(crate) const RULE: super::Rule = super::Rule::WrongEnvelope;

/// The answer is in the other module's envelope: a `resultCode` where the
/// order module's `code` belongs, or a `code` where the activity module's
/// `resultCode` belongs. Nothing else of it is checked.
pub(crate) const CODE_WRONG_ENVELOPE: super::CodeDef =
    super::CodeDef::new(super::Code::WrongEnvelope, "wrong_envelope", "`\"\"` (an answer)", "`found`, `expected`");

/// The rule `wrong_envelope` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "wrong_envelope",
        Code::WrongEnvelope,
        Spec,
        Error,
        &[Message::new(
            Code::WrongEnvelope,
            "The answer has `{found}` where its module's envelope has `{expected}`: it is the other module's envelope",
            "应答中出现 `{found}`，而其模块的信封应为 `{expected}`：这是另一个模块的信封",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(JoinActivity, 200, r#"{"code":0,"message":"success","data":{"products":[]}}"#, ""),
        answer(ShellNums, 200, r#"{"resultCode":"0000","resultMessage":"ok","detail":["8000000001"]}"#, ""),
    ])
};
