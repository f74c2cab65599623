// The package as users receive it, checked by the ecosystem's own linters on a
// tarball packed from pkg/ here: publint --strict (package.json's fields, exports
// and files against what the tarball holds) and Are the Types Wrong (attw: under
// node10, node16 CommonJS and ESM, and bundler resolution, every entry's types
// must describe the module it resolves to). Any problem fails. And the tarball
// holds the README, both licence texts and every file package.json lists.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');
const DIR = path.join(ROOT, 'target/package-lint');
const PKG = JSON.parse(readFileSync(path.join(ROOT, 'pkg/package.json'), 'utf8'));
let tarball;

before(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', DIR], { cwd: path.join(ROOT, 'pkg') });
  tarball = path.join(DIR, stdout.trim().split('\n').pop());
});

/** Runs a linter; on failure, its whole output is the assertion's message. */
async function lint(bin, args) {
  try {
    return await run(path.join(BIN, bin), args, { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  } catch (err) {
    assert.fail(`${bin} ${args.join(' ')} found problems:\n${err.stdout}${err.stderr}`);
  }
}

test('the tarball holds the README, both licence texts and every file package.json lists', async () => {
  const { stdout } = await run('tar', ['-tzf', tarball]);
  const entries = new Set(stdout.split('\n').filter(Boolean).map((e) => e.replace(/^package\//, '')));
  for (const name of ['README.md', 'LICENSE-MIT', 'LICENSE-APACHE', 'package.json']) assert.ok(entries.has(name), `${name} is not in the tarball`);
  for (const file of PKG.files) {
    const present = file.endsWith('/') ? [...entries].some((e) => e.startsWith(file)) : entries.has(file);
    assert.ok(present, `files lists ${file}, which the tarball lacks (make pkg builds it)`);
  }
});

test('publint --strict finds nothing', async () => {
  const { stdout } = await lint('publint', ['run', tarball, '--strict', '--level', 'suggestion']);
  // publint exits 0 with suggestions; none is wanted either.
  assert.doesNotMatch(stdout, /Suggestions?:|Warnings?:|Errors?:/, stdout);
});

// --no-definitely-typed: the package ships its own declarations; attw is not to
// look for @types/licensing-sdk on the registry.
const [major] = process.versions.node.split('.').map(Number);
const attw = { skip: major < 20 && `attw needs Node 20 or later (this is ${process.version})` };

test('attw: every entry but the two slim ones, every rule, every resolution mode', attw, async () => {
  await lint('attw', [tarball, '--format', 'ascii', '--no-definitely-typed', '--exclude-entrypoints', './slim', './validate/slim']);
});

test('attw: licensing-sdk/slim and licensing-sdk/validate/slim are ESM-only by design, and right under every other rule', attw, async () => {
  // slim.js waits for its wasm with a top-level await, so Node's require() cannot
  // load it (ERR_REQUIRE_ASYNC_MODULE): CommonJS reaches it with import(), which
  // attw reports as cjs-resolves-to-esm under node16 CommonJS. That rule alone is
  // ignored, for this entry alone (pkg/README.md says so: "Loading the wasm").
  await lint('attw', [tarball, '--format', 'ascii', '--no-definitely-typed', '--entrypoints', './slim', './validate/slim', '--ignore-rules', 'cjs-resolves-to-esm']);
});
