// Deno, installed from the npm registry (its binary comes as an optional
// dependency of the `deno` package): the validators (ESM and CommonJS), the
// Standard (JSON) Schemas, the client against createSimulator and
// licensing-sdk/outbox over a file, from node_modules, with no network
// (--no-remote: nothing is fetched).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { app, expectedVerdict, HERE, run, seedVerdict } from './harness.mjs';

test('Deno: validators (ESM and require), Standard Schemas, the client against createSimulator, an outbox over a file', async () => {
  seedVerdict('deno', '.');
  const deno = path.join(HERE, 'node_modules/.bin/deno');
  const out = await run(deno, ['run', '--no-remote', '--allow-read', '--allow-env', '--allow-write', 'check.mjs'], {
    cwd: app('deno'),
    env: { ...process.env, DENO_DIR: path.join(process.env.TMPDIR ?? '/tmp', 'deno-cache'), DENO_NO_UPDATE_CHECK: '1' },
  });
  const got = JSON.parse(out.trim().split('\n').at(-1));
  const expected = await expectedVerdict();
  assert.match(got.runtime, /^deno \d/);
  assert.deepEqual(got.esm, expected);
  assert.deepEqual(got.cjs, expected);
  assert.deepEqual(got.standard, { codes: ['asset_number_partition'], jsonSchema: 'object' });
  assert.equal(got.shellNums, 2);
  assert.deepEqual(got.refused, { name: 'LicensingError', kind: 'validation', codes: ['asset_number_partition'] });
  // licensing-sdk/outbox over a file, opened again.
  assert.deepEqual(got.outbox, {
    numbers: ['8000000001', '8000000002'], reopened: [['shellNums', 'settled']], format: 'licensing-sdk-outbox', storage: 'file',
  });
});
