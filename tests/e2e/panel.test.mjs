// The devtools panel (`licensing-sdk/panel`, `<licensing-panel>`) in the demo
// portal, a plain page, in headless Chromium against a simulator started for
// the run: what it shows for a retried call, a body the rules refuse (each
// issue at its field, in the client's locale), its filters, an outbox job
// carried on after a reload, and the simulator's trace of each attempt. Run: TMPDIR=target/tmp node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fillSample, launchBrowser, openPortalPage, startSim, until } from './harness.mjs';

let sim;
let browser;
const ADMIN = { 'x-sim-admin': 'e2e-admin' };

before(async () => {
  sim = await startSim({ args: ['--admin-token', ADMIN['x-sim-admin']] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await sim?.stop();
});

/** A fresh page on the portal (`hash`). */
const openPortal = (t, hash = '') => openPortalPage(browser, t, sim.url + hash);

/** What the panel lists of a call (Playwright's CSS reaches into its open shadow root). */
async function shownCall(call) {
  return {
    state: await call.getAttribute('data-state'),
    summary: await call.locator('summary').textContent(),
    lines: await call.locator('li').evaluateAll((items) => items.map((li) => `${li.dataset.kind}: ${li.textContent}`)),
  };
}

const fault = (spec, endpoint) => fetch(`${sim.url}__sim/fault?fault=${encodeURIComponent(spec)}&endpoint=${endpoint}`, { method: 'POST', headers: ADMIN });

test('a call retried after a code 500: both attempts, the answer of each and the wait between, as it happened', { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t, '#locks');
  assert.equal((await fault('code500;times=1', 'lockAssets')).status, 200);
  await page.locator('#locks-assetNums').fill('8999999999');
  await page.locator('#locks-operatorIdentity').fill('e2e-panel');
  const lock = page.locator('#locks-lock');
  await until(async () => !(await lock.isDisabled()), { what: 'the lock button enabled' });
  await lock.click();
  const call = page.locator('licensing-panel details[data-endpoint="lockAssets"]');
  await until(async () => (await call.getAttribute('data-state')) === 'done', { what: 'the call done in the panel' });
  const shown = await shownCall(call);
  assert.match(shown.summary, /lockAssets · done · 2 attempts · \d+ ms/);
  const kinds = shown.lines.map((line) => line.split(':')[0]);
  assert.deepEqual(kinds, ['request', 'response', 'retry', 'request', 'response'], shown.lines.join('\n'));
  assert.match(shown.lines[0], /attempt 1: POST http:\/\/127\.0\.0\.1:\d+\/.*g_nonce=/);
  assert.match(shown.lines[1], /→ HTTP 299 · code 500 · \d+ ms/);
  assert.match(shown.lines[2], /retry in \d+ ms: business · HTTP 299 · code 500: network exception, retry/);
  assert.match(shown.lines[4], /→ HTTP 200 · code 0/);
  assert.ok(!shown.lines.join('\n').includes('dev-all-token'), 'no token');
  check();
});

test('a body the rules refuse: its issues at their fields in the client\'s locale; the filters keep what they name', { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await page.evaluate(async () => {
    const { LicensingClient } = await import('/pkg/slim.js');
    const client = new LicensingClient({ baseUrl: location.origin, token: 'dev-all-token', locale: 'zh-CN' });
    await client.lockAssets({ assetNums: [], operatorIdentity: '' }).catch(() => {});
    await client.shellNums({ size: 1 });
  });
  const refused = page.locator('licensing-panel details[data-endpoint="lockAssets"][data-state="failed"]');
  await until(async () => (await refused.count()) === 1, { what: 'the refused call in the panel' });
  const shown = await shownCall(refused);
  assert.match(shown.summary, /lockAssets · failed · 0 attempts/);
  assert.match(shown.lines[0], /^failed: validation: /);
  const issues = shown.lines.filter((line) => line.startsWith('issue: '));
  assert.ok(issues.some((line) => /^issue: \/assetNums: .*[\u4e00-\u9fff]/.test(line)), issues.join('\n'));
  assert.ok(issues.length >= 2, 'every issue of the report');

  const visible = async () => (await page.locator('licensing-panel details:not([hidden])').evaluateAll((all) => all.map((d) => `${d.dataset.endpoint} ${d.dataset.state}`))).sort();
  await until(async () => (await visible()).includes('shellNums done'), { what: 'shellNums done' });
  await page.locator('licensing-panel select[part="outcome-filter"]').selectOption('failed');
  assert.deepEqual(await visible(), ['lockAssets failed']);
  await page.locator('licensing-panel select[part="outcome-filter"]').selectOption('');
  await page.locator('licensing-panel select[part="endpoint-filter"]').selectOption('shellNums');
  assert.deepEqual([...new Set(await visible())], ['shellNums done']);
  check();
});

test('an outbox job carried on after a reload: the new page sends, and the panel follows the job to its end', { timeout: 60_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await fillSample(page);
  const { channelOrderId } = JSON.parse(await page.locator('#order-json').inputValue());
  // The service does the work and holds its answer back, long past the reload.
  assert.equal((await fault('after;delay=30000', 'batchOrder')).status, 200);
  await until(async () => !(await page.locator('#submit-order').isDisabled()), { what: 'submit enabled' });
  await page.locator('#submit-order').click();
  const job = page.locator('licensing-panel .jobs li[data-job]');
  await until(async () => (await job.getAttribute('data-state')) === 'sending', { what: 'the job sending before the reload' });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  await until(async () => (await job.getAttribute('data-state')) === 'settled', { what: 'the job settled after the reload', timeout: 20_000 });
  assert.match(await job.textContent(), new RegExp(`portal-orders · batchOrder ${channelOrderId} · settled · sends \\d`));
  assert.equal(await page.locator('licensing-panel .jobs li[data-sender="portal-orders"]').count(), 1, 'this page sends');
  // The job's call after the reload is listed too.
  assert.ok(await page.locator('licensing-panel details[data-state="done"]').count() >= 1);
  check();
});

test("where the page talks to the simulator: each attempt's trace under its call", { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  assert.equal((await fault('code500;times=1', 'lockAssets')).status, 200);
  await page.evaluate(async (admin) => {
    const { LicensingClient } = await import('/pkg/slim.js');
    // The simulator's trace of each attempt, found by its g_nonce.
    document.querySelector('licensing-panel').traceOf = async ({ url }) => {
      const trace = await (await fetch('/__sim/trace/e2e-panel', { headers: { 'x-sim-admin': admin } })).json();
      const nonce = new URL(url).searchParams.get('g_nonce');
      return trace.filter((entry) => new URLSearchParams(entry.query ?? '').get('g_nonce') === nonce);
    };
    const client = new LicensingClient({ baseUrl: location.origin, token: 'dev-all-token', headers: { 'x-sim-trace': 'e2e-panel' } });
    await client.lockAssets({ assetNums: ['8999999999'], operatorIdentity: 'e2e-panel' });
  }, ADMIN['x-sim-admin']);
  const call = page.locator('licensing-panel details[data-endpoint="lockAssets"][data-state="done"]');
  await until(async () => (await call.locator('li[data-kind="sim"]').count()) === 2, { what: "both attempts' traces" });
  const traced = await call.locator('li[data-kind="sim"]').allTextContents();
  assert.match(traced[0], /^simulator, attempt 1: \{"authorization":"Bearer \[redacted\]",.*"endpoint":"lockAssets","method":"POST","path":"\/order\/api\/order\/v1\/asset\/lock"/);
  assert.match(traced[1], /^simulator, attempt 2: /);
  assert.ok(!traced.join('\n').includes('dev-all-token'));
  check();
});

test('the panel at its edges: a traceOf it cannot print, a body refused at its root, a language switch, Clear', { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await page.evaluate(async () => {
    const { LicensingClient } = await import('/pkg/slim.js');
    const panel = document.querySelector('licensing-panel');
    const client = new LicensingClient({ baseUrl: location.origin, token: 'dev-all-token' });
    // Entries JSON cannot write, a rejection whose message cannot be read, thousands of entries:
    // before, the first two were unhandled rejections in the page, and the third 20,000 lines.
    const cyclic = {};
    cyclic.self = cyclic;
    const rejecting = { get message() { throw new Error('no message'); } };
    const answers = [async () => [cyclic, { n: 1n }, { shown: 'after them' }], async () => { throw rejecting; }, async () => Array.from({ length: 5000 }, (_, i) => ({ i }))];
    for (const answer of answers) {
      panel.traceOf = answer;
      await client.shellNums({ size: 1 });
    }
    panel.traceOf = undefined;
    await client.lockAssets(null).catch(() => {});
  });
  const calls = page.locator('licensing-panel details[data-endpoint="shellNums"][data-state="done"]');
  await until(async () => (await calls.count()) === 3 && (await calls.nth(0).locator('li[data-kind="sim"]').count()) === 51, { what: 'the three traced calls' });
  // The newest call first.
  assert.deepEqual(await calls.nth(2).locator('li[data-kind="sim"]').allTextContents(),
    ['simulator, attempt 1: [object Object]', 'simulator, attempt 1: [object Object]', 'simulator, attempt 1: {"shown":"after them"}']);
  assert.equal(await calls.nth(1).locator('li[data-kind="sim"]').count(), 1);
  assert.equal(await calls.nth(0).locator('li[data-kind="sim"]').last().textContent(), 'simulator, attempt 1: 4950 more not shown');
  const root = page.locator('licensing-panel details[data-endpoint="lockAssets"] li.issue');
  await until(async () => (await root.count()) >= 1, { what: 'the refused body' });
  assert.match(await root.first().textContent(), /^\(the body\): /);

  await page.evaluate(() => { document.documentElement.lang = 'zh-CN'; });
  await until(async () => (await page.locator('licensing-panel h2').textContent()) === '许可服务调用', { what: 'the heading in Chinese' });
  assert.match(await calls.nth(0).locator('summary').textContent(), /成功/, 'each call\'s summary follows');
  await page.locator('licensing-panel select[part="endpoint-filter"]').selectOption('shellNums');
  await page.locator('licensing-panel button').click();
  assert.deepEqual(await page.locator('licensing-panel select[part="endpoint-filter"] option').evaluateAll((o) => o.map((x) => x.value)), [''], 'Clear leaves no endpoint of the calls it cleared');
  check();
});
