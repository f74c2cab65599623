//! The endpoint is one of the spec's (`validate::unknown_endpoint`). No example: it is about the name, not a body.

use crate::validate::rule::RuleDef;

/// The endpoint is one of the spec's.
pub(crate) const RULE: super::Rule = super::Rule::Endpoint;

/// The endpoint name is not one of the spec's.
pub(crate) const CODE_UNKNOWN_ENDPOINT: super::CodeDef = super::CodeDef::new(
    super::Code::UnknownEndpoint,
    "unknown_endpoint",
    "`\"\"`",
    "`value` (≤ 40 chars), `allowed` (the endpoints' names), `suggestion`?",
);

/// The rule `endpoint` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "endpoint",
        Code::UnknownEndpoint,
        Spec,
        Error,
        &[Message::new(
            Code::UnknownEndpoint,
            "Unknown endpoint \"{value}\"; allowed: {allowed}",
            "未知接口 \"{value}\"，允许的值：{allowed}",
        )],
    )
    .reads(Reads::Both)
    .in_schemas(By("one schema per endpoint"))
};
