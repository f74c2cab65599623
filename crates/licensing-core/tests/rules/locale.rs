//! Messages in English and Simplified Chinese, for every code.

use licensing_core::validate::{validate_json, Code, Locale, Options};
use licensing_core::wire::Endpoint;

#[test]
fn locale_tags() {
    assert_eq!(Locale::parse("zh-CN"), Some(Locale::ZhCn));
    assert_eq!(Locale::parse("en"), Some(Locale::En));
    assert_eq!(Locale::parse("fr"), None);
}

#[test]
fn messages_follow_the_locale() {
    let zh = Options::default().with_locale(Locale::ZhCn);
    let r = validate_json(Endpoint::ShellNums, "{}", &zh);
    assert_eq!(r.issues[0].message, "缺少必填字段 `size`");
    let r = validate_json(Endpoint::ShellNums, "{}", &Options::default());
    assert_eq!(r.issues[0].message, "`size` is required");
}

#[test]
fn every_code_has_a_message_in_both_languages() {
    // Messages are rendered through the public API for a body that raises each code.
    let bodies: &[(Endpoint, &str)] = &[
        (Endpoint::ShellNums, "{"),
        (Endpoint::ShellNums, r#"{"size":"1","x":1}"#),
        (Endpoint::ShellNums, r#"{"size":0}"#),
        (Endpoint::ShellNums, r#"{"size":1,"size":2}"#),
        (Endpoint::LockAssets, r#"{"assetNums":["1","7000000000"],"operatorIdentity":""}"#),
        (Endpoint::QueryEnterprises, r#"{"channelCode":"c","channelCustomerId":"c","defaultCustomer":"y"}"#),
    ];
    for locale in [Locale::En, Locale::ZhCn] {
        for (endpoint, text) in bodies {
            let r = validate_json(*endpoint, text, &Options::default().with_locale(locale));
            for issue in &r.issues {
                assert!(!issue.message.is_empty(), "{issue:?}");
                let has_cjk = issue.message.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                assert_eq!(has_cjk, locale == Locale::ZhCn, "{issue:?}");
            }
        }
    }
    assert_eq!(Code::ALL.len(), 23);
}
