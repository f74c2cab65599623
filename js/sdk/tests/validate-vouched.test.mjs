// `validate` on a body with issues sends the wasm its vouched text: every value
// the fast path proves clean written as `!`, so only the failing parts cross
// (js/sdk/src-js/routing.js, vouchedText; licensing-core's
// validate_vouched_json); in a batch, the orders it proves clean whose sequence
// no other order repeats (fast-path.js, cutBatch). The report must be the one
// the wasm gives for the whole body: checked here against
// validateJson(JSON.stringify(body)) (always the whole text, in the wasm) on the
// bench corpus, scattered batches, every mutation and the corner cases of the
// text. differential.test.mjs does the same on the hostile bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate, validateJson } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import { invalidExamples } from 'licensing-sdk/testing';
import { agreementCorpus, makeBatch, MUTATIONS, mutated, scattered } from '../../../bench/generate.mjs';

const { cutBatch } = await import('../src-js/fast-path.js');
const { vouchedText } = await import('../src-js/routing.js');

const OPTIONS = [undefined, { rules: 'strict' }, { rules: 'spec' }, { locale: 'zh-CN' }, { maxIssues: 3 }];

function same(body, label, options = OPTIONS) {
  for (const o of options) {
    const whole = validateJson('batchOrder', JSON.stringify(body), o);
    assert.deepEqual(validate('batchOrder', body, o), whole, `${label} ${JSON.stringify(o)}`);
  }
}

const clone = (v) => JSON.parse(JSON.stringify(v));

test('every rule\'s invalid examples, on every endpoint: the vouched text\'s report is the whole text\'s', () => {
  let vouched = 0;
  for (const endpoint of Object.keys(endpoints)) {
    for (const example of invalidExamples(endpoint)) {
      if (!('body' in example)) continue;
      if ((vouchedText(endpoint, example.body) ?? '').includes('!')) vouched += 1;
      for (const o of OPTIONS) {
        assert.deepEqual(validate(endpoint, example.body, o), validateJson(endpoint, example.text, o), `${endpoint} ${example.code} ${example.path} ${JSON.stringify(o)}`);
      }
    }
  }
  assert.ok(vouched > 20, `${vouched} examples crossed vouched`);
});

test('scattered batches: the clean orders cross vouched, and the report is the whole body\'s', async () => {
  for (const [n, seed] of [[1, 1], [4, 1], [10, 2], [100, 3], [100, 4], [1000, 5]]) {
    const { body } = await scattered(n, seed, n < 25 ? 4 : 25);
    const batch = cutBatch(body);
    const text = vouchedText('batchOrder', body, batch?.vouched);
    const whole = JSON.stringify(body).length;
    assert.ok(text.length < (n === 1 ? whole : whole / 2), `scattered ${n}/${seed}: ${text.length} of ${whole} characters cross`);
    if (n >= 4) assert.ok(batch.vouched.filter(Boolean).length * 2 > n, `scattered ${n}/${seed}: most orders vouched`);
    same(body, `scattered ${n}/${seed}`);
  }
});

test('a vouched text: clean strings and objects are `!`, what the rules read is there, and where it cannot be written there is none', async () => {
  const body = await makeBatch(1, 41);
  const order = body.orderList[0];
  order.licenseType = 'usbkey';
  const text = vouchedText('batchOrder', body);
  const read = JSON.parse(text.replaceAll('!', '"!"'));
  assert.equal(read.channelCode, '!');
  assert.equal(read.orderList[0].licenseType, 'usbkey');
  assert.equal(read.orderList[0].orderType, order.orderType);
  assert.equal(read.orderList[0].sequence, order.sequence);
  assert.equal(read.orderList[0].customerName, '!');
  assert.ok(read.orderList[0].assets.every((a) => a === '!'), text);
  same(body, 'one failing enumeration');
  // A blank string is written, never vouched (the rules read "not filled").
  order.srcLicenseOrderId = ' ';
  assert.equal(JSON.parse(vouchedText('batchOrder', body).replaceAll('!', '"!"')).orderList[0].srcLicenseOrderId, ' ');
  same(body, 'a blank string');
  // NaN, a BigInt, a throwing getter: no vouched text (the whole body's way reports them).
  for (const [label, spoil] of [
    ['NaN', (b) => { b.orderList[0].assets[0].limitStartDate = NaN; }],
    ['a BigInt', (b) => { b.orderList[0].sequence = 1n; }],
    ['a getter', (b) => Object.defineProperty(b.orderList[0], 'customerName', { enumerable: true, get() { throw new Error('no'); } })],
  ]) {
    const spoilt = clone(body);
    spoil(spoilt);
    assert.equal(vouchedText('batchOrder', spoilt), null, label);
    assert.deepEqual(validate('batchOrder', spoilt), validate('batchOrder', spoilt), label);
  }
});

test('valid batches are proved clean order by order, without the wasm', async () => {
  for (const n of [4, 10, 100]) {
    const body = await makeBatch(n, 21);
    assert.deepEqual(cutBatch(body), { clean: true }, `${n}`);
    same(body, `valid ${n}`, [undefined]);
    // Sequences out of order but unique are still clean; a repeat is not.
    const shuffled = clone(body);
    shuffled.orderList.reverse();
    assert.deepEqual(cutBatch(shuffled), { clean: true });
    shuffled.orderList[0].sequence = shuffled.orderList[n - 1].sequence;
    assert.notDeepEqual(cutBatch(shuffled), { clean: true });
    same(shuffled, `repeat in ${n}`);
    // Only the batch's own fields wrong: every order crosses vouched.
    const head = clone(body);
    head.syncMode = 'later';
    assert.ok(cutBatch(head).vouched.every(Boolean));
    same(head, `batch field in ${n}`);
  }
});

