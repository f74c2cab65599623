// Vite 6, 7 and 8, each as a user runs it with no configuration file: the
// production build served by `vite preview`, and the dev server (its
// dependency optimizer included). The page validates in the window and in a
// module worker (tests/ecosystem/vite/), and with licensing-sdk/validate in the
// window; the newest Vite's build also in WebKit.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { app, expectedVerdict, freePort, launchBrowser, readVerdict, readVerdictWebKit, seedVerdict } from './harness.mjs';

const VERSIONS = ['vite6', 'vite7', 'vite8'];
const root = app('vite');
let browser;
let expected;

before(async () => {
  seedVerdict('vite');
  expected = await expectedVerdict();
  browser = await launchBrowser();
});
after(() => browser?.close());

for (const name of VERSIONS) {
  describe(name, () => {
    const config = (extra) => ({ root, configFile: false, logLevel: 'error', clearScreen: false, ...extra });

    test('build, then the page under vite preview', async () => {
      const vite = await import(name);
      const outDir = `dist-${name}`;
      await vite.build(config({ build: { outDir, emptyOutDir: true } }));
      const port = await freePort();
      const server = await vite.preview(config({ build: { outDir }, preview: { port, strictPort: true, host: '127.0.0.1' } }));
      try {
        const got = await readVerdict(browser, `http://127.0.0.1:${port}/`);
        assert.deepEqual(got, { window: expected, worker: expected, validateEntry: expected });
        // WebKit (Safari's engine) on the newest Vite's build: the same verdicts as Node's.
        if (name === VERSIONS.at(-1)) {
          assert.deepEqual(await readVerdictWebKit(`http://127.0.0.1:${port}/`), { window: expected, worker: expected, validateEntry: expected }, 'WebKit');
        }
      } finally {
        await server.close();
      }
    });

    test('the dev server', async () => {
      const vite = await import(name);
      const port = await freePort();
      // A cache of its own per version (the optimizer's output differs).
      const server = await vite.createServer(config({ cacheDir: `node_modules/.vite-${name}`, server: { port, strictPort: true, host: '127.0.0.1' } }));
      await server.listen();
      try {
        const got = await readVerdict(browser, `http://127.0.0.1:${port}/`);
        assert.deepEqual(got, { window: expected, worker: expected, validateEntry: expected });
      } finally {
        await server.close();
      }
    });
  });
}
