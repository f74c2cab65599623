// createSimulator (licensing-sdk/testing) in Node: a standard fetch over the
// in-process simulator, as LicensingClient's `fetch`, behind MSW, and alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createSimulator } from 'licensing-sdk/testing';
import { LicensingClient } from 'licensing-sdk';

const BASE = 'https://licensing.test';
const client = (sim, extra = {}) =>
  new LicensingClient({ baseUrl: BASE, token: 'dev-all-token', appKey: 'app-sim', retryBaseMs: 1, fetch: sim.fetch, ...extra });
const nonceOf = (entry) => new URLSearchParams(entry.query).get('g_nonce');

async function rejects(promise) {
  try { await promise; } catch (err) { return err; }
  assert.fail('expected a rejection');
}

test('LicensingClient over sim.fetch: every endpoint, and the state is the test\'s to read', async () => {
  const sim = await createSimulator();
  const c = client(sim);
  const bound = await c.bindEnterprise({ channelCode: 'CH', channelCustomerId: 'cc', enterpriseName: 'ACME' });
  assert.deepEqual(await c.queryEnterprises({ channelCode: 'CH', channelCustomerId: 'cc', defaultCustomer: 'Y' }), [bound]);
  const { enterpriseGlobalId } = await c.createEnterprise({ crmCustomerId: 'crm-1' });
  assert.match(enterpriseGlobalId, /^EG/);
  assert.equal(await c.updateEnterprise({ crmCustomerId: 'crm-1', address: 'There' }), undefined);
  const nos = await c.shellNums({ size: 2 });
  assert.deepEqual(nos, ['8000000001', '8000000002']);
  const [result] = await c.batchOrder({ channelCode: 'CH', channelOrderId: 'CO-1', syncMode: 'sync', orderList: [
    { sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', enterpriseGlobalId: 'EG-1',
      assets: [{ assetNos: nos, products: [{ productUri: 'gms:1001' }] }] }] });
  assert.equal(result.sequence, 1);
  assert.deepEqual((await c.lockAssets({ assetNums: [nos[0]], operatorIdentity: 'ops' })).map((l) => l.status), [1]);
  assert.equal((await c.listAssets({ enterpriseGlobalId: 'EG-1' })).length, 2);
  assert.deepEqual((await c.unlockAssets({ assetNums: [nos[0]], operatorIdentity: 'ops' })).map((l) => l.status), [1]);
  const claim = { identity: 'u@example.com', activityLabel: 'spring-trial', source: 'portal', branch: 'SH' };
  assert.equal((await c.joinActivity(claim)).products.length, 2);
  const again = await rejects(c.joinActivity(claim));
  assert.deepEqual([again.kind, again.code], ['activity', '3002']);
  // Customers: the bound one, the created one, and the batch order's own.
  assert.deepEqual(sim.stats(), { orders: 1, batches: 1, assets: 2, customers: 3, distinctOrderIds: 1 });
  sim.reset();
  assert.equal(sim.stats().orders, 0);
  assert.deepEqual(await c.shellNums({ size: 1 }), ['8000000001']);
});

test('sim.fault: retried code 500 with fresh nonces, HTTP statuses, timeouts and stalls', async () => {
  const sim = await createSimulator();
  const traced = client(sim, { headers: { 'x-sim-trace': 'retry' } });
  sim.fault({ kind: 'code500', times: 2, endpoint: 'shellNums' });
  // A code 500 before the work: shellNums is retried when the caller says it may repeat.
  assert.deepEqual(await traced.shellNums({ size: 1 }, { repeatable: true }), ['8000000001']);
  const attempts = sim.trace('retry');
  assert.equal(attempts.length, 3);
  assert.equal(new Set(attempts.map(nonceOf)).size, 3);
  assert.ok(attempts.every((a) => a.authorization === 'Bearer [redacted]'));

  sim.fault({ kind: 'http', status: 503 });
  const notRetried = await rejects(client(sim).shellNums({ size: 1 }));
  assert.deepEqual([notRetried.kind, notRetried.status], ['http', 503]);
  // A fault for another endpoint waits for it.
  sim.fault({ kind: 'non-json', endpoint: 'listAssets' });
  assert.deepEqual(await client(sim).shellNums({ size: 1 }), ['8000000002']);
  assert.equal((await rejects(client(sim).listAssets({ enterpriseGlobalId: 'EG' }))).kind, 'decode');

  const quick = client(sim, { timeoutMs: 100, maxRetries: 0 });
  sim.fault({ kind: 'delay', delayMs: 2000 });
  assert.equal((await rejects(quick.shellNums({ size: 1 }))).kind, 'timeout');
  sim.fault({ kind: 'stall-body' });
  assert.equal((await rejects(quick.shellNums({ size: 1 }))).kind, 'timeout');
  // Neither handed anything out: the client gave up first.
  assert.deepEqual(await client(sim).shellNums({ size: 1 }), ['8000000003']);
});

