//! `timeDurationExpression`: the form `y-m-d`, three non-negative integers
//! (years, months, days), e.g. `1-0-0` for one year.

use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::{Code, Params};
use crate::validate::rule::Rule;
use crate::validate::rule::{Format, Message, RuleDef};

/// The format `duration` of a product's `timeDurationExpression`.
pub(crate) const FORMAT: Format = duration_format(Rule::Duration);

/// The `y-m-d` format under a rule (this one's, or `package_duration`'s).
pub(crate) const fn duration_format(rule: Rule) -> Format {
    Format::new(rule, "duration", &[Code::DurationExpression], "1-0-0", check)
        .generated(
            "`y-m-d`: three runs of 1 to 6 digits joined by `-`, e.g. `1-0-0`",
            "isDuration",
            include_str!("duration.js"),
            Some("^[0-9]{1,6}-[0-9]{1,6}-[0-9]{1,6}$"),
            "[0-9]{1,3}-[0-9]{1,2}-[0-9]{1,2}",
        )
        // isDuration takes ASCII digits and `-` only.
        .js_refuses_lone_surrogates()
}

/// A product's `timeDurationExpression` has the form `y-m-d`.
pub(crate) const RULE: super::Rule = super::Rule::Duration;

/// The value does not have the form `y-m-d`.
pub(crate) const CODE_DURATION_EXPRESSION: super::CodeDef = super::CodeDef::new(
    super::Code::DurationExpression,
    "duration_expression",
    "`P/timeDurationExpression`, `M/timeDurationExpression`",
    "`value` (≤ 24 chars)",
);

/// The rule `duration` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("duration", Code::DurationExpression, Spec, Error, MESSAGES)
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","timeDurationExpression":"1y"}]}]}]}"#, "/orderList/0/assets/0/products/0/timeDurationExpression"),
        // A part has at most six digits.
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","timeDurationExpression":"1-0-1000000"}]}]}]}"#, "/orderList/0/assets/0/products/0/timeDurationExpression"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","timeDurationExpression":"1-0-0"}]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","timeDurationExpression":"0-18-365"}]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p","timeDurationExpression":"999999-0-0"}]}]}]}"#),
    ])
};

/// Its messages (shared with the rules that report the same code).
pub(crate) static MESSAGES: &[Message] = {
    use super::prelude::*;
    &[Message::new(
        Code::DurationExpression,
        "`{field}` \"{value}\" must have the form y-m-d, e.g. 1-0-0",
        "`{field}` 的值 \"{value}\" 必须是 年-月-日 形式，例如 1-0-0",
    )]
};

pub(crate) fn is_duration(s: &str) -> bool {
    let mut parts = 0;
    for part in crate::validate::ascii::split(s, b'-') {
        parts += 1;
        if part.is_empty() || part.len() > 6 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
    }
    parts == 3
}

/// Checks an expression under `rule` (`Duration` or `PackageDuration`, which
/// differ in provenance only).
pub(crate) fn check(rule: Rule, s: &str, ctx: &mut Ctx<'_>) {
    if !is_duration(s) {
        ctx.report(rule, || Params::none().with("value", excerpt(s, 24)));
    }
}

#[cfg(test)]
mod tests {
    use super::is_duration;

    #[test]
    fn expressions() {
        for ok in ["1-0-0", "0-6-15", "10-11-30", "999999-0-0"] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in ["", "1y", "1-0", "1-0-0-0", "a-b-c", "-1-0-0", "1--0", " 1-0-0", "P1Y", "1-0-1000000"] {
            assert!(!is_duration(bad), "{bad}");
        }
    }
}
