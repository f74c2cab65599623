// Time on both sides of a browser test (the testing guide, "Time"): Playwright's
// page.clock moves the client in the page, licensing-sim's virtual clock (`--clock
// virtual`, POST /__sim/clock) moves the service. Headless Chromium, the package
// from the simulator's own origin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, startSim } from './harness.mjs';

const ADMIN = 'clock-admin';

test("page.clock times the client's Retry-After wait, POST /__sim/clock the service's delay", { timeout: 60_000 }, async (t) => {
  const sim = await startSim({ args: ['--clock', 'virtual', '--admin-token', ADMIN] });
  t.after(() => sim.stop());
  const browser = await launchBrowser();
  t.after(() => browser.close());
  const admin = (route) => fetch(new URL(route, sim.url), { method: 'POST', headers: { 'x-sim-admin': ADMIN } }).then((r) => r.json());
  // The first lockAssets is answered 503 with Retry-After: 20; the second is held for 60 s of the service's clock.
  await admin('__sim/fault?fault=http%3D503%3Bretry-after%3D20&endpoint=lockAssets');
  await admin('__sim/fault?fault=delay%3D60000&endpoint=lockAssets');

  const page = await browser.newPage();
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.goto(new URL('pkg/package.json', sim.url).href);
  await page.evaluate(async () => {
    const { LicensingClient } = await import('/pkg/index.js');
    window.seen = [];
    const client = new LicensingClient({
      baseUrl: location.origin, token: 'dev-order-token', timeoutMs: 120_000, headers: { 'x-sim-trace': 'clock' },
      hooks: { beforeRetry: ({ delayMs }) => { window.seen.push(`retry in ${delayMs} ms`); } },
    });
    window.done = false;
    window.outcome = client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' })
      .then((value) => ({ value }), (error) => ({ error: `${error.kind}: ${error.message}` }))
      .finally(() => { window.done = true; });
  });
  await page.waitForFunction(() => window.seen.length === 1);
  assert.deepEqual(await page.evaluate(() => window.seen), ['retry in 20000 ms']);
  // The page's clock runs the wait out: the retry is sent, and the service holds it.
  await page.clock.runFor(20_000);
  const traced = async () => (await fetch(new URL('__sim/trace/clock', sim.url), { headers: { 'x-sim-admin': ADMIN } }).then((r) => r.json())).length;
  for (let i = 0; (await traced()) < 2; i++) {
    assert.ok(i < 100, 'the retry reached the service');
    await new Promise((r) => setTimeout(r, 50));
  }
  // Real time passes; the service's clock does not: no answer.
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await page.evaluate(() => window.done), false, 'answered before the service clock moved');
  // The service's clock passes the delay: the answer comes.
  assert.equal((await admin('__sim/clock?advance=60000')).date, '2026-01-01 00:01:00');
  assert.deepEqual(await page.evaluate(() => window.outcome), { value: [{ assetNum: '8000000001', status: 2 }] });
});
