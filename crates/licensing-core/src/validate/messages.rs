//! Issue messages in English and Simplified Chinese, as templates.
//!
//! A template is text with `{…}` holes: `{field}` is the field the issue is at,
//! `{name}` a parameter, `{a name}` the parameter after "a"/"an", `{zh name}` a
//! JSON type name in Chinese. One small interpreter instead of code per message
//! keeps the wasm small (building each message with its own string pushes cost
//! 13 KB of code) and puts both languages side by side.

use super::report::{Code, Locale, Params};

/// `(English, Chinese)` templates of a code (a "did you mean" follows when the
/// issue has a `suggestion`).
fn templates(code: Code, params: &Params, field: &str) -> (&'static str, &'static str) {
    match code {
        Code::InvalidJson => ("The body is not valid JSON: {reason}", "请求体不是有效的 JSON：{reason}"),
        Code::TooDeep => ("Nesting is too deep (at most {max} levels)", "嵌套层级过深（最多 {max} 层）"),
        Code::Type if field.is_empty() => {
            ("The body must be {a expected}, not {a actual}", "请求体必须是{zh expected}，实际为{zh actual}")
        }
        Code::Type => {
            ("`{field}` must be {a expected}, not {a actual}", "`{field}` 必须是{zh expected}，实际为{zh actual}")
        }
        Code::Required => ("`{field}` is required", "缺少必填字段 `{field}`"),
        Code::Empty => ("`{field}` must not be empty", "`{field}` 不能为空"),
        Code::Enum => (
            "`{field}` has the value \"{value}\"; allowed values: {allowed}",
            "`{field}` 的值 \"{value}\" 无效，允许的值：{allowed}",
        ),
        Code::UnknownField => ("Unknown field `{field}`", "未知字段 `{field}`"),
        Code::DuplicateKey => {
            ("`{field}` appears more than once in this object", "字段 `{field}` 在同一对象中出现了多次")
        }
        Code::AssetNumberFormat => {
            ("Asset number \"{value}\" must be exactly 10 digits", "资产编号 \"{value}\" 必须恰好是 10 位数字")
        }
        Code::AssetNumberPartition => (
            "Asset number \"{value}\" must start with partition marker 8 (domestic) or 6 (Singapore)",
            "资产编号 \"{value}\" 的首位必须是分区标记 8（国内）或 6（新加坡）",
        ),
        Code::Minimum => ("`{field}` must be an integer of at least {min}", "`{field}` 必须是不小于 {min} 的整数"),
        Code::DurationExpression => (
            "`{field}` \"{value}\" must have the form y-m-d, e.g. 1-0-0",
            "`{field}` 的值 \"{value}\" 必须是 年-月-日 形式，例如 1-0-0",
        ),
        Code::Email => {
            ("`{field}` \"{value}\" is not an e-mail address", "`{field}` 的值 \"{value}\" 不是有效的电子邮件地址")
        }
        Code::LimitEndBeforeStart => ("`{field}` is before `{start}`", "`{field}` 早于开始时间 `{start}`"),
        Code::DuplicateSequence => (
            "sequence {value} repeats /orderList/{first}; it must be unique within orderList",
            "sequence {value} 与 /orderList/{first} 重复；同一批次内必须唯一",
        ),
        Code::SrcLicenseOrderRequired => (
            "`srcLicenseOrderId` is required for a {orderType} order of cloud licence {licenseType}",
            "云授权（{licenseType}）的退订订单（{orderType}）必须填写 `srcLicenseOrderId`",
        ),
        Code::SrcLicenseOrderRecommended => (
            "`srcLicenseOrderId` should be filled: when empty, the {orderType} deletes from all orders of the customer",
            "建议填写 `srcLicenseOrderId`：为空时将从该客户的所有订单中删除",
        ),
        Code::ProductsRequired if params.get("orderType") == Some("new_buy") => (
            "A new_buy asset needs products, directly or in its merchandise packages",
            "new_buy 资产必须直接或在商品包中包含产品",
        ),
        Code::ProductsRequired => (
            "A {orderType} asset needs products; only delete_asset may have none",
            "{orderType} 订单的资产必须包含产品；只有 delete_asset 可以没有产品",
        ),
        Code::StrictMatchFieldRequired => (
            "`{field}` is required when strictMatchWhenDelete is true (it is matched exactly)",
            "strictMatchWhenDelete 为 true 时必须填写 `{field}`（按其精确匹配）",
        ),
        Code::LeafProductsRequired => (
            "A lowest-level merchandise (children null) needs products in `licenseOrderProductList`",
            "最底层商品包（children 为 null）必须在 `licenseOrderProductList` 中包含产品",
        ),
        Code::TransferOnlyOnNewBuy => (
            "A product's `srcLicenseOrderId` (transfer) applies to new_buy only; it is ignored in {orderType}",
            "产品的 `srcLicenseOrderId`（转移）仅用于 new_buy，在 {orderType} 中会被忽略",
        ),
        Code::UnknownEndpoint => {
            ("Unknown endpoint \"{value}\"; allowed: {allowed}", "未知接口 \"{value}\"，允许的值：{allowed}")
        }
        Code::TooManyIssues => (
            "Too many issues: {omitted} more not listed ({omittedErrors} of them errors)",
            "问题过多：另有 {omitted} 个未列出（其中错误 {omittedErrors} 个）",
        ),
    }
}

pub(crate) fn render(code: Code, params: &Params, field: Option<&str>, locale: Locale) -> String {
    let field = field.unwrap_or("");
    let (en, zh) = templates(code, params, field);
    let mut out = String::with_capacity(64);
    fill(&mut out, if locale == Locale::ZhCn { zh } else { en }, params, field);
    if params.get("suggestion").is_some() {
        let (en, zh) = ("; did you mean `{suggestion}`?", "；你是不是想写 `{suggestion}`？");
        fill(&mut out, if locale == Locale::ZhCn { zh } else { en }, params, field);
    }
    out
}

/// Appends a template with its holes filled.
fn fill(out: &mut String, template: &str, params: &Params, field: &str) {
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(rest.get(..open).unwrap_or_default());
        let after = rest.get(open + 1..).unwrap_or_default();
        let Some(close) = after.find('}') else {
            out.push_str(rest.get(open..).unwrap_or_default());
            return;
        };
        let hole = after.get(..close).unwrap_or_default();
        let value = |name: &str| if name == "field" { field } else { params.get(name).unwrap_or("") };
        match hole.split_once(' ') {
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
            render(Code::Type, &p, Some("size"), Locale::En),
            "`size` must be an integer, not an array; did you mean `size`?"
        );
        assert_eq!(render(Code::Type, &p, None, Locale::ZhCn), "请求体必须是整数，实际为数组；你是不是想写 `size`？");
        let p = Params::none().with("expected", "string").with("actual", "null");
        assert_eq!(render(Code::Type, &p, Some("x"), Locale::En), "`x` must be a string, not null");
        // A value with braces is data, not a hole.
        let p = Params::none().with("value", "{field}").with("allowed", "a, b");
        assert_eq!(
            render(Code::Enum, &p, Some("t"), Locale::En),
            "`t` has the value \"{field}\"; allowed values: a, b"
        );
    }
}