test('sim.fault refuses what it cannot use, with a TypeError or the simulator\'s reason', async () => {
  const sim = await createSimulator();
  assert.throws(() => sim.fault('code500'), TypeError);
  assert.throws(() => sim.fault({ kind: 'explode' }), /kind must be one of/);
  assert.throws(() => sim.fault({ kind: 'http' }), /needs status/);
  assert.throws(() => sim.fault({ kind: 'delay' }), /needs delayMs/);
  assert.throws(() => sim.fault({ kind: 'code500', times: 0 }), /times must be a whole number, 1 or more/);
  // Each a TypeError, as declared, before the core is asked.
  for (const [spec, says] of [[{ kind: 'http', status: 99 }, /status from 100 to 599/], [{ kind: 'http', status: 1000 }, /status from 100 to 599/],
    [{ kind: 'code500', times: 1e300 }, /times must be/], [{ kind: 'code500', time: 3 }, /unknown field "time" \(kind, after, times, /],
    [{ kind: 'http', status: 503, retryAfter: NaN }, /retryAfter must be/], [{ kind: 'http', status: 503, retryAfter: -1 }, /retryAfter must be/],
    [{ kind: 'delay', delayMs: 1e300 }, /delayMs must be/]]) {
    assert.throws(() => sim.fault(spec), (error) => error instanceof TypeError && says.test(error.message), JSON.stringify(spec));
  }
  // A body stream of strings: refused as fetch refuses it (a bare RangeError from deep inside before).
  const strings = new ReadableStream({ start(c) { c.enqueue('{"size":1}'); c.close(); } });
  await assert.rejects(sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=strings1`, { method: 'POST', duplex: 'half', body: strings,
    headers: { 'content-type': 'application/json', authorization: 'Bearer dev-order-token' } }), /body stream gave a string where fetch sends bytes/);
  assert.throws(() => sim.fault({ kind: 'code500', endpoint: 'batchorder' }), /unknown endpoint "batchorder"/);
});

test('sim.fetch is a standard fetch: Request objects, admin routes, aborts, body limits', async () => {
  const sim = await createSimulator({ maxBodyBytes: 64, tokens: { 'tok-1': ['auth_order'] }, adminToken: 'adm' });
  const headers = { authorization: 'Bearer tok-1', 'content-type': 'application/json' };
  const request = new Request(`${BASE}/order/api/order/v1/shellnums?g_nonce=a1`, { method: 'POST', headers, body: '{"size":1}' });
  const response = await sim.fetch(request);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json');
  assert.deepEqual(await response.json(), { code: 0, message: 'success', data: ['8000000001'] });
  const big = await sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=a2`, { method: 'POST', headers, body: `{"size":1,"x":"${'x'.repeat(100)}"}` });
  assert.equal(big.status, 299);
  assert.match((await big.json()).message, /exceeds 64 bytes/);
  assert.equal((await sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=a3`, { method: 'POST', body: '{}' })).status, 401);
  assert.equal((await sim.fetch(`${BASE}/__sim/stats`)).status, 401);
  const stats = await sim.fetch(`${BASE}/__sim/stats`, { headers: { 'x-sim-admin': sim.adminToken } });
  assert.equal(sim.adminToken, 'adm');
  assert.equal((await stats.json()).orders, 0);
  const gone = new AbortController();
  gone.abort();
  await assert.rejects(sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=a4`, { method: 'POST', headers, body: '{"size":1}', signal: gone.signal }), { name: 'AbortError' });
  const other = await createSimulator();
  assert.equal((await sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=a1`, { method: 'POST', headers: { ...headers, authorization: 'Bearer dev-order-token' }, body: '{}' })).status, 401);
  assert.equal(other.stats().assets, 0, 'two simulators share nothing');
});

test('createSimulator checks its options', async () => {
  await assert.rejects(createSimulator({ rules: 'lenient' }), /rules: unknown rules profile "lenient"/);
  await assert.rejects(createSimulator({ tokens: { t: ['admin'] } }), /unknown scope "admin"/);
  await assert.rejects(createSimulator({ token: {} }), /unknown field `token` \(tokens, /);
  await assert.rejects(createSimulator({ seed: -1 }), /seed: invalid value/);
  await assert.rejects(createSimulator({ maxBodyBytes: "1 MB" }), /maxBodyBytes: invalid type/);
  await assert.rejects(createSimulator({ activities: { activities: [{ label: 1 }] } }), /activities/);
  await assert.rejects(createSimulator('seed=1'), TypeError);
  await assert.rejects(createSimulator(null), TypeError);
  // What JSON would have written as null (the option left out) or dropped unsaid, each named.
  for (const [options, says] of [[{ seed: NaN }, /seed must be a finite number, not NaN/], [{ bodyTimeoutSecs: Infinity }, /bodyTimeoutSecs must be a finite number/],
    [{ maxSessions: '2' }, /maxSessions must be a whole number from 0 to 4294967295, not "2"/], [{ maxSessions: -1 }, /maxSessions must be/],
    [{ sessionsPerMinute: 1.5 }, /sessionsPerMinute must be/], [{ sessionIdleSecs: 1e20 }, /sessionIdleSecs must be/],
    [{ adminToken: 'a\nb' }, /adminToken holds a control character/]]) {
    await assert.rejects(createSimulator(options), says, JSON.stringify(options));
  }
  const two = await createSimulator({ maxSessions: 2, adminToken: 'adm' });
  const make = async () => (await two.fetch('https://x.test/__sim/sessions', { method: 'POST', headers: { 'x-sim-admin': 'adm' }, body: '{}' })).status;
  assert.deepEqual([await make(), await make(), await make()], [201, 201, 507], 'the limit given is the limit kept (507: no room for a session)');
  const seeded = await createSimulator({ seed: 41, rules: 'spec' });
  assert.deepEqual(await client(seeded).shellNums({ size: 1 }), ['8000000042']);
});

test('behind MSW: http.all(url, ({ request }) => sim.fetch(request)) answers the global fetch', async () => {
  const { http } = await import('msw');
  const { setupServer } = await import('msw/node');
  const sim = await createSimulator();
  const server = setupServer(http.all(`${BASE}/*`, ({ request }) => sim.fetch(request)));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    const c = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token' }); // the global fetch
    assert.deepEqual(await c.shellNums({ size: 2 }), ['8000000001', '8000000002']);
    assert.equal(sim.stats().orders, 0);
    const err = await rejects(c.shellNums({ size: 0 }));
    assert.equal(err.kind, 'validation');
  } finally {
    server.close();
  }
});

test('CommonJS: require("licensing-sdk/testing") has createSimulator too', async () => {
  const require = createRequire(import.meta.url);
  const testing = require('licensing-sdk/testing');
  const sim = await testing.createSimulator();
  assert.equal(typeof sim.fetch, 'function');
  assert.equal(typeof testing.invalidExamples, 'function');
});

test('without Web Crypto the client sends nothing and says why', async () => {
  const sim = await createSimulator();
  const c = client(sim, { headers: { 'x-sim-trace': 'no-crypto' } });
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true, writable: true });
  try {
    const err = await rejects(c.shellNums({ size: 1 }));
    assert.deepEqual([err.kind, err.message], ['network', 'no crypto.getRandomValues in this environment']);
  } finally {
    Object.defineProperty(globalThis, 'crypto', saved);
  }
  assert.deepEqual(sim.trace('no-crypto'), []);
  assert.deepEqual(await c.shellNums({ size: 1 }), ['8000000001']);
});

test('a client without appKey refuses batchOrder with an issue a form can show, and sends nothing', async () => {
  const { exampleBody } = await import('licensing-sdk');
  const sim = await createSimulator();
  let sent = 0;
  const fetch = (request) => { sent += 1; return sim.fetch(request); };
  for (const [locale, message] of [['en', '`appKey` is required'], ['zh-CN', '缺少必填字段 `appKey`']]) {
    const err = await rejects(client(sim, { appKey: undefined, locale, fetch }).batchOrder(exampleBody('batchOrder')));
    assert.equal(err.kind, 'validation');
    assert.deepEqual(err.issues.map((i) => [i.path, i.code, i.severity, i.message]), [['/appKey', 'required', 'error', message]]);
  }
  assert.equal(sent, 0);
});

test('sim.fetch honours the abort signal while it reads a request body that never ends', { timeout: 10_000 }, async () => {
  const sim = await createSimulator();
  const controller = new AbortController();
  const body = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{"size":')); } }); // never closed
  const started = performance.now();
  const pending = sim.fetch(`${BASE}/order/api/order/v1/shellnums?g_nonce=endless-body`, {
    method: 'POST', body, duplex: 'half', signal: controller.signal,
    headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' },
  });
  setTimeout(() => controller.abort(), 50);
  await assert.rejects(pending, { name: 'AbortError' });
  assert.ok(performance.now() - started < 2000, `settled after ${performance.now() - started} ms`);
  assert.equal(body.locked, true, 'the simulator was reading it');
});

test('sim.snapshot() and createSimulator({ state }): a fixture, as an object or as its file\'s text, and reset returns to it', async () => {
  const sim = await createSimulator({ seed: 40 });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: sim.fetch });
  await client.shellNums({ size: 2 });
  const state = sim.snapshot();
  // The documented order, so that a saved fixture reads from its header down.
  assert.deepEqual(Object.keys(state), ['format', 'version', 'lastId', 'nextAssetNumbers', 'customers', 'orders', 'batches', 'assets', 'claims']);
  for (const given of [state, JSON.stringify(state, null, 2)]) {
    const again = await createSimulator({ state: given });
    const next = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: again.fetch });
    assert.deepEqual(await next.shellNums({ size: 1 }), ['8000000043']);
    again.reset();
    assert.deepEqual(again.snapshot(), state, 'reset returns to the state it started from');
  }
  await assert.rejects(createSimulator({ state: { ...state, assets: [{ record: {} }] } }),
    /simulator state: \/assets\/0: missing field `licenseOrderIds`/);
});

test('the sessions route refuses a request without the admin token before reading its body, and reads a body within a spec\'s bound and the body timeout', { timeout: 20_000 }, async () => {
  const sim = await createSimulator({ maxStateBytes: 4096, bodyTimeoutSecs: 1 });
  let pulled = 0;
  const endless = () => new ReadableStream({ pull(c) { pulled++; c.enqueue(new Uint8Array(1 << 16)); } });
  const refused = await sim.fetch('https://x.test/__sim/sessions', { method: 'POST', body: endless(), duplex: 'half' });
  assert.equal(refused.status, 401);
  assert.ok(pulled <= 2, `${pulled} chunks read before the 401`);
  const admin = { 'x-sim-admin': sim.adminToken };
  const tooLarge = await sim.fetch('https://x.test/__sim/sessions', { method: 'POST', headers: admin, body: endless(), duplex: 'half' });
  assert.equal(tooLarge.status, 413);
  assert.match((await tooLarge.json()).error, /--max-state-bytes/);
  const never = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('{')); } });
  const late = await sim.fetch('https://x.test/__sim/sessions', { method: 'POST', headers: admin, body: never, duplex: 'half' });
  assert.equal(late.status, 408);
  const made = await sim.fetch('https://x.test/__sim/sessions', { method: 'POST', headers: admin, body: '{}' });
  assert.equal(made.status, 201);
});
