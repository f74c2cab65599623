// Bun, a server-side runtime besides Node, installed from the npm registry:
// the validators (ESM and CommonJS) and the client against createSimulator.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { app, expectedVerdict, HERE, run, seedVerdict } from './harness.mjs';

test('Bun: validators (ESM and require) and the client against createSimulator', async () => {
  seedVerdict('bun', '.');
  const out = await run(path.join(HERE, 'node_modules/.bin/bun'), ['check.mjs'], { cwd: app('bun') });
  const got = JSON.parse(out.trim().split('\n').at(-1));
  const expected = await expectedVerdict();
  assert.match(got.runtime, /^bun \d/);
  assert.deepEqual(got.esm, expected);
  assert.deepEqual(got.cjs, expected);
  assert.equal(got.shellNums, 2);
  assert.deepEqual(got.refused, { name: 'LicensingError', kind: 'validation', codes: ['asset_number_partition'] });
});
