// licensing-sdk/panel outside a browser: a bundler building for production
// (the `production` condition, as Vite's build and webpack's production mode
// set it) resolves it to a module with nothing of the panel, one building for
// development to the panel; and importing it where there are no custom
// elements (Node, a server render) defines nothing and throws nothing. What
// it shows is tested in a real browser (tests/e2e/panel.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `import 'licensing-sdk/panel'` bundled (minified) for a browser with these conditions. */
async function bundled(conditions) {
  const result = await esbuild.build({
    stdin: { contents: "import { definePanel } from 'licensing-sdk/panel'; definePanel('x-panel');", resolveDir: ROOT },
    bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, conditions,
  });
  return result.outputFiles[0].text;
}

test('a production build carries nothing of the panel; a development build carries it', async () => {
  const production = await bundled(['production']);
  const development = await bundled(['development']);
  for (const word of ['Licensing calls', 'licensing-panel', 'attachShadow', 'licensing-sdk.events']) {
    assert.ok(development.includes(word), `the development build has ${word}`);
    assert.ok(!production.includes(word), `the production build has ${word}`);
  }
  const size = (text) => gzipSync(text, { level: 9 }).length;
  assert.ok(size(production) < 200, `production: ${size(production)} B gzip`);
  assert.ok(size(development) < 6_000, `development: ${size(development)} B gzip`);
});

test('imported or required in Node (no custom elements): nothing defined, nothing thrown', async () => {
  for (const panel of [await import('licensing-sdk/panel'), createRequire(import.meta.url)('licensing-sdk/panel')]) {
    assert.equal(typeof panel.definePanel, 'function');
    assert.equal(typeof panel.LicensingPanel, 'function');
    panel.definePanel('licensing-panel');
  }
});
