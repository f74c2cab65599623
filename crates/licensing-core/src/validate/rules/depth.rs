//! Objects nest at most `MAX_DEPTH` levels; deeper ones are not checked (the walk, `walk.rs`). No example: it takes 65 nested packages.

use crate::validate::rule::RuleDef;

/// The rule `depth` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("depth", Code::TooDeep, Inferred, Error, &[
        Message::new(Code::TooDeep, "Nesting is too deep (at most {max} levels)", "嵌套层级过深（最多 {max} 层）"),
    ])
};
