//! The rule registry and the issue codes, written from the rule files into
//! their places in `rules/mod.rs` and `codes.rs` (between markers), so that a
//! rule is its file and nothing else. Each file of
//! `crates/licensing-core/src/validate/rules/` that defines a rule's `DEF` says
//! which rule it is, documented, and declares the codes it owns:
//!
//! ```text
//! /// `enterpriseGlobalId` stays one URL path segment: not `.` or `..`.
//! pub(crate) const RULE: super::Rule = super::Rule::PathSegment;
//!
//! /// The value is `.` or `..` (…): its meaning, `RULES.md`'s codes table.
//! pub(crate) const CODE_PATH_SEGMENT: super::CodeDef = super::CodeDef::new(super::Code::PathSegment, …);
//! ```
//!
//! Both lists are by file name; the compiler checks the rest (each `RULE` and
//! `CodeDef` names the variant its line makes). This reads the files as text and
//! links nothing of the crate, so `cargo xtask gen` runs it first (`main.rs`),
//! before the generators, which link the crate it makes. `xtask`'s check (and its
//! generated-files test) compares these places too.
//!
//! ```no_run
//! let root = xtask_registry::repository_root();
//! for output in xtask_registry::outputs(&root).unwrap_or_default() {
//!     println!("{} ({} bytes)", output.0, output.1.len());
//! }
//! ```

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

pub(crate) const RULES_DIR: &str = "crates/licensing-core/src/validate/rules";
/// The registry's file (its `registry!`, between `// registry:begin` and `// registry:end`).
pub const RULES_MOD: &str = "crates/licensing-core/src/validate/rules/mod.rs";
/// The codes' file (its `codes!`, between `// codes:begin` and `// codes:end`).
pub const CODES: &str = "crates/licensing-core/src/validate/codes.rs";

/// The repository root (the grandparent of this crate's folder).
pub fn repository_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().and_then(Path::parent).map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The two places, each as (path from the root, the whole file as it should be).
pub fn outputs(root: &Path) -> Result<Vec<(String, String)>, String> {
    let (rules, codes) = scan_dir(root)?;
    Ok(vec![(RULES_MOD.to_owned(), rules_mod_rs(root, &rules)?), (CODES.to_owned(), codes_rs(root, &codes)?)])
}

/// Writes the places that are not what the rule files say; the paths written.
pub fn write(root: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    for (path, content) in outputs(root)? {
        let full = root.join(&path);
        if std::fs::read_to_string(&full).ok().as_deref() != Some(content.as_str()) {
            std::fs::write(&full, &content).map_err(|e| format!("{}: {e}", full.display()))?;
            written.push(path);
        }
    }
    Ok(written)
}

/// One item found in a rule file: its doc (lines joined by spaces), its variant,
/// its file and the constant that declares it.
struct Item {
    doc: String,
    variant: String,
    module: String,
    constant: String,
}

/// `rules/mod.rs` with its registry written from the rules found: the rule
/// files as plain `mod` lines (so tools that read modules, cargo-mutants among
/// them, see them), then the `registry!` that makes `Rule` of them.
fn rules_mod_rs(root: &Path, rules: &[Item]) -> Result<String, String> {
    let mut region = String::new();
    for r in rules {
        let _ = writeln!(region, "pub(crate) mod {};", r.module);
    }
    region.push_str("\nregistry! {\n");
    for r in rules {
        let _ = writeln!(region, "    #[doc = {:?}]\n    {} => {};", r.doc, r.variant, r.module);
    }
    region.push_str("}\n");
    replace_region(root, RULES_MOD, "registry", &region)
}

/// `codes.rs` with its list of codes written from the codes found.
fn codes_rs(root: &Path, codes: &[Item]) -> Result<String, String> {
    let mut region = String::from("codes! {\n");
    for c in codes {
        let _ = writeln!(region, "    #[doc = {:?}]\n    {} => {}::{};", c.doc, c.variant, c.module, c.constant);
    }
    region.push_str("}\n");
    replace_region(root, CODES, "codes", &region)
}

/// `path`'s text with what lies between its `// NAME:begin` and `// NAME:end`
/// lines replaced by `region`.
fn replace_region(root: &Path, path: &str, name: &str, region: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(root.join(path)).map_err(|e| format!("{path}: {e}"))?;
    let (begin, end) = (format!("// {name}:begin"), format!("// {name}:end"));
    let start = text.find(&begin).ok_or_else(|| format!("{path}: no `{begin}` line"))?;
    let start = start + text[start..].find('\n').ok_or_else(|| format!("{path}: `{begin}` ends the file"))? + 1;
    let stop = start + text[start..].find(&end).ok_or_else(|| format!("{path}: no `{end}` line after `{begin}`"))?;
    Ok(format!("{}{region}{}", &text[..start], &text[stop..]))
}

