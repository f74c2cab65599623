//! A lock number (`assetNums`) read as an asset number: the spec calls them lock numbers and gives no format, so the SDK infers the asset number's. Its check is `asset_number::check`.

use crate::validate::rule::{Format, Rule, RuleDef};

/// The format `assetNumber` of lock numbers (`assetNums`).
pub(crate) const FORMAT: Format = super::asset_number::asset_number_format(Rule::LockNumber);

/// A lock number (`assetNums`) is an asset number (also `asset_number_partition`).
pub(crate) const RULE: super::Rule = super::Rule::LockNumber;

/// The rule `lock_number` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("lock_number", Code::AssetNumberFormat, Inferred, Error, super::asset_number::MESSAGES)
        .examples(&[example(LockAssets, r#"{"assetNums": ["123"], "operatorIdentity": "ops"}"#, "/assetNums/0")])
        .passes(&[pass(LockAssets, r#"{"assetNums": ["8000000001", "6000000001"], "operatorIdentity": "ops"}"#)])
};
