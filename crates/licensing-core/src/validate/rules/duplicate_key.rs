//! A field given twice in one object (only JSON text can say so). Reported by the walk.

use crate::validate::rule::RuleDef;

/// No field is given twice in one object.
pub(crate) const RULE: super::Rule = super::Rule::DuplicateKey;

/// A known field appears twice in one object (only JSON text can say this;
/// which value a server keeps is not defined). The repeat is not checked
/// further.
pub(crate) const CODE_DUPLICATE_KEY: super::CodeDef =
    super::CodeDef::new(super::Code::DuplicateKey, "duplicate_key", "the repeated field", "—");

/// The rule `duplicate_key` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("duplicate_key", Code::DuplicateKey, Inferred, Error, &[
        Message::new(Code::DuplicateKey, "`{field}` appears more than once in this object", "字段 `{field}` 在同一对象中出现了多次"),
    ])
    .examples(&[
        example(ShellNums, r#"{"size": 1, "size": 2}"#, "/size"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]},{"sequence":2,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#),
    ])
    .reads(Reads::Both)
    .answer_examples(&[answer(
        LockAssets,
        200,
        r#"{"code":0,"message":"success","data":[{"assetNum":"8000000001","assetNum":"8000000002","status":1}]}"#,
        "/data/0/assetNum",
    )])
    .in_schemas(No("a parsed value has no duplicate keys left to see"))
};