/// The rules and the codes of every file in the rules folder, by file name.
fn scan_dir(root: &Path) -> Result<(Vec<Item>, Vec<Item>), String> {
    let dir = root.join(RULES_DIR);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{RULES_DIR}: {e}"))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && p.file_stem().is_some_and(|s| s != "mod"))
        .collect();
    files.sort();
    let (mut rules, mut codes) = (Vec::new(), Vec::new());
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        let (rule, file_codes) = scan(&text, &module)?;
        match (rule, text.contains("pub(crate) static DEF: RuleDef")) {
            (Some(rule), true) if rule_id(&rule.variant) != module => {
                let id = rule_id(&rule.variant);
                return Err(format!(
                    "{module}.rs holds the rule `{id}`: a rule file is named by its rule id ({id}.rs)"
                ));
            }
            (Some(rule), true) => rules.push(rule),
            (None, false) => {}
            (None, true) => {
                return Err(format!(
                    "{module}.rs defines a rule's DEF but not which rule it is: add `/// what it checks` and \
                     `pub(crate) const RULE: super::Rule = super::Rule::Name;`"
                ))
            }
            (Some(_), false) => {
                return Err(format!("{module}.rs: a `RULE` without the rule's `pub(crate) static DEF: RuleDef`"))
            }
        }
        codes.extend(file_codes);
    }
    Ok((rules, codes))
}

/// A rule's id (RULES.md, the reports' `rule`): its variant in snake case.
fn rule_id(variant: &str) -> String {
    let mut id = String::new();
    for (i, c) in variant.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            id.push('_');
        }
        id.push(c.to_ascii_lowercase());
    }
    id
}

/// The file's `RULE` and its `CodeDef`s, each with the `///` lines just above it.
fn scan(text: &str, module: &str) -> Result<(Option<Item>, Vec<Item>), String> {
    let lines: Vec<&str> = text.lines().collect();
    let (mut rule, mut codes) = (None, Vec::new());
    let mut doc: Vec<&str> = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if let Some(d) = line.strip_prefix("///") {
            doc.push(d.trim());
            continue;
        }
        let item = |constant: &str, marker: &str| -> Result<Item, String> {
            // The variant follows the marker, on this line or the next ones (rustfmt).
            let rest = lines.get(n..).unwrap_or_default().join("\n");
            let variant: String = rest
                .split_once(marker)
                .map(|(_, after)| after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect())
                .unwrap_or_default();
            if variant.is_empty() {
                return Err(format!("{module}.rs:{}: `{constant}` names no `{marker}…`", n + 1));
            }
            if doc.is_empty() {
                return Err(format!("{module}.rs:{}: `{constant}` has no `///` doc (what RULES.md says of it)", n + 1));
            }
            Ok(Item { doc: doc.join(" "), variant, module: module.to_owned(), constant: constant.to_owned() })
        };
        if line.starts_with("pub(crate) const RULE: super::Rule") {
            if rule.is_some() {
                return Err(format!("{module}.rs: two `RULE`s"));
            }
            rule = Some(item("RULE", "= super::Rule::")?);
        } else if let Some((constant, _)) =
            line.strip_prefix("pub(crate) const ").and_then(|rest| rest.split_once(": super::CodeDef"))
        {
            codes.push(item(constant, "super::Code::")?);
        }
        if !line.starts_with("#[") {
            doc.clear();
        }
    }
    Ok((rule, codes))
}

#[cfg(test)]
mod tests {
    use super::{rule_id, scan};

    #[test]
    fn a_rule_id_is_its_variant_in_snake_case() {
        assert_eq!(rule_id("SrcLicenseOrderRequired"), "src_license_order_required");
        assert_eq!(rule_id("Json"), "json");
    }

    #[test]
    fn a_rule_file_not_named_by_its_rule_id_is_refused() {
        let root = std::env::temp_dir().join(format!("xtask-registry-{}", std::process::id()));
        let dir = root.join(super::RULES_DIR);
        std::fs::create_dir_all(&dir).unwrap();
        let rule = "/// What it checks.\npub(crate) const RULE: super::Rule = super::Rule::Json;\npub(crate) static DEF: RuleDef = x;\n";
        std::fs::write(dir.join("json_text.rs"), rule).unwrap();
        let err = super::scan_dir(&root).err().unwrap_or_default();
        std::fs::rename(dir.join("json_text.rs"), dir.join("json.rs")).unwrap();
        let named = super::scan_dir(&root);
        let _ = std::fs::remove_dir_all(&root);
        assert_eq!(err, "json_text.rs holds the rule `json`: a rule file is named by its rule id (json.rs)");
        assert_eq!(named.map(|(rules, _)| rules.len()), Ok(1));
    }

    #[test]
    fn a_rule_file_gives_its_rule_and_its_codes_with_their_docs() {
        let text = "//! x\n\n/// What it checks,\n/// in two lines.\npub(crate) const RULE: super::Rule = super::Rule::Thing;\n\n\
                    /// Its meaning.\npub(crate) const CODE_THING: super::CodeDef =\n    super::CodeDef::new(super::Code::ThingWrong, \"thing_wrong\", \"a\", \"b\");\n";
        let (rule, codes) = scan(text, "thing").unwrap_or_default();
        let rule = rule.map(|r| (r.doc, r.variant));
        assert_eq!(rule, Some(("What it checks, in two lines.".to_owned(), "Thing".to_owned())));
        let codes: Vec<_> = codes.into_iter().map(|c| (c.doc, c.variant, c.constant)).collect();
        assert_eq!(codes, [("Its meaning.".to_owned(), "ThingWrong".to_owned(), "CODE_THING".to_owned())]);
    }

    #[test]
    fn an_undocumented_code_is_refused() {
        let text =
            "pub(crate) const CODE_X: super::CodeDef = super::CodeDef::new(super::Code::X, \"x\", \"a\", \"b\");\n";
        assert!(scan(text, "x").is_err_and(|e| e.contains("no `///` doc")));
    }
}
