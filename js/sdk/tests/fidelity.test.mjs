// Faithful to the service (the installed package, Node): rules profiles and the
// provenance of every issue; the tolerant reader of answers; async batches; null
// where the spec says null. Answers that deviate from the spec come from a fake
// `fetch`; requests go to licensing-sim (`scripts/with-sim.sh`: one simulator
// under the default rules, one under `--rules spec`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, validateJson, createSchemas, LicensingClient } from 'licensing-sdk';

const SIM = process.env.LICENSING_SIM_URL ?? 'http://127.0.0.1:8788';
const SPEC_SIM = process.env.LICENSING_SIM_SPEC_URL ?? 'http://127.0.0.1:8789';
const TOKEN = 'dev-all-token';

const product = () => ({ productUri: 'gms:1001', crmProductId: 'P-1', limitStartDate: 1700000000000, limitEndDate: 1800000000000, limitConcurrent: 5 });
const newBuy = () => ({
  channelCode: 'CH', channelOrderId: `CO-${Date.now()}-${Math.random()}`, syncMode: 'sync',
  orderList: [{ sequence: 1, licenseType: 'softkey', orderType: 'new_buy', assets: [{ assetNos: ['8000000001'], products: [product()] }] }],
});
const refund = (orderType) => {
  const b = newBuy();
  Object.assign(b.orderList[0], { orderType, srcLicenseOrderId: 'LO-1' });
  return b;
};
const P0 = '/orderList/0/assets/0/products/0';

// One body per rule the SDK infers, each otherwise valid: [what, endpoint, body, path, code].
function inferredCases() {
  const unlimited = newBuy(); unlimited.orderList[0].assets[0].products[0].limitConcurrent = -1;
  const units = newBuy(); units.orderList[0].assets[0].products[0].timeUnitQuantity = -1;
  const strict = refund('delete_product');
  Object.assign(strict.orderList[0].assets[0].products[0], { strictMatchWhenDelete: true });
  delete strict.orderList[0].assets[0].products[0].limitStartDate;
  const noUri = refund('delete_product'); delete noUri.orderList[0].assets[0].products[0].productUri;
  const twice = newBuy(); twice.orderList.push({ ...structuredClone(twice.orderList[0]), assets: [{ assetNos: ['8000000002'], products: [product()] }] });
  const range = newBuy(); range.orderList[0].assets[0].limitStartDate = 2; range.orderList[0].assets[0].limitEndDate = 1;
  const pkg = newBuy(); pkg.orderList[0].assets[0].merchandises = [{ timeDurationExpression: '1y', licenseOrderProductList: [product()] }];
  return [
    ['joinActivity without branch', 'joinActivity', { identity: 'a@b.co', activityLabel: 'x', source: 'portal' }, '/branch', 'required'],
    ['a blank channelCode', 'bindEnterprise', { channelCode: ' ', channelCustomerId: 'C' }, '/channelCode', 'empty'],
    ['size 0', 'shellNums', { size: 0 }, '/size', 'minimum'],
    ['limitConcurrent -1', 'batchOrder', unlimited, `${P0}/limitConcurrent`, 'minimum'],
    ['timeUnitQuantity -1', 'batchOrder', units, `${P0}/timeUnitQuantity`, 'minimum'],
    ['a strict-match delete without its dates', 'batchOrder', strict, `${P0}/limitStartDate`, 'strict_match_field_required'],
    ['a delete product without productUri', 'batchOrder', noUri, `${P0}/productUri`, 'required'],
    ['a repeated sequence', 'batchOrder', twice, '/orderList/1/sequence', 'duplicate_sequence'],
    ['an end before the start', 'batchOrder', range, '/orderList/0/assets/0/limitEndDate', 'limit_end_before_start'],
    ['a package expression not y-m-d', 'batchOrder', pkg, '/orderList/0/assets/0/merchandises/0/timeDurationExpression', 'duration_expression'],
    ['a lock number with partition 7', 'lockAssets', { assetNums: ['7000000001'], operatorIdentity: 'ops' }, '/assetNums/0', 'asset_number_partition'],
  ];
}

const strip = (report) => report.issues.map(({ path, code, source, message }) => ({ path, code, source, message }));

