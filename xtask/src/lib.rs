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

use licensing_core::validate::Profile;

mod catalogue;
mod client_md;
mod contract;
mod dependents_cases;
mod endpoints;
mod fast_check;
mod json;
mod json_schema;
mod meta;
mod model;
mod openapi;
mod rule_cases;
mod rules_md;
mod shapes;
mod sim_flags;
mod sim_state;
mod stales;
mod testing;
mod typescript;

/// One generated file: its path from the repository root and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Output {
    /// Path from the repository root, with `/`.
    pub path: String,
    /// The whole file.
    pub content: String,
}

/// Every generated file.
pub fn outputs() -> Vec<Output> {
    let output = |path: &str, content: String| Output { path: path.to_owned(), content };
    let mut all = vec![
        output("js/generated/fast-check.js", fast_check::fast_check_js()),
        output("js/generated/endpoints.js", endpoints::endpoints_js()),
        output("js/generated/clock.js", endpoints::clock_js()),
        output("crates/licensing-core/src/validate/catalogue_keys.rs", catalogue::catalogue_keys_rs()),
        output("js/generated/messages/en.json", catalogue::catalogue_json(false)),
        output("js/generated/messages/zh-CN.json", catalogue::catalogue_json(true)),
        output("crates/licensing-core/src/model/generated.rs", model::generated_rs()),
        output("js/generated/index.d.ts", typescript::index_d_ts()),
        output("js/generated/meta.js", meta::meta_js()),
        output("js/generated/meta.d.ts", meta::meta_d_ts()),
        output("js/generated/stales.js", stales::stales_js()),
        output("js/generated/sim-flags.js", sim_flags::sim_flags_js()),
        output("js/generated/sim-faults.js", sim_flags::sim_faults_js()),
        output("contract/openapi.json", openapi::openapi_json(Profile::Recommended)),
        output("js/generated/invalid-examples.js", testing::testing_js()),
        output("js/generated/invalid-examples.d.ts", testing::testing_d_ts()),
        output("js/generated/sim-state.d.ts", sim_state::sim_state_d_ts()),
        output("tests/js/rule-cases.json", rule_cases::rule_cases_json()),
        output("tests/js/dependents-cases.json", dependents_cases::dependents_cases_json()),
        output("tests/contract/.redocly.lint-ignore.yaml", contract::redocly_ignore()),
        output(
            "tests/contract/spectral.yaml",
            contract::spectral_yaml(
                &std::fs::read_to_string(repository_root().join("tests/contract/spectral.yaml")).unwrap_or_default(),
            ),
        ),
        // Written by hand but for their tables, which are rewritten in place.
        output(
            "docs/guide/client.md",
            client_md::client_md(
                &std::fs::read_to_string(repository_root().join("docs/guide/client.md")).unwrap_or_default(),
            ),
        ),
        output(
            "crates/licensing-sim/README.md",
            sim_flags::sim_readme(
                &std::fs::read_to_string(repository_root().join("crates/licensing-sim/README.md")).unwrap_or_default(),
            ),
        ),
        output(
            "RULES.md",
            rules_md::rules_md(&std::fs::read_to_string(repository_root().join("RULES.md")).unwrap_or_default()),
        ),
    ];
    for e in licensing_core::wire::Endpoint::ALL {
        all.push(output(
            &format!("contract/schemas/{}.json", e.name()),
            json_schema::request_schema(e, Profile::Recommended),
        ));
    }
    // The spec profile's variants, for gateways and mocks that must accept what the spec allows.
    all.push(output("contract/schemas/spec/openapi.json", openapi::openapi_json(Profile::Spec)));
    for e in licensing_core::wire::Endpoint::ALL {
        all.push(output(
            &format!("contract/schemas/spec/{}.json", e.name()),
            json_schema::request_schema(e, Profile::Spec),
        ));
    }
    // Both profiles' schemas again, as the data of `~standard.jsonSchema`.
    all.push(output("js/generated/json-schema-data.js", json_schema::json_schema_data_js()));
    all
}

/// `text` with `head` as its first line: a first line that starts with `old` (an
/// earlier wording of the head) is replaced, any other moves down below it. The
/// files that are written by hand but for their marked regions say so there.
pub(crate) fn with_head(text: &str, head: &str, old: &str) -> String {
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with(old) => format!("{head}\n{rest}"),
        _ => format!("{head}\n{text}"),
    }
}

/// The request shapes whose field table `RULES.md` lacks (its markers).
pub fn rules_md_missing_field_tables(root: &Path) -> Vec<&'static str> {
    rules_md::missing_field_tables(&std::fs::read_to_string(root.join("RULES.md")).unwrap_or_default())
}

/// The repository root (the parent of this crate's folder).
pub fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Writes every generated file; the paths written.
pub fn write_all(root: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    for output in outputs() {
        let path = root.join(&output.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::write(&path, &output.content).map_err(|e| format!("{}: {e}", path.display()))?;
        written.push(output.path);
    }
    Ok(written)
}

/// The generated files (and the registry's places) whose committed content is
/// not the generators' output.
pub fn stale(root: &Path) -> Vec<String> {
    // The registry's places (written by xtask-registry, which `cargo xtask gen` runs first).
    let registry = match xtask_registry::outputs(root) {
        Ok(outputs) => outputs,
        Err(e) => return vec![format!("the registry: {e}")],
    };
    registry
        .into_iter()
        .map(|(path, content)| Output { path, content })
        .chain(outputs())
        .filter(|o| std::fs::read_to_string(root.join(&o.path)).ok().as_deref() != Some(o.content.as_str()))
        .map(|o| o.path)
        .collect()
}
