// The house tables (README.md's and CONTRIBUTING.md's "The house") are the map of
// the repository: every top-level folder and every crate is named in each, and
// every path a table names exists. A new folder or crate fails here until its row
// is written (in both files); a moved one until its row follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const ROOT = new URL('../../', import.meta.url);
const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
// Tooling folders no reader looks for in a map (cargo's config, the CI entry point).
const UNMAPPED = new Set(['.cargo', '.ci']);
const FOLDERS = [...new Set(tracked.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))].filter((d) => !UNMAPPED.has(d));
// Every crate's folder: crates/<name>/ (the Rust library), js/<name>/ (the npm package's wasm crates).
const CRATES = tracked.filter((f) => /^(crates|js)\/[^/]+\/Cargo\.toml$/.test(f)).map((f) => f.replace(/\/Cargo\.toml$/, '/'));

/** The "## The house" section of a Markdown file: its table's first cells and its whole text. */
function house(file) {
  const text = readFileSync(new URL(file, ROOT), 'utf8');
  const start = text.indexOf('\n## The house\n');
  assert.ok(start >= 0, `${file} has no "## The house" section`);
  const next = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, next < 0 ? undefined : next);
  const firstCells = [...section.matchAll(/^\| ([^|]+) \|/gm)].map((m) => m[1]).filter((c) => c !== 'path' && !c.startsWith('-'));
  return { section, paths: firstCells.flatMap((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1])) };
}

for (const file of ['README.md', 'CONTRIBUTING.md']) {
  test(`${file}'s house table names every top-level folder and every crate, and only paths that exist`, () => {
    const { section, paths } = house(file);
    const missing = FOLDERS.filter((dir) => !paths.some((p) => p.startsWith(`${dir}/`)));
    assert.deepEqual(missing, [], `${file}: give these folders a row in "The house" (first column \`folder/\`, or a path in it)`);
    // A crate is named by its path, or by its folder name in its parent's row (`licensing-sim/`, `wasm/`).
    const unnamed = CRATES.filter((crate) => !section.includes(`\`${crate}\``) && !section.includes(`\`${crate.split('/')[1]}/\``));
    assert.deepEqual(unnamed, [], `${file}: name these crates in "The house" (their path, or their folder in their parent's row)`);
    // A name is a path from the root, or a crate's folder named in its parent's row
    // (`licensing-sim/` beside `crates/licensing-sim-core/`); pkg/ is build output.
    for (const p of paths.filter((name) => !name.startsWith('pkg/'))) {
      const exists = ['', 'crates/', 'js/'].some((parent) => existsSync(new URL(parent + p, ROOT)));
      assert.ok(exists, `${file}: "The house" names ${p}, which is not in the tree: mend its row`);
    }
    assert.ok(FOLDERS.length >= 10 && CRATES.length >= 8, `folders ${FOLDERS}, crates ${CRATES}`);
  });
}

// A file a reader can hold: none written by hand reaches 800 lines (a generated
// one, marked `@generated` in its first lines, is read through its generator).
// Past it, a file has become two subjects: `crates/licensing-verify/src/verify/`
// was split so (steps.rs: what each step sends; judge.rs: how its answer is judged).
const MAX_LINES = 800;
const SOURCE = /\.(rs|js|mjs|cjs|ts|mts|cts|sh|py)$/;

test(`no hand-written source file reaches ${MAX_LINES} lines`, () => {
  const sources = tracked.filter((f) => SOURCE.test(f));
  const long = [];
  for (const file of sources) {
    const text = readFileSync(new URL(file, ROOT), 'utf8');
    if (/@generated/.test(text.split('\n', 3).join('\n'))) continue;
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines >= MAX_LINES) long.push(`${file}: ${lines} lines`);
  }
  assert.ok(sources.length > 300, `only ${sources.length} source files read: is the pattern right?`);
  assert.deepEqual(long, [], `split these by what their parts do (a module of its own for each, as ` +
    `crates/licensing-verify/src/verify/steps.rs and judge.rs), and name the new files where CONTRIBUTING's house lists them`);
});
