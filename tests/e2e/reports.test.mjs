// The reports a team opens: `npx licensing-sdk verify --html FILE` and
// `npx licensing-sdk-sim proxy --html FILE` of the installed package, against
// the native simulator with a drift, each page opened in headless Chromium:
// it loads nothing but itself, shows each endpoint's checks and each
// difference from the contract side by side with the exchange behind it, and
// never a token. Run: TMPDIR=target/tmp node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LicensingClient } from 'licensing-sdk';
import { launchBrowser, runBin, startProxy, startSim } from './harness.mjs';

const ORDER = 'tok-order-s3cret';
const ACTIVITY = 'tok-activity-s3cret';
const TOKENS = ['--token', `${ORDER}=auth_order`, '--token', `${ACTIVITY}=auth_activity`];
const scratch = mkdtempSync(path.join(process.env.TMPDIR, 'reports-'));

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

/**
 * The page at `file` opened in Chromium: what it shows (`page`), and every
 * request it made (the file itself only, if it is self-contained).
 */
async function opened(t, file) {
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => problems.push(`console.${m.type()}: ${m.text()}`));
  await page.goto(pathToFileURL(file).href);
  assert.deepEqual(requests, [pathToFileURL(file).href], 'the page loads nothing but itself');
  assert.deepEqual(problems, []);
  return page;
}

/** The rows of the first table after the heading `h3`/`h2` whose text matches. */
const rowsOf = (page, selector) => page.locator(selector).evaluateAll((tables) => tables.map((table) => [...table.rows].map((row) => [...row.cells].map((cell) => cell.textContent))));

test('verify --html: each endpoint\'s checks, each difference side by side with the answer behind it, no token', { timeout: 60_000 }, async (t) => {
  const sim = await startSim({ args: [...TOKENS, '--drift', 'unknown-enum'], statics: false });
  t.after(() => sim.stop());
  const html = path.join(scratch, 'verify.html');
  const out = await runBin('licensing-sdk.mjs', ['verify', '--base-url', sim.url.replace(/\/$/, ''), '--token', ORDER,
    '--activity-token', ACTIVITY, '--writes', '--activity-label', 'partner-bonus', '--html', html]);
  assert.equal(out.code, 1, out.stdout);
  const text = readFileSync(html, 'utf8');
  assert.ok(!text.includes(ORDER) && !text.includes(ACTIVITY), 'no token in the page');
  const page = await opened(t, html);
  assert.match(await page.locator('h1').textContent(), /^licensing-sdk verify: http:\/\/127\.0\.0\.1:\d+$/);
  assert.match(await page.locator('p.counts').textContent(), /\d+ agree.*[1-9]\d* differ/);
  const sections = await page.locator('h2').allTextContents();
  assert.ok(sections.includes('lockAssets (POST /order/api/order/v1/asset/lock)'), sections.join('\n'));
  assert.ok(sections.includes('The service as a whole') || sections.length >= 10, sections.join('\n'));
  // The check that differs, and its difference side by side.
  const differing = page.locator('h3:has(.verdict.differs)');
  assert.ok(await differing.count() >= 1);
  const tables = (await rowsOf(page, 'table')).filter((rows) => rows[0].includes('What the contract says'));
  const rows = tables.flat().filter((row) => row[0] === '/data/*/status');
  assert.ok(rows.length >= 1, JSON.stringify(tables));
  const [where, says, answered, verdict, rule] = rows[0];
  assert.equal(where, '/data/*/status');
  assert.match(says, /\(the spec: enum\)$/);
  assert.match(answered, /^at \/data\/0\/status/);
  assert.equal(verdict, 'differs');
  assert.ok(rule.length > 0);
  // The answer behind it, folded, as the service sent it.
  const answers = await page.locator('details pre').allTextContents();
  assert.ok(answers.some((body) => body.includes('"status"')), 'an answer shown');
});

test('proxy --html: per endpoint, each difference of the answers with the exchange that showed it first, the requests\' issues, no token', { timeout: 60_000 }, async (t) => {
  const upstream = await startSim({ args: [...TOKENS, '--drift', 'unknown-enum'], statics: false });
  t.after(() => upstream.stop());
  const html = path.join(scratch, 'proxy.html');
  const proxy = await startProxy(upstream.url.replace(/\/$/, ''), ['--html', html, '--quiet']);
  try {
    const client = new LicensingClient({ baseUrl: proxy.url, token: ORDER, appKey: 'app-1', rules: 'spec' });
    const [a] = await client.shellNums({ size: 1 });
    await client.lockAssets({ assetNums: [a], operatorIdentity: 'ops' });
    await client.lockAssets({ assetNums: [a], operatorIdentity: 'ops' });
    // A request with an issue under the proxy's profile (recommended), sent under the client's (spec).
    await client.shellNums({ size: 0 }).catch(() => {});
  } finally {
    const { code } = await proxy.stop();
    assert.equal(code, 0);
  }
  const text = readFileSync(html, 'utf8');
  assert.ok(!text.includes(ORDER), 'no token in the page');
  const page = await opened(t, html);
  assert.match(await page.locator('h1').textContent(), /^licensing-sdk-sim proxy: http:\/\/127\.0\.0\.1:\d+$/);
  const [counts] = await rowsOf(page, 'table:first-of-type');
  assert.deepEqual(counts[0], ['Endpoint', 'Requests', 'Invalid', 'Refused here', 'Answers', 'Differing from the spec']);
  const lock = counts.find((row) => row[0] === 'lockAssets');
  assert.deepEqual(lock, ['lockAssets', '2', '0', '0', '2', '2']);
  const tables = await rowsOf(page, 'table');
  const differences = tables.find((rows) => rows[0][0] === 'Endpoint' && rows[0].includes('What the contract says'));
  const status = differences.find((row) => row[0] === 'lockAssets' && row[1] === '/data/*/status');
  assert.ok(status, JSON.stringify(differences));
  assert.equal(status[4], 'differs');
  assert.match(status[3], /, 2 times$/, 'counted over both answers');
  // The exchange that showed it first.
  const behind = page.locator('h3', { hasText: 'lockAssets /data/*/status (enum)' });
  assert.equal(await behind.count(), 1);
  assert.match(await behind.locator('xpath=following-sibling::p[1]').textContent(), /^POST \/order\/api\/order\/v1\/asset\/lock\?g_nonce=\S+ → HTTP 200$/);
  assert.match(await behind.locator('xpath=following-sibling::details[1]').textContent(), /"status":\s*5/);
  const size = tables.flat().find((row) => row[0] === 'shellNums' && row[1] === '/size');
  assert.ok(size, 'the request\'s issue');
  assert.equal(size[4], 'error', "a request's issue is worded by its severity, as the proxy's log words it");
});
