//! Makes the rule registry and the issue codes from the rule files, so that a
//! rule is its file and nothing else: each file in `src/validate/rules/` that
//! defines a rule's `DEF` says which rule it is, documented, and declares the
//! codes it owns:
//!
//! ```text
//! /// `enterpriseGlobalId` stays one URL path segment: not `.` or `..`.
//! pub(crate) const RULE: super::Rule = super::Rule::PathSegment;
//!
//! /// The value is `.` or `..` (…): its meaning, `RULES.md`'s codes table.
//! pub(crate) const CODE_PATH_SEGMENT: super::CodeDef = super::CodeDef::new(super::Code::PathSegment, …);
//! ```
//!
//! This writes `$OUT_DIR/rules.rs` (the `registry!` of `rules/mod.rs`: the
//! `Rule` enum, the modules, `Rule::ALL`) and `$OUT_DIR/codes.rs` (the `codes!`
//! of `codes.rs`: the `Code` enum, `Code::ALL`), both by file name, and the
//! compiler checks the rest (each `RULE` and `CodeDef` names its own variant).
//! Why a build script and not `cargo xtask gen`: the generators link this crate,
//! so a registry that names a removed file would keep them from building.

use std::fmt::Write as _;
use std::path::Path;

const RULES_DIR: &str = "src/validate/rules";

/// One item found in a rule file: its doc (lines joined by spaces) and its variant.
struct Item {
    doc: String,
    variant: String,
    module: String,
    constant: String,
}

fn main() {
    println!("cargo:rerun-if-changed={RULES_DIR}");
    let mut files: Vec<_> = std::fs::read_dir(RULES_DIR)
        .unwrap_or_else(|e| panic!("{RULES_DIR}: {e}"))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs") && p.file_stem().is_some_and(|s| s != "mod"))
        .collect();
    files.sort();

    let (mut rules, mut codes) = (Vec::new(), Vec::new());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let module = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        let (rule, file_codes) = scan(&text, &module);
        let defines_rule = text.contains("pub(crate) static DEF: RuleDef");
        match (rule, defines_rule) {
            (Some(rule), true) => rules.push(rule),
            (None, false) => {}
            (None, true) => panic!(
                "{}: it defines a rule's DEF but not which rule it is: add `/// what it checks` and `pub(crate) const RULE: super::Rule = super::Rule::Name;`",
                path.display()
            ),
            (Some(_), false) => panic!("{}: a `RULE` without the rule's `pub(crate) static DEF: RuleDef`", path.display()),
        }
        codes.extend(file_codes);
    }

    let out = std::env::var("OUT_DIR").unwrap_or_else(|e| panic!("OUT_DIR: {e}"));
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|e| panic!("CARGO_MANIFEST_DIR: {e}"));
    let mut registry = String::from("registry! {\n");
    for r in &rules {
        let file = format!("{dir}/{RULES_DIR}/{}.rs", r.module);
        let _ = writeln!(registry, "    #[doc = {:?}]\n    {} => {} in {file:?};", r.doc, r.variant, r.module);
    }
    registry.push_str("}\n");
    write(&Path::new(&out).join("rules.rs"), &registry);

    let mut list = String::from("codes! {\n");
    for c in &codes {
        let _ = writeln!(list, "    #[doc = {:?}]\n    {} => {}::{};", c.doc, c.variant, c.module, c.constant);
    }
    list.push_str("}\n");
    write(&Path::new(&out).join("codes.rs"), &list);
}

fn write(path: &Path, content: &str) {
    if std::fs::read_to_string(path).ok().as_deref() != Some(content) {
        std::fs::write(path, content).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

/// The file's `RULE` and its `CodeDef`s, each with the `///` lines just above it.
fn scan(text: &str, module: &str) -> (Option<Item>, Vec<Item>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut rule, mut codes) = (None, Vec::new());
    let mut doc: Vec<&str> = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        if let Some(d) = line.strip_prefix("///") {
            doc.push(d.trim());
            continue;
        }
        let item = |constant: &str, marker: &str| -> Item {
            // The variant follows the marker, on this line or the next ones (rustfmt).
            let rest = lines[n..].join("\n");
            let variant: String = rest
                .split_once(marker)
                .map(|(_, after)| after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect())
                .unwrap_or_default();
            assert!(!variant.is_empty(), "{module}.rs:{}: `{constant}` names no `{marker}…`", n + 1);
            assert!(!doc.is_empty(), "{module}.rs:{}: `{constant}` has no `///` doc (what RULES.md says of it)", n + 1);
            Item { doc: doc.join(" "), variant, module: module.to_owned(), constant: constant.to_owned() }
        };
        if line.starts_with("pub(crate) const RULE: super::Rule") {
            assert!(rule.is_none(), "{module}.rs: two `RULE`s");
            rule = Some(item("RULE", "= super::Rule::"));
        } else if let Some(rest) = line.strip_prefix("pub(crate) const ") {
            if let Some((constant, _)) = rest.split_once(": super::CodeDef") {
                codes.push(item(constant, "super::Code::"));
            }
        }
        if !line.starts_with("#[") {
            doc.clear();
        }
    }
    (rule, codes)
}
