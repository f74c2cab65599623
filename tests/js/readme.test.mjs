// Every JavaScript block of the docs (the Markdown files at the root, js/README.md
// — the README the package ships, its npm page —, the crates' READMEs and every
// file under docs/, the guides in docs/guide/ among them) either runs here, as a
// module in Node against the installed package, or is marked `js illustration` (a
// fragment that names things the reader supplies). Every doc with Rust blocks is
// included as doctests of licensing-client. Every relative link names a file (and
// heading) that exists; the README stays a landing page (≤ 20 KB); the docs carry
// no history of rounds; the sections the package's error messages point to are
// headings of the shipped README.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const md = (dir) => readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.md')).sort().map((f) => (dir === '.' ? f : `${dir}/${f}`));
const GUIDES = md('docs/guide');
const CRATE_READMES = readdirSync(path.join(ROOT, 'crates')).map((c) => `crates/${c}/README.md`).filter((f) => existsSync(path.join(ROOT, f)));
// The docs: the root's Markdown files (README.md, CONTRIBUTING.md, RULES.md,
// CHANGELOG.md, …), the shipped README, the crates' READMEs, docs/ and docs/guide/.
// bench/results.md is written by make bench and left out.
const READMES = [...md('.'), 'js/README.md', ...CRATE_READMES, ...md('docs'), ...GUIDES];
const lines = (name) => readFileSync(path.join(ROOT, name), 'utf8').split('\n');

