//! A required string or list is not blank or empty. Checked by the walk.

use crate::validate::rule::RuleDef;

/// The rule `non_empty` (see `RULES.md`).
pub(crate) static DEF: RuleDef = {
    use super::prelude::*;
    RuleDef::new("non_empty", Code::Empty, Inferred, Error, &[
        Message::new(Code::Empty, "`{field}` must not be empty", "`{field}` 不能为空"),
    ])
    .examples(&[
        example(LockAssets, r#"{"assetNums": [], "operatorIdentity": "ops"}"#, "/assetNums"),
        example(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": " "}"#, "/operatorIdentity"),
    ])
    .passes(&[
        pass(LockAssets, r#"{"assetNums": ["8000000001"], "operatorIdentity": "ops"}"#),
    ])
};
