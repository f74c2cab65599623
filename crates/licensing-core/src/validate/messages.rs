//! Issue messages in English and Simplified Chinese.
//!
//! Built by plain string pushes rather than `format!` so the wasm build carries no
//! formatting machinery for them; each message names the field and the parameters.

use super::report::{Code, Locale, Params};

pub(crate) fn render(code: Code, params: &Params, field: Option<&str>, locale: Locale) -> String {
    let f = field.unwrap_or("");
    let p = |k: &str| params.get(k).unwrap_or("");
    let mut m = String::with_capacity(64);
    let zh = locale == Locale::ZhCn;
    macro_rules! say {
        ($($part:expr),* $(,)?) => {{ $( m.push_str($part); )* }};
    }
    match code {
        Code::InvalidJson => {
            if zh { say!("请求体不是有效的 JSON：", p("reason")) } else { say!("The body is not valid JSON: ", p("reason")) }
        }
        Code::TooDeep => {
            if zh { say!("嵌套层级过深（最多 ", p("max"), " 层）") } else { say!("Nesting is too deep (at most ", p("max"), " levels)") }
        }
        Code::Type => {
            let expected = p("expected");
            if f.is_empty() {
                if zh { say!("请求体必须是", type_zh(expected), "，实际为", type_zh(p("actual"))) } else { say!("The body must be ", article(expected), expected, ", not ", article(p("actual")), p("actual")) }
            } else if zh {
                say!("`", f, "` 必须是", type_zh(expected), "，实际为", type_zh(p("actual")))
            } else {
                say!("`", f, "` must be ", article(expected), expected, ", not ", article(p("actual")), p("actual"))
            }
        }
        Code::Required => {
            if zh { say!("缺少必填字段 `", f, "`") } else { say!("`", f, "` is required") }
        }
        Code::Empty => {
            if zh { say!("`", f, "` 不能为空") } else { say!("`", f, "` must not be empty") }
        }
        Code::Enum => {
            if zh { say!("`", f, "` 的值 \"", p("value"), "\" 无效，允许的值：", p("allowed")) } else { say!("`", f, "` has the value \"", p("value"), "\"; allowed values: ", p("allowed")) }
            suggestion(&mut m, params, zh);
        }
        Code::UnknownField => {
            if zh { say!("未知字段 `", f, "`") } else { say!("Unknown field `", f, "`") }
            suggestion(&mut m, params, zh);
        }
        Code::AssetNumberFormat => {
            if zh { say!("资产编号 \"", p("value"), "\" 必须恰好是 10 位数字") } else { say!("Asset number \"", p("value"), "\" must be exactly 10 digits") }
        }
        Code::AssetNumberPartition => {
            if zh { say!("资产编号 \"", p("value"), "\" 的首位必须是分区标记 8（国内）或 6（新加坡）") } else { say!("Asset number \"", p("value"), "\" must start with partition marker 8 (domestic) or 6 (Singapore)") }
        }
        Code::Minimum => {
            if zh { say!("`", f, "` 必须是不小于 ", p("min"), " 的整数") } else { say!("`", f, "` must be an integer of at least ", p("min")) }
        }
        Code::DurationExpression => {
            if zh { say!("`", f, "` 的值 \"", p("value"), "\" 必须是 年-月-日 形式，例如 1-0-0") } else { say!("`", f, "` \"", p("value"), "\" must have the form y-m-d, e.g. 1-0-0") }
        }
        Code::Email => {
            if zh { say!("`", f, "` 的值 \"", p("value"), "\" 不是有效的电子邮件地址") } else { say!("`", f, "` \"", p("value"), "\" is not an e-mail address") }
        }
        Code::LimitEndBeforeStart => {
            if zh { say!("`", f, "` 早于开始时间 `", p("start"), "`") } else { say!("`", f, "` is before `", p("start"), "`") }
        }
        Code::DuplicateSequence => {
            if zh { say!("sequence ", p("value"), " 与 /orderList/", p("first"), " 重复；同一批次内必须唯一") } else { say!("sequence ", p("value"), " repeats /orderList/", p("first"), "; it must be unique within orderList") }
        }
        Code::SrcLicenseOrderRequired => {
            if zh { say!("云授权（", p("licenseType"), "）的退订订单（", p("orderType"), "）必须填写 `srcLicenseOrderId`") } else { say!("`srcLicenseOrderId` is required for a ", p("orderType"), " order of cloud licence ", p("licenseType")) }
        }
        Code::SrcLicenseOrderRecommended => {
            if zh { say!("建议填写 `srcLicenseOrderId`：为空时将从该客户的所有订单中删除") } else { say!("`srcLicenseOrderId` should be filled: when empty, the ", p("orderType"), " deletes from all orders of the customer") }
        }
        Code::ProductsRequired => {
            if p("orderType") == "new_buy" {
                if zh { say!("new_buy 资产必须直接或在商品包中包含产品") } else { say!("A new_buy asset needs products, directly or in its merchandise packages") }
            } else if zh {
                say!(p("orderType"), " 订单的资产必须包含产品；只有 delete_asset 可以没有产品")
            } else {
                say!("A ", p("orderType"), " asset needs products; only delete_asset may have none")
            }
        }
        Code::StrictMatchFieldRequired => {
            if zh { say!("strictMatchWhenDelete 为 true 时必须填写 `", f, "`（按其精确匹配）") } else { say!("`", f, "` is required when strictMatchWhenDelete is true (it is matched exactly)") }
        }
        Code::LeafProductsRequired => {
            if zh { say!("最底层商品包（children 为 null）必须在 `licenseOrderProductList` 中包含产品") } else { say!("A lowest-level merchandise (children null) needs products in `licenseOrderProductList`") }
        }
        Code::TransferOnlyOnNewBuy => {
            if zh { say!("产品的 `srcLicenseOrderId`（转移）仅用于 new_buy，在 ", p("orderType"), " 中会被忽略") } else { say!("A product's `srcLicenseOrderId` (transfer) applies to new_buy only; it is ignored in ", p("orderType")) }
        }
        Code::UnknownEndpoint => {
            if zh { say!("未知接口 \"", p("value"), "\"，允许的值：", p("allowed")) } else { say!("Unknown endpoint \"", p("value"), "\"; allowed: ", p("allowed")) }
        }
        Code::TooManyIssues => {
            if zh { say!("问题过多：另有 ", p("omitted"), " 个未列出（其中错误 ", p("omittedErrors"), " 个）") } else { say!("Too many issues: ", p("omitted"), " more not listed (", p("omittedErrors"), " of them errors)") }
        }
    }
    m
}

fn suggestion(m: &mut String, params: &Params, zh: bool) {
    if let Some(s) = params.get("suggestion") {
        m.push_str(if zh { "；你是不是想写 `" } else { "; did you mean `" });
        m.push_str(s);
        m.push_str(if zh { "`？" } else { "`?" });
    }
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
