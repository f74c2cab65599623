// `validate` on a body with issues sends the wasm its vouched text: every value
// the fast path proves clean written as `!`, so only the failing parts cross
// (js/sdk/src-js/routing.js, vouchedText; licensing-core's
// validate_vouched_json); in a batch, the orders it proves clean whose sequence
// no other order repeats (fast-path.js, checkBatch). The report must be the one
// the wasm gives for the whole body: checked here against
// validateJson(JSON.stringify(body)) (always the whole text, in the wasm) on the
// bench corpus, scattered batches, every mutation and the corner cases of the
// text. differential.test.mjs does the same on the hostile bodies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { exampleBody, validate, validateField, validateJson } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import { invalidExamples } from 'licensing-sdk/testing';
import { agreementCorpus, makeBatch, MUTATIONS, mutated, scattered } from '../../../bench/generate.mjs';

const { checkBatch } = await import('../src-js/fast-path.js');
const { vouchedText } = await import('../src-js/routing.js');
const { FAILED_ITEMS, VOUCH_TABLES, VOUCH_OBJECT, VOUCH_LIST, fastCheck, fastCheckOrder } = await import('../../generated/fast-check.js');

// The validators from their sources, over the built wasm (as the default entry
// wires them): their writer shares this file's FAILED_ITEMS.
const { default: createGlue } = await import('../../../target/js/glue.js');
const { use } = await import('../src-js/instance.js');
const { readReport } = await import('../src-js/report-text.js');
use(createGlue, new WebAssembly.Module(readFileSync(new URL('../../../pkg/web/licensing_sdk_bg.wasm', import.meta.url))), undefined, readReport);
const source = await import('../src-js/validation.js');

const OPTIONS = [undefined, { rules: 'strict' }, { rules: 'spec' }, { locale: 'zh-CN' }, { maxIssues: 3 }];

function same(body, label, options = OPTIONS) {
  for (const o of options) {
    const whole = validateJson('batchOrder', JSON.stringify(body), o);
    assert.deepEqual(validate('batchOrder', body, o), whole, `${label} ${JSON.stringify(o)}`);
  }
}

const clone = (v) => JSON.parse(JSON.stringify(v));

/**
 * A vouched text read back as JSON, for the tests to look into: `!` as the
 * string "!", and each `#i` key as its shape's field name (VOUCH_TABLES: an
 * object's fields and, for an object or a list of them, its shape).
 */
