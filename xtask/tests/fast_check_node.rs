//! The JS fast path as generated now (not the committed file) against every
//! rule's case table, in Node, without a wasm build: a wrong predicate in a
//! rule's `.js` file fails `cargo test -p xtask`, not only `make test-js`.
//! Every failing example must be refused (`fastCheck` false: the wasm then
//! reports), every passing near miss accepted. Skipped, saying so, when Node
//! is not installed.

use std::process::Command;

/// Runs the cases; prints one line per disagreement and exits 1 if any.
const SCRIPT: &str = r"
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
const dir = process.argv[1];
const { fastCheck } = await import(pathToFileURL(join(dir, 'fast-check.mjs')).href);
const cases = JSON.parse(readFileSync(join(dir, 'rule-cases.json'), 'utf8'));
const wrong = [];
let checked = 0;
for (const [rule, table] of Object.entries(cases)) {
  if (rule === '$comment') continue;
  for (const c of table.fails) {
    let body;
    try { body = JSON.parse(c.text); } catch { continue; } // not JSON: only the text validator sees it
    if (rule === 'duplicate_key') continue; // a repeated key is gone once parsed
    checked += 1;
    if (fastCheck(c.endpoint, body)) wrong.push(`${rule}: fastCheck passes a failing example: ${c.text}`);
  }
  for (const c of table.passes) {
    checked += 1;
    if (!fastCheck(c.endpoint, JSON.parse(c.text))) wrong.push(`${rule}: fastCheck refuses a passing case: ${c.text}`);
  }
}
console.log(`${checked} cases`);
for (const line of wrong) console.error(line);
process.exit(wrong.length ? 1 : 0);
";

fn output(path: &str) -> String {
    xtask::outputs().into_iter().find(|o| o.path == path).map(|o| o.content).unwrap_or_default()
}

#[test]
fn the_generated_fast_path_agrees_with_every_rules_cases() {
    let dir = std::env::temp_dir().join(format!("xtask-fast-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("fast-check.mjs"), output("js/generated/fast-check.js")).unwrap();
    std::fs::write(dir.join("rule-cases.json"), output("tests/js/rule-cases.json")).unwrap();
    let run = Command::new("node").arg("--input-type=module").arg("-e").arg(SCRIPT).arg(&dir).output();
    let _ = std::fs::remove_dir_all(&dir);
    let run = match run {
        Ok(run) => run,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            eprintln!("SKIPPED: node is not installed; the fast path is checked by `make test-js`");
            return;
        }
        Err(e) => panic!("node: {e}"),
    };
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "the fast path disagrees with the rules' cases:\n{stderr}{stdout}");
    let checked: usize = stdout.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0);
    assert!(checked > 50, "only {checked} cases ran: {stdout}");
}
