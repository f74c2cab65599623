// validateField: one field's issues and the cross-field issues that involve it,
// the same as validate gives for the whole body (the core picks them:
// licensing-core's validate_field_json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { validate, validateField, exampleBody } from 'licensing-sdk';
import { makeBatch, scattered } from '../../../bench/generate.mjs';

// Every rule's case table and whether it is cross-field, from the rules' files
// (generated): the ground truth here is not api.js's.
const RULES = JSON.parse(readFileSync(new URL('../../../tests/js/rule-cases.json', import.meta.url), 'utf8'));
const CROSS = new Set(Object.entries(RULES).filter(([, r]) => r.crossField).map(([id]) => id));

const within = (path, pointer) => path === pointer || path.startsWith(`${pointer}/`);

/**
 * What validateField must give, computed from the whole body's report: the
 * issues at or inside the pointer, those of the body as a whole, and for a
 * field of order i, order i's cross-field issues and the repeats of its sequence.
 */
function expected(body, pointer, endpoint = 'batchOrder') {
  const m = endpoint === 'batchOrder' ? /^\/orderList\/(0|[1-9][0-9]*)(?:\/|$)/.exec(pointer) : null;
  const scope = m ? `/orderList/${m[1]}` : null;
  const report = validate(endpoint, body);
  return report.issues.filter((i) => within(i.path, pointer) || (i.path === '' && i.code !== 'too_many_issues')
    || (scope && within(i.path, scope) && CROSS.has(i.rule))
    || (scope && CROSS.has(i.rule) && i.params?.first === m[1]));
}

/** Every JSON Pointer in a value: its own, and its members' (arrays by index). */
function pointers(value, at = '', out = []) {
  out.push(at);
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pointers(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  }
  return out;
}

