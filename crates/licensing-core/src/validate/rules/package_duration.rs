//! A merchandise's `timeDurationExpression` read as `y-m-d` too (the spec gives the form for products only). Its check is `duration::check`.

use crate::validate::rule::{Format, Rule, RuleDef};

/// The format `duration` of a merchandise's `timeDurationExpression`.
pub(crate) const FORMAT: Format = super::duration::duration_format(Rule::PackageDuration);

/// A merchandise's `timeDurationExpression` has the form `y-m-d`.
pub(crate) const RULE: super::Rule = super::Rule::PackageDuration;

/// The rule `package_duration` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("package_duration", Code::DurationExpression, Inferred, Error, super::duration::MESSAGES)
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"merchandises":[{"timeDurationExpression":"1y","licenseOrderProductList":[{"productUri":"p"}]}]}]}]}"#, "/orderList/0/assets/0/merchandises/0/timeDurationExpression"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","assets":[{"assetNos":["8000000001"],"merchandises":[{"timeDurationExpression":"1-0-0","licenseOrderProductList":[{"productUri":"p"}]}]}]}]}"#),
    ])
};
