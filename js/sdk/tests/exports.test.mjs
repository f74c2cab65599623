// The package's exports are written once, as the exports of two modules:
// js/sdk/src-js/api.js for the main entry and js/sdk/src-js/validation.js for
// `licensing-sdk/validate` (the main entry but the client). Every ES module
// entry re-exports one of them (`export *`) and spells no name; every module of
// an entry exports exactly those names, and its declarations declare exactly them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const sorted = (names) => [...names].sort();
const EXPORTS = Object.keys(await import('../src-js/api.js'));
const VALIDATE_EXPORTS = Object.keys(await import('../src-js/validation.js'));

test('every entry of the API re-exports api.js or validation.js and spells no export of its own', () => {
  const entries = new URL('../entries/', import.meta.url);
  let reexporting = 0;
  for (const name of readdirSync(entries)) {
    const text = readFileSync(new URL(name, entries), 'utf8');
    const code = text.split('\n').filter((line) => !line.trim().startsWith('//') && line.trim() !== '');
    if (!/^export \* from '(\.\.\/src-js\/(api|validation)\.js|\.\/(node|validate)\.cjs)';$/m.test(text)) continue;
    reexporting++;
    assert.ok(!/^export (const|function|class|\{)/m.test(text), `${name} spells exports of its own`);
    assert.ok(code.length <= 9, `${name}: ${code.length} lines of code (automerge's entries: 1-9)`);
  }
  // node.mjs and validate-node.mjs, the other two, are written by the build (over in MODULES).
  assert.equal(reexporting, 8, 'the eight entry files of the two APIs');
});

test('every entry exports exactly EXPORTS, and index.d.ts declares exactly them', async () => {
  assert.deepEqual(sorted(Object.keys(require('licensing-sdk'))), sorted(EXPORTS), 'CommonJS (node.cjs)');
  assert.deepEqual(sorted(Object.keys(await import('licensing-sdk'))), sorted(EXPORTS), 'Node ESM (node.mjs)');
  const browser = await import(require.resolve('licensing-sdk/package.json').replace(/package\.json$/, 'index.js'));
  assert.deepEqual(sorted(Object.keys(browser)), sorted(EXPORTS), 'the default browser entry (index.js)');
  const types = readFileSync(require.resolve('licensing-sdk/package.json').replace(/package\.json$/, 'index.d.ts'), 'utf8');
  const declared = new Set([...types.matchAll(/^export declare (?:function|const|class) (\w+)/gm)].map((m) => m[1]));
  assert.deepEqual(sorted(declared), sorted(EXPORTS), 'index.d.ts');
});

test('licensing-sdk/validate exports exactly VALIDATE_EXPORTS, the main entry but the client and its events, and validate.d.ts declares them as values', async () => {
  assert.deepEqual(sorted([...VALIDATE_EXPORTS, 'LicensingClient', 'watch']), sorted(EXPORTS), 'the main entry is the validators, the client and its events');
  assert.deepEqual(sorted(Object.keys(require('licensing-sdk/validate'))), sorted(VALIDATE_EXPORTS), 'CommonJS (validate.cjs)');
  assert.deepEqual(sorted(Object.keys(await import('licensing-sdk/validate'))), sorted(VALIDATE_EXPORTS), 'Node ESM (validate-node.mjs)');
  const pkg = require.resolve('licensing-sdk/package.json').replace(/package\.json$/, '');
  const browser = await import(`${pkg}validate.js`);
  assert.deepEqual(sorted(Object.keys(browser)), sorted(VALIDATE_EXPORTS), 'the browser entry (validate.js)');
  // The values validate.d.ts exports, as TypeScript reads them (re-exports resolved).
  const file = `${pkg}validate.d.ts`;
  const program = ts.createProgram([file], { noEmit: true, strict: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const values = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file)))
    .filter((symbol) => {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return (target.flags & ts.SymbolFlags.Value) !== 0 && !(symbol.declarations ?? []).some((d) => ts.isTypeOnlyExportDeclaration?.(d) || d.isTypeOnly);
    })
    .map((symbol) => symbol.name);
  assert.deepEqual(sorted(values), sorted(VALIDATE_EXPORTS), 'validate.d.ts');
});