test('every inferred rule is an error under recommended and a warning under spec', () => {
  for (const [what, endpoint, body, path, code] of inferredCases()) {
    const recommended = validate(endpoint, body);
    assert.equal(recommended.valid, false, what);
    assert.deepEqual(recommended.issues.map((i) => [i.path, i.code, i.severity, i.source]), [[path, code, 'error', 'inferred']], what);
    assert.deepEqual(validate(endpoint, body, { rules: 'recommended' }), recommended, what);
    const spec = validate(endpoint, body, { rules: 'spec' });
    assert.equal(spec.valid, true, what);
    assert.deepEqual(spec.issues.map((i) => i.severity), ['warning'], what);
    assert.deepEqual(strip(spec), strip(recommended), `${what}: same issue, other severity`);
    assert.deepEqual(validateJson(endpoint, JSON.stringify(body), { rules: 'spec' }), spec, what);
  }
});

test("the spec's own rules stay errors under spec; strict adds unknown fields", () => {
  const stated = [
    ['shellNums', { size: '3' }, 'type'],
    ['batchOrder', { ...newBuy(), syncMode: 'SYNC' }, 'enum'],
  ];
  for (const [endpoint, body, code] of stated) {
    const r = validate(endpoint, body, { rules: 'spec' });
    assert.deepEqual([r.valid, r.issues[0].code, r.issues[0].source, r.issues[0].severity], [false, code, 'spec', 'error']);
  }
  const cloud = refund('delete_asset'); cloud.orderList[0].licenseType = 'cloud_account'; delete cloud.orderList[0].srcLicenseOrderId;
  assert.deepEqual(validate('batchOrder', cloud, { rules: 'spec' }).issues.map((i) => [i.code, i.source, i.severity]),
    [['src_license_order_required', 'spec', 'error']]);

  const extra = { size: 1, color: 'red' };
  assert.equal(validate('shellNums', extra, { rules: 'spec' }).valid, true);
  assert.equal(validate('shellNums', extra).valid, true);
  const strict = validate('shellNums', extra, { rules: 'strict' });
  assert.deepEqual([strict.valid, strict.issues[0].code, strict.issues[0].source], [false, 'unknown_field', 'inferred']);
});

test('createSchemas takes the profile: only what it makes an error fails', () => {
  const spec = createSchemas({ rules: 'spec' });
  const recommended = createSchemas();
  for (const [what, endpoint, body] of inferredCases()) {
    assert.deepEqual(spec[endpoint]['~standard'].validate(body), { value: body }, what);
    assert.ok(recommended[endpoint]['~standard'].validate(body).issues?.length, what);
  }
});

test('the client refuses what its profile makes an error, and sends the rest', async () => {
  const body = { identity: `${Date.now()}@example.com`, activityLabel: 'spring-trial', source: 'portal' };
  const refused = await new LicensingClient({ baseUrl: SPEC_SIM, token: TOKEN }).joinActivity(body).catch((e) => e);
  assert.deepEqual([refused.kind, refused.issues[0].path], ['validation', '/branch']);
  const warnings = [];
  const lenient = new LicensingClient({ baseUrl: SPEC_SIM, token: TOKEN, rules: 'spec', onWarnings: (e) => warnings.push(e) });
  const detail = await lenient.joinActivity(body);
  assert.equal(detail.products[0].productUri, 'gms:1001');
  assert.deepEqual(warnings.map((w) => [w.endpoint, w.phase, w.issues[0].path, w.issues[0].severity]),
    [['joinActivity', 'request', '/branch', 'warning']]);
  // The simulator under its default rules refuses what the SDK infers: a business error, not a validation one.
  const numbers = await new LicensingClient({ baseUrl: SIM, token: TOKEN, rules: 'spec' }).shellNums({ size: 0 }).catch((e) => e);
  assert.deepEqual([numbers.kind, numbers.code], ['business', '13004']);
  assert.deepEqual(await new LicensingClient({ baseUrl: SPEC_SIM, token: TOKEN, rules: 'spec' }).shellNums({ size: 0 }), []);
  assert.throws(() => new LicensingClient({ baseUrl: SIM, token: TOKEN, rules: 'lenient' }), (e) => e.kind === 'validation' && /rules/.test(e.message));
  assert.throws(() => new LicensingClient({ baseUrl: SIM, token: TOKEN, onWarnings: 'log' }), (e) => e.kind === 'validation');
});

/** A client whose fetch answers every call with this status and body. */
function answering(status, body, extra = {}) {
  const seen = [];
  const fetch = async (request) => {
    seen.push(request);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const warnings = [];
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 't', appKey: 'k', fetch, onWarnings: (e) => warnings.push(e), ...extra });
  return { client, seen, warnings };
}

