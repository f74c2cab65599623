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
/// The schema tables' file (its `FormatId`, between `// formats:begin` and `// formats:end`).
pub const SCHEMA_MOD: &str = "crates/licensing-core/src/schema/mod.rs";

/// The endpoints' shapes: one file per endpoint (or per family of endpoints
/// that share their shapes), each its requests, its answers and the
/// enumerations only it uses.
pub const ENDPOINTS_DIR: &str = "crates/licensing-core/src/schema/endpoints";
/// Their module file, written whole: a `mod` and a `pub use` per file.
pub const ENDPOINTS_MOD: &str = "crates/licensing-core/src/schema/endpoints/mod.rs";

/// The repository root (the grandparent of this crate's folder).
pub fn repository_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().and_then(Path::parent).map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The four places, each as (path from the root, the whole file as it should be).
pub fn outputs(root: &Path) -> Result<Vec<(String, String)>, String> {
    let Scanned { rules, codes, formats, closers, repairers } = scan_dir(root)?;
    Ok(vec![
        (RULES_MOD.to_owned(), rules_mod_rs(root, &rules, &formats, &closers, &repairers)?),
        (CODES.to_owned(), codes_rs(root, &codes)?),
        (SCHEMA_MOD.to_owned(), schema_mod_rs(root, &formats)?),
        (ENDPOINTS_MOD.to_owned(), endpoints_mod_rs(root)?),
    ])
}

/// The message keys of each rule's messages (written whole by the generators,
/// `xtask/src/catalogue.rs`), which name the rules by variant.
pub const CATALOGUE_KEYS: &str = "crates/licensing-core/src/validate/catalogue_keys.rs";

/// Writes the places that are not what the rule files say; the paths written.
pub fn write(root: &Path) -> Result<Vec<String>, String> {
    let mut written = Vec::new();
    let mut places = outputs(root)?;
    places.extend(catalogue_keys_without_gone_rules(root)?);
    for (path, content) in places {
        let full = root.join(&path);
        if std::fs::read_to_string(&full).ok().as_deref() != Some(content.as_str()) {
            std::fs::write(&full, &content).map_err(|e| format!("{}: {e}", full.display()))?;
            written.push(path);
        }
    }
    Ok(written)
}

/// `catalogue_keys.rs` without the lines of rules whose file is gone, when it
/// has any: the generators rewrite it whole, but they link licensing-core, which
/// would not compile while it names a rule the registry no longer has (so
/// removing a rule file needs no edit of a generated file).
fn catalogue_keys_without_gone_rules(root: &Path) -> Result<Option<(String, String)>, String> {
    let Ok(text) = std::fs::read_to_string(root.join(CATALOGUE_KEYS)) else { return Ok(None) };
    let rules = scan_dir(root)?.rules;
    let variants: Vec<&str> = rules.iter().map(|r| r.variant.as_str()).collect();
    Ok(without_gone_rules(&text, &variants).map(|kept| (CATALOGUE_KEYS.to_owned(), kept)))
}

