//! Every committed generated file is exactly what the generators write now:
//! an edit of the schema tables or of the rules must be followed by
//! `cargo xtask gen` (and its output committed).

#[test]
fn committed_files_are_the_generators_output() {
    let root = xtask::repository_root();
    let stale = xtask::stale(&root);
    assert!(stale.is_empty(), "not the generators' output (run `cargo xtask gen`): {stale:?}");
}

#[test]
fn every_output_is_marked_generated() {
    for output in xtask::outputs() {
        let head: String = output.content.lines().take(6).collect::<Vec<_>>().join("\n");
        assert!(
            head.contains("@generated"),
            "{} does not say it is generated: its generator (xtask/src/) must write `@generated` in the file's first six lines",
            output.path
        );
    }
}

#[test]
fn rules_md_has_a_field_table_for_every_request_shape() {
    let missing = xtask::rules_md_missing_field_tables(&xtask::repository_root());
    assert!(
        missing.is_empty(),
        "RULES.md has no `<!-- fields:NAME:begin -->` / `<!-- fields:NAME:end -->` section for {missing:?}: add one under `## Fields per endpoint`"
    );
}

#[test]
fn the_docs_count_no_codes_rules_or_endpoints_by_hand() {
    // A count written in prose goes stale with the next rule: the tables say
    // how many there are. ("23 stable codes" stood in RULES.md with 25.)
    let root = xtask::repository_root();
    let mut docs: Vec<String> =
        ["RULES.md", "README.md", "CONTRIBUTING.md", "CHANGELOG.md", "js/README.md", "crates/licensing-sim/README.md"]
            .map(String::from)
            .to_vec();
    for entry in std::fs::read_dir(root.join("docs/guide")).into_iter().flatten().flatten() {
        docs.push(format!("docs/guide/{}", entry.file_name().to_string_lossy()));
    }
    // The examples' prose and comments too (their code takes the endpoints from meta).
    let mut folders = vec![String::from("examples")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(root.join(&folder)).into_iter().flatten().flatten() {
            let name = format!("{folder}/{}", entry.file_name().to_string_lossy());
            if entry.file_type().is_ok_and(|t| t.is_dir()) {
                if !name.ends_with("node_modules") {
                    folders.push(name);
                }
            } else if [".md", ".mjs", ".js", ".ts"].iter().any(|ext| name.ends_with(ext)) {
                docs.push(name);
            }
        }
    }
    // A paragraph that names most endpoints is a list of them all, which the
    // next endpoint leaves stale: it must name every one, or link to RULES.md's
    // generated tables (or meta) instead.
    let endpoints: Vec<String> = licensing_core::wire::Endpoint::ALL.iter().map(|e| format!("`{}", e.name())).collect();
    for name in &docs {
        let Ok(text) = std::fs::read_to_string(root.join(name)) else { continue };
        let mut generated = false;
        let mut fenced = false;
        for paragraph in text.split("\n\n") {
            generated = (generated || paragraph.contains(":begin -->")) && !paragraph.contains(":end -->");
            fenced ^= paragraph.matches("```").count() % 2 == 1;
            if generated || fenced || paragraph.contains("```") {
                continue;
            }
            let named = endpoints
                .iter()
                .filter(|e| paragraph.contains(&format!("{e}`")) || paragraph.contains(&format!("{e}(")))
                .count();
            assert!(
                named == endpoints.len() || named * 4 < endpoints.len() * 3,
                "{name}: a paragraph names {named} of the {} endpoints: a list of them all, with one missing \
                 (name it, or link to RULES.md's fields per endpoint instead)\n{paragraph}",
                endpoints.len()
            );
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        // "The ten endpoints" goes stale with the eleventh (the table says how many).
        let ten = words.iter().any(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).eq_ignore_ascii_case("ten"));
        assert!(!ten, "{name}: counts the endpoints in words (\"ten\"): say it without a count");
        for pair in words.windows(3) {
            let [number, second, third] = pair else { continue };
            let counted = if *second == "stable" { *third } else { *second };
            let is_count = number.chars().all(|c| c.is_ascii_digit()) && !number.is_empty();
            assert!(
                !(is_count && matches!(counted.trim_end_matches(['.', ',', ':', ')']), "codes" | "rules")),
                "{name}: \"{number} {second} {third}\": say it without a count"
            );
        }
    }
}
