// Cloudflare's workerd (miniflare, from the npm registry), where compiling
// wasm bytes at run time is forbidden: the worker is bundled as wrangler does
// (esbuild, conditions workerd/worker/browser, each `.wasm` import left as a
// CompiledWasm module) and answers with the validators' verdict (of the main
// entry and of licensing-sdk/validate), a client
// call against createSimulator and a JSON Schema of ~standard.jsonSchema.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { app, expectedVerdict, installedSdk, seedVerdict } from './harness.mjs';

test('workerd: validators and the client against createSimulator in a Worker', async () => {
  seedVerdict('workerd', '.');
  const esbuild = await import('esbuild');
  const wasm = new Map();
  const result = await esbuild.build({
    entryPoints: [path.join(app('workerd'), 'worker.js')], bundle: true, write: false, format: 'esm',
    conditions: ['workerd', 'worker', 'browser'], platform: 'neutral', mainFields: ['module', 'main'], logLevel: 'error',
    plugins: [{
      name: 'compiled-wasm',
      setup(build) {
        build.onResolve({ filter: /\.wasm$/ }, (args) => {
          const file = path.join(args.resolveDir, args.path);
          // web/ and validate/ each hold a licensing_sdk_bg.wasm: named by folder too.
          const name = `${path.basename(path.dirname(file))}-${path.basename(file)}`;
          wasm.set(name, file);
          return { path: `./${name}`, external: true };
        });
      },
    }],
  });
  const { Miniflare } = await import('miniflare');
  const mf = new Miniflare({
    compatibilityDate: '2025-09-01',
    modules: [
      { type: 'ESModule', path: 'worker.js', contents: result.outputFiles[0].text },
      ...[...wasm].map(([name, file]) => ({ type: 'CompiledWasm', path: name, contents: readFileSync(file) })),
    ],
  });
  try {
    const res = await mf.dispatchFetch('http://localhost/');
    const text = await res.text();
    assert.equal(res.status, 200, text);
    const got = JSON.parse(text);
    assert.deepEqual(got.verdict, await expectedVerdict());
    assert.deepEqual(got.validateEntry, await expectedVerdict(), 'licensing-sdk/validate (its validate-workerd.mjs)');
    assert.equal(got.shellNums, 2);
    assert.deepEqual(got.refused, { name: 'LicensingError', kind: 'validation', codes: ['asset_number_partition'] });
    // ~standard.jsonSchema works in the Worker, as in Node.
    const { schemas } = await installedSdk();
    assert.deepEqual(got.jsonSchema, schemas.batchOrder['~standard'].jsonSchema.input({ target: 'openapi-3.0' }));
    assert.equal(got.sameSchemas, true);
  } finally {
    await mf.dispose();
  }
});
