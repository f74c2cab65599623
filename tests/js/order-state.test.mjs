// The demo portal's order state (www/order-state.js) without a DOM, driven with the
// installed package's validate: the page's view (www/order-view.js) only draws what it says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, validateJson, validateField } from 'licensing-sdk';
import { dependents } from 'licensing-sdk/meta';
import { createOrderState } from '../../www/order-state.js';

const blank = () => ({
  channelCode: 'WEB', channelOrderId: 'CO-1',
  orderList: [{
    sequence: 1, licenseType: 'cloud_account', orderType: 'new_buy',
    assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1' }] }],
  }],
});
const templates = { product: () => ({ productUri: '' }) };
const options = { locale: 'en', rules: 'recommended' };
const newState = () => createOrderState({ validate, validateJson, validateField, dependents, blank, templates });

test('an edit is touched and a cross-field rule answers it', () => {
  const state = newState();
  assert.equal(state.check(options).valid, true);
  assert.equal(state.canSubmit(), true);
  state.edit('/orderList/0/orderType', 'delete_asset');
  assert.deepEqual([...state.touched], ['/orderList/0/orderType']);
  const report = state.check(options);
  assert.equal(report.valid, false);
  assert.ok(report.issues.some((i) => i.code === 'src_license_order_required' && i.path === '/orderList/0/srcLicenseOrderId'));
  assert.equal(state.canSubmit(), false);
  state.edit('/orderList/0/srcLicenseOrderId', 'LO-1');
  assert.equal(state.check(options).valid, true);
});

test('leaving a field touches it and the fields of the cross-field issues it causes', () => {
  const state = newState();
  state.edit('/orderList/0/orderType', 'delete_asset');
  const issues = state.leave('/orderList/0/orderType', options);
  assert.deepEqual(issues.map((i) => [i.path, i.code]), [['/orderList/0/srcLicenseOrderId', 'src_license_order_required']]);
  assert.ok(state.touched.has('/orderList/0/srcLicenseOrderId'));
  assert.ok(state.touched.has('/orderList/0/orderType'));
});

test('items are added from templates and removed', () => {
  const state = newState();
  const at = '/orderList/0/assets/0/products';
  assert.equal(state.add(at, 'product'), 1);
  assert.equal(state.check(options).issues.some((i) => i.path === `${at}/1/productUri`), false, 'blank productUri is optional on new_buy');
  assert.equal(state.remove(`${at}/0`), at);
  assert.deepEqual(state.body.orderList[0].assets[0].products, [{ productUri: '' }]);
  assert.throws(() => state.add(at, 'nope'), /no template/);
  state.remove('/orderList/0/assets/0/products/x'); // not an index: nothing happens
  assert.equal(state.body.orderList[0].assets[0].products.length, 1);
});

test('JSON text: an object becomes the body, anything else keeps it and says why', () => {
  const state = newState();
  const before = state.body;
  assert.equal(state.readJson('{"channelCode": ', options), false);
  assert.equal(state.jsonBroken, true);
  assert.equal(state.body, before);
  assert.deepEqual(state.jsonIssues.map((i) => i.code), ['invalid_json']);
  assert.equal(state.canSubmit(), false);
  assert.equal(state.readJson('[1]', options), false);
  assert.deepEqual(state.jsonIssues.map((i) => i.code), ['type']);
  assert.equal(state.readJson('{"channelCode": "X"}', options), true);
  assert.equal(state.jsonBroken, false);
  assert.equal(state.showAll, true);
  assert.equal(state.check(options).valid, false);
  assert.deepEqual(JSON.parse(state.writeJson()), { channelCode: 'X' });
});

test('reset: an empty request, nothing touched, touched issues only', () => {
  const state = newState();
  state.edit('/channelCode', '');
  state.replace({});
  assert.equal(state.showAll, true);
  state.reset();
  assert.equal(state.touched.size, 0);
  assert.equal(state.showAll, false);
  assert.deepEqual(state.body, blank());
});

test('the summary: nothing to say, warnings only, errors, or JSON that does not parse', () => {
  const state = newState();
  state.check(options);
  assert.deepEqual(state.summary(), { status: 'none', errors: 0, warnings: 0 });
  state.edit('/orderList/0/adminEmail', 'not-an-address'); // a warning (inferred format)
  state.check(options);
  assert.deepEqual(state.summary(), { status: 'warnings', errors: 0, warnings: 1 });
  state.edit('/channelCode', undefined);
  state.check(options);
  assert.deepEqual(state.summary(), { status: 'errors', errors: 1, warnings: 1 });
  state.readJson('{', options);
  assert.equal(state.summary().status, 'jsonBroken');
});

test('send: a copy of the body through the outbox, sending until its job settles, not after (even on a failure)', async () => {
  const state = newState();
  state.check(options);
  const sent = [];
  const rows = [{ sequence: 1, licenseOrderId: 'LO1', customerId: 'C1' }];
  const outbox = {
    async batchOrder(body) {
      assert.equal(state.sending, true);
      assert.equal(state.canSubmit(), false, 'no second submit while one is under way');
      sent.push(body);
      body.channelCode = 'CHANGED BY THE OUTBOX';
      return { settled: new Promise((resolve) => setTimeout(() => {
        assert.equal(state.sending, true, 'still sending while the job is on its way');
        resolve(rows);
      }, 5)) };
    },
  };
  assert.deepEqual(await state.send(outbox), rows);
  assert.equal(state.sending, false);
  assert.equal(state.body.channelCode, 'WEB', 'the outbox got a copy');
  assert.notEqual(sent[0], state.body);
  await assert.rejects(state.send({ batchOrder: async () => { throw new Error('refused'); } }), /refused/);
  assert.equal(state.sending, false);
  await assert.rejects(state.send({ batchOrder: async () => ({ settled: Promise.reject(new Error('unknown')) }) }), /unknown/);
  assert.equal(state.sending, false);
  assert.equal(state.canSubmit(), true);
  // A job a reload found on its way: followed as a send is.
  const following = state.follow({ settled: Promise.resolve(rows) });
  assert.equal(state.sending, true);
  assert.deepEqual(await following, rows);
  assert.equal(state.sending, false);
});

test('closed customer sections stay closed; a reset does not reopen them', () => {
  const state = newState();
  state.setOpen('/orderList/0/customer', false);
  assert.deepEqual([...state.closed], ['/orderList/0/customer']);
  state.reset();
  assert.equal(state.closed.has('/orderList/0/customer'), true);
  state.setOpen('/orderList/0/customer', true);
  assert.equal(state.closed.size, 0);
});

test('leaving a field touches the fields its change may move (dependents), in this order only', () => {
  const state = newState();
  state.body.orderList.push(structuredClone(state.body.orderList[0]));
  state.edit('/orderList/0/orderType', 'delete_product');
  state.leave('/orderList/0/orderType', options);
  for (const field of ['srcLicenseOrderId', 'assets/0/products', 'assets/0/products/0/productUri', 'assets/0/products/0/limitStartDate']) {
    assert.ok(state.touched.has(`/orderList/0/${field}`), field);
    assert.ok(!state.touched.has(`/orderList/1/${field}`), `order 1: ${field}`);
  }
  // Once strict matching is set, its missing fields show at once: they were touched.
  state.edit('/orderList/0/assets/0/products/0/strictMatchWhenDelete', true);
  const shown = state.check(options).issues.filter((i) => state.touched.has(i.path)).map((i) => i.path);
  assert.ok(shown.includes('/orderList/0/assets/0/products/0/limitConcurrent'), JSON.stringify(shown));
});
