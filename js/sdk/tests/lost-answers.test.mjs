// Nothing lost, nothing done twice: answers lost after the service did the
// work (the simulator's `after` faults, and fetch wrappers that replace an
// answer), hooks that fail or hang after an answer arrived, and what each
// error says of whether the request left the machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';

const BASE = 'https://licensing.test';
const TOKEN = 'dev-all-token';
const lock = { assetNums: ['8000000001'], operatorIdentity: 'ops' };
const claim = (identity) => ({ identity, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' });
const batch = (channelOrderId, enterpriseGlobalId = 'EG-L') => ({
  channelCode: 'CH-L', ...(channelOrderId === undefined ? {} : { channelOrderId }), syncMode: 'sync',
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-L',
    enterpriseGlobalId, assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
});

async function setup(options = {}, simOptions = {}) {
  const sim = await createSimulator({ seed: 0, ...simOptions });
  const { wrap, ...clientOptions } = options;
  const sent = [];
  // Counts what reaches the simulator, per endpoint path.
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(new URL(request.url).pathname);
    return (wrap ?? ((r) => sim.fetch(r)))(request);
  };
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'app-1', retryBaseMs: 1, fetch, ...clientOptions });
  return { sim, client, sent };
}

test('the simulator: a batch without channelOrderId is never taken for an earlier one (rules spec)', async () => {
  const { sim, client } = await setup({ rules: 'spec' }, { rules: 'spec' });
  const first = await client.batchOrder(batch(undefined, 'EG-A'));
  const second = await client.batchOrder(batch('', 'EG-B'));
  assert.notEqual(first[0].licenseOrderId, second[0].licenseOrderId);
  assert.equal(sim.stats().orders, 2);
  // A repeat by a non-blank channelOrderId is still answered with the first result.
  const again = [await client.batchOrder(batch('CO-1')), await client.batchOrder(batch('CO-1'))];
  assert.equal(again[0][0].licenseOrderId, again[1][0].licenseOrderId);
  assert.equal(sim.stats().orders, 3);
});

test('code 500 after the work: retried only where a repeat is safe', async () => {
  const { sim, client, sent } = await setup();
  // shellNums hands out new numbers on every call: not retried, unless the caller says so.
  sim.fault({ kind: 'code500', after: true, endpoint: 'shellNums' });
  const err = await client.shellNums({ size: 5 }).catch((e) => e);
  assert.deepEqual([err.kind, err.code, err.sent], ['business', '500', true]);
  assert.equal(sent.length, 1);
  assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000006'], 'the five numbers were handed out once');
  sim.fault({ kind: 'code500', after: true, endpoint: 'shellNums' });
  assert.deepEqual(await client.shellNums({ size: 1 }, { repeatable: true }), ['8000000008']);
  // bindEnterprise stores a customer per call (a channel customer may hold several).
  sim.fault({ kind: 'code500', after: true, endpoint: 'bindEnterprise' });
  const bind = { channelCode: 'CH-L', channelCustomerId: 'cc-1', enterpriseName: 'ACME' };
  assert.equal((await client.bindEnterprise(bind).catch((e) => e)).code, '500');
  assert.equal(sim.stats().customers, 1);
  // A batch with a channelOrderId is answered by the service with the first result: retried.
  sim.fault({ kind: 'code500', after: true, endpoint: 'batchOrder' });
  const results = await client.batchOrder(batch('CO-500'));
  assert.deepEqual(await client.batchOrder(batch('CO-500')), results);
  assert.equal(sim.stats().orders, 1);
  // lockAssets is idempotent: retried.
  sim.fault({ kind: 'code500', after: true, endpoint: 'lockAssets' });
  assert.equal((await client.lockAssets(lock)).length, 1);
  assert.equal(await client.shellNums({ size: 0 }, { repeatable: 'yes' }).catch((e) => e.message), 'repeatable must be a boolean');
});

