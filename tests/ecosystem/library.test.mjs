// esbuild and Rollup as a library's bundler (browser conditions, ES module
// output), each bundle loaded in Chromium (tests/ecosystem/library/); and
// licensing-sdk/json-schema bundled beside the default entry.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { app, expectedVerdict, installedSdk, launchBrowser, readVerdict, seedVerdict, staticServer } from './harness.mjs';
// The default entry's wasm as printable text, as this build wrote it (scripts/build-js.mjs).
import { default as WASM_TEXT } from '../../target/js/wasm-printable.js';

const root = app('library');
let browser;
let server;
before(async () => {
  seedVerdict('library');
  browser = await launchBrowser();
  server = await staticServer([['/', root]]);
});
after(async () => { await server?.close(); await browser?.close(); });

test('esbuild: a browser library bundle', async () => {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'src/index.js')], bundle: true, format: 'esm', platform: 'browser',
    outfile: path.join(root, 'dist/esbuild.js'), logLevel: 'error',
  });
  assert.deepEqual(await readVerdict(browser, `${server.url}?bundle=esbuild`), await expectedVerdict());
});

test('Rollup with @rollup/plugin-node-resolve: a browser library bundle', async () => {
  const { rollup } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const bundle = await rollup({ input: path.join(root, 'src/index.js'), plugins: [nodeResolve({ browser: true })], logLevel: 'silent' });
  await bundle.write({ file: path.join(root, 'dist/rollup.js'), format: 'es' });
  await bundle.close();
  assert.deepEqual(await readVerdict(browser, `${server.url}?bundle=rollup`), await expectedVerdict());
});

/** What library/src/json-schema.js must show: the same JSON Schemas as the Node entry gives. */
async function expectedJsonSchemas() {
  const { schemas, createSchemas } = await installedSdk();
  return {
    draft07: schemas.lockAssets['~standard'].jsonSchema.input({ target: 'draft-07' }),
    openapi: createSchemas({ rules: 'spec' }).shellNums['~standard'].jsonSchema.input({ target: 'openapi-3.0' }),
    refused: ['assetNums/0'],
  };
}

/** The page's answer, and the bundle: the wasm in it once (one instance), the schemas only where imported. */
async function checkJsonSchemaBundle(name) {
  const { error, ...got } = await readVerdict(browser, `${server.url}?bundle=${name}-json-schema`);
  assert.match(error, /import \{ schemas, createSchemas \} from 'licensing-sdk\/json-schema'/);
  assert.deepEqual(got, await expectedJsonSchemas());
  const text = readFileSync(path.join(root, `dist/${name}-json-schema.js`), 'utf8');
  assert.equal(text.split(WASM_TEXT.slice(0, 200)).length - 1, 1, 'the wasm (its printable text) once');
  assert.ok(text.includes('https://json-schema.org/draft/2020-12/schema'));
  assert.ok(!readFileSync(path.join(root, `dist/${name}.js`), 'utf8').includes('https://json-schema.org/draft/2020-12/schema'),
    'a bundle of licensing-sdk alone has no JSON Schema');
}

test('esbuild: licensing-sdk/json-schema beside the default entry', async () => {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(root, 'src/json-schema.js')], bundle: true, format: 'esm', platform: 'browser',
    outfile: path.join(root, 'dist/esbuild-json-schema.js'), logLevel: 'error',
  });
  await checkJsonSchemaBundle('esbuild');
});

test('Rollup: licensing-sdk/json-schema beside the default entry', async () => {
  const { rollup } = await import('rollup');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const bundle = await rollup({ input: path.join(root, 'src/json-schema.js'), plugins: [nodeResolve({ browser: true })], logLevel: 'silent' });
  await bundle.write({ file: path.join(root, 'dist/rollup-json-schema.js'), format: 'es' });
  await bundle.close();
  await checkJsonSchemaBundle('rollup');
});
