//! Messages in English and Simplified Chinese, for every code; and a portal's own (catalogues).

use licensing_core::response::check_answer;
use licensing_core::validate::{validate_json, Catalogue, Code, Locale, Options, Rule};
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

/// A third locale as a portal would ship it: every key translated (here: the key
/// and its params, so a test can read which template spoke) but three.
fn ja() -> Catalogue {
    let left_out = ["minimum", "email", "suggestion"];
    let entries = Catalogue::keys().filter(|(key, _)| !left_out.contains(key)).map(|(key, params)| {
        let holes: Vec<String> = params.iter().map(|p| format!("{{{p}}}")).collect();
        (key, format!("ja:{key} {}", holes.join(" ")))
    });
    Catalogue::new("ja", entries).unwrap()
}

#[test]
fn a_third_locale_speaks_every_rule_and_falls_back_to_english_where_it_is_silent() {
    let ja = ja();
    let mut missing = ja.missing();
    missing.sort_unstable();
    assert_eq!(missing, ["email", "minimum", "suggestion"]);
    let opts = Options::default().with_messages(ja);
    let en = Options::default();
    let mut spoken = 0;
    for rule in Rule::ALL {
        let def = rule.def();
        let requests = def
            .examples
            .iter()
            .map(|e| (validate_json(e.endpoint, e.body, &opts), validate_json(e.endpoint, e.body, &en)));
        let answers = def.answer_examples.iter().map(|e| {
            (check_answer(e.endpoint, e.status, e.text, &opts), check_answer(e.endpoint, e.status, e.text, &en))
        });
        for (ja, en) in requests.chain(answers) {
            assert_eq!(ja.issues.len(), en.issues.len());
            for (ja, en) in ja.issues.iter().zip(&en.issues) {
                let code = ja.code.as_str();
                if code == "minimum" || code == "email" {
                    assert_eq!(ja.message, en.message, "English where the catalogue is silent");
                } else {
                    let own = ja.message.strip_prefix("ja:").unwrap_or_else(|| panic!("{ja:?}"));
                    assert!(own.starts_with(code), "{ja:?}");
                    // The holes are filled from the issue's params.
                    assert!(!own.contains('{'), "{ja:?}");
                    spoken += 1;
                }
            }
        }
    }
    assert!(spoken > 30, "{spoken}");
}

#[test]
fn overrides_change_one_message_and_keep_the_locale() {
    let zh =
        Catalogue::new("zh-CN", [("required", "请填写 {field}"), ("type.body", "请求体应为{zh expected}")]).unwrap();
    let opts = Options::default().with_messages(zh);
    let r = validate_json(Endpoint::ShellNums, "{}", &opts);
    assert_eq!(r.issues[0].message, "请填写 size");
    let r = validate_json(Endpoint::ShellNums, "[]", &opts);
    assert_eq!(r.issues[0].message, "请求体应为对象");
    let r = validate_json(Endpoint::ShellNums, r#"{"size": 0}"#, &opts);
    assert_eq!(r.issues[0].message, "`size` 必须是不小于 1 的整数", "the rest stays Chinese");
    // A bare code's template serves its cases.
    let en = Catalogue::new("en", [("type", "Wrong type: {expected}")]).unwrap();
    let r = validate_json(Endpoint::ShellNums, "[]", &Options::default().with_messages(en));
    assert_eq!(r.issues[0].message, "Wrong type: object");
}

#[test]
fn every_entry_point_speaks_the_catalogue() {
    use licensing_core::validate::{invalid_json, unknown_endpoint, untouched_issue, validate_field_json, Issue};
    let opts = Options::default().with_messages(ja()).with_max_issues(1);
    let field = validate_field_json(Endpoint::ShellNums, "/size", r#"{"size": "x"}"#, &opts);
    assert!(field.issues[0].message.starts_with("ja:type "), "{field:?}");
    assert!(invalid_json("eof", &opts).issues[0].message.starts_with("ja:invalid_json "));
    assert!(unknown_endpoint("shelNums", &opts).issues[0].message.starts_with("ja:unknown_endpoint "));
    assert!(untouched_issue(3, &opts).unwrap().message.starts_with("ja:untouched "));
    assert!(Issue::required_parameter_in("appKey", &opts).message.starts_with("ja:required "));
    let capped = validate_json(Endpoint::ShellNums, r#"{"size": "x", "a": 1}"#, &opts);
    assert!(capped.issues.last().unwrap().message.starts_with("ja:too_many_issues "), "{capped:?}");
    // English where it is silent: the "did you mean" after an unknown field.
    let r = validate_json(Endpoint::ShellNums, r#"{"size": 1, "sise": 1}"#, &Options::default().with_messages(ja()));
    assert!(r.issues[0].message.ends_with("; did you mean `size`?"), "{r:?}");
}
