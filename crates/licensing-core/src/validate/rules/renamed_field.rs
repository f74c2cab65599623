//! A field the spec names in an answer is absent, and an unknown field that
//! differs from it only by case or a small edit stands in its place
//! (`assetNo` where the spec says `assetNum`, `customerID` for `customerId`):
//! one difference, not an unknown field beside an absent one. A portal that
//! reads the spec's name finds nothing there. Checked by
//! `response::check_answer` (the walk, when an answer's object closes).

use crate::validate::rule::RuleDef;

/// A field of an answer is sent under a name the spec does not give it.
pub(crate) const RULE: super::Rule = super::Rule::RenamedField;

/// A field the spec names in this answer is absent, and an unknown field close
/// to its name (`found`) stands in its place.
pub(crate) const CODE_RENAMED_FIELD: super::CodeDef = super::CodeDef::new(
    super::Code::RenamedField,
    "renamed_field",
    "the spec's name of the field (`/data/0/assetNum`)",
    "`found`",
);

/// The rule `renamed_field` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "renamed_field",
        Code::RenamedField,
        Spec,
        Error,
        &[Message::new(
            Code::RenamedField,
            "`{field}` is absent and `{found}` stands in its place: the spec names this field `{field}`",
            "缺少 `{field}`，其位置上出现的是 `{found}`：规范中该字段名为 `{field}`",
        )],
    )
    .reads(Reads::Answers)
    .checked_only()
    .answer_examples(&[
        answer(
            LockAssets,
            200,
            r#"{"code":0,"message":"success","data":[{"assetNo":"8000000001","status":1}]}"#,
            "/data/0/assetNum",
        ),
        answer(
            BatchOrder,
            200,
            r#"{"code":0,"message":"success","data":[{"sequence":1,"licenseOrderId":"LO1","customerID":"C1"}]}"#,
            "/data/0/customerId",
        ),
    ])
};
