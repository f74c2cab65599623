// createSimulator in headless Chromium, headless Firefox and WebKit: in a page and in a
// dedicated module worker (simulator-checks.mjs), and in a module Service Worker
// that answers the page's LicensingClient (sw.mjs), from the built package served
// by licensing-sim's static files: no network beyond 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startNodeSim, startSim } from '../e2e/harness.mjs';
import { resultOf } from './webdriver.mjs';

let server;

before(async () => {
  server = await startSim({ args: ['--static', '/browser=tests/browser'] });
});

after(() => server?.stop());

for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`createSimulator in ${browser}: page and worker`, async () => {
    const text = await resultOf(browser, `${server.url}browser/simulator.html`, 'return window.__result ?? null;');
    const { page, worker } = JSON.parse(text);
    for (const [realm, results] of [['page', page], ['worker', worker]]) {
      assert.ok(results.length >= 5, `${browser} ${realm}: ${text}`);
      assert.ok(results.some((r) => r.name.startsWith('one virtual clock')), `${browser} ${realm}: the clock's schedules ran`);
      for (const r of results) assert.ok(r.ok, `${browser} ${realm}: ${r.name}: ${r.error}`);
    }
  });
}

for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`createSimulator in a module Service Worker answers the page's client, ${browser}`, async () => {
    const text = await resultOf(browser, `${server.url}browser/sw.html`, 'return window.__result ?? null;');
    const r = JSON.parse(text);
    assert.ok(r.ok, `${browser}: ${r.error}`);
    assert.deepEqual(r.numbers, ['8000000501', '8000000502']);
    assert.deepEqual(r.next, ['8000000503']);
  });
}

for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`a page on another origin calls npx licensing-sdk-sim, ${browser}`, async () => {
    const node = await startNodeSim();
    try {
      const text = await resultOf(browser, `${server.url}browser/cross-origin.html?sim=${encodeURIComponent(node.url)}`, 'return window.__result ?? null;');
      const r = JSON.parse(text);
      assert.ok(r.ok, `${browser}: ${r.error}`);
      assert.deepEqual(r.numbers, ['8000000001', '8000000002']);
      assert.deepEqual([r.status, r.retryAfter], [503, '7']);
    } finally {
      node.stop();
    }
  });
}
