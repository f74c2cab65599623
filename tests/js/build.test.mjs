// The package is built from js/ by one build (scripts/build-js.mjs) and its two
// tables: what pkg/ holds is what MODULES and SUBPATHS say, every module ships
// and is reachable, the CommonJS declarations are the ES ones with each relative
// specifier naming its .cjs twin, and pkg/ is build output only.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cjsDeclarations, MODULES, packageJson, siblingsOf, SUBPATHS } from '../../scripts/build-js.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = JSON.parse(readFileSync(path.join(ROOT, 'pkg/package.json'), 'utf8'));

/** Every module file named by a condition tree. */
const leaves = (tree) => Object.entries(tree).filter(([k]) => k !== 'types')
  .flatMap(([, v]) => (typeof v === 'string' ? [v] : leaves(v)));

test('pkg/package.json is what the tables say (make pkg writes it)', () => {
  assert.deepEqual(built, packageJson(),
    'pkg/package.json differs from what scripts/build-js.mjs writes from its tables (MODULES, SUBPATHS, js/package.json): run make pkg (or node scripts/build-js.mjs), and change the tables, not pkg/');
});

test('every module the build makes is shipped and reached: by a subpath, the bin, or a sibling that loads it', () => {
  const reached = new Set([
    ...Object.values(SUBPATHS).flatMap(leaves),
    ...Object.values(built.bin).map((b) => b.replace(/^\.\//, '')),
    ...Object.entries(MODULES).flatMap(([out, m]) => siblingsOf(m).map((e) => path.posix.join(path.posix.dirname(out), e))),
  ]);
  for (const out of Object.keys(MODULES)) {
    assert.ok(reached.has(out), `${out} is built but nothing loads it`);
    assert.ok(built.files.includes(out), `${out} is not in files`);
    assert.ok(existsSync(path.join(ROOT, 'pkg', out)), `pkg/${out} is missing (make pkg)`);
    // A re-export the build writes (`over`) has no entry file; every other module has one.
    if (MODULES[out].over === undefined) assert.ok(existsSync(path.join(ROOT, 'js', MODULES[out].entry)), `js/${MODULES[out].entry} is missing`);
  }
});

test('each condition\'s types match its module format: .d.cts for CommonJS, .d.ts for ES modules', () => {
  const walk = (tree) => {
    for (const [key, value] of Object.entries(tree)) {
      if (value.default && value.types) {
        const cjs = value.default.endsWith('.cjs');
        assert.equal(value.types.endsWith('.d.cts'), cjs, `${key}: ${value.default} has ${value.types}`);
      } else if (typeof value === 'object') walk(value);
    }
  };
  walk(built.exports);
  for (const [subpath, tree] of Object.entries(SUBPATHS)) {
    for (const leaf of leaves(tree)) assert.ok(MODULES[leaf], `${subpath} names ${leaf}, which MODULES lacks`);
  }
});

test('the CommonJS declarations name the .cjs twins of relative imports, and nothing else changes', () => {
  const esm = [
    "// './keep.js' in a comment stays",
    "import type { A } from './index.js';",
    "export { b } from './other.js';",
    "export type { C } from './index.js';",
    "export * from './star.js';",
    "import type { D } from 'some-package';",
    "type E = import('./index.js').E;",
    "declare const f: './literal.js';",
    '',
  ].join('\n');
  assert.equal(cjsDeclarations(esm, 'x.d.ts'), [
    "// './keep.js' in a comment stays",
    "import type { A } from './index.cjs';",
    "export { b } from './other.cjs';",
    "export type { C } from './index.cjs';",
    "export * from './star.cjs';",
    "import type { D } from 'some-package';",
    "type E = import('./index.cjs').E;",
    "declare const f: './literal.js';",
    '',
  ].join('\n'));
  // What the build wrote: every .d.cts is its .d.ts so transformed.
  for (const types of new Set(Object.values(SUBPATHS).map((s) => s.types))) {
    const file = path.join(ROOT, 'pkg', `${types}.d.ts`);
    assert.equal(readFileSync(path.join(ROOT, 'pkg', `${types}.d.cts`), 'utf8'), cjsDeclarations(readFileSync(file, 'utf8'), file), types);
  }
});

test('pkg/ is build output only: git tracks nothing there, and what the build copies is its source', () => {
  const tracked = execFileSync('git', ['ls-files', 'pkg'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  assert.deepEqual(tracked, [], 'sources live in js/ and contract/');
  // The generated declarations and the contract's documents ship as written.
  for (const name of ['index.d.ts', 'meta.d.ts', 'invalid-examples.d.ts']) {
    assert.equal(readFileSync(path.join(ROOT, 'pkg', name), 'utf8'), readFileSync(path.join(ROOT, 'js/generated', name), 'utf8'), name);
  }
  const documents = (dir, at = '') => readdirSync(path.join(dir, at), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? documents(dir, path.join(at, e.name)) : [path.join(at, e.name)])).sort();
  const contract = documents(path.join(ROOT, 'contract'));
  assert.ok(contract.includes('openapi.json') && contract.length > 20, `contract/ holds ${contract.length} files`);
  for (const file of contract) {
    assert.equal(readFileSync(path.join(ROOT, 'pkg', file), 'utf8'), readFileSync(path.join(ROOT, 'contract', file), 'utf8'), file);
  }
  assert.deepEqual(documents(path.join(ROOT, 'pkg/schemas')), documents(path.join(ROOT, 'contract/schemas')), 'pkg/schemas/ is contract/schemas/');
});

test('the Node ES modules over a CommonJS one are written by the build, with the names of what they stand for', async () => {
  const written = Object.entries(MODULES).filter(([, m]) => m.over !== undefined);
  assert.deepEqual(written.map(([out]) => out).sort(),
    ['json-schema-node.mjs', 'node.mjs', 'outbox-node.mjs', 'testing-node.mjs', 'validate-node.mjs'],
    'the modules with `over` in MODULES changed: name the new one here (and in docs/house.md\'s entries/ line), or give it an entry file instead');
  for (const [out, m] of written) {
    assert.equal(m.entry, undefined, `${out} is written by the build: it has no entry file`);
    const text = readFileSync(path.join(ROOT, 'pkg', out), 'utf8');
    assert.ok(text.includes(m.over.slice(2)), `pkg/${out} imports ${m.over}`);
  }
});
