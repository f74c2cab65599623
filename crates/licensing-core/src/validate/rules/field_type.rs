//! A field holds the JSON type the spec gives it. Checked by the walk (`walk.rs`) against the tables.

use crate::validate::rule::{Message, RuleDef};

/// A field holds the JSON type the spec gives it.
pub(crate) const RULE: super::Rule = super::Rule::FieldType;

/// Wrong JSON type. `expected` is one of `string`, `integer`, `boolean`,
/// `array`, `object`, `array or null`, `integer or string`. `actual` is one of
/// `null`, `boolean`, `integer`, `number`, `string`, `array`, `object`.
pub(crate) const CODE_TYPE: super::CodeDef = super::CodeDef::new(
    super::Code::Type,
    "type",
    "the field or array element; `\"\"` for the body",
    "`expected`, `actual`",
);

/// The rule `field_type` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("field_type", Code::Type, Spec, Error, MESSAGES)
        .reads(Reads::Both)
        .answer_examples(&[
            answer(BatchOrder, 200, r#"{"code":0,"message":"success","data":[{"sequence":1,"licenseOrderId":1234567890123456789,"customerId":"C1"}]}"#, "/data/0/licenseOrderId"),
            answer(ShellNums, 200, r#"{"code":"0","message":"success","data":[]}"#, "/code"),
            answer(JoinActivity, 200, r#"{"resultCode":3001,"resultMessage":"no such activity"}"#, "/resultCode"),
        ])
        .examples(&[
            example(ShellNums, r#"{"size": "3"}"#, "/size"),
            example(LockAssets, r#"{"assetNums": "8000000001", "operatorIdentity": "ops"}"#, "/assetNums"),
        ])
        .passes(&[
            pass(ShellNums, r#"{"size": 3}"#),
            pass(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": "ops"}"#),
        ])
    .in_schemas(By("type; but an integer written with a fraction (2.0) and a JS number past ±2^53 pass a schema and not validate (RULES.md, Integers at their edges)"))
};

/// Its messages (shared with the rules that report the same code).
pub(crate) static MESSAGES: &[Message] = {
    use super::prelude::*;
    &[
        Message::new(
            Code::Type,
            "The body must be {a expected}, not {a actual}",
            "请求体必须是{zh expected}，实际为{zh actual}",
        )
        .at_root(),
        Message::new(
            Code::Type,
            "`{field}` must be {a expected}, not {a actual}",
            "`{field}` 必须是{zh expected}，实际为{zh actual}",
        ),
    ]
};
