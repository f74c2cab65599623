//! `adminEmail`: a plausible e-mail address. A warning only: the spec gives no
//! format, and a portal should not block an order on it. Hand-written because the
//! `validator` crate's email rule costs 150–300 KB gzip in wasm.

use crate::validate::ascii;
use crate::validate::ctx::{excerpt, Ctx};
use crate::validate::report::Params;
use crate::validate::rule::Rule;
use crate::validate::rule::{Format, RuleDef};

/// The format `email` of `adminEmail`. A warning only, so the JSON Schemas
/// carry no pattern for it.
pub(crate) const FORMAT: Format = {
    use crate::validate::report::Code;
    Format::new(Rule::Email, "email", &[Code::Email], "admin@example.com", check)
        .generated(
            "an e-mail address, or empty (a bad one is only a warning)",
            "isEmailOrEmpty",
            include_str!("email.js"),
            None,
            "[a-z]{1,8}@[a-z]{1,8}\\.(com|cn)",
        )
        // isEmailOrEmpty's first test takes ASCII only; past it, it tests for them.
        .js_refuses_lone_surrogates()
};

/// `adminEmail` looks like an e-mail address.
pub(crate) const RULE: super::Rule = super::Rule::Email;

/// A non-empty value is not an e-mail address.
pub(crate) const CODE_EMAIL: super::CodeDef =
    super::CodeDef::new(super::Code::Email, "email", "`O/adminEmail`", "`value` (≤ 40 chars)");

/// The rule `email` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("email", Code::Email, Inferred, Warning, &[
        Message::new(Code::Email, "`{field}` \"{value}\" is not an e-mail address", "`{field}` 的值 \"{value}\" 不是有效的电子邮件地址"),
    ])
    .examples(&[
        example(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","adminEmail":"nope","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#, "/orderList/0/adminEmail"),
    ])
    .passes(&[
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","adminEmail":"admin@example.com","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#),
        pass(BatchOrder, r#"{"channelCode":"c","channelOrderId":"o","orderList":[{"sequence":1,"licenseType":"softkey","orderType":"new_buy","adminEmail":"管理员@例子.中国","assets":[{"assetNos":["8000000001"],"products":[{"productUri":"p"}]}]}]}"#),
    ])
};

/// A character of a domain label: an ASCII letter, digit or `-`, or any
/// non-ASCII character but white space (an internationalized name is not
/// flagged; telling Unicode letters apart took 3 KB of tables in the wasm for
/// a warning).
fn domain_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || (!c.is_ascii() && !c.is_whitespace())
}

pub(crate) fn is_email(s: &str) -> bool {
    // The last '@' found byte by byte: `rsplit_once` brings the reverse char
    // searcher, 0.7 KB of the package's wasm.
    let Some(at) = ascii::rfind(s, b'@') else { return false };
    let (Some(local), Some(domain)) = (s.get(..at), s.get(at + 1..)) else { return false };
    let labels_ok = ascii::split(domain, b'.')
        .all(|l| !l.is_empty() && !l.starts_with('-') && !l.ends_with('-') && l.chars().all(domain_char));
    !local.is_empty()
        && local.len() <= 64
        && !local.contains(|c: char| c.is_whitespace() || c == '@')
        && ascii::find(domain, b'.').is_some()
        && domain.len() <= 255
        && labels_ok
}

pub(crate) fn check(rule: Rule, s: &str, ctx: &mut Ctx<'_>) {
    if !s.is_empty() && !is_email(s) {
        ctx.report(rule, || Params::none().with("value", excerpt(s, 40)));
    }
}

#[cfg(test)]
mod tests {
    use super::is_email;

    #[test]
    fn addresses() {
        for ok in
            ["admin@example.com", "a.b+c@mail.example.cn", "管理员@例子.中国", "x@xn--fsqu00a.xn--fiqs8s", "a@b-c.d"]
        {
            assert!(is_email(ok), "{ok}");
        }
        for bad in [
            "",
            "nope",
            "admin@",
            "a@b",
            "admin@acme",
            "@b.com",
            "a b@c.com",
            "a@b c.com",
            "a@-b.com",
            "a@b-.com",
            "a@b..com",
            "a@b.com\u{3000}",
            "a@b.c_m",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
