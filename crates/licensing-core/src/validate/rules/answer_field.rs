//! A record of an answer carries the fields the spec shows for it. The spec
//! does not say whether each is always sent ("Required/optional status of each
//! parameter and field: not shown"), so an absent one is a warning: what this
//! service does, not a difference. Checked by `response::check_answer`.

use crate::validate::rule::RuleDef;

/// A record of an answer carries the fields the spec shows for it.
pub(crate) const RULE: super::Rule = super::Rule::AnswerField;

/// The rule `answer_field` (see `RULES.md`); its code is `envelope_field`'s.
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "answer_field",
        Code::MissingField,
        Inferred,
        Warning,
        &[Message::new(
            Code::MissingField,
            "`{field}` is absent: the spec shows it in this answer without saying whether it is always sent",
            "缺少 `{field}`：规范在此应答中列出了该字段，但未说明是否总会返回",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(
            BatchOrder,
            200,
            r#"{"code":0,"message":"success","data":[{"sequence":1,"customerId":"C1"}]}"#,
            "/data/0/licenseOrderId",
        ),
        answer(
            LockAssets,
            200,
            r#"{"code":0,"message":"success","data":[{"assetNum":"8000000001"}]}"#,
            "/data/0/status",
        ),
    ])
};
