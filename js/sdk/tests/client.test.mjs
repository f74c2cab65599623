// LicensingClient from the installed package against licensing-sim
// (`scripts/with-sim.sh` sets LICENSING_SIM_URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';

const SIM = process.env.LICENSING_SIM_URL ?? 'http://127.0.0.1:8788';
const TOKEN = 'dev-all-token';
const unique = (p) => `${p}-${Date.now()}-${Math.floor(Math.random() * 1e9)}`;
const client = (extra = {}) => new LicensingClient({ baseUrl: SIM, token: TOKEN, appKey: 'app-js', retryBaseMs: 10, ...extra });
const traced = (id, fault, extra = {}) =>
  client({ ...extra, headers: { 'x-sim-trace': id, ...(fault ? { 'x-sim-fault': fault } : {}) } });
const ADMIN = process.env.LICENSING_SIM_ADMIN_TOKEN ?? 'licensing-sim-test-admin';
const trace = async (id) => (await fetch(`${SIM}/__sim/trace/${id}`, { headers: { 'x-sim-admin': ADMIN } })).json();
const nonceOf = (t) => new URLSearchParams(t.query).get('g_nonce');

async function rejects(promise) {
  try { await promise; } catch (err) { return err; }
  assert.fail('expected a rejection');
}

const order = (id, assetNos, orderType = 'new_buy', extra = {}) => ({
  channelCode: 'CH-JS', channelOrderId: id, syncMode: 'sync',
  orderList: [{ sequence: 5, orderType, licenseType: 'normal_recover_usbkey', enterpriseGlobalId: `EG-${id}`,
    crmCustomerId: id, assets: [{ assetNos, assetExtendList: [{ extendCode: 'region', extendValue: 'east' }],
      products: [{ productUri: 'gms:1001' }] }], ...extra }],
});

