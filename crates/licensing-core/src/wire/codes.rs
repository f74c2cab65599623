//! The business codes the service answers with (the order module's `code`, the
//! activity module's `resultCode`): one row each, with the endpoints that give
//! it and what it means in every locale. The one table of them: the answer
//! check reads it (a code it lacks is `unlisted_code`), `licensing-sdk/meta`
//! carries it (`businessCodes`, so a portal says what a code means), and
//! RULES.md's table and OpenAPI's envelope descriptions are written from it. A
//! new code is a row here.
//!
//! ```
//! use licensing_core::wire::{business_code, Endpoint};
//! let code = business_code(Endpoint::BatchOrder, "13004").expect("listed");
//! assert_eq!(code.en, "parameter validation failure"); // with the feature `meta`
//! assert!(business_code(Endpoint::BatchOrder, "1001").is_none()); // an activity code
//! ```

use super::{Endpoint, Module};

/// One business code of one module: which endpoints give it (none: every
/// endpoint of its module), and what it means in English and in Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct BusinessCodeDef {
    /// The module whose envelope carries it (`code`, or `resultCode`).
    pub module: Module,
    /// The code as its envelope's text (`0` for the order module's success).
    pub code: &'static str,
    /// The endpoints that answer with it; empty: every endpoint of its module.
    pub endpoints: &'static [Endpoint],
    /// Whether it is the module's success.
    pub success: bool,
    /// What it means, in English (the spec's words where it has them); empty
    /// without the feature `meta` (the wasm bindings build without the words).
    pub en: &'static str,
    /// What it means, in Simplified Chinese (empty without `meta`).
    pub zh_cn: &'static str,
}

/// `text` with the feature `meta`, else empty: a build without it (the wasm
/// bindings, which need only which codes are listed) carries none of the words.
const fn words(text: &'static str) -> &'static str {
    if cfg!(feature = "meta") {
        text
    } else {
        ""
    }
}

const fn code(module: Module, code: &'static str, en: &'static str, zh_cn: &'static str) -> BusinessCodeDef {
    BusinessCodeDef { module, code, endpoints: &[], success: false, en: words(en), zh_cn: words(zh_cn) }
}

const fn success(module: Module, text: &'static str) -> BusinessCodeDef {
    BusinessCodeDef { success: true, ..code(module, text, "success", "成功") }
}

/// Every business code the spec lists, by module, in the spec's order.
pub static BUSINESS_CODES: &[BusinessCodeDef] = &[
    success(Module::Order, "0"),
    code(Module::Order, "13004", "parameter validation failure", "参数校验失败"),
    code(Module::Order, "500", "network exception, retry", "网络异常，请重试"),
    success(Module::Activity, "0000"),
    code(Module::Activity, "1001", "request parameter error", "请求参数错误"),
    code(Module::Activity, "1002", "processing exception", "处理异常"),
    code(Module::Activity, "1004", "illegal participant information", "参与者信息不合法"),
    code(Module::Activity, "2001", "dropped by a filter rule", "被过滤规则拦截"),
    code(Module::Activity, "3001", "the activity does not exist", "活动不存在"),
    code(Module::Activity, "3002", "the participant does not meet the conditions", "参与者不满足条件"),
];

impl BusinessCodeDef {
    /// The row given only by `endpoints` (a row says none: every endpoint of its module).
    pub const fn only(self, endpoints: &'static [Endpoint]) -> Self {
        BusinessCodeDef { endpoints, ..self }
    }

    /// Whether `endpoint` may answer with it.
    pub fn given_by(&self, endpoint: Endpoint) -> bool {
        endpoint.def().module == self.module && (self.endpoints.is_empty() || self.endpoints.contains(&endpoint))
    }
}

/// The row of `code` as `endpoint` may answer with it; `None` for a code the
/// table does not list there (another module's, or another endpoint's).
pub fn business_code(endpoint: Endpoint, code: &str) -> Option<&'static BusinessCodeDef> {
    BUSINESS_CODES.iter().find(|c| c.code == code && c.given_by(endpoint))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{result_code, BusinessCode};

    #[test]
    fn the_named_constants_are_rows_of_the_table() {
        for (module, text) in [
            (Module::Order, BusinessCode::SUCCESS),
            (Module::Order, BusinessCode::VALIDATION),
            (Module::Order, BusinessCode::RETRY),
            (Module::Activity, result_code::SUCCESS),
            (Module::Activity, result_code::PARAMETER_ERROR),
            (Module::Activity, result_code::PROCESSING_EXCEPTION),
            (Module::Activity, result_code::ILLEGAL_PARTICIPANT),
            (Module::Activity, result_code::FILTERED),
            (Module::Activity, result_code::UNKNOWN_ACTIVITY),
            (Module::Activity, result_code::CONDITIONS_NOT_MET),
        ] {
            assert!(BUSINESS_CODES.iter().any(|c| c.module == module && c.code == text), "{module:?} {text}");
        }
    }

    #[test]
    fn every_row_is_one_of_its_module_with_its_meaning_in_every_locale() {
        for (i, c) in BUSINESS_CODES.iter().enumerate() {
            #[cfg(feature = "meta")]
            assert!(!c.en.trim().is_empty() && !c.zh_cn.trim().is_empty(), "{}: a meaning in every locale", c.code);
            assert!(
                c.endpoints.iter().all(|e| e.def().module == c.module),
                "{}: an endpoint of another module",
                c.code
            );
            let again = BUSINESS_CODES.iter().skip(i + 1).any(|d| d.module == c.module && d.code == c.code);
            assert!(!again, "{} is listed twice", c.code);
        }
        for module in [Module::Order, Module::Activity] {
            assert_eq!(BUSINESS_CODES.iter().filter(|c| c.module == module && c.success).count(), 1, "{module:?}");
        }
    }
}
