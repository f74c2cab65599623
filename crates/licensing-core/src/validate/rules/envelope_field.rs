//! An envelope carries the fields the spec gives it: `message` and (for an
//! endpoint that returns data) `data` on success, `message` and `cause` on HTTP
//! 299; `resultMessage` always, `detail` on `0000` and `activityDtoList` on
//! `3002`. Checked by `response::check_answer`.

use crate::validate::rule::RuleDef;

/// An envelope carries the fields the spec gives it.
pub(crate) const RULE: super::Rule = super::Rule::EnvelopeField;

/// A field the spec shows in this answer is absent: in the envelope an error
/// (rule `envelope_field`: the spec gives the envelopes' fields), in a record a
/// warning (rule `answer_field`: the spec does not say whether a record's field
/// is always sent).
pub(crate) const CODE_MISSING_FIELD: super::CodeDef = super::CodeDef::new(
    super::Code::MissingField,
    "missing_field",
    "the absent field (`/message`, `/data/0/licenseOrderId`)",
    "—",
);

/// The rule `envelope_field` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "envelope_field",
        Code::MissingField,
        Spec,
        Error,
        &[Message::new(Code::MissingField, "The envelope has no `{field}`", "信封中缺少 `{field}`")],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(ShellNums, 200, r#"{"code":0,"data":["8000000001"]}"#, "/message"),
        answer(ShellNums, 200, r#"{"code":0,"message":"success"}"#, "/data"),
        answer(BatchOrder, 299, r#"{"code":"13004","message":"bad"}"#, "/cause"),
        answer(JoinActivity, 200, r#"{"resultCode":"0000","resultMessage":"ok"}"#, "/detail"),
        answer(ShellNums, 200, r#"{"message":"success","data":[]}"#, "/code"),
    ])
};