test('the bench corpus (every mutation in batches of 1, 10, 100; scattered; timed), and mutations again in 10 and 100', async () => {
  for await (const item of agreementCorpus({ quick: true })) same(item.body, item.name, [undefined]);
  for (const n of [10, 100]) {
    const base = await makeBatch(n, 7);
    MUTATIONS.forEach((m, i) => {
      const b = mutated(base, m, 100 + i);
      if (b !== undefined) same(b, `${m.name} in ${n}`, [undefined, { rules: 'strict' }]);
    });
  }
});

test('sequences: repeats across clean and failing orders keep their first index', async () => {
  const base = await makeBatch(12, 9);
  const seq = (k) => base.orderList[k].sequence;
  // A clean order repeats a failing one's sequence, in both orders of appearance.
  const a = clone(base);
  a.orderList[9].licenseType = 'usbkey';
  a.orderList[2].sequence = seq(9);
  same(a, 'clean first, failing later');
  const b = clone(base);
  b.orderList[1].licenseType = 'usbkey';
  b.orderList[7].sequence = seq(1);
  same(b, 'failing first, clean later');
  // Two clean orders repeat each other while another order fails.
  const c = clone(base);
  c.orderList[0].licenseType = 'usbkey';
  c.orderList[11].sequence = seq(4);
  same(c, 'two clean orders repeat');
  // The same number written differently is the same sequence in the text.
  const d = clone(base);
  d.orderList[3].licenseType = 'usbkey';
  d.orderList[3].sequence = new Number(seq(10));
  same(d, 'a Number object');
  assert.equal(validate('batchOrder', d).issues.some((i) => i.code === 'duplicate_sequence'), true);
});

test('what the vouched text must leave to the whole body', async () => {
  const base = await makeBatch(10, 11);
  base.orderList[5].orderType = 'refund';
  // The batch's own fields, before and after orderList, still reported where they stand.
  const fields = { orderList: base.orderList, channelCode: 7, extra: true, channelOrderId: '' };
  same(fields, 'batch fields around orderList');
  assert.notEqual(cutBatch(fields), null);
  // Every order fails: none is vouched whole.
  const most = clone(base);
  most.orderList.forEach((o) => { o.licenseType = 'usbkey'; });
  assert.ok(!cutBatch(most).vouched.some(Boolean));
  same(most, 'every order fails');
  // A hole, a throwing getter, a class instance: the wasm sees the whole body.
  const holes = clone(base);
  holes.orderList.length = 12;
  assert.equal(cutBatch(holes), null);
  same(holes, 'holes');
  const getter = clone(base);
  Object.defineProperty(getter.orderList[2], 'sequence', { enumerable: true, get() { throw new Error('no'); } });
  assert.equal(cutBatch(getter), null);
  assert.equal(vouchedText('batchOrder', getter), null);
  assert.deepEqual(validate('batchOrder', getter), validate('batchOrder', getter));
  class Batch { constructor(b) { Object.assign(this, b); } }
  assert.equal(cutBatch(new Batch(base)), null);
  same(new Batch(base), 'a class instance');
  // Values JSON.stringify writes its own way: a Date among the batch's fields (its
  // toJSON), a key whose value is undefined (left out), undefined and a function in
  // the list (null there).
  const odd = clone(base);
  odd.extra = new Date(0);
  odd.missing = undefined;
  odd.orderList[4] = undefined;
  odd.orderList[6] = () => 1;
  assert.notEqual(cutBatch(odd), null);
  same(odd, 'values JSON.stringify writes its own way');
  // A failing order with its own toJSON (asked with its index): the whole body's text.
  const own = clone(base);
  own.orderList[5].toJSON = function toJSON(key) {
    return { ...this, toJSON: undefined, licenseType: `type ${key}` };
  };
  assert.equal(vouchedText('batchOrder', own, cutBatch(own).vouched), null);
  same(own, 'an order with toJSON');
  // Short batches are not checked order by order: no order is vouched whole
  // (its sequence may repeat), their clean parts are.
  const short = await makeBatch(3, 12);
  short.orderList[0].licenseType = 'usbkey';
  short.orderList[2].sequence = short.orderList[1].sequence;
  assert.equal(cutBatch(short), null);
  assert.ok(vouchedText('batchOrder', short).includes('!'));
  same(short, 'short, with a repeat');
  // The issue cap counts the same issues.
  const capped = await makeBatch(40, 13);
  for (const k of [3, 17, 30]) capped.orderList[k].assets[0].assetNos = ['1', '2', '3', '4'];
  same(capped, 'capped', [{ maxIssues: 2 }, { maxIssues: 5 }]);
});

test("a Standard Schema reads a body with issues as validate does: the fast path once, then the wasm", async () => {
  const { createSchemas } = await import('licensing-sdk');
  const schema = createSchemas().batchOrder['~standard'];
  for (const [n, seed] of [[1, 31], [10, 32], [100, 33]]) {
    const { body } = await scattered(n, seed, n < 25 ? 4 : 25);
    // Every read of the batch's own `channelCode`, as the fast path and the text make them.
    let reads = 0;
    const counted = () => {
      const value = body.channelCode;
      const copy = { ...body };
      Object.defineProperty(copy, 'channelCode', { enumerable: true, configurable: true, get: () => { reads += 1; return value; } });
      return copy;
    };
    reads = 0;
    const report = validate('batchOrder', counted());
    const byValidate = reads;
    reads = 0;
    const result = schema.validate(counted());
    assert.equal(report.valid, false, `scattered ${n}/${seed} has issues`);
    assert.ok('issues' in result, `scattered ${n}/${seed}: the schema fails it`);
    assert.equal(reads, byValidate, `scattered ${n}/${seed}: the schema read the body ${reads} times where validate read it ${byValidate}`);
  }
});
