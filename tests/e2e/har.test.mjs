// HAR with Playwright's own recorder and replayer at the other end (headless
// Chromium, the package from licensing-sim's own origin): the proxy's `--har`
// replayed by `routeFromHAR` to a page's LicensingClient with nothing
// listening, and Playwright's `recordHar` (content embedded, and attached)
// made a state by `state --from-har` that answers the session's reads.
//
// Playwright replays by the exact URL and POST body; each call's `g_nonce` is
// 128 random bits (`crypto.getRandomValues`), so both runs draw them from one
// seeded generator (the testing guide, "HAR both ways", says so).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';
import { launchBrowser, ROOT, runBin, startNodeSim, startProxy, startSim } from './harness.mjs';

const scratch = mkdtempSync(path.join(ROOT, 'target/tmp/e2e-har-'));

/** Random values from a fixed seed (xorshift32): the same nonces in every run. */
function seededRandom() {
  let state = 0x9e3779b9;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      state ^= state << 13; state >>>= 0;
      state ^= state >>> 17;
      state ^= state << 5; state >>>= 0;
      bytes[i] = state & 0xff;
    }
    return array;
  };
}

/** A portal's session in the page, against `base`: what it read. */
async function session(page, base) {
  return page.evaluate(async (baseUrl) => {
    const { LicensingClient } = await import('/pkg/index.js');
    const client = new LicensingClient({ baseUrl, token: 'dev-order-token', appKey: 'app-1', retry: { limit: 0 } });
    const [a] = await client.shellNums({ size: 1 });
    const { enterpriseGlobalId } = await client.createEnterprise({ crmCustomerId: 'crm-e2e-har', customerName: 'HAR Page Ltd' });
    await client.batchOrder({
      channelCode: 'CH', channelOrderId: 'E2E-HAR-1', syncMode: 'sync',
      orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'crm-e2e-har', enterpriseGlobalId,
        assets: [{ assetNos: [a], products: [{ productUri: 'gms:1', limitConcurrent: 1 }] }] }],
    });
    return { enterpriseGlobalId, assets: await client.listAssets({ enterpriseGlobalId }) };
  }, base);
}

/** `npx licensing-sdk-sim state --from-har FILE`: the state's text. */
async function stateFromHar(file) {
  const { code, stdout, stderr } = await runBin('licensing-sdk-sim.mjs', ['state', '--from-har', file]);
  if (code !== 0) throw new Error(`state --from-har exited ${code}: ${stderr}`);
  return stdout;
}

test("the proxy's HAR, replayed by Playwright's routeFromHAR, answers a page's LicensingClient with nothing listening", { timeout: 90_000 }, async (t) => {
  const site = await startSim();
  t.after(() => site.stop());
  const upstream = await startNodeSim([]);
  t.after(() => upstream.stop());
  const har = path.join(scratch, 'proxy.har');
  const proxy = await startProxy(upstream.url, ['--har', har, '--quiet']);
  const browser = await launchBrowser();
  t.after(() => browser.close());

  const recording = await browser.newContext();
  await recording.addInitScript(seededRandom);
  const page = await recording.newPage();
  await page.goto(new URL('pkg/package.json', site.url).href);
  const seen = await session(page, proxy.url);
  await recording.close();
  await proxy.stop();
  // Nothing listens at the proxy's address now.
  await assert.rejects(fetch(`${proxy.url}/order/api/order/v1/shellnums`));

  const replaying = await browser.newContext();
  await replaying.addInitScript(seededRandom);
  await replaying.routeFromHAR(har, { url: `${proxy.url}/**`, notFound: 'abort' });
  const again = await replaying.newPage();
  await again.goto(new URL('pkg/package.json', site.url).href);
  assert.deepEqual(await session(again, proxy.url), seen);
  await replaying.close();
});

for (const content of ['embed', 'attach']) {
  test(`Playwright's recordHar (content: ${content}) becomes a state that answers the session's reads`, { timeout: 90_000 }, async (t) => {
    const service = await startSim();
    t.after(() => service.stop());
    const browser = await launchBrowser();
    t.after(() => browser.close());
    const har = path.join(scratch, `playwright-${content}.har`);
    const context = await browser.newContext({ recordHar: { path: har, content } });
    const page = await context.newPage();
    await page.goto(new URL('pkg/package.json', service.url).href);
    const seen = await session(page, service.url.replace(/\/$/, ''));
    await context.close();
    assert.ok(readFileSync(har, 'utf8').includes('/order/api/order/v1/'), 'the HAR holds the service\'s calls');

    const state = path.join(scratch, `playwright-${content}-state.json`);
    writeFileSync(state, await stateFromHar(har));
    const replica = await startNodeSim(['--state', state]);
    try {
      const client = new LicensingClient({ baseUrl: replica.url, token: 'dev-order-token' });
      assert.deepEqual(await client.listAssets({ enterpriseGlobalId: seen.enterpriseGlobalId }), seen.assets);
    } finally {
      replica.stop();
    }
  });
}
