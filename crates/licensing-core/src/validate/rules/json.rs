//! The text is JSON (RFC 8259). Checked by the scanner (`scan.rs`) as the walk reads it.

use crate::validate::rule::RuleDef;

/// The rule `json` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("json", Code::InvalidJson, Spec, Error, &[
        Message::new(Code::InvalidJson, "The body is not valid JSON: {reason}", "请求体不是有效的 JSON：{reason}"),
    ])
    .examples(&[
        example(ShellNums, r#"{"size": 1"#, ""),
    ])
    .passes(&[
        pass(ShellNums, r#" {"size" : 1} "#),
    ])
};