test('answers: a success is never an error because of a value inside it', async () => {
  const lock = answering(200, { code: 0, message: 'ok', data: [{ assetNum: '8000000001', status: 5, extra: true }] });
  assert.deepEqual(await lock.client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }),
    [{ assetNum: '8000000001', status: 5, extra: true }]);
  assert.equal(lock.seen.length, 1);
  assert.deepEqual(lock.warnings.map((w) => [w.phase, w.issues.map((i) => [i.path, i.code])]), [['response', [['/data/0/status', 'enum']]]]);

  const assets = answering(200, { code: 0, data: [{ id: 'A', licenseType: 'quantum_key', keyChipType: 3, limitStartTime: null, createTime: '1700000000000' }] });
  const [record] = await assets.client.listAssets({ enterpriseGlobalId: 'EG' });
  assert.deepEqual([record.licenseType, record.keyChipType, record.limitStartTime, record.createTime], ['quantum_key', 3, null, '1700000000000']);
  assert.equal(assets.warnings[0].issues.length, 3);

  const claim = answering(200, { resultCode: '0000', detail: { products: [{ productUri: 'p', activateType: 0 }] } });
  assert.equal((await claim.client.joinActivity({ identity: 'a@b.co', activityLabel: 'x', source: 's', branch: 'b' })).products[0].activateType, 0);

  const numbers = answering(200, { code: 0, data: ['8000000001', 8000000002] });
  assert.deepEqual(await numbers.client.shellNums({ size: 2 }), ['8000000001', 8000000002]);

  const numericCode = answering(200, { resultCode: 0, detail: { products: [] } });
  assert.deepEqual(await numericCode.client.joinActivity({ identity: 'a@b.co', activityLabel: 'x', source: 's', branch: 'b' }), { products: [] });

  // A hook that throws changes nothing.
  const loud = answering(200, { code: 0, data: [{ assetNum: 'x', status: 9 }] }, { onWarnings: () => { throw new Error('boom'); } });
  assert.equal((await loud.client.unlockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }))[0].status, 9);
});

test('answers: a 3002 keeps its activities whatever its units hold', async () => {
  const { client } = answering(200, { resultCode: '3002', resultMessage: 'no', activityDtoList: [
    { id: 'A', engineSubActivityDtos: [{ errorCode: '14005', participateResult: 'false', errorMessage: 7 }] }] });
  const err = await client.joinActivity({ identity: 'a@b.co', activityLabel: 'x', source: 's', branch: 'b' }).catch((e) => e);
  assert.deepEqual([err.kind, err.code], ['activity', '3002']);
  assert.deepEqual(err.activities[0].engineSubActivityDtos[0], { errorCode: '14005', participateResult: 'false', errorMessage: 7 });
});

test('answers: an async batch without data resolves to []; decode is for what cannot be read', async () => {
  const body = { ...newBuy(), syncMode: 'async' };
  for (const answer of [{ code: 0, message: 'accepted' }, { code: 0, data: null }]) {
    const { client, warnings } = answering(200, answer);
    assert.deepEqual(await client.batchOrder(body), []);
    assert.deepEqual(warnings, []);
  }
  const decode = async (answer) => (await answering(200, answer).client.batchOrder(body).catch((e) => e)).kind;
  assert.equal(await decode('<html>'), 'decode');
  assert.equal(await decode({ message: 'no code', data: [] }), 'decode');
  assert.equal(await decode({ code: 0, data: { not: 'a list' } }), 'decode');
  const business = await answering(299, { code: '13004', message: 'bad', cause: 'c' }).client.batchOrder(body).catch((e) => e);
  assert.deepEqual([business.kind, business.code, business.status], ['business', '13004', 299]);
});

test('children: null is sent as null', async () => {
  const body = newBuy();
  body.orderList[0].assets[0].merchandises = [{ merchandiseNum: 'M', children: null, licenseOrderProductList: [product()] }];
  assert.deepEqual(validate('batchOrder', body), { valid: true, issues: [] });
  const { client, seen } = answering(200, { code: 0, data: [{ sequence: 1, licenseOrderId: 'LO1' }] });
  await client.batchOrder(body);
  const sent = JSON.parse(await seen[0].text());
  assert.equal(sent.orderList[0].assets[0].merchandises[0].children, null);
});