/// `text` without its lines `(Rule::Name, …` of a `Name` not in `variants`;
/// `None` when it has none.
fn without_gone_rules(text: &str, variants: &[&str]) -> Option<String> {
    let gone = |line: &str| {
        let variant = line.trim_start().strip_prefix("(Rule::").and_then(|rest| rest.split(',').next());
        variant.is_some_and(|v| !variants.contains(&v))
    };
    if !text.lines().any(gone) {
        return None;
    }
    let mut kept = text.lines().filter(|l| !gone(l)).collect::<Vec<_>>().join("\n");
    kept.push('\n');
    Some(kept)
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
/// them, see them), then the `registry!` that makes `Rule` of them, the
/// `formats!` that gives each `FormatId` its file's `FORMAT`, and the
/// `closers!` that calls each file's `on_close` when an object closes, and the
/// `repairers!` that calls each file's `repair` (feature `repair`).
fn rules_mod_rs(
    root: &Path,
    rules: &[Item],
    formats: &[Item],
    closers: &[String],
    repairers: &[String],
) -> Result<String, String> {
    let mut region = String::new();
    for r in rules {
        let _ = writeln!(region, "pub(crate) mod {};", r.module);
    }
    region.push_str("\nregistry! {\n");
    for r in rules {
        let _ = writeln!(region, "    #[doc = {:?}]\n    {} => {};", r.doc, r.variant, r.module);
    }
    region.push_str("}\n\nformats! {\n");
    for f in formats {
        let _ = writeln!(region, "    {} => {};", f.variant, f.module);
    }
    region.push_str("}\n\nclosers! {\n");
    for module in closers {
        let _ = writeln!(region, "    {module},");
    }
    region.push_str("}\n\nrepairers! {\n");
    for module in repairers {
        let _ = writeln!(region, "    {module},");
    }
    region.push_str("}\n");
    replace_region(root, RULES_MOD, "registry", &region)
}

/// `schema/mod.rs` with `FormatId`: a variant per rule file that defines a
/// `FORMAT`, which a field of the tables names (`Kind::Format`), so that the
/// tables need nothing of the validator.
fn schema_mod_rs(root: &Path, formats: &[Item]) -> Result<String, String> {
    let mut region = String::from(
        "/// A string format, by the rule file that defines it (`validate/rules/NAME.rs`'s\n\
         /// `FORMAT`: the check, its examples and its JavaScript and JSON Schema forms).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]\n\
         pub enum FormatId {\n",
    );
    for f in formats {
        let _ = writeln!(region, "    #[doc = {:?}]\n    {},", f.doc, f.variant);
    }
    region.push_str("}\n");
    replace_region(root, SCHEMA_MOD, "formats", &region)
}

/// `schema/endpoints/mod.rs`: every file of the folder as a module whose items
/// the tables name from `schema` (so a new endpoint's shapes are one new file).
fn endpoints_mod_rs(root: &Path) -> Result<String, String> {
    let modules: Vec<String> = module_files(root, ENDPOINTS_DIR)?
        .iter()
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
        .collect();
    let mut text = String::from(
        "//! The endpoints' shapes, a file per endpoint (or per family sharing its\n\
         //! shapes): its requests, its answers and the enumerations only it uses.\n\
         //! Written by `cargo xtask gen` from the files of this folder\n\
         //! (`xtask/registry/src/lib.rs`): a new file needs no line here.\n\n",
    );
    for m in &modules {
        let _ = writeln!(text, "mod {m};");
    }
    text.push('\n');
    for m in &modules {
        let _ = writeln!(text, "pub use {m}::*;");
    }
    Ok(text)
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
    replace_between(&text, &begin, &end, region)
        .ok_or_else(|| format!("{path}: no `{begin}` line, or no `{end}` line after it"))
}

/// `text` with the lines between the line that holds `begin` and the next line
/// that holds `end` replaced by `region` (both marker lines kept as they are,
/// indentation included); `None` when a marker is missing. The generated
/// regions of the rule registry, RULES.md and the contract suite's rulesets.
pub fn replace_between(text: &str, begin: &str, end: &str, region: &str) -> Option<String> {
    let at = text.find(begin)?;
    let start = at + text.get(at..)?.find('\n')? + 1;
    let marker = start + text.get(start..)?.find(end)?;
    let stop = text.get(..marker)?.rfind('\n').map_or(0, |nl| nl + 1).max(start);
    Some(format!("{}{region}{}", text.get(..start)?, text.get(stop..)?))
}

/// What the rule files declare, each list by file name.
struct Scanned {
    rules: Vec<Item>,
    codes: Vec<Item>,
    /// The files that define a string format (`FORMAT`), its variant the file's name in camel case.
    formats: Vec<Item>,
    /// The files whose rule runs when an object closes (`pub(crate) fn on_close(`).
    closers: Vec<String>,
    /// The files that repair generated requests for their rule (`pub(crate) fn repair(`).
    repairers: Vec<String>,
}

/// The `.rs` files of a folder (from the root) but its `mod.rs`, by name.
fn module_files(root: &Path, dir: &str) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
        .map_err(|e| format!("{dir}: {e}"))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && p.file_stem().is_some_and(|s| s != "mod"))
        .collect();
    files.sort();
    Ok(files)
}

/// The rules, the codes and the formats of every file in the rules folder, by file name.
fn scan_dir(root: &Path) -> Result<Scanned, String> {
    let files = module_files(root, RULES_DIR)?;
    let (mut rules, mut codes, mut formats) = (Vec::new(), Vec::new(), Vec::new());
    let (mut closers, mut repairers) = (Vec::new(), Vec::new());
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        if let Some(format) = format_of(&text, &module)? {
            formats.push(format);
        }
        if text.lines().any(|l| l.starts_with("pub(crate) fn on_close(")) {
            closers.push(module.clone());
        }
        if text.lines().any(|l| l.starts_with("pub(crate) fn repair(")) {
            repairers.push(module.clone());
        }
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
    Ok(Scanned { rules, codes, formats, closers, repairers })
}

/// The file's `FORMAT` (a line `pub(crate) const FORMAT: Format`), documented by the `///` lines above it.
fn format_of(text: &str, module: &str) -> Result<Option<Item>, String> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(at) = lines.iter().position(|l| l.starts_with("pub(crate) const FORMAT: Format")) else { return Ok(None) };
    let above = lines.get(..at).unwrap_or_default();
    let doc: Vec<&str> = above.iter().rev().map_while(|l| l.strip_prefix("///")).map(str::trim).collect();
    if doc.is_empty() {
        return Err(format!("{module}.rs:{}: `FORMAT` has no `///` doc (which values, of which field)", at + 1));
    }
    let doc = doc.into_iter().rev().collect::<Vec<_>>().join(" ");
    Ok(Some(Item { doc, variant: camel_case(module), module: module.to_owned(), constant: "FORMAT".to_owned() }))
}

