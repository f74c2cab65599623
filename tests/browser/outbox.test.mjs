// licensing-sdk/outbox in Chromium, Firefox and WebKit (IndexedDB, Web Locks,
// BroadcastChannel), from the built package served by licensing-sim:
// - every write × every crash point × every fault × a reopen, in the page
//   (outbox-crash-points.mjs, the cases the Node suite runs over a file), and
//   those of three writes in a dedicated module worker;
// - the outbox at its edges in Chromium (outbox-edges.mjs), and its model
//   (outbox-model.mjs: seeded runs with tabs that open, close and crash;
//   OUTBOX_MODEL_BROWSER_SEEDS, default 20);
// - a real reload while a batch order's answer is held back by the service,
//   and the same for a bindEnterprise (no repeat key: reconciled by a read):
//   the job is recovered and settled, and the service holds one effect;
// - a page hidden (into the back/forward cache) with a write in flight: the
//   next page's outbox opens (WebKit kept the store locked for ever).
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

// The three browsers side by side: each runs its cases against a simulator in
// its own page, and most of a case's time is waiting (IndexedDB's commits, a
// bind's reads 0.5, 1 and 2 s after a lost send), so one after the other took
// 36 + 39 + 44 s of a fresh machine's run for 54 CPU-seconds in all.
test('every write × every crash point × every fault × a reopen, over IndexedDB, in each browser at once', { concurrency: 3 }, async (t) => {
  await Promise.all(['chromium', 'firefox', 'webkit'].map((browser) => t.test(`in ${browser} (a page, and a module worker)`, async () => {
    const text = await resultOf(browser, `${server.url}browser/outbox.html`, 'return window.__result ?? null;', 240_000);
    const r = JSON.parse(text);
    assert.ok(r.ok, `${browser}: ${r.error}`);
    assert.equal(r.results.length, 128);
    assert.equal(r.worker.length, 48);
    const failed = [...r.results, ...r.worker].filter((c) => !c.ok).map((c) => c.detail);
    assert.deepEqual(failed, [], `${browser}:\n${failed.join('\n')}`);
    const ends = new Set(r.results.map((c) => c.job));
    assert.deepEqual([...ends].sort(), ['failed', 'settled', 'unknown']);
  })));
});

test('at its edges, in chromium: IndexedDB records it cannot read, a load that fails at the takeover, tabs, encryption (outbox-edges.mjs)', async () => {
  const text = await resultOf('chromium', `${server.url}browser/outbox-edges.html`, 'return window.__result ?? null;', 120_000);
  const r = JSON.parse(text);
  assert.ok(r.ok, r.error);
  assert.ok(r.results.length >= 7, JSON.stringify(r.results));
  const failed = r.results.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
  assert.deepEqual(failed, []);
});

const MODEL_SEEDS = Number(process.env.OUTBOX_MODEL_BROWSER_SEEDS ?? 20);
const MODEL_FROM = Number(process.env.OUTBOX_MODEL_BROWSER_FROM ?? 1);

test(`the outbox's model in chromium, ${MODEL_SEEDS} seeds: tabs in iframes over IndexedDB that open, close and crash (outbox-model.mjs)`, async () => {
  const text = await resultOf('chromium', `${server.url}browser/outbox-model.html?from=${MODEL_FROM}&seeds=${MODEL_SEEDS}`, 'return window.__result ?? null;', 60_000 + MODEL_SEEDS * 10_000);
  const r = JSON.parse(text);
  assert.ok(r.ok, r.error);
  assert.deepEqual(r.failed, []);
});

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
        const result = await s.until('return window.__result ?? null;').catch(async (e) => {
          const seen = await s.until('return window.__jobs ? window.__jobs() : JSON.stringify(window.__steps ?? "no steps");', 5_000).catch(String);
          throw new Error(`${e.message}; the page's outbox: ${seen}`);
        });
        const r = JSON.parse(result);
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

// WebKit freezes a page into its back/forward cache with its IndexedDB
// transactions open, and keeps their locks while it stays cached: every other
// outbox on the store waited for ever (measured: one run in four of the
// reload tests under load). The outbox aborts what it has in flight as the
// page is hidden.
for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`a page hidden with a write in flight does not hold the store: the next page's outbox opens, in ${browser}`, async () => {
    run += 1;
    const page = `${server.url}browser/outbox-bfcache.html?n=${run}`;
    const s = await session(browser);
    try {
      await s.navigate(`${page}&phase=1`);
      await s.until('return window.__result ?? (window.__ready ? "ready" : null);');
      await s.navigate(`${page}&phase=2`);
      const result = await s.until('return window.__result ?? null;', 20_000);
      const r = JSON.parse(result);
      assert.ok(r.ok, `${browser}: ${r.error}`);
      assert.notEqual(r.hidden, null, 'the first page was hidden');
    } finally {
      await s.quit();
    }
  });
}

const numbersHandedOut = (state) => state.nextAssetNumbers?.domestic ?? 0;

for (const browser of ['chromium', 'firefox', 'webkit']) {
  test(`tabs: one tab sends, the others hand it their writes; when it goes, another takes over; nothing is sent twice, in ${browser}`, async () => {
    run += 1;
    const page = `${server.url}browser/outbox-tabs.html?n=${run}`;
    const base = numbersHandedOut(await simState());
    const s = await session(browser);
    const ready = () => s.until('return window.__ready ? true : null;');
    /** The jobs this tab sees, once `count` of them have finished. */
    const finished = async (count) => JSON.parse(await s.until(`const jobs = window.__jobs();
      return jobs.length === ${count} && jobs.every((j) => j.state !== 'queued' && j.state !== 'sending') ? JSON.stringify(jobs) : null;`));
    try {
      await s.navigate(page);
      await ready();
      const first = await s.current();
      await s.until('return window.__sending() ? true : null;');
      await s.newTab();
      await s.navigate(page);
      await ready();
      const second = await s.current();
      assert.equal(await s.run('return window.__sending();'), false, 'a second tab does not send');
      // The second tab's writes are sent by the first, and settle in both.
      await s.run('return window.__submit(3);');
      const seen = await finished(3);
      assert.deepEqual(seen.map((j) => [j.state, j.sends]), [['settled', 1], ['settled', 1], ['settled', 1]]);
      assert.equal(new Set(seen.map((j) => j.data[0])).size, 3, 'three different numbers');
      await s.switchTo(first);
      assert.deepEqual((await finished(3)).map((j) => j.data[0]), seen.map((j) => j.data[0]), 'the first tab sees them too');
      // The first tab's next call is held (done, its answer held back); two more wait behind it.
      await fault('after;delay=30000', 'shellNums');
      await s.run('return window.__submit(1);');
      await s.until("return window.__jobs().some((j) => j.state === 'sending') ? true : null;");
      await s.switchTo(second);
      await s.run('return window.__submit(2);');
      // The sending tab goes: the second takes the lock, finds the held job maybe
      // sent (never sent again) and sends the two behind it.
      await s.switchTo(first);
      await s.closeTab();
      await s.switchTo(second);
      const after = await finished(6);
      assert.equal(await s.run('return window.__sending();'), true, 'the second tab sends now');
      assert.deepEqual(after.map((j) => j.state), ['settled', 'settled', 'settled', 'unknown', 'settled', 'settled']);
      assert.ok(after.every((j) => j.sends <= 1), JSON.stringify(after));
      // Six jobs, six numbers handed out: none twice.
      assert.equal(numbersHandedOut(await simState()) - base, 6);
    } finally {
      await s.quit();
    }
  });
}
