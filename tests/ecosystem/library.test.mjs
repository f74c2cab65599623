// esbuild and Rollup as a library's bundler (browser conditions, ES module
// output), each bundle loaded in Chromium (tests/ecosystem/library/).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { app, expectedVerdict, launchBrowser, readVerdict, seedVerdict, staticServer } from './harness.mjs';

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
