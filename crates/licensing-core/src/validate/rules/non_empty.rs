//! A required string or list is not blank or empty. Checked by the walk.

use crate::validate::rule::RuleDef;

/// A required string or list is not blank or empty.
pub(crate) const RULE: super::Rule = super::Rule::NonEmpty;

/// A field that must not be empty holds a blank string (whitespace only) or an
/// empty array.
pub(crate) const CODE_EMPTY: super::CodeDef = super::CodeDef::new(super::Code::Empty, "empty", "the field", "—");

/// The rule `non_empty` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "non_empty",
        Code::Empty,
        Inferred,
        Error,
        &[Message::new(Code::Empty, "`{field}` must not be empty", "`{field}` 不能为空")],
    )
    .examples(&[
        example(LockAssets, r#"{"assetNums": [], "operatorIdentity": "ops"}"#, "/assetNums"),
        example(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": " "}"#, "/operatorIdentity"),
        // The batch's arrays, at each level.
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[]}"#, "/orderList"),
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[]}]}"#, "/orderList/0/assets"),
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":[],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/assets/0/assetNos"),
    ])
    .passes(&[pass(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": "ops"}"#)])
    .in_schemas(By("minItems: 1, or a pattern that needs one non-whitespace character"))
};
