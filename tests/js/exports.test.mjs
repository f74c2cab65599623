// The package's exports are one list (EXPORTS in js/src/api.js): every entry
// exports exactly it, api() returns it, index.d.ts declares it, and the ES
// module entries spell it as scripts/exports.mjs writes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { entries, EXPORTS } from '../../scripts/exports.mjs';

const require = createRequire(import.meta.url);
const sorted = (names) => [...names].sort();

test('the ES module entries spell EXPORTS as scripts/exports.mjs writes it', () => {
  for (const { path, now, wanted } of entries()) assert.equal(now, wanted, `${path}: run node scripts/exports.mjs`);
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
