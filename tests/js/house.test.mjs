// The house tables (README.md's and CONTRIBUTING.md's "The house") are the map of
// the repository: every top-level folder and every crate is named in each, and
// every path a table names exists. A new folder or crate fails here until its row
// is written (in both files); a moved one until its row follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import ts from 'typescript';

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

// The prose under the tables: every path a house section names in backticks is in
// the tree (README's, CONTRIBUTING's and the map's, docs/house.md), and every
// source file of `js/`, of each crate's `src/` and of the generators is named in
// its folder's paragraph of the map (by its name, or by the folder holding it, `validate/rules/`), so
// that a file added, moved or removed fails here until the map follows.
const ALL_PATHS = [...new Set([...tracked, ...tracked.flatMap((f) => {
  const parts = f.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
})])];
// A name that is a path: a folder or a file of a known kind; not a route (`/__sim/*`),
// a subpath (`licensing-sdk/meta`), build output, an extension alone or a pattern.
const isPath = (name) => /\/|\.(rs|js|mjs|cjs|ts|json|md|toml|sh|py|txt|html)$/.test(name) &&
  !/^(\/|licensing-sdk\/|pkg\/|target\/|\.\w|https?:)|[*<> ]/.test(name);
const named = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]).filter(isPath);

/** The map under the tables: what each folder holds, file by file. */
const HOUSE_MAP = 'docs/house.md';
const houseMap = () => readFileSync(new URL(HOUSE_MAP, ROOT), 'utf8');

/** The map's paragraphs: `**`root`**` and the text up to the next. */
function paragraphs() {
  return [...houseMap().matchAll(/^\*\*`([^`]+)`\*\*([\s\S]*?)(?=^\*\*`|(?![\s\S]))/gm)].map((m) => ({ root: m[1], text: m[2] }));
}

for (const file of ['README.md', 'CONTRIBUTING.md', HOUSE_MAP]) {
  test(`every path ${file}'s house section names is in the tree`, () => {
    // pkg/'s paragraph names what a build writes there (`web/`, `tools/`), not paths of the tree.
    const text = file === HOUSE_MAP ? houseMap() : house(file).section;
    const section = text.replace(/^\*\*`pkg\/`\*\*[^\n]*\n/m, '');
    const names = named(section);
    const gone = names.filter((name) => {
      const path = name.replace(/\/$/, '');
      return !ALL_PATHS.some((p) => p === path || p.endsWith(`/${path}`));
    });
    assert.ok(names.length > (file === 'README.md' ? 20 : 5), `only ${names.length} paths read in ${file}'s house: is the pattern right?`);
    assert.deepEqual(gone, [], `${file}'s house names these, which are not in the tree: mend the prose (or the name)`);
  });
}

test(`every source file of js/, of each crate's src/ and of xtask/ is named in its folder's paragraph of ${HOUSE_MAP}`, () => {
  const SOURCE_FILE = /\.(rs|js|mjs|cjs|ts)$/;
  // A crate's root module is its crate's paragraph; a folder's mod.rs is its folder.
  const ROOT_MODULES = new Set(['lib.rs', 'main.rs', 'mod.rs']);
  const unnamed = [];
  let read = 0;
  for (const { root, text } of paragraphs()) {
    const names = named(text);
    const sources = tracked.filter((f) => f.startsWith(root) && SOURCE_FILE.test(f) &&
      (root === 'js/' || ((root.startsWith('crates/') || root === 'xtask/') && f.includes('/src/'))));
    read += sources.length;
    for (const file of sources) {
      const folder = file.slice(0, file.lastIndexOf('/') + 1);
      if (ROOT_MODULES.has(file.slice(folder.length))) continue;
      // By its name (`scan.rs`, `cli/args.js`), or by its folder (`validate/rules/`; not `src/`).
      const found = names.some((n) => file.endsWith(`/${n}`) || (n.endsWith('/') && n !== 'src/' && folder.endsWith(`/${n}`)));
      if (!found) unnamed.push(file);
    }
  }
  assert.ok(read > 150, `only ${read} source files read: is the pattern right?`);
  assert.deepEqual(unnamed, [], `name these in their folder's paragraph of ${HOUSE_MAP} (what each holds, in a few words)`);
});

// Every relative link of the tracked Markdown files leads to something in the tree,
// so that a clone, GitHub and npm readers follow it (README's first link once led
// outside the repository). js/README.md is the npm page: its licences are the copies
// the build puts beside it in pkg/.
// Build output lives under the root's target/ (git-ignored): a test that computes
// its scratch folder from its own place once wrote into js/target/ after a move,
// and it was committed.
test('no tracked file lies in a target/ folder', () => {
  assert.deepEqual(tracked.filter((f) => f.split('/').includes('target')), [], 'build output was committed: remove it, and mend what wrote it there');
});

test('every relative link of the Markdown files leads to a path in the tree', () => {
  const BESIDE_IN_PKG = new Set(['js/README.md -> LICENSE-MIT', 'js/README.md -> LICENSE-APACHE']);
  const pages = tracked.filter((f) => f.endsWith('.md'));
  const broken = [];
  let links = 0;
  for (const page of pages) {
    const text = readFileSync(new URL(page, ROOT), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, href] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = href.split('#')[0];
      if (!target || /^[a-z][a-z+.-]*:/.test(target)) continue;
      links += 1;
      const resolved = new URL(target, new URL(page, ROOT));
      if (!existsSync(resolved) && !BESIDE_IN_PKG.has(`${page} -> ${target}`)) broken.push(`${page} -> ${href}`);
    }
  }
  assert.ok(links > 50, `only ${links} links read: is the pattern right?`);
  assert.deepEqual(broken, [], 'mend these links (a path relative to the page, in the tree)');
});

