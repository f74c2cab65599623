//! Asset numbers (`assetNos`, `assetNums`): exactly 10 ASCII digits, the first
//! being the partition marker 8 (domestic) or 6 (Singapore).

use crate::model::{check_asset_number, AssetNumberError};
use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::{Code, Params};
use crate::validate::rule::Rule;

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