test('joinActivity is never claimed again on an order-module answer', async () => {
  let claims = 0;
  // The claim is made, then a gateway answers HTTP 299 {code:"500"}, which the activity module never sends.
  const { client } = await setup({
    wrap: async (request) => {
      const answer = await (await createdSim).fetch(request);
      claims += 1;
      return claims === 1 ? new Response('{"code":"500","message":"network exception, retry"}', { status: 299 }) : answer;
    },
  });
  const createdSim = createSimulator();
  const err = await client.joinActivity(claim('one@example.com')).catch((e) => e);
  assert.deepEqual([err.kind, err.code, err.sent, claims], ['business', '500', true, 1]);
  // The simulator's own fault speaks the activity envelope: 1002, not retried.
  const { sim, client: other, sent } = await setup();
  sim.fault({ kind: 'code500', after: true, endpoint: 'joinActivity' });
  const refused = await other.joinActivity(claim('two@example.com')).catch((e) => e);
  assert.deepEqual([refused.kind, refused.code, sent.length], ['activity', '1002', 1]);
  assert.equal((await other.joinActivity(claim('two@example.com')).catch((e) => e)).code, '3002', 'the claim was used');
});

test('a reset after the work: a network error that says it was sent; a reset before it: nothing done', async () => {
  const { sim, client } = await setup();
  sim.fault({ kind: 'reset', after: true, endpoint: 'shellNums' });
  const err = await client.shellNums({ size: 2 }).catch((e) => e);
  assert.deepEqual([err.kind, err.sent], ['network', true]);
  assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000003']);
  sim.fault({ kind: 'reset', endpoint: 'shellNums' });
  assert.equal((await client.shellNums({ size: 1 }).catch((e) => e)).kind, 'network');
  assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000004']);
});

test('a failing or slow afterResponse never loses a completed answer, and nothing is sent twice', async () => {
  const { sim, client } = await setup({ hooks: { afterResponse: () => { throw new Error('metrics down'); } } });
  const err = await client.batchOrder(batch('CO-H')).catch((e) => e);
  assert.deepEqual([err.kind, err.sent], ['hook', true]);
  assert.match(err.message, /afterResponse hook failed: metrics down/);
  assert.match(err.data[0].licenseOrderId, /^LO/);
  assert.equal(sim.stats().orders, 1);
  // After a failed call, the call's own error stands (the service's code), not the hook's.
  sim.fault({ kind: 'code500', after: true, endpoint: 'shellNums' });
  const refused = await client.shellNums({ size: 3 }).catch((e) => e);
  assert.deepEqual([refused.kind, refused.code, refused.sent], ['business', '500', true]);
  // Slower than timeoutMs on an idempotent call: sent once, the answer kept. The
  // hooks' times on a virtual clock the client and the simulator share: exact, and
  // no load can make 150 ms late.
  let clock = createVirtualClock({ autoAdvance: true });
  const { client: slow, sent } = await setup({
    clock, timeoutMs: 100, hooks: { afterResponse: () => new Promise((resolve) => clock.setTimeout(resolve, 400)) },
  }, { clock });
  const late = await slow.lockAssets(lock).catch((e) => e);
  assert.deepEqual([late.kind, late.sent, sent.length], ['hook', true, 1]);
  assert.match(late.message, /did not settle within 100 ms/);
  assert.equal(late.data.length, 1);
  // A slow hook that settles in time: the call resolves.
  clock = createVirtualClock({ autoAdvance: true });
  const { client: patient } = await setup({
    clock, timeoutMs: 300, hooks: { afterResponse: () => new Promise((resolve) => clock.setTimeout(resolve, 150)) },
  }, { clock });
  assert.equal((await patient.lockAssets(lock)).length, 1);
});

