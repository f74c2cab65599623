//! The generators of licensing-sdk. Every file they write is committed, and a
//! test (`tests/generated.rs`) fails when a committed file is not what they
//! write now: the schema tables of `licensing-core` (and its rules) are the one
//! definition, these are its projections.
//!
//! ```no_run
//! let root = xtask::repository_root();
//! for output in xtask::outputs() {
//!     println!("{} ({} bytes)", output.path, output.content.len());
//! }
//! assert!(xtask::stale(&root).is_empty());
//! ```

use std::path::{Path, PathBuf};

mod fast_check;
mod meta;
mod model;
mod shapes;
mod typescript;

/// One generated file: its path from the repository root and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path from the repository root, with `/`.
    pub path: &'static str,
    /// The whole file.
    pub content: String,
}

/// Every generated file.
pub fn outputs() -> Vec<Output> {
    vec![
        Output { path: "pkg/fast-check.cjs", content: fast_check::fast_check_js() },
        Output { path: "crates/licensing-core/src/model/generated.rs", content: model::generated_rs() },
        Output { path: "pkg/index.d.ts", content: typescript::index_d_ts() },
        Output { path: "pkg/meta.mjs", content: meta::meta_mjs() },
        Output { path: "pkg/meta.cjs", content: meta::meta_cjs() },
        Output { path: "pkg/meta.d.ts", content: meta::meta_d_ts() },
    ]
}

/// The repository root (the parent of this crate's folder).
pub fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Writes every generated file; the paths written.
pub fn write_all(root: &Path) -> Result<Vec<&'static str>, String> {
    let mut written = Vec::new();
    for output in outputs() {
        let path = root.join(output.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, &output.content).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(output.path);
    }
    Ok(written)
}

/// The generated files whose committed content is not the generators' output.
pub fn stale(root: &Path) -> Vec<&'static str> {
    outputs()
        .into_iter()
        .filter(|o| std::fs::read_to_string(root.join(o.path)).ok().as_deref() != Some(o.content.as_str()))
        .map(|o| o.path)
        .collect()
}