/** The fenced blocks of `name` whose info string starts with js: { line, info, code }. */
function jsBlocks(name) {
  const text = lines(name);
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const open = text[i].match(/^```(js|javascript|mjs|ts)\b(.*)$/);
    if (!open) continue;
    const end = text.indexOf('```', i + 1);
    out.push({ line: i + 1, info: open[2].trim(), code: text.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}

test('the docs have runnable JavaScript blocks, and every other one is marked illustration', () => {
  for (const name of READMES) {
    for (const b of jsBlocks(name)) assert.ok(b.info === '' || b.info === 'illustration', `${name}:${b.line}: unknown marker "${b.info}"`);
  }
  for (const doc of ['README.md', 'docs/guide/testing.md', 'crates/licensing-sim/README.md', 'CONTRIBUTING.md']) assert.ok(READMES.includes(doc), `${doc} is not among the docs`);
  assert.ok(jsBlocks('README.md').some((b) => b.info === ''), 'the quick start runs');
  assert.ok(jsBlocks('docs/guide/testing.md').some((b) => b.info === ''), 'the testing guide runs');
});

test('every doc with Rust blocks is compiled as doctests (of licensing-client, or of the crate whose README it is)', () => {
  const withRust = READMES.filter((name) => lines(name).some((l) => /^```rust\b/.test(l)));
  assert.ok(withRust.includes('README.md') && withRust.includes('docs/guide/rust.md'));
  for (const name of withRust) {
    // `#[cfg(… doctest …)]` then `#[doc = include_str!("../../../NAME")]`, as lib.rs does for README.md;
    // a crate's README in its own lib.rs (`../README.md`), so that crates.io's page is tested as it is.
    const own = /^crates\/([^/]+)\/README\.md$/.exec(name);
    const lib = readFileSync(path.join(ROOT, own ? `crates/${own[1]}/src/lib.rs` : 'crates/licensing-client/src/lib.rs'), 'utf8');
    const include = own ? '#[doc = include_str!("../README.md")]' : `#[doc = include_str!("../../../${name}")]`;
    const at = lib.indexOf(include);
    const attributes = lib.slice(0, Math.max(at, 0)).split('\n').slice(-3).join('\n');
    assert.ok(at >= 0 && /#\[cfg\([^\n]*\bdoctest\b/.test(attributes),
      `${name} has Rust blocks: include it in crates/licensing-client/src/lib.rs as doctests (#[cfg(doctest)] ${include})`);
  }
});

test('the docs carry no history of rounds: figures name their commit, the latest are in bench/results.md', () => {
  for (const name of READMES) {
    lines(name).forEach((line, i) => {
      const m = line.match(/\b(?:this|that|last|next|previous|the) round\b(?! trip)|\btoday's runs?\b|\bthe run before\b/i);
      assert.ok(!m, `${name}:${i + 1}: "${m?.[0]}": name the commit instead`);
    });
  }
});

test('the README is a landing page: at most 20 KB, linking every guide', () => {
  const size = readFileSync(path.join(ROOT, 'README.md')).length;
  assert.ok(size <= 20_000, `README.md is ${size} bytes`);
  const text = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  for (const guide of [...GUIDES, ...CRATE_READMES, 'CONTRIBUTING.md', 'RULES.md', 'bench/results.md']) {
    assert.ok(text.includes(`](${guide})`), `README.md does not link ${guide}`);
  }
});

/** GitHub's anchor of a heading's text: links as their text, lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) => heading.trim().replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The anchors of a Markdown file's headings (outside code blocks), a repeat suffixed -1, -2, … as GitHub does. */
function anchors(file) {
  const seen = new Map();
  const out = [];
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced || !/^#{1,6} /.test(line)) continue;
    const base = slug(line.replace(/^#+ /, '').replace(/ #+$/, ''));
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.push(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

test('anchors follow GitHub\'s rules', () => {
  assert.equal(slug('Standard JSON Schema: `~standard.jsonSchema`'), 'standard-json-schema-standardjsonschema');
  assert.equal(slug('validateField per keystroke (Node, 1,000 orders)'), 'validatefield-per-keystroke-node-1000-orders');
  assert.equal(slug('Server-side validation with `validator` (axum-valid, actix-web-validator)'), 'server-side-validation-with-validator-axum-valid-actix-web-validator');
});

test('every relative link of the docs names a file that exists, and a heading of it', () => {
  for (const name of READMES) {
    const text = readFileSync(path.join(ROOT, name), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(link)) continue;
      const [file, anchor] = link.split('#');
      // js/README.md is written for where it ships: pkg/, beside the licence copies.
      const at = name === 'js/README.md' ? path.join(ROOT, 'pkg/README.md') : path.join(ROOT, name);
      const target = file === '' ? at : path.resolve(path.dirname(at), file);
      assert.ok(existsSync(target), `${name} links ${link}, which does not exist`);
      if (anchor && target.endsWith('.md')) {
        const headings = anchors(target);
        assert.ok(headings.includes(anchor), `${name} links ${link}: no such heading (${headings.join(', ')})`);
      }
    }
  }
});

test('the shipped README runs its three first calls, and every other block is marked illustration', () => {
  const blocks = jsBlocks('pkg/README.md');
  const runs = blocks.filter((b) => b.info === '');
  for (const call of [/\bvalidate\(/, /\['~standard'\]\.validate\(/, /new LicensingClient\([\s\S]*createSimulator|createSimulator[\s\S]*new LicensingClient\(/]) {
    assert.ok(runs.some((b) => call.test(b.code)), `pkg/README.md: no runnable block matches ${call}`);
  }
  for (const b of blocks) assert.ok(b.info === '' || b.info === 'illustration', `pkg/README.md:${b.line}: unknown marker "${b.info}"`);
});

test('the shipped README: relative links name files of the repository; the package includes the README and licences it links', () => {
  const text = readFileSync(path.join(ROOT, 'pkg/README.md'), 'utf8');
  const files = JSON.parse(readFileSync(path.join(ROOT, 'pkg/package.json'), 'utf8')).files;
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((l) => !/^[a-z]+:/.test(l) && !l.startsWith('#'));
  assert.ok(links.length > 0);
  for (const link of links) {
    const target = link.split('#')[0];
    assert.ok(existsSync(path.join(ROOT, 'pkg', target)) || existsSync(path.join(ROOT, target.replace(/^pkg\//, ''))),
      `pkg/README.md links ${link}, which the repository lacks`);
    // A link inside the package (no ../) must ship: the licence copies are made by build-pkg.sh.
    if (!target.startsWith('../')) assert.ok(files.includes(target), `pkg/README.md links ${link}, which package.json's files leave out`);
  }
  assert.ok(files.includes('README.md'));
});

test('the sections the package\'s error messages name are headings of the shipped README', () => {
  const headings = lines('pkg/README.md').filter((l) => /^#{1,6} /.test(l)).map((l) => l.replace(/^#+ /, '').trim());
  const named = new Set();
  // The sources (not the modules built from them).
  const wings = ['sdk', 'outbox', 'testing', 'verify'].flatMap((wing) => [[`js/${wing}/entries`, /\.c?js$/], [`js/${wing}/src-js`, /\.js$/]]);
  for (const [dir, source] of [...wings, ['js/shared', /\.js$/]]) {
    for (const file of readdirSync(path.join(ROOT, dir)).filter((f) => source.test(f))) {
      for (const m of readFileSync(path.join(ROOT, dir, file), 'utf8').matchAll(/\(README: \\?"([^"\\]+)\\?"\)/g)) named.add(m[1]);
    }
  }
  assert.ok(named.has('Loading the wasm'), 'js/shared/load.js names its README section');
  assert.ok(named.has('More entries'), 'js/sdk/src-js/api.js names its README section');
  for (const section of named) assert.ok(headings.includes(section), `pkg/README.md has no heading "${section}"`);
});

// The runnable blocks as a reader's editor sees them: `// @ts-check` over the
// installed package's declarations, strict. A block can run and still not
// compile (an object literal widens `syncMode: 'sync'` to `string`, which the
// request types refuse), and a reader who copies it into a TypeScript project
// gets the error. One program for all blocks, in process (a few seconds).
test('every runnable JavaScript block of the docs type-checks against the package (checkJs, strict)', () => {
  const require = createRequire(import.meta.url);
  const ts = require('typescript');
  const dir = path.join(ROOT, 'target/readme-types');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  const files = new Map();
  for (const name of READMES) {
    for (const block of jsBlocks(name).filter((b) => b.info === '')) {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}-${block.line}.mjs`);
      writeFileSync(file, block.code);
      files.set(file, `${name}:${block.line}`);
    }
  }
  assert.ok(files.size >= 15, `only ${files.size} runnable blocks found`);
  const program = ts.createProgram([...files.keys()], {
    allowJs: true, checkJs: true, noEmit: true, strict: true, skipLibCheck: true,
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.esnext.disposable.d.ts'], types: ['node'],
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file ? `${files.get(path.resolve(d.file.fileName)) ?? d.file.fileName}, its line ${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}` : '';
    return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
  assert.deepEqual(problems, []);
});

for (const name of READMES) {
  for (const block of jsBlocks(name).filter((b) => b.info === '')) {
    test(`${name}:${block.line} runs`, async () => {
      // Under the repository, so `licensing-sdk` resolves to the installed package.
      const dir = path.join(ROOT, 'target/readme');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}-${block.line}.mjs`);
      writeFileSync(file, block.code);
      await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 60_000 });
    });
  }
}
