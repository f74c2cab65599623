// webpack 5 with the configuration `webpack init` leaves (tests/ecosystem/webpack/):
// production build, the page and its module worker in Chromium.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { app, expectedVerdict, HERE, launchBrowser, readVerdict, run, seedVerdict, staticServer } from './harness.mjs';

let browser;
before(async () => { browser = await launchBrowser(); });
after(() => browser?.close());

test('webpack 5: build, then the page and its worker', async () => {
  seedVerdict('webpack');
  await run(process.execPath, [path.join(HERE, 'node_modules/webpack-cli/bin/cli.js'), '--config', 'webpack.config.mjs'], { cwd: app('webpack') });
  const server = await staticServer([['/', path.join(app('webpack'), 'dist')], ['/', app('webpack')]]);
  try {
    const expected = await expectedVerdict();
    assert.deepEqual(await readVerdict(browser, server.url), { window: expected, worker: expected, validateEntry: expected });
  } finally {
    await server.close();
  }
});
