//! Enumerated fields: one of the allowed, case-sensitive values, with a
//! "did you mean" for a value that differs only in case or by a typo.

use super::suggest;
use crate::schema::{EnumDef, IntEnumDef};
use crate::validate::ctx::{excerpt, list, Ctx};
use crate::validate::itoa;
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::RuleDef;

/// An enumerated field holds one of the spec's values.
pub(crate) const RULE: super::Rule = super::Rule::EnumValue;

/// The value is not one of the allowed values, which are case-sensitive. For
/// `trial` only `value` and `allowed` are given.
pub(crate) const CODE_ENUM: super::CodeDef =
    super::CodeDef::new(super::Code::Enum, "enum", "the field", "`value` (≤ 40 chars), `allowed`, `suggestion`?");

/// The rule `enum_value` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "enum_value",
        Code::Enum,
        Spec,
        Error,
        &[Message::new(
            Code::Enum,
            "`{field}` has the value \"{value}\"; allowed values: {allowed}",
            "`{field}` 的值 \"{value}\" 无效，允许的值：{allowed}",
        )],
    )
    .reads(Reads::Both)
    .answer_examples(&[
        answer(
            LockAssets,
            200,
            r#"{"code":0,"message":"success","data":[{"assetNum":"8000000001","status":5}]}"#,
            "/data/0/status",
        ),
        answer(
            ListAssets,
            200,
            r#"{"code":0,"message":"success","data":[{"licenseType":"cloud_enterprise"}]}"#,
            "/data/0/licenseType",
        ),
    ])
    .examples(&[example(
        QueryEnterprises,
        r#"{"channelCode":"c","channelCustomerId":"c","defaultCustomer":"y"}"#,
        "/defaultCustomer",
    )])
    .passes(&[
        pass(QueryEnterprises, r#"{"channelCode":"c","channelCustomerId":"c","defaultCustomer":"Y"}"#),
        pass(QueryEnterprises, r#"{"channelCode":"c","channelCustomerId":"c","defaultCustomer":"N"}"#),
    ])
    .in_schemas(By("enum"))
};

/// A string value that is not one of the enumeration's.
pub(crate) fn not_allowed(value: &str, def: &EnumDef, ctx: &mut Ctx<'_>) {
    ctx.report(Rule::EnumValue, || {
        let allowed: Vec<&str> = def.wire().collect();
        let p = Params::none().with("value", excerpt(value, 40)).with("allowed", list(allowed.iter().copied()));
        match suggest::closest(value, &allowed) {
            Some(hint) => p.with("suggestion", hint),
            None => p,
        }
    });
}

/// An integer value that is not one of the enumeration's.
pub(crate) fn not_allowed_int(value: i64, def: &IntEnumDef, ctx: &mut Ctx<'_>) {
    ctx.report(Rule::EnumValue, || {
        let numbers: Vec<String> = def.wire().map(itoa::signed).collect();
        Params::none().with("value", itoa::signed(value)).with("allowed", list(numbers.iter().map(String::as_str)))
    });
}
