// makeValid (licensing-sdk/testing): a fixture made valid by the rule tables'
// examples and each rule's own repair (licensing-core's testing::make_valid in
// the simulator's wasm), applied as a JSON Patch to a copy of the caller's body.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { validate } from 'licensing-sdk';
import { makeValid } from 'licensing-sdk/testing';
import { applyPatch } from '../src-js/make-valid.js';

const require = createRequire(import.meta.url);

const cloudRefund = () => ({
  channelCode: 'WEB', channelOrderId: 'CO-1',
  orderList: [{ sequence: 1, licenseType: 'cloud_account', orderType: 'delete_asset', assets: [{ assetNos: ['8000000001'] }] }],
});

test('what a rule asks is added, last, and the rest keeps its order and values', async () => {
  const body = cloudRefund();
  assert.equal(validate('batchOrder', body).valid, false);
  const made = await makeValid('batchOrder', body);
  assert.deepEqual(validate('batchOrder', made).issues, []);
  assert.deepEqual(Object.keys(made.orderList[0]), ['sequence', 'licenseType', 'orderType', 'assets', 'srcLicenseOrderId']);
  assert.equal(made.orderList[0].srcLicenseOrderId, 'LO-1');
  assert.deepEqual(body, cloudRefund(), "the caller's body is not changed");
});

test('a missing required field gets the tables\' example, at any depth; a valid body comes back equal', async () => {
  for (const endpoint of ['batchOrder', 'shellNums', 'lockAssets', 'joinActivity', 'createEnterprise']) {
    const made = await makeValid(endpoint, {});
    assert.deepEqual(validate(endpoint, made).issues, [], endpoint);
    assert.deepEqual(await makeValid(endpoint, made), made, `${endpoint}: made valid, then left as it is`);
  }
  const order = await makeValid('batchOrder', { channelCode: 'WEB', channelOrderId: 'CO-2', orderList: [{ assets: [{}] }] });
  assert.deepEqual(validate('batchOrder', order).issues, []);
});

test('duplicate sequences: the later order takes the next free number', async () => {
  const body = cloudRefund();
  body.orderList.push({ ...structuredClone(body.orderList[0]), srcLicenseOrderId: 'LO-7' }, { ...structuredClone(body.orderList[0]), sequence: 2 });
  const made = await makeValid('batchOrder', body);
  assert.deepEqual(made.orderList.map((o) => o.sequence), [1, 2, 3]);
  assert.deepEqual(validate('batchOrder', made).issues, []);
});

test('what is not JSON, an unknown endpoint: a TypeError saying so; a body that is not an object comes back as it is', async () => {
  await assert.rejects(makeValid('batchOrdr', {}), { name: 'TypeError', message: /unknown endpoint "batchOrdr" \(one of bindEnterprise, .*batchOrder/ });
  const cycle = {};
  cycle.self = cycle;
  await assert.rejects(makeValid('batchOrder', cycle), { name: 'TypeError', message: /the body cannot be JSON/ });
  await assert.rejects(makeValid('batchOrder', undefined), { name: 'TypeError', message: /the body cannot be JSON \(undefined\)/ });
  await assert.rejects(makeValid('batchOrder', { n: 1n }), { name: 'TypeError', message: /the body cannot be JSON/ });
  for (const other of [[1, 2], 'text', null, 7]) assert.deepEqual(await makeValid('batchOrder', other), other);
  // A value of the wrong type is left for the validator to report.
  const wrong = await makeValid('batchOrder', { channelCode: 7, channelOrderId: 'o', orderList: 'none' });
  assert.deepEqual(wrong, { channelCode: 7, channelOrderId: 'o', orderList: 'none' });
});

test('the CommonJS entry gives the same answer as the ESM one', async () => {
  const cjs = require('licensing-sdk/testing');
  assert.deepEqual(await cjs.makeValid('batchOrder', cloudRefund()), await makeValid('batchOrder', cloudRefund()));
});

test('applyPatch: add, remove and replace, with ~0 and ~1 in keys, and in arrays', () => {
  const doc = { 'a/b': { '~k': 1 }, list: [1, 2, 3], keep: true };
  const out = applyPatch(doc, [
    { op: 'replace', path: '/a~1b/~0k', value: 2 },
    { op: 'add', path: '/list/1', value: 9 },
    { op: 'remove', path: '/list/3' },
    { op: 'remove', path: '/keep' },
    { op: 'add', path: '/new', value: { x: 1 } },
  ]);
  assert.deepEqual(out, { 'a/b': { '~k': 2 }, list: [1, 9, 2], new: { x: 1 } });
  assert.deepEqual(applyPatch(1, [{ op: 'replace', path: '', value: 2 }]), 2);
});

test('an item of the wrong type in any list is left as it is, beside the objects mended (the wasm trapped on it)', async () => {
  for (const item of [5, 'text', true, [], null]) {
    const made = await makeValid('batchOrder', { orderList: [item, { assets: [item, { products: [item, {}], merchandises: [item, { children: [item] }] }] }] });
    assert.deepEqual(made.orderList[0], item);
    const [order] = made.orderList.slice(1);
    assert.deepEqual([order.assets[0], order.assets[1].products[0], order.assets[1].merchandises[0], order.assets[1].merchandises[1].children[0]], [item, item, item, item]);
    assert.equal(typeof order.licenseType, 'string', 'the order beside it is mended');
  }
  assert.deepEqual(validate('batchOrder', await makeValid('batchOrder', {})).issues, [], 'and the instance still answers');
});

test('a trap in the tools\' instance lets it go: the next call gets a fresh one, and the error says it is a bug', async () => {
  const { toolsInstance } = await import('../src-js/simulator.js');
  const { makeMakeValid } = await import('../src-js/make-valid.js');
  let made = 0;
  const createGlue = () => {
    const id = ++made;
    return {
      initSync() {},
      makeValid(endpoint, text) {
        if (text.includes('"trap"')) throw new WebAssembly.RuntimeError('unreachable');
        return JSON.stringify([{ op: 'add', path: '/instance', value: id }]);
      },
    };
  };
  const fakeMakeValid = makeMakeValid(toolsInstance(createGlue, () => null));
  assert.deepEqual(await fakeMakeValid('shellNums', {}), { instance: 1 });
  await assert.rejects(fakeMakeValid('shellNums', { trap: 1 }), (error) => {
    assert.ok(!(error instanceof TypeError) && /a bug of licensing-sdk/.test(error.message), error.message);
    assert.ok(error.cause instanceof WebAssembly.RuntimeError);
    return true;
  });
  assert.deepEqual(await fakeMakeValid('shellNums', {}), { instance: 2 }, 'a fresh instance after the trap');
  await assert.rejects(fakeMakeValid('nope', 1n), TypeError, 'no JSON form: a TypeError, as before');
  assert.deepEqual(await fakeMakeValid('shellNums', {}), { instance: 2 }, 'no new instance after an error that is not a trap');
});
