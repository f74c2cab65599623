// NaN and ±Infinity in a JS body: JSON.stringify would write null (absent),
// dropping what a user typed without a word. validate reports `type` at the
// field; the client refuses to send; the Standard Schema fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, validateField, schemas, exampleBody, LicensingClient } from 'licensing-sdk';

const codesAt = (report) => report.issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.code, i.params?.actual]);

test('NaN, Infinity and -Infinity are type errors at their field, in any endpoint', () => {
  for (const bad of [NaN, Infinity, -Infinity]) {
    assert.deepEqual(codesAt(validate('shellNums', { size: bad })), [['/size', 'type', 'number']], String(bad));
    const order = exampleBody('batchOrder');
    order.orderList[0].assets[0].limitStartDate = bad; // an optional Long: null would have been "absent"
    assert.deepEqual(codesAt(validate('batchOrder', order)), [['/orderList/0/assets/0/limitStartDate', 'type', 'number']]);
    assert.deepEqual(validateField('batchOrder', '/orderList/0/assets/0/limitStartDate', order).map((i) => i.code), ['type']);
  }
  // A batch long enough to be checked order by order: the same, with the batch's index.
  const batch = exampleBody('batchOrder');
  for (let i = 1; i < 6; i++) batch.orderList.push({ ...structuredClone(batch.orderList[0]), sequence: i + 1 });
  batch.orderList[4].assets[0].products[0].limitConcurrent = NaN;
  assert.deepEqual(codesAt(validate('batchOrder', batch)), [['/orderList/4/assets/0/products/0/limitConcurrent', 'type', 'number']]);
  // null itself is still absent, as before.
  assert.equal(validate('shellNums', { size: null }).issues[0].code, 'required');
});

// validate writes a body with no NaN or ±Infinity by a plain JSON.stringify, after a
// walk that looks for them (js/sdk/src-js/routing.js, bodyText); wherever the walk is unsure,
// the marking serializer writes it. Each way must give the same report.
test('validate finds NaN behind a toJSON, deep in arrays, past the walk\'s depth and in a getter', () => {
  const type = (report) => codesAt(report).filter(([, code]) => code === 'type').map(([path]) => path);
  assert.deepEqual(type(validate('shellNums', { toJSON: () => ({ size: NaN }) })), ['/size']);
  assert.deepEqual(type(validate('shellNums', { size: { toJSON: () => -Infinity } })), ['/size']);
  assert.deepEqual(type(validate('shellNums', { size: 1, extra: [[[1, [NaN]]]] })), []);
  let deep = NaN;
  for (let i = 0; i < 80; i++) deep = [deep];
  const nested = validate('shellNums', { size: 1, extra: deep });
  const plain = validate('shellNums', { size: 1, extra: JSON.parse(JSON.stringify(deep)) });
  assert.deepEqual([nested.valid, nested.issues.map((i) => i.code)], [plain.valid, plain.issues.map((i) => i.code)]);
  assert.deepEqual(type(validate('shellNums', { get size() { return Infinity; } })), ['/size']);
  // A non-finite number only on a prototype: JSON.stringify writes own keys only; the
  // walk, unsure, hands it to the marking serializer, which gives the same report.
  const body = Object.create({ inherited: NaN });
  body.size = 1;
  assert.deepEqual(validate('shellNums', body), validate('shellNums', { size: 1 }));
  // The walk's plain text and the marking serializer's: one report.
  const order = exampleBody('batchOrder');
  order.orderList[0].assets[0].limitEndDate = 1;
  order.orderList[0].assets[0].limitStartDate = 2;
  const withNaN = structuredClone(order);
  withNaN.orderList[0].assets[0].products[0].limitConcurrent = NaN;
  const a = validate('batchOrder', order).issues.map((i) => [i.path, i.code]);
  const b = validate('batchOrder', withNaN).issues.map((i) => [i.path, i.code]);
  assert.deepEqual(b.filter(([, code]) => code !== 'type'), a);
  assert.deepEqual(b.filter(([, code]) => code === 'type'), [['/orderList/0/assets/0/products/0/limitConcurrent', 'type']]);
});

test('the Standard Schema fails, the client sends nothing', async () => {
  const result = schemas.shellNums['~standard'].validate({ size: NaN });
  assert.deepEqual(result.issues.map((i) => [i.path.join('/'), i.code]), [['size', 'type']]);
  let sent = 0;
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 't',
    fetch: async () => { sent += 1; return new Response('{"code":0,"data":[]}'); } });
  const err = await client.shellNums({ size: Infinity }).catch((e) => e);
  assert.deepEqual([err.name, err.kind, err.issues[0].path], ['LicensingError', 'validation', '/size']);
  assert.match(err.message, /NaN or Infinity at \/size/);
  // Even inside a field the validator does not check (an unknown one).
  const err2 = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'o', extra: { n: NaN } }).catch((e) => e);
  assert.equal(err2.kind, 'validation');
  assert.match(err2.message, /\/extra\/n/);
  assert.equal(sent, 0);
});

test('an answer\'s integer past 2^53 arrives as JSON.parse reads it, and onWarnings says so', async () => {
  const warnings = [];
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 't', appKey: 'k',
    onWarnings: ({ phase, issues }) => warnings.push(...issues.map((i) => `${phase} ${i.path} ${i.code}`)),
    fetch: async () => new Response('{"code":0,"data":[{"sequence":9007199254740993,"licenseOrderId":"LO1"}]}',
      { headers: { 'content-type': 'application/json' } }) });
  const results = await client.batchOrder(exampleBody('batchOrder'));
  assert.equal(results[0].sequence, 9007199254740992); // rounded by JSON.parse, as sent otherwise
  assert.deepEqual(warnings, ['response /data/0/sequence unsafe_integer']);
});
