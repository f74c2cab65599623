//! The text is JSON (RFC 8259). Checked by the scanner (`scan.rs`) as the walk reads it.

use crate::validate::rule::RuleDef;

/// The text is JSON.
pub(crate) const RULE: super::Rule = super::Rule::Json;

/// The text is not JSON. In JS it also covers a value `JSON.stringify` cannot
/// serialize (cycle, BigInt, throwing `toJSON`) and a `validateJson` text that
/// is not a string.
pub(crate) const CODE_INVALID_JSON: super::CodeDef = super::CodeDef::new(
    super::Code::InvalidJson,
    "invalid_json",
    "`\"\"`",
    "`reason` (the parser's message, cut to 200 chars)",
);

/// The rule `json` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "json",
        Code::InvalidJson,
        Spec,
        Error,
        &[Message::new(Code::InvalidJson, "The body is not valid JSON: {reason}", "请求体不是有效的 JSON：{reason}")],
    )
    .reads(Reads::Both)
    .examples(&[example(ShellNums, r#"{"size": 1"#, "")])
    .answer_examples(&[answer(ShellNums, 200, "<html>gateway says hello</html>", "")])
    .passes(&[pass(ShellNums, r#" {"size" : 1} "#)])
    .in_schemas(By("the JSON text itself (a schema validates parsed values)"))
};
