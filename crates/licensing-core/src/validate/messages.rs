//! Issue messages in English and Simplified Chinese: each rule's file holds its
//! templates (`RuleDef::messages`); this renders them, or a portal's own
//! templates where its catalogue has one (`catalogue.rs`).
//!
//! A template is text with `{…}` holes: `{field}` is the field the issue is at,
//! `{name}` a parameter, `{a name}` the parameter after "a"/"an", `{zh name}` a
//! JSON type name in Chinese. One small interpreter instead of code per message
//! keeps the wasm small (building each message with its own string pushes cost
//! 13 KB of code) and puts both languages side by side.

use super::ascii;
use super::catalogue::{key_of, Catalogue, SUGGESTION};
use super::report::{Code, Locale, Params};
use super::rule::{Message, Rule, When};

/// The message of an issue: the first of its rule's messages for the code that
/// applies (see [`When`]), its holes filled, and a "did you mean" when the issue
/// has a `suggestion`. With a catalogue, its template for the message's key
/// where it has one, and its base locale's built-in one elsewhere.
pub(crate) fn render(
    rule: Rule,
    code: Code,
    params: &Params,
    field: Option<&str>,
    locale: Locale,
    catalogue: Option<&Catalogue>,
) -> String {
    let field = field.unwrap_or("");
    let applies = |m: &&Message| {
        m.code == code
            && match m.when {
                When::Always => true,
                When::AtRoot => field.is_empty(),
                When::OrderType(order_type) => params.get("orderType") == Some(order_type.as_str()),
            }
    };
    let locale = catalogue.map_or(locale, Catalogue::base);
    let own = |key: usize| catalogue.and_then(|c| c.template(key));
    let mut out = String::with_capacity(64);
    match rule.def().messages.iter().enumerate().find(|(_, m)| applies(m)) {
        Some((i, m)) => {
            let builtin = if locale == Locale::ZhCn { m.zh } else { m.en };
            fill(&mut out, own(key_of(rule, i)).unwrap_or(builtin), params, field);
        }
        // A rule file without a message for a code it reports (a test forbids
        // it): the code at least.
        None => out.push_str(code.as_str()),
    }
    if params.get("suggestion").is_some() {
        let builtin = if locale == Locale::ZhCn { SUGGESTION_ZH } else { SUGGESTION_EN };
        fill(&mut out, own(SUGGESTION).unwrap_or(builtin), params, field);
    }
    out
}

/// The "did you mean" after a message with a `suggestion` (catalogue key
/// `suggestion`; `cargo xtask gen` writes it into the shipped catalogues).
pub const SUGGESTION_EN: &str = "; did you mean `{suggestion}`?";
/// The same in Simplified Chinese.
pub const SUGGESTION_ZH: &str = "；你是不是想写 `{suggestion}`？";

/// Appends a template with its holes filled.
fn fill(out: &mut String, template: &str, params: &Params, field: &str) {
    let mut rest = template;
    while let Some(open) = ascii::find(rest, b'{') {
        out.push_str(rest.get(..open).unwrap_or_default());
        let after = rest.get(open + 1..).unwrap_or_default();
        let Some(close) = ascii::find(after, b'}') else {
            out.push_str(rest.get(open..).unwrap_or_default());
            return;
        };
        let hole = after.get(..close).unwrap_or_default();
        let value = |name: &str| if name == "field" { field } else { params.get(name).unwrap_or("") };
        match ascii::split_once(hole, b' ') {
            Some(("a", name)) => {
                out.push_str(article(value(name)));
                out.push_str(value(name));
            }
            Some(("zh", name)) => out.push_str(type_zh(value(name))),
            _ => out.push_str(value(hole)),
        }
        rest = after.get(close + 1..).unwrap_or_default();
    }
    out.push_str(rest);
}

fn article(noun: &str) -> &'static str {
    match noun.as_bytes().first() {
        Some(b'a' | b'e' | b'i' | b'o' | b'u') => "an ",
        Some(b'n') if noun == "null" => "",
        Some(_) => "a ",
        None => "",
    }
}

fn type_zh(t: &str) -> &'static str {
    match t {
        "string" => "字符串",
        "integer" => "整数",
        "number" => "数字",
        "boolean" => "布尔值",
        "array" => "数组",
        "object" => "对象",
        "null" => "null",
        "array or null" => "数组或 null",
        "integer or string" => "整数或字符串",
        _ => "其他类型",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_are_filled() {
        let p = Params::none().with("expected", "integer").with("actual", "array").with("suggestion", "size");
        assert_eq!(
            render(Rule::FieldType, Code::Type, &p, Some("size"), Locale::En, None),
            "`size` must be an integer, not an array; did you mean `size`?"
        );
        assert_eq!(
            render(Rule::BodyObject, Code::Type, &p, None, Locale::ZhCn, None),
            "请求体必须是整数，实际为数组；你是不是想写 `size`？"
        );
        let p = Params::none().with("expected", "string").with("actual", "null");
        assert_eq!(
            render(Rule::FieldType, Code::Type, &p, Some("x"), Locale::En, None),
            "`x` must be a string, not null"
        );
        // A value with braces is data, not a hole.
        let p = Params::none().with("value", "{field}").with("allowed", "a, b");
        assert_eq!(
            render(Rule::EnumValue, Code::Enum, &p, Some("t"), Locale::En, None),
            "`t` has the value \"{field}\"; allowed values: a, b"
        );
    }
}