test('a slow beforeRequest or token provider sent nothing, and says so', async () => {
  const clock = createVirtualClock({ autoAdvance: true });
  const { client, sent } = await setup({
    clock, timeoutMs: 100, hooks: { beforeRequest: () => new Promise((resolve) => clock.setTimeout(resolve, 400)) },
  }, { clock });
  const err = await client.lockAssets(lock).catch((e) => e);
  assert.deepEqual([err.kind, err.sent, sent.length], ['hook', false, 0]);
  assert.match(err.message, /beforeRequest hook did not settle within 100 ms \(the attempt's timeout\)/);
  const { client: slowToken } = await setup({ clock, timeoutMs: 100, token: () => new Promise((r) => clock.setTimeout(() => r(TOKEN), 400)) }, { clock });
  const tokenErr = await slowToken.shellNums({ size: 1 }).catch((e) => e);
  assert.deepEqual([tokenErr.kind, tokenErr.sent], ['hook', false]);
  // Validation: nothing left the machine.
  assert.equal((await client.shellNums({ size: 0 }).catch((e) => e)).sent, false);
  const { client: plain } = await setup();
  assert.equal((await plain.shellNums({ size: 0 }).catch((e) => e)).sent, false);
});

test('afterResponse tells the envelope code the client read, not a code inside data', async () => {
  const bodies = [
    '{"message":"ok","data":[{"assetNum":"8000000001","status":1,"code":"X9"}],"code":0}',
    '{"data":[{"assetNum":"8000000001","status":1,"extra":{"code":77}}],"message":"ok","code":0}',
  ];
  for (const body of bodies) {
    const codes = [];
    const { client } = await setup({
      wrap: async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
      hooks: { afterResponse: ({ code }) => codes.push(code) },
    });
    assert.equal((await client.lockAssets(lock)).length, 1);
    assert.deepEqual(codes, ['0'], body);
  }
  const codes = [];
  const { client } = await setup({ hooks: { afterResponse: ({ code }) => codes.push(code) } });
  await client.joinActivity(claim('three@example.com'));
  assert.deepEqual(codes, ['0000']);
});

test('what beforeRequest returns is read inside its guard: a hook error, never retried, redacted', async () => {
  let calls = 0;
  const { client, sent } = await setup({
    token: () => TOKEN, maxRetries: 3,
    hooks: {
      beforeRequest: () => {
        calls += 1;
        return { get traceparent() { throw new Error(`cannot read with ${TOKEN}`); } };
      },
    },
  });
  const err = await client.lockAssets(lock).catch((e) => e);
  assert.deepEqual([err.kind, calls, sent.length, err.sent], ['hook', 1, 0, false]);
  assert.ok(!err.message.includes(TOKEN), err.message);
  for (const name of ['Content-Length', 'Transfer-Encoding', 'Connection', 'Expect', 'Host', 'Sec-Fetch-Mode', 'Proxy-Authorization']) {
    const { client: setting, sent: nothing } = await setup({ hooks: { beforeRequest: () => ({ [name]: '1' }) } });
    const refused = await setting.lockAssets(lock).catch((e) => e);
    assert.deepEqual([refused.kind, nothing.length], ['hook', 0], name);
    assert.match(refused.message, new RegExp(`${name} is the platform's to set`));
    // The client's static headers are refused too, by the wasm's option check.
    assert.throws(() => new LicensingClient({ baseUrl: BASE, token: TOKEN, headers: { [name]: '1' } }),
      (e) => e.kind === 'validation', name);
  }
});

test('a token provider that throws never shows what it said', async () => {
  const { client } = await setup({ token: () => { throw new Error('refresh failed for secret-token-123'); } });
  const err = await client.shellNums({ size: 1 }).catch((e) => e);
  assert.deepEqual([err.kind, err.message, err.sent], ['hook', 'the token provider failed', false]);
});

test('Retry-After of any length is read (longer than the timeout: not waited for)', async () => {
  for (const value of ['99999999999', '1000000000000']) {
    const { sim, client, sent } = await setup();
    sim.fault({ kind: 'http', status: 503, retryAfter: value, endpoint: 'lockAssets' });
    const err = await client.lockAssets(lock, { timeoutMs: 2000 }).catch((e) => e);
    assert.equal(err.status, 503);
    assert.match(err.message, /longer than timeoutMs: not retried/);
    assert.equal(sent.length, 1);
  }
});
