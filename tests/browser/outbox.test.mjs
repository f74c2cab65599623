// licensing-sdk/outbox in Chromium, Firefox and WebKit (IndexedDB, Web Locks,
// BroadcastChannel), from the built package served by licensing-sim:
// - every write × every crash point × every fault × a reopen, in the page
//   (outbox-crash-points.mjs, the cases the Node suite runs over a file);
// - a real reload while a batch order's answer is held back by the service,
//   and the same for a bindEnterprise (no repeat key: reconciled by a read):
//   the job is recovered and settled, and the service holds one effect.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSim } from '../e2e/harness.mjs';
import { resultOf, session } from './webdriver.mjs';

let server;
const ADMIN_TOKEN = 'outbox-test-admin';
const ADMIN = { 'x-sim-admin': ADMIN_TOKEN };

before(async () => {
  server = await startSim({ args: ['--static', '/browser=tests/browser', '--admin-token', ADMIN_TOKEN] });
});

after(() => server?.stop());

for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`every write × every crash point × every fault × a reopen, over IndexedDB, in ${browser}`, async () => {
    const text = await resultOf(browser, `${server.url}browser/outbox.html`, 'return window.__result ?? null;', 240_000);
    const r = JSON.parse(text);
    assert.ok(r.ok, `${browser}: ${r.error}`);
    assert.equal(r.results.length, 128);
    const failed = r.results.filter((c) => !c.ok).map((c) => c.detail);
    assert.deepEqual(failed, [], `${browser}:\n${failed.join('\n')}`);
    const ends = new Set(r.results.map((c) => c.job));
    assert.deepEqual([...ends].sort(), ['failed', 'settled', 'unknown']);
  });
}

async function simState() {
  const response = await fetch(`${server.url}__sim/state`, { headers: ADMIN });
  return response.json();
}

async function fault(directives, endpoint) {
  const url = `${server.url}__sim/fault?fault=${encodeURIComponent(directives)}&endpoint=${endpoint}`;
  const response = await fetch(url, { method: 'POST', headers: ADMIN });
  assert.equal(response.status, 200, await response.text());
}

const RELOADS = {
  batchOrder: { done: (state, n) => state.orders.filter((o) => o.channelOrderId === `CO-R${n}`).length },
  bindEnterprise: { done: (state, n) => state.customers.filter((c) => c.record.channelCustomerId === `cc-r${n}`).length },
};

let run = 0;
for (const browser of ['chromium', 'firefox', 'webkit']) {
  for (const [endpoint, { done }] of Object.entries(RELOADS)) {
    test(`${endpoint} whose answer a reload lost is recovered and settled once, in ${browser}`, async () => {
      run += 1;
      const n = String(run);
      // The work is done, its answer held back long past the reload.
      await fault('after;delay=20000', endpoint);
      const page = `${server.url}browser/outbox-reload.html?endpoint=${endpoint}&n=${n}`;
      const s = await session(browser);
      try {
        await s.navigate(`${page}&phase=1`);
        assert.equal(await s.until('return window.__result ? "error: " + window.__result : (window.__state ?? null);'), 'sending');
        for (let i = 0; done(await simState(), n) === 0; i += 1) {
          assert.ok(i < 200, 'the service did not do the work');
          await new Promise((r) => setTimeout(r, 50));
        }
        await s.navigate(`${page}&phase=2`);
        const r = JSON.parse(await s.until('return window.__result ?? null;'));
        assert.ok(r.ok, `${browser}: ${r.error}`);
        assert.deepEqual(r.found, [{ endpoint, state: 'sending' }], 'the reloaded page found the job in flight');
        assert.equal(r.state, 'settled');
        assert.equal(r.storage.kind, 'indexeddb');
        if (endpoint === 'batchOrder') assert.match(r.data[0].licenseOrderId, /^LO/);
        else assert.equal(r.data.channelCustomerId, `cc-r${n}`);
        assert.equal(done(await simState(), n), 1, 'the service holds one effect');
      } finally {
        await s.quit();
      }
    });
  }
}
