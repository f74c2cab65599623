//! Messages in English and Simplified Chinese, for every code.

use licensing_core::response::check_answer;
use licensing_core::validate::{validate_json, Code, Locale, Options, Rule};
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
    // Messages are rendered through the public API for every rule's examples
    // (requests through the validator, answers through `check_answer`): a new
    // rule or code is covered by its own examples, with no list here.
    let mut seen = std::collections::HashSet::new();
    for locale in [Locale::En, Locale::ZhCn] {
        let opts = Options::default().with_locale(locale);
        for rule in Rule::ALL {
            let def = rule.def();
            let requests = def.examples.iter().map(|e| validate_json(e.endpoint, e.body, &opts));
            let answers = def.answer_examples.iter().map(|e| check_answer(e.endpoint, e.status, e.text, &opts));
            for r in requests.chain(answers) {
                for issue in &r.issues {
                    assert!(!issue.message.is_empty(), "{issue:?}");
                    let has_cjk = issue.message.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                    assert_eq!(has_cjk, locale == Locale::ZhCn, "{issue:?}");
                    seen.insert(issue.code);
                }
            }
        }
    }
    // The codes no body or answer gives on its own are rendered by their own
    // tests (depth, endpoint, cap; untouched is a form's, `fields.rs`); every
    // other code is spoken by some example.
    let without_examples = [Code::TooDeep, Code::UnknownEndpoint, Code::TooManyIssues, Code::Untouched];
    for code in Code::ALL {
        assert!(seen.contains(code) || without_examples.contains(code), "no example renders {code:?}");
    }
}