// No circles between a crate's modules: a module that imports another (by
// `crate::` or `super::`) is not imported back by it, round about. Two circles grew
// so once (call/mod.rs and nonce.rs, the simulator core's clock.rs and
// simulator.rs); each was closed by moving what both needed below both. The one
// kept: licensing-core's validator, whose rule registry (generated into
// rules/mod.rs) names the codes and the report's types, which name the rules
// back: one subject read as one room. It may not grow.
const KEPT_CIRCLES = new Map([
  ['crates/licensing-core/', 'validate::catalogue validate::catalogue_keys validate::codes validate::ctx validate::messages validate::report validate::rule validate::rules'],
]);

/** The circles between the modules of `crate` (a folder with `src/`), each as its sorted module paths. */
function moduleCircles(crate) {
  const files = tracked.filter((f) => f.startsWith(`${crate}src/`) && f.endsWith('.rs'));
  const moduleOf = (file) => file.slice(`${crate}src/`.length).replace(/(\/mod)?\.rs$/, '').split('/').join('::');
  const modules = new Set(files.map(moduleOf));
  const imports = new Map();
  for (const file of files) {
    const me = moduleOf(file);
    if (me === 'lib' || me === 'main') continue;
    const text = readFileSync(new URL(file, ROOT), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const parent = me.split('::').slice(0, -1);
    // `crate::a::b`, `super::a`, and each item of a group `crate::{a, b::c}`.
    const named = (prefix) => [
      ...[...text.matchAll(new RegExp(`(?<!::)\\b${prefix}::((?:\\w+::)*\\w+)`, 'g'))].map((m) => m[1]),
      ...[...text.matchAll(new RegExp(`(?<!::)\\b${prefix}::\\{([^}]*)\\}`, 'g'))].flatMap((m) => m[1].split(',').map((item) => item.trim())),
    ].filter(Boolean).map((path) => path.split('::'));
    const paths = [...named('crate'), ...named('super').map((segments) => [...parent, ...segments])];
    const out = new Set();
    for (const segments of paths) {
      // The longest module the path names (`crate::call::Platform` → `call`).
      for (let n = segments.length; n > 0; n -= 1) {
        const module = segments.slice(0, n).join('::');
        if (!modules.has(module)) continue;
        if (module !== me && !me.startsWith(`${module}::`)) out.add(module);
        break;
      }
    }
    imports.set(me, out);
  }
  // Tarjan's strongly connected components; those of two or more modules are circles.
  let next = 0;
  const stack = [];
  const onStack = new Set();
  const order = new Map();
  const low = new Map();
  const circles = [];
  const visit = (v) => {
    order.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of imports.get(v) ?? []) {
      if (!imports.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), order.get(w)));
    }
    if (low.get(v) !== order.get(v)) return;
    const circle = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      circle.push(w);
    } while (w !== v);
    if (circle.length > 1) circles.push(circle.sort().join(' '));
  };
  for (const v of imports.keys()) if (!order.has(v)) visit(v);
  return circles;
}

test("no crate's modules import each other round about", () => {
  const crates = tracked.filter((f) => /^(crates|js|xtask)\/([^/]+\/)?Cargo\.toml$/.test(f)).map((f) => f.replace(/Cargo\.toml$/, ''));
  assert.ok(crates.length >= 10, `crates: ${crates}`);
  const found = crates.flatMap((crate) => moduleCircles(crate).map((circle) => `${crate}: ${circle}`))
    .filter((line) => ![...KEPT_CIRCLES].some(([crate, circle]) => line === `${crate}: ${circle}`));
  assert.deepEqual(found, [], 'close these circles: move what both modules need into a module below both ' +
    '(as crates/licensing-client/src/transport.rs took `Platform` from call/mod.rs, which nonce.rs needed too)');
});

// A function a reader can hold: none written by hand in the package's JavaScript
// (js/) or the demo portal (www/) reaches 100 lines. Past it, a function holds
// several steps or a closure holds the state of several things: carve the steps
// out (client.js's exchange: buildRequest, readBody), or give the state a small
// object with explicit fields (clock.js's Timers, Holds and VirtualTime).
const MAX_FUNCTION_LINES = 100;

test(`no hand-written function of js/ or www/ reaches ${MAX_FUNCTION_LINES} lines`, () => {
  const files = tracked.filter((f) => /^(js|www)\//.test(f) && /\.(js|mjs|cjs)$/.test(f));
  const long = [];
  for (const file of files) {
    const text = readFileSync(new URL(file, ROOT), 'utf8');
    if (/@generated/.test(text.split('\n', 3).join('\n'))) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
        const name = node.name?.getText() ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText() : 'a function');
        if (lines >= MAX_FUNCTION_LINES) long.push(`${file}:${first + 1} ${name}: ${lines} lines`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  assert.ok(files.length > 50, `only ${files.length} files read: is the pattern right?`);
  assert.deepEqual(long, [], 'carve these: their steps into functions of their own, their state into a small object with explicit fields');
});

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
    `crates/licensing-verify/src/verify/steps.rs and judge.rs), and name the new files where docs/house.md lists them`);
});