test('every endpoint resolves to its typed data', async () => {
  const c = client();
  const cc = unique('cc');
  const bound = await c.bindEnterprise({ channelCode: 'CH-JS', channelCustomerId: cc, enterpriseName: 'ACME' });
  assert.equal(bound.isDefault, true);
  assert.deepEqual(await c.queryEnterprises({ channelCode: 'CH-JS', channelCustomerId: cc, defaultCustomer: 'Y' }), [bound]);
  const crm = unique('crm');
  const created = await c.createEnterprise({ crmCustomerId: crm, customerName: 'Beta' });
  assert.match(created.enterpriseGlobalId, /^EG/);
  assert.equal(await c.updateEnterprise({ crmCustomerId: crm, address: 'There' }), undefined);

  const nos = await c.shellNums({ size: 2 });
  assert.equal(nos.length, 2);
  assert.ok(nos.every((n) => /^8\d{9}$/.test(n)));
  const id = unique('CO');
  const [result] = await c.batchOrder(order(id, nos));
  assert.equal(result.sequence, 5);
  assert.equal(typeof result.licenseOrderId, 'string');
  const locks = await c.lockAssets({ assetNums: [nos[0], '8999999992'], operatorIdentity: 'ops' });
  assert.deepEqual(locks.map((l) => l.status), [1, 2]);
  const assets = await c.listAssets({ enterpriseGlobalId: `EG-${id}`, extendCode: 'region' });
  assert.equal(assets.length, 2);
  assert.equal(assets.find((a) => a.assetNum === nos[0]).locked, true);
  assert.deepEqual((await c.unlockAssets({ assetNums: [nos[0]], operatorIdentity: 'ops' })).map((l) => l.status), [1]);

  const detail = await c.joinActivity({ identity: `${unique('u')}@example.com`, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' });
  assert.equal(detail.products.length, 2);
  assert.equal(detail.products[0].activateType, '0');
});

test('validation errors are not sent', async () => {
  const id = unique('js-invalid');
  const err = await rejects(traced(id).batchOrder(order(unique('CO'), ['7000000001'])));
  assert.equal(err.name, 'LicensingError');
  assert.ok(err instanceof Error);
  assert.equal(err.kind, 'validation');
  assert.equal(err.issues[0].path, '/orderList/0/assets/0/assetNos/0');
  assert.equal((await rejects(traced(id).shellNums({ size: 'two' }))).kind, 'validation');
  const cyclic = {}; cyclic.self = cyclic;
  assert.equal((await rejects(traced(id).shellNums(cyclic))).kind, 'validation');
  assert.deepEqual(await trace(id), []);
  const noKey = await rejects(new LicensingClient({ baseUrl: SIM, token: TOKEN }).batchOrder(order(unique('CO'), ['8000000001'])));
  assert.equal(noKey.kind, 'validation');
});

test('business, activity, http, network and decode errors', async () => {
  const business = await rejects(client().updateEnterprise({ crmCustomerId: unique('nobody') }));
  assert.deepEqual([business.kind, business.code, business.status], ['business', '13004', 299]);
  assert.equal(typeof business.cause, 'string');

  const who = { identity: `${unique('u')}@example.com`, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' };
  await client().joinActivity(who);
  const activity = await rejects(client().joinActivity(who));
  assert.deepEqual([activity.kind, activity.code], ['activity', '3002']);
  assert.equal(activity.activities[0].engineSubActivityDtos[0].errorCode, 14005);

  const http = await rejects(new LicensingClient({ baseUrl: SIM, token: 'secret-token-x', maxRetries: 0 }).shellNums({ size: 1 }));
  assert.deepEqual([http.kind, http.status], ['http', 401]);
  assert.ok(!JSON.stringify({ ...http, message: http.message, stack: http.stack }).includes('secret-token-x'));

  const network = await rejects(new LicensingClient({ baseUrl: 'http://127.0.0.1:9', token: 'secret-token-y' }).shellNums({ size: 1 }));
  assert.equal(network.kind, 'network');
  assert.ok(!`${network.message} ${network.stack}`.includes('secret-token-y'));

  const decode = await rejects(traced(unique('js-decode'), 'non-json').shellNums({ size: 1 }));
  assert.equal(decode.kind, 'decode');

  assert.throws(() => new LicensingClient({ baseUrl: '/relative', token: TOKEN }), (e) => e.kind === 'validation');
  assert.throws(() => new LicensingClient({ baseUrl: SIM }), (e) => e.kind === 'validation');
});

test('retries: code 500 with fresh nonces; 503 only when safe', async () => {
  const id = unique('js-500');
  const nos = await client().shellNums({ size: 1 });
  const results = await traced(id, `code500;times=2;key=${id}`).batchOrder(order(unique('CO'), nos));
  assert.equal(results.length, 1);
  const seen = await trace(id);
  assert.equal(seen.length, 3);
  assert.equal(new Set(seen.map(nonceOf)).size, 3);
  assert.ok(seen.every((t) => t.query.startsWith('appKey=app-js&g_nonce=')));

  const safe = unique('js-503-safe');
  await traced(safe, `http=503;times=1;key=${safe}`).queryEnterprises({ channelCode: 'C', channelCustomerId: 'x', defaultCustomer: 'N' });
  assert.equal((await trace(safe)).length, 2);
  // createEnterprise carries its repeat key (crmCustomerId): the service answers a repeat with the first result.
  const keyed = unique('js-503-keyed');
  await traced(keyed, `http=503;times=1;key=${keyed}`).createEnterprise({ crmCustomerId: unique('crm') });
  assert.equal((await trace(keyed)).length, 2);
  const unsafe = unique('js-503-unsafe');
  const err = await rejects(traced(unsafe, `http=503;times=1;key=${unsafe}`).bindEnterprise({ channelCode: 'C', channelCustomerId: unique('c') }));
  assert.deepEqual([err.kind, err.status, err.sent], ['http', 503, true]);
  assert.equal((await trace(unsafe)).length, 1);
});

test('timeouts, aborts and the per-call timeout', async () => {
  const t = await rejects(traced(unique('js-timeout'), 'delay=1500', { timeoutMs: 200 }).bindEnterprise({ channelCode: 'C', channelCustomerId: unique('c') }));
  assert.equal(t.kind, 'timeout');
  const perCall = await rejects(traced(unique('js-timeout2'), 'delay=1500').shellNums({ size: 1 }, { timeoutMs: 150 }));
  assert.equal(perCall.kind, 'timeout');

  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(), 100);
  const aborted = await rejects(traced(unique('js-abort'), 'delay=3000').listAssets({ enterpriseGlobalId: 'EG' }, { signal: controller.signal }));
  assert.equal(aborted.kind, 'aborted');
  assert.ok(performance.now() - started < 1500);

  const id = unique('js-pre-abort');
  const pre = await rejects(traced(id).shellNums({ size: 1 }, { signal: AbortSignal.abort() }));
  assert.equal(pre.kind, 'aborted');
  assert.deepEqual(await trace(id), []);
});

test('wire: bearer token, content type, nonces, escaped path and query', async () => {
  const id = unique('js-wire');
  await traced(id).listAssets({ enterpriseGlobalId: 'E/1 ?x', extendCode: 'a b&c' });
  await traced(id).joinActivity({ identity: `${unique('w')}@example.com`, activityLabel: 'partner-bonus', source: 's', branch: 'b' });
  const [list, join] = await trace(id);
  assert.equal(list.path, '/order/api/order/v1/asset/E%2F1%20%3Fx/list');
  assert.match(list.query, /^g_nonce=[A-Za-z0-9_-]{22}&extendCode=a%20b%26c$/);
  // The simulator keeps the token's scopes and length, never the token.
  assert.deepEqual([list.authorization, list.tokenLength, list.tokenScopes], ['Bearer [redacted]', TOKEN.length, ['auth_order', 'auth_activity']]);
  assert.equal(join.path, '/activity/services/activity');
  assert.equal(join.contentType, 'application/json');
  assert.notEqual(nonceOf(list), nonceOf(join));
});
