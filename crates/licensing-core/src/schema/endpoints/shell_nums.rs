//! `shellNums`: new asset numbers.

use crate::schema::{req, shape, FormatId, Kind, Role, Shape};

/// Body of `shellNums` (endpoint 9).
pub static SHELL_NUMS: Shape = shape(
    "ShellNumsRequest",
    "Body of `shellNums`: asks for asset number digit strings.",
    &[req("size", Kind::IntMin(1), "number of asset numbers wanted").label("How many numbers", "数量")],
    Role::Plain,
)
.presence_rests_on(
    r#""Body: size (integer, number of asset numbers wanted)": the call's only field (and `size` ≥ 1: `minimum`)."#,
);

/// `data` of `shellNums`: asset number digit strings.
pub static ASSET_NUMBERS: Kind = Kind::Array(&Kind::Format(FormatId::AssetNumber));