function readVouched(text, endpoint = 'batchOrder') {
  const named = (v, shape) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      const i = /^#\d+$/.test(k) ? Number(k.slice(1)) : -1;
      if (i < 0) { out[k] = x; continue; }
      const entry = shape.entries[i];
      const item = entry[0] === VOUCH_LIST ? entry[1] : entry;
      const sub = item[0] === VOUCH_OBJECT ? item[2] : null;
      out[shape.keys[i]] = Array.isArray(x) ? x.map((y) => (sub ? named(y, sub) : y)) : sub ? named(x, sub) : x;
    }
    return out;
  };
  return named(JSON.parse(text.replace(/([{,])(#\d+):/g, '$1"$2":').replaceAll('!', '"!"')), VOUCH_TABLES[endpoint]);
}

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
    const batch = checkBatch(body);
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
  // A known field's key is its index in the shape, not its name.
  assert.ok(!text.includes('"customerName"') && text.includes('#0:'), text);
  const read = readVouched(text);
  assert.equal(read.channelCode, '!');
  assert.equal(read.orderList[0].licenseType, 'usbkey');
  assert.equal(read.orderList[0].orderType, order.orderType);
  assert.equal(read.orderList[0].sequence, order.sequence);
  assert.equal(read.orderList[0].customerName, '!');
  assert.ok(read.orderList[0].assets.every((a) => a === '!'), text);
  same(body, 'one failing enumeration');
  // A blank string is written, never vouched (the rules read "not filled").
  order.srcLicenseOrderId = ' ';
  assert.equal(readVouched(vouchedText('batchOrder', body)).orderList[0].srcLicenseOrderId, ' ');
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

test('the objects a check fails are listed for the writer, which writes them without asking again and then forgets them', async () => {
  const body = await makeBatch(1, 43);
  const order = body.orderList[0];
  const asset = order.assets.find((a) => a.products?.length > 1);
  const [failing, clean] = asset.products;
  failing.productName = 'half \uD800';
  // The check lists each object on the way to the failure, innermost first, but
  // the order: the writer never asks a check about an order.
  assert.equal(fastCheck('batchOrder', body), false);
  assert.deepEqual(FAILED_ITEMS, [failing, asset]);
  const text = vouchedText('batchOrder', body);
  assert.equal(FAILED_ITEMS.length, 0, 'the writer forgets them');
  const read = readVouched(text);
  const products = read.orderList[0].assets[order.assets.indexOf(asset)].products;
  assert.equal(products[0].productName, 'half \uD800');
  assert.equal(products[1], '!', 'a clean sibling is still vouched whole');
  // A listed object is written field by field, whatever its check would say (a
  // stale or foreign entry): more text, the same report. Source-wired validate,
  // whose writer reads this FAILED_ITEMS.
  FAILED_ITEMS.push(clean, {});
  const listed = readVouched(vouchedText('batchOrder', body));
  assert.equal(listed.orderList[0].assets[order.assets.indexOf(asset)].products[1].productName, '!');
  assert.equal(FAILED_ITEMS.length, 0);
  for (const o of OPTIONS) {
    FAILED_ITEMS.push(...order.assets, ...order.assets.flatMap((a) => [...(a.products ?? []), ...(a.merchandises ?? [])]));
    assert.deepEqual(source.validate('batchOrder', body, o), validateJson('batchOrder', JSON.stringify(body), o), JSON.stringify(o));
    assert.equal(FAILED_ITEMS.length, 0);
  }
  // A text that cannot be written forgets them too.
  FAILED_ITEMS.push(clean);
  assert.equal(vouchedText('noSuchEndpoint', body), null);
  assert.equal(FAILED_ITEMS.length, 0);
  // Never more than 32, however many checks fail before a text is written.
  const many = await makeBatch(40, 44);
  for (const o of many.orderList) for (const a of o.assets) a.assetNos = ['1'];
  for (const o of many.orderList) fastCheckOrder(o);
  for (const o of many.orderList) fastCheck('batchOrder', { ...many, orderList: [o] });
  assert.equal(FAILED_ITEMS.length, 32);
  vouchedText('batchOrder', many);
  assert.equal(FAILED_ITEMS.length, 0);
});

test('valid batches are proved clean order by order, without the wasm', async () => {
  for (const n of [4, 10, 100]) {
    const body = await makeBatch(n, 21);
    assert.deepEqual(checkBatch(body), { clean: true }, `${n}`);
    same(body, `valid ${n}`, [undefined]);
    // Sequences out of order but unique are still clean; a repeat is not.
    const shuffled = clone(body);
    shuffled.orderList.reverse();
    assert.deepEqual(checkBatch(shuffled), { clean: true });
    shuffled.orderList[0].sequence = shuffled.orderList[n - 1].sequence;
    assert.notDeepEqual(checkBatch(shuffled), { clean: true });
    same(shuffled, `repeat in ${n}`);
    // Only the batch's own fields wrong: every order crosses vouched.
    const head = clone(body);
    head.syncMode = 'later';
    assert.ok(checkBatch(head).vouched.every(Boolean));
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
  // [the failing order, the order given another's sequence, that other order]: a clean
  // order repeats a failing one's sequence, in both orders of appearance; two clean
  // orders repeat each other while another order fails.
  for (const [failing, repeater, repeated, label] of [
    [9, 2, 9, 'clean first, failing later'],
    [1, 7, 1, 'failing first, clean later'],
    [0, 11, 4, 'two clean orders repeat'],
  ]) {
    const body = clone(base);
    body.orderList[failing].licenseType = 'usbkey';
    body.orderList[repeater].sequence = seq(repeated);
    same(body, label);
  }
  // The same number written differently is the same sequence in the text.
  const d = clone(base);
  d.orderList[3].licenseType = 'usbkey';
  d.orderList[3].sequence = new Number(seq(10));
  same(d, 'a Number object');
  assert.equal(validate('batchOrder', d).issues.some((i) => i.code === 'duplicate_sequence'), true);
});

test('an order type the fast path cannot read: nothing that depends on it is vouched', async () => {
  // JSON.stringify writes `new String('new_buy')` as "new_buy", which the wasm reads as
  // that type; the fast path's checks see no type. An asset without products, a
  // strict-match product without its fields: issues of the order's rules.
  const order = (orderType, assets) => ({ sequence: 1, licenseType: 'softkey', orderType, srcLicenseOrderId: 's', assets });
  const bodies = [
    [new String('new_buy'), [{ assetNos: ['8000000001'] }]],
    [new String('delete_product'), [{ assetNos: ['8000000001'], products: [{ productName: 'x', strictMatchWhenDelete: true }] }]],
    [new String('delete_asset'), [{ assetNos: ['8000000001'], products: [{ crmProductId: 'P' }] }]],
    [{ toJSON: () => 'new_buy' }, [{ assetNos: ['8000000001'] }]],
    [undefined, [{ assetNos: ['8000000001'] }]],
    ['refund', [{ assetNos: ['8000000001'] }]],
  ].map(([type, assets]) => ({ channelCode: 'c', channelOrderId: 'o', orderList: [order(type, assets)] }));
  for (const [i, body] of bodies.entries()) {
    same(body, `order type ${i}`);
    assert.deepEqual(validateField('batchOrder', '/orderList/0/assets/0', body), validateField('batchOrder', '/orderList/0/assets/0', clone(body)), `order type ${i}: a field`);
  }
  assert.equal(validate('batchOrder', bodies[0]).valid, false, 'a boxed new_buy needs products');
});

test('what the vouched text must leave to the whole body', async () => {
  const base = await makeBatch(10, 11);
  base.orderList[5].orderType = 'refund';
  // The batch's own fields, before and after orderList, still reported where they stand.
  const fields = { orderList: base.orderList, channelCode: 7, extra: true, channelOrderId: '' };
  same(fields, 'batch fields around orderList');
  assert.notEqual(checkBatch(fields), null);
  // An orderList JSON.stringify does not write (not enumerable, or hidden by a proxy),
  // of clean orders: the batch is not clean, the text has no orderList.
  const hidden = { channelCode: 'c', channelOrderId: 'o' };
  Object.defineProperty(hidden, 'orderList', { value: clone(base.orderList.slice(0, 4)).map((o, k) => ({ ...o, orderType: 'new_buy', sequence: k })), enumerable: false });
  const proxied = new Proxy({ ...hidden, orderList: hidden.orderList }, {
    ownKeys: (target) => Reflect.ownKeys(target).filter((k) => k !== 'orderList'),
  });
  for (const [label, body] of [['a hidden orderList', hidden], ['an orderList a proxy hides', proxied]]) {
    assert.equal(checkBatch(body), null, label);
    assert.equal(validate('batchOrder', body).valid, false, label);
    same(body, label);
  }
  // Every order fails: none is vouched whole.
  const most = clone(base);
  most.orderList.forEach((o) => { o.licenseType = 'usbkey'; });
  assert.ok(!checkBatch(most).vouched.some(Boolean));
  same(most, 'every order fails');
  // A hole, a throwing getter, a class instance: the wasm sees the whole body.
  const holes = clone(base);
  holes.orderList.length = 12;
  assert.equal(checkBatch(holes), null);
  same(holes, 'holes');
  const getter = clone(base);
  Object.defineProperty(getter.orderList[2], 'sequence', { enumerable: true, get() { throw new Error('no'); } });
  assert.equal(checkBatch(getter), null);
  assert.equal(vouchedText('batchOrder', getter), null);
  assert.deepEqual(validate('batchOrder', getter), validate('batchOrder', getter));
  class Batch { constructor(b) { Object.assign(this, b); } }
  assert.equal(checkBatch(new Batch(base)), null);
  same(new Batch(base), 'a class instance');
  // Values JSON.stringify writes its own way: a Date among the batch's fields (its
  // toJSON), a key whose value is undefined (left out), undefined and a function in
  // the list (null there).
  const odd = clone(base);
  odd.extra = new Date(0);
  odd.missing = undefined;
  odd.orderList[4] = undefined;
  odd.orderList[6] = () => 1;
  assert.notEqual(checkBatch(odd), null);
  same(odd, 'values JSON.stringify writes its own way');
  // A failing order with its own toJSON (asked with its index): the whole body's text.
  const own = clone(base);
  own.orderList[5].toJSON = function toJSON(key) {
    return { ...this, toJSON: undefined, licenseType: `type ${key}` };
  };
  assert.equal(vouchedText('batchOrder', own, checkBatch(own).vouched), null);
  same(own, 'an order with toJSON');
  // Short batches are not checked order by order: no order is vouched whole
  // (its sequence may repeat), their clean parts are.
  const short = await makeBatch(3, 12);
  short.orderList[0].licenseType = 'usbkey';
  short.orderList[2].sequence = short.orderList[1].sequence;
  assert.equal(checkBatch(short), null);
  assert.ok(vouchedText('batchOrder', short).includes('!'));
  same(short, 'short, with a repeat');
  // Unknown keys that read like the text's own tokens (`#i`, `!`) are written as
  // the strings they are: unknown fields, at their own names.
  const tokens = await makeBatch(1, 14);
  Object.assign(tokens.orderList[0], { '#0': 'x', '#99': 1, '!': '!', '~3': true });
  tokens.orderList[0].assets[0]['#1'] = [];
  const text = vouchedText('batchOrder', tokens);
  assert.ok(text.includes('"#0":"x"') && text.includes('"!":"!"'), text);
  assert.deepEqual(validate('batchOrder', tokens).issues.filter((i) => i.code === 'unknown_field').map((i) => i.path),
    ['/orderList/0/assets/0/#1', '/orderList/0/#0', '/orderList/0/#99', '/orderList/0/!', '/orderList/0/~03']);
  same(tokens, 'keys that read like the text\'s tokens');
  // The issue cap counts the same issues.
  const capped = await makeBatch(40, 13);
  for (const k of [3, 17, 30]) capped.orderList[k].assets[0].assetNos = ['1', '2', '3', '4'];
  same(capped, 'capped', [{ maxIssues: 2 }, { maxIssues: 5 }]);
});

// Found by an adversarial pass (each failed before its mend): what JSON.stringify
// reads otherwise than an object's fields, and reads the writer must not repeat.
test('what JSON.stringify reads otherwise than the fields: a toJSON for-in does not list, an array with the prototype of an object', async () => {
  const hideToJSON = (o, value) => Object.defineProperty(o, 'toJSON', { value, enumerable: false });
  // On an asset of a failing order, and on an order of a batch checked order by order.
  const one = await makeBatch(1, 21);
  one.orderList[0].customerName = 5;
  hideToJSON(one.orderList[0].assets[0], () => ({ assetNos: ['1'] }));
  same(one, 'an asset with a toJSON that is not enumerable');
  const four = await makeBatch(4, 22);
  four.orderList[0].licenseType = 'usbkey';
  hideToJSON(four.orderList[2], () => ({ sequence: four.orderList[0].sequence, licenseType: 'x' }));
  assert.equal(checkBatch(four).vouched[2], false);
  same(four, 'an order with a toJSON that is not enumerable');
  // An asset that is an array with the fields as its own keys: JSON.stringify writes `[]`.
  const listed = await makeBatch(1, 23);
  listed.orderList[0].customerName = 5;
  for (const proto of [Object.prototype, null]) {
    listed.orderList[0].assets[0] = Object.setPrototypeOf(Object.assign([], listed.orderList[0].assets[0]), proto);
    same(listed, `an asset that is an array with ${proto === null ? 'no' : "an object's"} prototype`);
  }
});

test("an order's type is read once: the report is of one state of the order, whose getter answers each read differently", async () => {
  for (const [first, second] of [['new_buy', 'delete_asset'], ['delete_asset', 'new_buy']]) {
    for (let changesAt = 1; changesAt <= 4; changesAt++) {
      const body = exampleBody('batchOrder');
      const order = body.orderList[0];
      delete order.assets[0].products;
      delete order.assets[0].merchandises;
      // A refund without its source order has a warning of its own: each type's report differs.
      delete order.srcLicenseOrderId;
      order.licenseType = 'softkey';
      order.customerName = 5;
      let reads = 0;
      Object.defineProperty(order, 'orderType', { enumerable: true, get: () => (++reads === changesAt ? second : first) });
      const report = validate('batchOrder', body);
      const states = [first, second].map((orderType) => validateJson('batchOrder', JSON.stringify({ ...body, orderList: [{ ...order, orderType }] })));
      assert.ok(states.some((state) => isDeepStrictEqual(state, report)),
        `${first} then ${second} at read ${changesAt}: ${JSON.stringify(report.issues.map((i) => i.code))}`);
    }
  }
});

test('a sparse list of 2^32 - 1 items is neither written nor walked item by item: the body crosses whole, as JSON.stringify takes it', () => {
  // A getter in the list's second place throws: reaching it means the list was walked.
  const list = (reads) => {
    const items = [];
    Object.defineProperty(items, 0, { enumerable: true, get: () => { reads.count += 1; return '8000000001'; } });
    Object.defineProperty(items, 1, { enumerable: true, get: () => { throw new Error('walked'); } });
    items.length = 2 ** 32 - 1;
    return items;
  };
  const reads = { count: 0 };
  assert.equal(vouchedText('lockAssets', { assetNums: list(reads), operatorIdentity: 'ops' }), null);
  assert.equal(vouchedText('shellNums', { size: 0, extra: list(reads) }), null);
  assert.equal(reads.count, 0, 'an item of the list was read');
  // Without the getters: the report is the one for a body JSON.stringify cannot write.
  for (const [endpoint, body] of [['lockAssets', { assetNums: [], operatorIdentity: 'ops' }], ['shellNums', { size: 0, extra: [] }]]) {
    (body.assetNums ?? body.extra).length = 2 ** 32 - 1;
    assert.throws(() => JSON.stringify(body), RangeError);
    assert.deepEqual(validate(endpoint, body).issues.map((i) => [i.path, i.code]), [['', 'invalid_json']], endpoint);
    assert.deepEqual(source.validate(endpoint, body).issues.map((i) => [i.path, i.code]), [['', 'invalid_json']], endpoint);
  }
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
