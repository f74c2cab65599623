// The conformance cases: one scenario of raw HTTP exchanges (auth, nonces,
// every endpoint, validation, faults, admin routes), each with what the
// service must answer. conformance.test.mjs runs the list, in order, against
// the native `licensing-sim` and the in-process `createSimulator`, asserts
// each expectation on both, and that both gave the same answer.

export const ADMIN = 'conformance-admin';
const ORDER = 'dev-order-token';
const ACTIVITY = 'dev-activity-token';
// The spec's endpoints, written here apart from the package's table (a new
// endpoint is a row): its method, its path (a path parameter in braces, as the
// spec writes it), its module's token scope and whether a repeat is safe (what
// the client retries after an ambiguous failure: the client guide's table).
// conformance.test.mjs holds the table to these rows, and the cases below call
// these paths, so that a slip in either shows.
export const SPEC = {
  bindEnterprise: { method: 'POST', path: '/order/api/order/v1/enterprise/user/bind', scope: 'auth_order', repeatSafe: false },
  createEnterprise: { method: 'POST', path: '/order/api/order/v1/enterprise/user/create', scope: 'auth_order', repeatSafe: false },
  queryEnterprises: { method: 'GET', path: '/order/api/order/v1/enterprise/user/query', scope: 'auth_order', repeatSafe: true },
  updateEnterprise: { method: 'POST', path: '/order/api/order/v1/enterprise/user/update', scope: 'auth_order', repeatSafe: true },
  batchOrder: { method: 'POST', path: '/order/api/order/v1/licenseOrder/batchOrder', scope: 'auth_order', repeatSafe: false },
  lockAssets: { method: 'POST', path: '/order/api/order/v1/asset/lock', scope: 'auth_order', repeatSafe: true },
  unlockAssets: { method: 'POST', path: '/order/api/order/v1/asset/unlock', scope: 'auth_order', repeatSafe: true },
  listAssets: { method: 'GET', path: '/order/api/order/v1/asset/{enterpriseGlobalId}/list', scope: 'auth_order', repeatSafe: true },
  shellNums: { method: 'POST', path: '/order/api/order/v1/shellnums', scope: 'auth_order', repeatSafe: false },
  joinActivity: { method: 'POST', path: '/activity/services/activity', scope: 'auth_activity', repeatSafe: false },
};
const P = Object.fromEntries(Object.entries(SPEC).map(([name, e]) => [name, e.path]));
const assets = (id) => P.listAssets.replace('{enterpriseGlobalId}', id);

const json = { 'content-type': 'application/json' };
const bearer = (token) => ({ authorization: `Bearer ${token}` });
const post = (path, body, token = ORDER, extra = {}) => ({
  method: 'POST', path, body: typeof body === 'string' ? body : JSON.stringify(body), headers: { ...bearer(token), ...json, ...extra },
});
const get = (path, token = ORDER, extra = {}) => ({ method: 'GET', path, headers: { ...bearer(token), ...extra } });
const admin = (method, path) => ({ method, path, headers: { 'x-sim-admin': ADMIN }, noNonce: true });

// What a case expects: `status`, and for JSON bodies `code` (order module),
// `resultCode` (activity module), `data` (deep-equal) or `check(body)`.
const ok = (data) => ({ status: 200, code: 0, ...(data === undefined ? {} : { data }) });
const refused = (says) => ({ status: 299, code: '13004', says });

