// Every JavaScript block of the docs (README.md, pkg/README.md — the README the
// package ships, its npm page —, the guides in docs/guide/, CONTRIBUTING.md and
// the simulator's README) either runs here, as a module in Node against the
// installed package, or is marked `js illustration` (a fragment that names things
// the reader supplies). The Rust blocks of README.md and docs/guide/rust.md are
// doctests of licensing-client. Every relative link names a file (and heading)
// that exists; the README stays a landing page (≤ 20 KB); the sections the
// package's error messages point to are headings of the shipped README.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDES = readdirSync(path.join(ROOT, 'docs/guide')).filter((f) => f.endsWith('.md')).map((f) => `docs/guide/${f}`);
const READMES = ['README.md', 'pkg/README.md', 'CONTRIBUTING.md', 'crates/licensing-sim/README.md', ...GUIDES];
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
  assert.ok(jsBlocks('README.md').some((b) => b.info === ''), 'the quick start runs');
  assert.ok(jsBlocks('docs/guide/testing.md').some((b) => b.info === ''), 'the testing guide runs');
});

test('the README is a landing page: at most 20 KB, linking every guide', () => {
  const size = readFileSync(path.join(ROOT, 'README.md')).length;
  assert.ok(size <= 20_000, `README.md is ${size} bytes`);
  const text = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  for (const guide of GUIDES) assert.ok(text.includes(`](${guide})`), `README.md does not link ${guide}`);
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

test('every relative link of the docs names a file that exists, and a heading of it', () => {
  for (const name of READMES.filter((n) => n !== 'pkg/README.md')) {
    const text = readFileSync(path.join(ROOT, name), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(link)) continue;
      const [file, anchor] = link.split('#');
      const target = file === '' ? path.join(ROOT, name) : path.resolve(path.dirname(path.join(ROOT, name)), file);
      assert.ok(existsSync(target), `${name} links ${link}, which does not exist`);
      if (anchor && target.endsWith('.md')) {
        const headings = readFileSync(target, 'utf8').split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, '')));
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
  // The sources: the entries' and the package's CommonJS modules (not the bundles built from them).
  for (const [dir, source] of [['scripts/entries', /\.js$/], ['pkg', /\.cjs$/]]) {
    for (const file of readdirSync(path.join(ROOT, dir)).filter((f) => source.test(f))) {
      for (const m of readFileSync(path.join(ROOT, dir, file), 'utf8').matchAll(/\(README: \\?"([^"\\]+)\\?"\)/g)) named.add(m[1]);
    }
  }
  assert.ok(named.has('Loading the wasm'), 'scripts/entries/load.js names its README section');
  assert.ok(named.has('More entries'), 'pkg/api.cjs names its README section');
  for (const section of named) assert.ok(headings.includes(section), `pkg/README.md has no heading "${section}"`);
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