test('every rule: for every field of its examples, validateField gives what the whole report says of it', () => {
  let checked = 0;
  for (const [id, rule] of Object.entries(RULES)) {
    if (id === '$comment') continue;
    for (const { endpoint, text } of rule.fails) {
      let body;
      try { body = JSON.parse(text); } catch { continue; } // not JSON: validateField takes values
      for (const pointer of new Set([...pointers(body), ...validate(endpoint, body).issues.map((i) => i.path)])) {
        const got = validateField(endpoint, pointer, body).map((i) => JSON.stringify(i)).sort();
        const want = expected(body, pointer, endpoint).map((i) => JSON.stringify(i)).sort();
        assert.deepEqual(got, want, `${id}: ${endpoint} ${pointer} of ${text}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked > 200, `only ${checked} fields checked`);
});

test('a delete_product product without productUri shows when its order\'s orderType is edited', () => {
  const body = {
    channelCode: 'c', channelOrderId: 'o',
    orderList: [{ sequence: 1, licenseType: 'softkey', orderType: 'delete_product', srcLicenseOrderId: 'L1',
      assets: [{ assetNos: ['8000000001'], products: [{ productName: 'p' }] }] }],
  };
  const issues = validateField('batchOrder', '/orderList/0/orderType', body);
  assert.deepEqual(issues.map((i) => [i.path, i.code, i.rule]),
    [['/orderList/0/assets/0/products/0/productUri', 'required', 'delete_product_uri']]);
});

test('editing orderType shows the srcLicenseOrderId issue of the order', () => {
  const body = exampleBody('batchOrder');
  body.orderList.push(structuredClone(body.orderList[0]));
  body.orderList[1].sequence = 2;
  body.orderList[1].licenseType = 'cloud_account';
  body.orderList[1].orderType = 'delete_asset';
  delete body.orderList[1].srcLicenseOrderId;
  for (const product of body.orderList[1].assets[0].products) delete product.srcLicenseOrderId; // a transfer: a warning outside new_buy
  const issues = validateField('batchOrder', '/orderList/1/orderType', body);
  assert.deepEqual(issues.map((i) => [i.path, i.code]), [['/orderList/1/srcLicenseOrderId', 'src_license_order_required']]);
  assert.deepEqual(validateField('batchOrder', '/orderList/0/orderType', body), []);
  assert.deepEqual(validateField('batchOrder', '/channelCode', { ...body, channelCode: ' ' }).map((i) => i.code), ['empty']);
});

test('a repeated sequence is found whichever of the two orders is edited, with the batch indices', async () => {
  const body = await makeBatch(30, 7);
  body.orderList[25].sequence = body.orderList[4].sequence;
  for (const pointer of ['/orderList/25/sequence', '/orderList/4/sequence']) {
    const issues = validateField('batchOrder', pointer, body);
    const dup = issues.filter((i) => i.code === 'duplicate_sequence');
    assert.equal(dup.length, 1, pointer);
    assert.equal(dup[0].path, '/orderList/25/sequence');
    assert.equal(dup[0].params.first, '4');
    assert.match(dup[0].message, /\/orderList\/4\b/);
  }
});

test('on bodies with scattered errors, every field gives what the whole report says of it', async () => {
  for (const seed of [1, 2, 3]) {
    const { body } = await scattered(40, seed, 5);
    const pointers = new Set(['/channelCode', '/syncMode', '/orderList/0']);
    for (const issue of validate('batchOrder', body).issues) {
      const parts = issue.path.split('/');
      for (let n = 2; n <= parts.length; n++) pointers.add(parts.slice(0, n).join('/'));
    }
    for (const pointer of pointers) {
      const got = validateField('batchOrder', pointer, body).map((i) => JSON.stringify(i)).sort();
      const want = expected(body, pointer).map((i) => JSON.stringify(i)).sort();
      assert.deepEqual(got, want, `seed ${seed} ${pointer}`);
    }
  }
});

test('other endpoints and odd input', () => {
  assert.deepEqual(validateField('shellNums', '/size', { size: 0 }).map((i) => i.code), ['minimum']);
  assert.deepEqual(validateField('shellNums', '/size', { size: 1 }), []);
  assert.deepEqual(validateField('batchOrder', '/orderList/9', { orderList: [] }).length, 0);
  assert.equal(validateField('batchOrder', '', null).length, 1);
  // The body as a whole is wrong: that concerns every field.
  assert.deepEqual(validateField('shellNums', '/size', 'text').map((i) => [i.path, i.code]), [['', 'type']]);
  assert.deepEqual(validateField('shellnums', '/size', { size: 1 }).map((i) => i.code), ['unknown_endpoint']);
  assert.throws(() => validateField('batchOrder', 3, {}), TypeError);
});

test('a key longer than a path shows (cut there) is found at its real pointer, with or without escapes', () => {
  for (const key of ['k'.repeat(300), 'a"b/'.repeat(100), 'é\\~'.repeat(120), `${'x'.repeat(255)}\u{1F600}z`]) {
    const body = { size: 1, [key]: 1 };
    const pointer = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const whole = validate('shellNums', body, { rules: 'strict' }).issues;
    assert.deepEqual(whole.map((i) => i.code), ['unknown_field']);
    assert.ok(whole[0].path.endsWith('…'), whole[0].path.slice(-10));
    assert.deepEqual(validateField('shellNums', pointer, body, { rules: 'strict' }), whole, key.slice(0, 12));
  }
});

test('createSchemas({ touched }): only touched fields speak; untouched errors still fail the body', async () => {
  const { createSchemas } = await import('licensing-sdk');
  const body = { size: 0 };
  const touched = new Set();
  const { shellNums } = createSchemas({ touched });
  const before = shellNums['~standard'].validate(body);
  assert.deepEqual(before.issues.map((i) => [i.path, i.code]), [[[], 'untouched']]);
  assert.equal(before.issues[0].message, 'Issues in fields not touched yet: 1');
  // In the locale of the other messages.
  const zh = createSchemas({ touched: new Set(), locale: 'zh-CN' }).shellNums['~standard'].validate({ size: 0, extra: 'x' });
  assert.deepEqual(zh.issues.map((i) => [i.message, i.code]), [['尚未填写的字段中还有 1 个问题', 'untouched']]);
  touched.add('/size');
  const after = shellNums['~standard'].validate(body);
  assert.deepEqual(after.issues.map((i) => [i.path, i.code]), [[['size'], 'minimum']]);
  // A predicate, and a touched parent covers the fields inside it.
  const batch = createSchemas({ touched: (p) => p === '/orderList/0' }).batchOrder;
  const b = exampleBody('batchOrder');
  b.orderList[0].sequence = 'one';
  b.channelCode = '';
  const r = batch['~standard'].validate(b);
  assert.deepEqual(r.issues.map((i) => i.path.join('/')), ['orderList/0/sequence', '']);
  assert.deepEqual(batch['~standard'].validate(exampleBody('batchOrder')), { value: exampleBody('batchOrder') });
  assert.throws(() => createSchemas({ touched: 'all' }), TypeError);
});