const product = { productUri: 'gms:1001', crmProductId: 'P1', limitStartDate: 1000, limitEndDate: 2000, limitConcurrent: 5 };
const batch = (id, assetNos, extra = {}) => ({
  channelCode: 'CH-C', channelOrderId: id, syncMode: 'sync',
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-C',
    enterpriseGlobalId: 'EG-C', assets: [{ assetNos, products: [product], assetExtendList: [{ extendCode: 'region', extendValue: 'east' }] }],
    ...extra }],
});
const claim = (identity) => ({ identity, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' });

export const CASES = [
  // Auth: 401 without or with an unknown token, 403 without the module's scope.
  { name: 'no token', request: { method: 'POST', path: P.shellNums, body: '{"size":1}', headers: json }, expect: { status: 401 } },
  { name: 'unknown token', request: post(P.shellNums, { size: 1 }, 'nobody'), expect: { status: 401 } },
  { name: 'order token on the activity module', request: post(P.joinActivity, claim('a@example.com')), expect: { status: 403 } },
  { name: 'activity token on the order module', request: post(P.shellNums, { size: 1 }, ACTIVITY), expect: { status: 403 } },
  // Nonces: required, used once.
  { name: 'no nonce', request: { ...post(P.shellNums, { size: 1 }), noNonce: true }, expect: refused('g_nonce') },
  { name: 'a nonce', request: { ...post(P.shellNums, { size: 1 }), nonce: 'conformance-replay' }, expect: ok(['8000000001']) },
  { name: 'the nonce again', request: { ...post(P.shellNums, { size: 1 }), nonce: 'conformance-replay' }, expect: refused('already used') },
  { name: 'a query parameter twice', request: { ...post(P.shellNums, { size: 1 }), query: 'g_nonce=dup-a&g_nonce=dup-b', noNonce: true }, expect: refused('more than once') },
  // Routing.
  { name: 'no such path', request: get(`${P.shellNums}/nothing`), expect: { status: 404 } },
  { name: 'wrong method', request: get(P.shellNums), expect: { status: 405, header: ['allow', 'POST'] } },
  // Input: content type, JSON, validation under the default rules.
  { name: 'not JSON content', request: { ...post(P.shellNums, 'size=1'), headers: { ...bearer(ORDER), 'content-type': 'text/plain' } }, expect: refused('Content-Type') },
  { name: 'broken JSON', request: post(P.shellNums, '{"size":'), expect: refused('') },
  { name: 'a repeated key', request: post(P.shellNums, '{"size":1,"size":2}'), expect: refused('') },
  { name: 'size 0', request: post(P.shellNums, { size: 0 }), expect: refused('/size') },
  // rules/lone_surrogate.rs: half of a character is refused at its field (under
  // `--rules spec` it is stored as U+FFFD: sim-core's tests).
  { name: 'a lone surrogate', request: post(P.createEnterprise, '{"crmCustomerId":"crm-ls","customerName":"A\\udc00B"}'), expect: refused('/customerName') },
  { name: 'a body past the limit', request: post(P.shellNums, `{"size":1,"pad":"${'x'.repeat(1 << 20)}"}`), expect: refused('exceeds') },
  // Every endpoint, in an order that builds on itself.
  { name: 'shellnums', request: post(P.shellNums, { size: 2 }), expect: ok(['8000000002', '8000000003']) },
  { name: 'shellnums in Singapore', request: { ...post(P.shellNums, { size: 1 }), query: 'partition=singapore' }, expect: ok(['6000000001']) },
  { name: 'bind an enterprise', request: post(P.bindEnterprise, { channelCode: 'CH-C', channelCustomerId: 'cc-1', enterpriseName: 'ACME' }), expect: { ...ok(), check: (b) => b.data.isDefault === true } },
  { name: 'query enterprises', request: { ...get(P.queryEnterprises), query: 'channelCode=CH-C&channelCustomerId=cc-1&defaultCustomer=Y' }, expect: { ...ok(), check: (b) => b.data.length === 1 } },
  { name: 'create an enterprise', request: post(P.createEnterprise, { crmCustomerId: 'crm-c', customerName: 'Beta' }), expect: { ...ok(), check: (b) => /^EG/.test(b.data.enterpriseGlobalId) } },
  { name: 'update it', request: post(P.updateEnterprise, { crmCustomerId: 'crm-c', address: 'There' }), expect: ok() },
  { name: 'update nobody', request: post(P.updateEnterprise, { crmCustomerId: 'nobody' }), expect: refused('crmCustomerId') },
  { name: 'batch order without appKey', request: post(P.batchOrder, batch('CO-C0', ['8000000002'])), expect: refused('appKey') },
  { name: 'batch order', request: { ...post(P.batchOrder, batch('CO-C1', ['8000000002', '8000000003'])), query: 'appKey=app-c' }, expect: { ...ok(), check: (b) => b.data[0].sequence === 1 && typeof b.data[0].licenseOrderId === 'string' } },
  { name: 'an asset number of no partition', request: { ...post(P.batchOrder, batch('CO-C2', ['7000000001'])), query: 'appKey=app-c' }, expect: refused('assetNos') },
  { name: 'lock', request: post(P.lockAssets, { assetNums: ['8000000002', '8999999992'], operatorIdentity: 'ops' }), expect: { ...ok(), check: (b) => b.data.map((l) => l.status).join() === '1,2' } },
  { name: 'list assets', request: { ...get(assets('EG-C')), query: 'extendCode=region' }, expect: { ...ok(), check: (b) => b.data.length === 2 && b.data.some((a) => a.locked === true) } },
  { name: 'list assets of an encoded id', request: get(assets('EG%20none')), expect: ok([]) },
  { name: 'unlock', request: post(P.unlockAssets, { assetNums: ['8000000002'], operatorIdentity: 'ops' }), expect: { ...ok(), check: (b) => b.data[0].status === 1 } },
  { name: 'join an activity', request: post(P.joinActivity, claim('c@example.com'), ACTIVITY), expect: { status: 200, resultCode: '0000', check: (b) => b.detail.products.length === 2 } },
  { name: 'join it again', request: post(P.joinActivity, claim('c@example.com'), ACTIVITY), expect: { status: 200, resultCode: '3002' } },
  { name: 'an invalid claim', request: post(P.joinActivity, { identity: 'c@example.com' }, ACTIVITY), expect: { status: 200, resultCode: '1001' } },
  // Faults by header.
  { name: 'fault code500', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'code500' }), expect: { status: 299, code: '500' } },
  { name: 'fault http=503', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'http=503' }), expect: { status: 503 } },
  { name: 'fault non-json', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'non-json' }), expect: { status: 200, text: /^<html>/ } },
  { name: 'fault times=1, first', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'code500;times=1;key=c' }), expect: { status: 299, code: '500' } },
  { name: 'fault times=1, second', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'code500;times=1;key=c' }), expect: ok(['8000000004']) },
  { name: 'an unknown fault', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'explode' }), expect: refused('explode') },
  // Admin routes: the token, injected faults, traces, stats, reset.
  { name: 'admin without the token', request: { method: 'GET', path: '/__sim/stats', headers: {}, noNonce: true }, expect: { status: 401 } },
  { name: 'inject a fault', request: { ...admin('POST', '/__sim/fault'), query: 'fault=http%3D502%3Btimes%3D1&endpoint=shellNums' }, expect: { status: 200, check: (b) => b.injected === true } },
  { name: 'the injected fault', request: post(P.shellNums, { size: 1 }), expect: { status: 502 } },
  { name: 'after it', request: post(P.shellNums, { size: 1 }), expect: ok(['8000000005']) },
  { name: 'a traced call', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-trace': 'conf' }), expect: ok(['8000000006']) },
  { name: 'its trace', request: admin('GET', '/__sim/trace/conf'), expect: { status: 200, check: (b) => b.length === 1 && b[0].endpoint === 'shellNums' && b[0].authorization === 'Bearer [redacted]' } },
  { name: 'stats', request: admin('GET', '/__sim/stats'), expect: { status: 200, check: (b) => b.orders === 1 && b.assets === 2 } },
  { name: 'reset', request: admin('POST', '/__sim/reset'), expect: { status: 200 } },
  { name: 'stats after reset', request: admin('GET', '/__sim/stats'), expect: { status: 200, check: (b) => b.orders === 0 && b.assets === 0 } },
  { name: 'the sequences start again', request: post(P.shellNums, { size: 1 }), expect: ok(['8000000001']) },
  // Faults after the work (`after`): the store changed, the answer is lost or replaced.
  { name: 'fault after;code500: the work done, its answer replaced', request: post(P.shellNums, { size: 2 }, ORDER, { 'x-sim-fault': 'after;code500' }), expect: { status: 299, code: '500' } },
  { name: 'the numbers it handed out are gone', request: post(P.shellNums, { size: 1 }), expect: ok(['8000000004']) },
  { name: 'fault after;reset: no answer', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'after;reset' }), expect: { reset: true } },
  { name: 'its work was done', request: post(P.shellNums, { size: 1 }), expect: ok(['8000000006']) },
  { name: 'fault reset before the work', request: post(P.shellNums, { size: 1 }, ORDER, { 'x-sim-fault': 'reset' }), expect: { reset: true } },
  { name: 'nothing was done', request: post(P.shellNums, { size: 1 }), expect: ok(['8000000007']) },
  { name: 'fault after;http=503 on a batch', request: { ...post(P.batchOrder, batch('CO-AFTER', ['8000000007']), ORDER, { 'x-sim-fault': 'after;http=503' }), query: 'appKey=app-c' }, expect: { status: 503 } },
  { name: 'its repeat gets the stored result', request: { ...post(P.batchOrder, batch('CO-AFTER', ['8000000007'])), query: 'appKey=app-c' }, expect: { ...ok(), check: (b) => b.data[0].licenseOrderId === 'LO000001' } },
  { name: 'stats: one order', request: admin('GET', '/__sim/stats'), expect: { status: 200, check: (b) => b.orders === 1 } },
  // The activity module has no code 500: the fault speaks its envelope (HTTP 200, 1002).
  { name: 'fault code500 on the activity module', request: post(P.joinActivity, claim('d@example.com'), ACTIVITY, { 'x-sim-fault': 'code500' }), expect: { status: 200, resultCode: '1002' } },
  { name: 'nothing was claimed', request: post(P.joinActivity, claim('d@example.com'), ACTIVITY), expect: { status: 200, resultCode: '0000' } },
  { name: 'fault after;code500 on a claim', request: post(P.joinActivity, claim('e@example.com'), ACTIVITY, { 'x-sim-fault': 'after;code500' }), expect: { status: 200, resultCode: '1002' } },
  { name: 'the claim was used', request: post(P.joinActivity, claim('e@example.com'), ACTIVITY), expect: { status: 200, resultCode: '3002' } },
  { name: 'an unknown fault on the activity module', request: post(P.joinActivity, claim('f@example.com'), ACTIVITY, { 'x-sim-fault': 'explode' }), expect: { status: 200, resultCode: '1001' } },
];
