//! Objects nest at most `MAX_DEPTH` levels; deeper ones are not checked (the walk, `walk.rs`). No example: it takes 65 nested packages.

use crate::validate::rule::RuleDef;

/// Objects nest at most 64 levels.
pub(crate) const RULE: super::Rule = super::Rule::Depth;

/// The object is nested more than 64 object levels below the body. Nothing
/// inside it is checked.
pub(crate) const CODE_TOO_DEEP: super::CodeDef =
    super::CodeDef::new(super::Code::TooDeep, "too_deep", "the object past the bound", "`max` (`64`)");

/// The rule `depth` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new(
        "depth",
        Code::TooDeep,
        Inferred,
        Error,
        &[Message::new(Code::TooDeep, "Nesting is too deep (at most {max} levels)", "嵌套层级过深（最多 {max} 层）")],
    )
    .in_schemas(No("nesting depth is a property of the text; JSON Schema has no keyword for it"))
};
