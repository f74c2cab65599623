// Vite 6, 7 and 8, each as a user runs it with no configuration file: the
// production build served by `vite preview`, and the dev server (its
// dependency optimizer included). The page validates in the window and in a
// module worker (tests/ecosystem/vite/), and with licensing-sdk/validate in the
// window; the newest Vite's build also in WebKit. The devtools panel
// (licensing-sdk/panel) lists a call under the dev server, and is not in the
// production build.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
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
// Each Vite command sets NODE_ENV for the whole process (production for a
// build and preview, development for a dev server) unless it is set, and the
// next one takes it for its mode (which decides the `production` or
// `development` condition): a user's `vite` and `vite build` each run in a
// process of their own, so each test starts without it.
beforeEach(() => {
  delete process.env.NODE_ENV;
});

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
        assert.deepEqual(got, { window: expected, worker: expected, validateEntry: expected, panel: null });
        // WebKit (Safari's engine) on the newest Vite's build: the same verdicts as Node's.
        if (name === VERSIONS.at(-1)) {
          assert.deepEqual(await readVerdictWebKit(`http://127.0.0.1:${port}/`), { window: expected, worker: expected, validateEntry: expected, panel: null }, 'WebKit');
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
        const { panel, ...verdicts } = got;
        assert.deepEqual(verdicts, { window: expected, worker: expected, validateEntry: expected });
        assert.match(panel ?? '', /^#\d+ lockAssets · failed · 0 attempts/, 'the panel lists the refused call');
      } finally {
        await server.close();
      }
    });
  });
}
