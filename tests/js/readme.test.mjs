// Every JavaScript block of README.md and of pkg/README.md (the README the
// package ships, its npm page) either runs here, as a module in Node against
// the installed package, or is marked `js illustration` (a fragment that names
// things the reader supplies). The Rust blocks of README.md are doctests of
// licensing-client. The shipped README's relative links name files of the
// repository, and the sections the package's error messages point to are in it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READMES = ['README.md', 'pkg/README.md'];
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

test('the README has runnable JavaScript blocks, and every other one is marked illustration', () => {
  const blocks = jsBlocks('README.md');
  assert.ok(blocks.filter((b) => b.info === '').length >= 2, 'the quick start and "Testing your portal" run');
  for (const b of blocks) assert.ok(b.info === '' || b.info === 'illustration', `README.md:${b.line}: unknown marker "${b.info}"`);
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
  const dir = path.join(ROOT, 'scripts/entries');
  const named = new Set();
  for (const file of readdirSync(dir)) {
    for (const m of readFileSync(path.join(dir, file), 'utf8').matchAll(/\(README: "([^"]+)"\)/g)) named.add(m[1]);
  }
  assert.ok(named.has('Loading the wasm'), 'scripts/entries/load.js names its README section');
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
