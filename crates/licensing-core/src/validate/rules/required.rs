//! A required field is present and not null (the spec shows no presence: every presence is inferred). Checked by the walk when an object closes.

use crate::validate::rule::{Message, RuleDef};

/// A required field is present and not `null`.
pub(crate) const RULE: super::Rule = super::Rule::Required;

/// A required field is absent or `null`. Also: a `delete_product` product whose
/// `productUri` is absent, `null` or blank.
pub(crate) const CODE_REQUIRED: super::CodeDef =
    super::CodeDef::new(super::Code::Required, "required", "the missing field", "—");

/// The rule `required` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("required", Code::Required, Inferred, Error, MESSAGES)
        .examples(&[
            example(ShellNums, r#"{}"#, "/size"),
            example(ShellNums, r#"{"size": null}"#, "/size"),
            // An order's type and licence, and its sequence.
            example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/orderType"),
            example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/licenseType"),
            example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/sequence"),
        ])
        .passes(&[pass(ShellNums, r#"{"size": 1}"#)])
        .in_schemas(By("required, and no null in type"))
};

/// Its messages (shared with the rules that report the same code).
pub(crate) static MESSAGES: &[Message] = {
    use super::prelude::*;
    &[Message::new(Code::Required, "`{field}` is required", "缺少必填字段 `{field}`")]
};
