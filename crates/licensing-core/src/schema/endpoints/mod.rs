//! The endpoints' shapes, a file per endpoint (or per family sharing its
//! shapes): its requests, its answers and the enumerations only it uses.
//! Written by `cargo xtask gen` from the files of this folder
//! (`xtask/registry/src/lib.rs`): a new file needs no line here.

mod batch_order;
mod enterprises;
mod join_activity;
mod list_assets;
mod locks;
mod shell_nums;

pub use batch_order::*;
pub use enterprises::*;
pub use join_activity::*;
pub use list_assets::*;
pub use locks::*;
pub use shell_nums::*;
