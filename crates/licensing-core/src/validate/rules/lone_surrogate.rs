//! A string holds whole characters. JavaScript strings are UTF-16, and cutting
//! one in the middle of a character outside the BMP (`'😀 ok'.slice(1)`, a
//! `maxlength` cut, a truncated name) leaves half of a surrogate pair, which
//! no UTF-8 text can carry: `JSON.stringify` writes it as the escape
//! `"\udc00"`, which some servers refuse whole as not JSON (serde_json does),
//! others store as U+FFFD (the replacement character) or as bytes no other
//! program reads back. The validators say so at the field, so that the form
//! shows it where the user typed it. Inferred: the spec says nothing of it.
//! Under `spec` the validators read such an escape as U+FFFD, as the simulator
//! then stores it.

use crate::validate::ctx::Ctx;
use crate::validate::report::Params;
use crate::validate::rule::{Rule, RuleDef};

/// A string holds whole characters: no lone UTF-16 surrogate.
pub(crate) const RULE: super::Rule = super::Rule::LoneSurrogate;

/// A string holds half of a character (a lone UTF-16 surrogate, e.g. an emoji
/// cut in two by `slice`): UTF-8 cannot carry it, and servers refuse it or
/// store something else.
pub(crate) const CODE_LONE_SURROGATE: super::CodeDef =
    super::CodeDef::new(super::Code::LoneSurrogate, "lone_surrogate", "any string field of a request", "—");

/// The rule `lone_surrogate` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "lone_surrogate",
        Code::LoneSurrogate,
        Inferred,
        Error,
        &[Message::new(
            Code::LoneSurrogate,
            "`{field}` holds half of a character (a lone UTF-16 surrogate): UTF-8 cannot carry it",
            "`{field}` 含有半个字符（孤立的 UTF-16 代理项）：UTF-8 无法表示",
        )],
    )
    .in_schemas(No("JSON Schema sees characters, not UTF-16 code units: it has no keyword for a lone surrogate"))
    .examples(&[
        example(CreateEnterprise, r#"{"crmCustomerId":"crm-1","customerName":"A\udc00B"}"#, "/customerName"),
        example(CreateEnterprise, r#"{"crmCustomerId":"crm-1","customerName":"cut \ud83d"}"#, "/customerName"),
        example(LockAssets, r#"{"assetNums":["8000000001"],"operatorIdentity":"\ude00ops"}"#, "/operatorIdentity"),
        // In a batch order too, where the bench's peers must say it (tests/js/peers-agree.test.mjs).
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"cloud_account","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","productName":"cut \ud83d"}]}]}]}"#, "/orderList/0/assets/0/products/0/productName"),
    ])
    .passes(&[
        // A whole pair, escaped or not, and an escaped backslash before `ud800`.
        pass(CreateEnterprise, r#"{"crmCustomerId":"crm-1","customerName":"A\ud83d\ude00B"}"#),
        pass(CreateEnterprise, r#"{"crmCustomerId":"crm-1","customerName":"A😀B"}"#),
        pass(CreateEnterprise, r#"{"crmCustomerId":"crm-1","customerName":"A\\ud800B"}"#),
    ])
};

/// Reports the string being checked: it holds a lone surrogate.
pub(crate) fn report(ctx: &mut Ctx<'_>) {
    ctx.report(Rule::LoneSurrogate, Params::none);
}