/// `asset_number` → `AssetNumber`.
fn camel_case(snake: &str) -> String {
    snake
        .split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map(|c| c.to_ascii_uppercase().to_string() + chars.as_str()).unwrap_or_default()
        })
        .collect()
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
    fn a_removed_rule_leaves_the_catalogue_keys_and_nothing_else_does() {
        let text = "static KEY_OF: &[(Rule, u8, u8)] = &[\n    (Rule::Email, 0, 5),\n    (Rule::LimitRange, 0, 13),\n    (Rule::LimitRange, 1, 14),\n];\n";
        let kept = super::without_gone_rules(text, &["Email"]);
        assert_eq!(kept.as_deref(), Some("static KEY_OF: &[(Rule, u8, u8)] = &[\n    (Rule::Email, 0, 5),\n];\n"));
        assert_eq!(super::without_gone_rules(text, &["Email", "LimitRange"]), None);
    }

    #[test]
    fn a_rule_id_is_its_variant_in_snake_case() {
        assert_eq!(rule_id("SrcLicenseOrderRequired"), "src_license_order_required");
        assert_eq!(rule_id("Json"), "json");
    }

    #[test]
    fn every_file_of_the_endpoints_folder_is_a_module_of_the_tables() {
        let root = std::env::temp_dir().join(format!("xtask-registry-endpoints-{}", std::process::id()));
        let dir = root.join(super::ENDPOINTS_DIR);
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["zeta.rs", "alpha.rs", "mod.rs", "notes.md"] {
            std::fs::write(dir.join(name), "").unwrap();
        }
        let text = super::endpoints_mod_rs(&root);
        let _ = std::fs::remove_dir_all(&root);
        let text = text.unwrap();
        let code: Vec<&str> = text.lines().filter(|l| !l.starts_with("//!") && !l.is_empty()).collect();
        assert_eq!(code, ["mod alpha;", "mod zeta;", "pub use alpha::*;", "pub use zeta::*;"]);
    }

    #[test]
    fn the_files_with_an_on_close_or_a_repair_are_called_in_name_order() {
        let root = std::env::temp_dir().join(format!("xtask-registry-closers-{}", std::process::id()));
        let dir = root.join(super::RULES_DIR);
        std::fs::create_dir_all(&dir).unwrap();
        let closer =
            "pub(crate) const CLOSES: &[Role] = &[Role::Order];\npub(crate) fn on_close(closed: &mut Closed<'_>) {}\n";
        std::fs::write(dir.join("zeta.rs"), closer).unwrap();
        std::fs::write(dir.join("alpha.rs"), closer).unwrap();
        std::fs::write(dir.join("helper.rs"), "pub(crate) fn check() {}\n// fn on_close( in a comment\n").unwrap();
        std::fs::write(dir.join("mender.rs"), "pub(crate) fn repair(object: &mut Value) {}\n").unwrap();
        let scanned = super::scan_dir(&root).map(|scanned| (scanned.closers, scanned.repairers));
        let _ = std::fs::remove_dir_all(&root);
        assert_eq!(scanned, Ok((vec!["alpha".to_owned(), "zeta".to_owned()], vec!["mender".to_owned()])));
    }

    #[test]
    fn a_region_is_the_lines_between_its_marker_lines() {
        use super::replace_between;
        let text = "head\n// x:begin (written by gen)\nold\n  // x:end\ntail\n";
        assert_eq!(
            replace_between(text, "// x:begin", "// x:end", "new\n").as_deref(),
            Some("head\n// x:begin (written by gen)\nnew\n  // x:end\ntail\n")
        );
        let empty = "// x:begin\n// x:end\n";
        assert_eq!(
            replace_between(empty, "// x:begin", "// x:end", "a\n").as_deref(),
            Some("// x:begin\na\n// x:end\n")
        );
        assert_eq!(replace_between("// x:end\n// x:begin\n", "// x:begin", "// x:end", ""), None);
        assert_eq!(replace_between("// x:begin", "// x:begin", "// x:end", ""), None);
    }

    #[test]
    fn a_format_is_its_files_name_in_camel_case_with_its_doc() {
        let text = "use x;\n\n/// The format `duration`\n/// of a product's field.\npub(crate) const FORMAT: Format = f(Rule::Duration);\n";
        let format = super::format_of(text, "package_duration").unwrap_or_default().map(|f| (f.doc, f.variant));
        assert_eq!(
            format,
            Some(("The format `duration` of a product's field.".to_owned(), "PackageDuration".to_owned()))
        );
        assert!(matches!(super::format_of("const X: u8 = 1;\n", "x"), Ok(None)));
        let undocumented = super::format_of("pub(crate) const FORMAT: Format = f();\n", "x");
        assert!(undocumented.is_err_and(|e| e.contains("no `///` doc")));
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
        assert_eq!(named.map(|scanned| scanned.rules.len()), Ok(1));
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
