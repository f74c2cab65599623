//! Asset numbers (`assetNos`, `assetNums`): exactly 10 ASCII digits, the first
//! being the partition marker 8 (domestic) or 6 (Singapore).

use crate::model::{check_asset_number, AssetNumberError};
use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::{Code, Params};
use crate::validate::rule::Rule;
use crate::validate::rule::{Format, Message, RuleDef};

/// The format `assetNumber` of order asset numbers (`assetNos`).
pub(crate) const FORMAT: Format = asset_number_format(Rule::AssetNumber);

/// The asset number format under a rule (this one's, or `lock_number`'s).
pub(crate) const fn asset_number_format(rule: Rule) -> Format {
    Format::new(rule, "assetNumber", &[Code::AssetNumberFormat, Code::AssetNumberPartition], "8000000001", check)
        .generated(
            "10 ASCII digits, the first 8 (domestic) or 6 (Singapore)",
            "isAssetNumber",
            include_str!("asset_number.js"),
            Some("^[86][0-9]{9}$"),
            "[86][0-9]{9}",
        )
        // isAssetNumber takes ASCII digits only.
        .js_refuses_lone_surrogates()
}

/// An order asset number (`assetNos`) is 10 digits starting with 8 or 6 (also `asset_number_partition`).
pub(crate) const RULE: super::Rule = super::Rule::AssetNumber;

/// The asset number is not exactly 10 ASCII digits.
pub(crate) const CODE_ASSET_NUMBER_FORMAT: super::CodeDef = super::CodeDef::new(
    super::Code::AssetNumberFormat,
    "asset_number_format",
    "`A/assetNos/{n}`, `/assetNums/{n}`",
    "`value` (≤ 24 chars)",
);

/// The asset number has 10 digits, but the first digit is not 8 or 6.
pub(crate) const CODE_ASSET_NUMBER_PARTITION: super::CodeDef = super::CodeDef::new(
    super::Code::AssetNumberPartition,
    "asset_number_partition",
    "`A/assetNos/{n}`, `/assetNums/{n}`",
    "`value`",
);

/// The rule `asset_number` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("asset_number", Code::AssetNumberFormat, Spec, Error, MESSAGES)
    .reads(Reads::Both)
    .answer_examples(&[answer(ShellNums, 200, r#"{"code":0,"message":"success","data":["8000000001","80000001"]}"#, "/data/1")])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["123"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/assets/0/assetNos/0"),
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["7000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/assets/0/assetNos/0"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001","6000000001"],"products":[{"productUri":"p"}]}]}]}"#),
    ])
};

/// Its messages (shared with the rules that report the same code).
pub(crate) static MESSAGES: &[Message] = {
    use super::prelude::*;
    &[
        Message::new(
            Code::AssetNumberFormat,
            "Asset number \"{value}\" must be exactly 10 digits",
            "资产编号 \"{value}\" 必须恰好是 10 位数字",
        ),
        Message::new(
            Code::AssetNumberPartition,
            "Asset number \"{value}\" must start with partition marker 8 (domestic) or 6 (Singapore)",
            "资产编号 \"{value}\" 的首位必须是分区标记 8（国内）或 6（新加坡）",
        ),
    ]
};

/// Checks an asset number under `rule` (`AssetNumber` or `LockNumber`, which
/// differ in provenance only).
pub(crate) fn check(rule: Rule, s: &str, ctx: &mut Ctx<'_>) {
    let code = match check_asset_number(s) {
        Ok(_) => return,
        Err(AssetNumberError::Format) => Code::AssetNumberFormat,
        Err(AssetNumberError::Partition) => Code::AssetNumberPartition,
    };
    ctx.report_code(rule, code, || Params::none().with("value", excerpt(s, 24)));
}
