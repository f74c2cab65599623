// The fast path of `validate` (js/generated/fast-check.js, generated from the Rust schema
// tables by xtask/src/fast_check.rs), checked against the
// wasm validator: fastCheck(e, body) === true must mean that validateJson(e,
// JSON.stringify(body)) is { valid: true, issues: [] }; on the generated payloads it
// must also be true whenever the wasm finds nothing, or the fast path is useless.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { validate, validateJson, exampleBody } from 'licensing-sdk';
import { fastCheck, wellFormedSearch, wellFormedWhole } from '../../generated/fast-check.js';
import { endpoints, enums, shapes } from 'licensing-sdk/meta';
import { agreementCorpus, makeBatch, MUTATIONS, mutated, rng, scattered } from '../../../bench/generate.mjs';

const require = createRequire(import.meta.url);
const cjs = require('licensing-sdk');

// The endpoints and the enum values from the tables (licensing-sdk/meta): a new one is covered here unasked.
const ENDPOINTS = Object.keys(endpoints);
const values = (name) => enums[name].values.map((v) => v.value);
const CLEAN = { valid: true, issues: [] };

/** The wasm's report of the body's JSON text (what `validate` did before the fast path). */
function wasmReport(endpoint, body) {
  let text;
  try {
    text = JSON.stringify(body);
  } catch (e) {
    return { valid: false, issues: [{ code: 'invalid_json', message: String(e) }] };
  }
  return validateJson(endpoint, text ?? 'null');
}

const isClean = (r) => r.valid === true && r.issues.length === 0;
const brief = (r) => JSON.stringify(r.issues.slice(0, 3).map((i) => [i.path, i.code]));

/** fastCheck's answer, after checking that `true` means the wasm is clean. */
function checked(endpoint, body, label) {
  const fast = fastCheck(endpoint, body);
  assert.equal(typeof fast, 'boolean', label);
  if (fast) {
    const r = wasmReport(endpoint, body);
    assert.ok(isClean(r), `${label}: fastCheck said clean, the wasm reports ${brief(r)}`);
  }
  return fast;
}

const clone = (v) => JSON.parse(JSON.stringify(v));

test('every endpoint: its example body takes the fast path and is clean', () => {
  for (const e of ENDPOINTS) {
    const body = exampleBody(e);
    assert.equal(checked(e, body, e), true, e);
    assert.deepEqual(wasmReport(e, body), CLEAN, e);
  }
});

test("every rule's case table (tests/js/rule-cases.json, from its file): fails are caught, passes are clean", () => {
  const cases = JSON.parse(readFileSync(new URL('../../../tests/js/rule-cases.json', import.meta.url), 'utf8'));
  let fails = 0;
  let passes = 0;
  for (const [rule, { fails: failing, passes: passing }] of Object.entries(cases).filter(([k]) => k !== '$comment')) {
    for (const c of failing) {
      const report = validateJson(c.endpoint, c.text);
      assert.ok(report.issues.some((i) => i.path === c.path), `${rule}: ${c.text} gives ${brief(report)}, none at ${c.path}`);
      let body;
      try {
        body = JSON.parse(c.text);
      } catch {
        continue; // not JSON: only the text validator sees it
      }
      // A repeated key is gone once parsed: the object is another body.
      if (rule !== 'duplicate_key') {
        assert.equal(checked(c.endpoint, body, `${rule}: ${c.text}`), false, `${rule}: fastCheck passed ${c.text}`);
        assert.ok(validate(c.endpoint, body).issues.some((i) => i.path === c.path), `${rule}: validate(${c.text})`);
      }
      fails += 1;
    }
    for (const c of passing) {
      assert.deepEqual(validateJson(c.endpoint, c.text), CLEAN, `${rule}: ${c.text}`);
      const body = JSON.parse(c.text);
      assert.equal(checked(c.endpoint, body, `${rule}: ${c.text}`), true, `${rule}: fastCheck refused ${c.text}`);
      assert.deepEqual(validate(c.endpoint, body), CLEAN, `${rule}: ${c.text}`);
      passes += 1;
    }
  }
  assert.ok(fails >= 25 && passes >= 25, `${fails} failing and ${passes} passing cases`);
});

test('generated payloads: fastCheck is true exactly when the wasm finds no issue', async () => {
  let fast = 0;
  let total = 0;
  for await (const item of agreementCorpus({ quick: true })) {
    total++;
    const got = checked('batchOrder', item.body, item.name);
    const report = wasmReport('batchOrder', item.body);
    const clean = isClean(report);
    // A body the generator means to be valid that the core finds issues in: a
    // rule added since that the generator's bodies do not keep yet.
    if (item.expectedValid && item.mutation === null) {
      assert.ok(clean, `${item.name}: bench/generate.mjs (or generate-wide.mjs) makes this body to be valid, but the core finds ` +
        `${JSON.stringify(report.issues.slice(0, 3).map(({ code, path }) => ({ code, path })))}: make the generator keep that rule`);
    }
    // Plain JSON data: every clean one must take the fast path.
    assert.equal(got, clean, `${item.name}: fastCheck ${got}, wasm clean ${clean}`);
    if (got) fast++;
  }
  // Valid batches straight from the generator (not cloned: dictionary-mode objects
  // after its deletes), several sizes and seeds.
  for (const n of [1, 3, 25, 100, 400]) {
    for (const seed of [11, 12, 13]) {
      const body = await makeBatch(n, seed);
      const found = wasmReport('batchOrder', body).issues.slice(0, 3).map(({ code, path }) => ({ code, path }));
      assert.deepEqual(found, [], `makeBatch(${n}, ${seed}) (bench/generate.mjs, made valid by makeValid) has these issues: give the rule behind them a repair in its file (testing::make_valid), or mend the value the generator writes`);
      // Clean in the wasm (above): the fast path must say so.
      assert.equal(fastCheck('batchOrder', body), true, `makeBatch(${n}, ${seed})`);
    }
  }
  // Every mutation alone, every seed: implication, and equivalence on plain data.
  for (const m of MUTATIONS) {
    for (const seed of [1, 2, 3, 4]) {
      const body = mutated(await makeBatch(5, seed + 40), m, seed);
      if (!body) continue;
      total++;
      const got = checked('batchOrder', body, m.name);
      assert.equal(got, isClean(wasmReport('batchOrder', body)), `${m.name} seed ${seed}`);
      if (m.error || m.code) assert.equal(got, false, `${m.name}: an issue, yet the fast path`);
      if (got) fast++;
    }
  }
  for (const seed of [5, 6]) {
    const x = await scattered(200, seed, 20);
    assert.equal(checked('batchOrder', x.body, `scattered ${seed}`), false, `scattered ${seed}`);
  }
  assert.ok(fast > 50 && fast < total, `fast path taken ${fast} of ${total} times`);
});

test('the package validate: the fast answer is a fresh clean report; others are the wasm report', async () => {
  const body = await makeBatch(3, 7);
  const a = validate('batchOrder', body);
  const b = validate('batchOrder', body);
  assert.deepEqual(a, CLEAN);
  assert.notEqual(a, b);
  a.issues.push('spoilt');
  assert.deepEqual(validate('batchOrder', body), CLEAN);
  assert.deepEqual(cjs.validate('batchOrder', body), CLEAN);
  for (const m of MUTATIONS) {
    const bad = mutated(body, m, 3);
    if (!bad) continue;
    const want = wasmReport('batchOrder', bad);
    assert.deepEqual(validate('batchOrder', bad), want, m.name);
    assert.deepEqual(cjs.validate('batchOrder', bad), want, m.name);
    assert.deepEqual(validate('batchOrder', bad, { locale: 'zh-CN', rules: 'strict' }),
      validateJson('batchOrder', JSON.stringify(bad), { locale: 'zh-CN', rules: 'strict' }), m.name);
  }
  // Not a throw: a BigInt cannot be JSON, a throwing getter neither.
  assert.equal(validate('shellNums', { size: 10n }).issues[0].code, 'invalid_json');
  const throwing = { get size() { throw new Error('boom'); } };
  assert.equal(fastCheck('shellNums', throwing), false);
  assert.equal(validate('shellNums', throwing).issues[0].code, 'invalid_json');
});

test('both entries call the fast path (ESM node.mjs and CommonJS node.cjs)', () => {
  for (const [name, v] of [['esm', validate], ['cjs', cjs.validate]]) {
    const stacks = [];
    const body = { get size() { stacks.push(new Error().stack); return 5; } };
    assert.deepEqual(v('shellNums', body), CLEAN, name);
    // Read once, by the generated code (the wasm path would read it in JSON.stringify).
    assert.equal(stacks.length, 1, name);
    // The generated code's function for the shape (js/generated/fast-check.js, bundled into each entry).
    assert.match(stacks[0].split('\n')[2], /at obj_shellNums \(/, name);
  }
});

// ---- odd and hostile values ----

/** A small valid batch order to spoil. */
function base() {
  return {
    channelCode: 'CH01',
    channelOrderId: 'CO-1',
    syncMode: 'sync',
    orderList: [
      {
        sequence: 1, licenseType: 'cloud_account', orderType: 'new_buy', adminEmail: 'admin@example.com',
        assets: [{
          assetNos: ['8000000001'], limitStartDate: 1, limitEndDate: 2,
          products: [{ productUri: 'gms:1', limitStartDate: 1, limitEndDate: 2, limitConcurrent: 1 }],
          merchandises: [{ merchandiseNum: 'M1', children: null, licenseOrderProductList: [{ productUri: 'gms:2' }] }],
        }],
      },
      {
        sequence: 2, licenseType: 'softkey', orderType: 'delete_product', srcLicenseOrderId: 'LO1',
        assets: [{ assetNos: ['6000000002'], products: [{ productUri: 'gms:1', strictMatchWhenDelete: true,
          limitStartDate: 1, limitEndDate: 1, limitConcurrent: 0 }] }],
      },
    ],
  };
}
const o0 = (b) => b.orderList[0];
const a0 = (b) => b.orderList[0].assets[0];
const p0 = (b) => b.orderList[0].assets[0].products[0];

/** A merchandise chain `levels` deep under the first asset. */
function deepTree(levels) {
  const b = base();
  let leaf = { merchandiseNum: 'L', licenseOrderProductList: [{ productUri: 'p' }] };
  for (let i = 0; i < levels; i++) leaf = { merchandiseNum: 'M' + i, children: [leaf] };
  a0(b).merchandises = [leaf];
  return b;
}

class Box {
  constructor(fields) {
    Object.assign(this, fields);
  }
}

/** [label, make() → [endpoint, body], expectation]: 'true' (fast, and clean), 'false'
 *  (never the fast path), or 'implies' (only: fast means clean). */
const ODD = [
  ['base', () => ['batchOrder', base()], 'true'],
  ['Date body', () => ['batchOrder', new Date()], 'false'],
  ['Date order', () => { const b = base(); b.orderList[0] = new Date(); return ['batchOrder', b]; }, 'false'],
  ['Map asset extension', () => { const b = base(); a0(b).assetExtendList = [new Map()]; return ['batchOrder', b]; }, 'false'],
  ['class instance body', () => ['batchOrder', new Box(base())], 'false'],
  ['class instance asset extension', () => { const b = base(); a0(b).assetExtendList = [new Box({ extendCode: 'x' })]; return ['batchOrder', b]; }, 'false'],
  ['empty array as asset extension', () => { const b = base(); a0(b).assetExtendList = [[]]; return ['batchOrder', b]; }, 'false'],
  ['boxed Number as asset extension', () => { const b = base(); a0(b).assetExtendList = [new Number(1)]; return ['batchOrder', b]; }, 'false'],
  ['Object.create(null) everywhere', () => {
    const nul = (v) => (Array.isArray(v) ? v.map(nul) : v && typeof v === 'object' ? Object.assign(Object.create(null), Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nul(x)]))) : v);
    return ['batchOrder', nul(base())];
  }, 'true'],
  ['inherited enumerable field', () => { const b = base(); const o = Object.create({ channelCode: 'CH' }); delete b.channelCode; Object.assign(o, b); return ['batchOrder', o]; }, 'false'],
  ['non-enumerable field and an unknown key', () => { const b = base(); delete b.channelCode; Object.defineProperty(b, 'channelCode', { value: 'CH', enumerable: false }); b.extra = 1; return ['batchOrder', b]; }, 'false'],
  ['non-enumerable field and an undefined field', () => { const b = base(); delete b.channelCode; Object.defineProperty(b, 'channelCode', { value: 'CH', enumerable: false }); b.syncMode = undefined; return ['batchOrder', b]; }, 'false'],
  ['boxed string', () => { const b = base(); b.channelCode = new String('CH'); return ['batchOrder', b]; }, 'false'],
  ['boxed number', () => ['shellNums', { size: new Number(3) }], 'false'],
  ['NaN (optional)', () => { const b = base(); a0(b).limitStartDate = NaN; return ['batchOrder', b]; }, 'false'],
  ['NaN (required)', () => { const b = base(); o0(b).sequence = NaN; return ['batchOrder', b]; }, 'false'],
  ['Infinity', () => ['shellNums', { size: Infinity }], 'false'],
  ['-0 sequence', () => { const b = base(); o0(b).sequence = -0; return ['batchOrder', b]; }, 'true'],
  ['-0 and 0 sequences', () => { const b = base(); o0(b).sequence = -0; b.orderList[1].sequence = 0; return ['batchOrder', b]; }, 'false'],
  ['2**53', () => ['shellNums', { size: 2 ** 53 }], 'false'],
  ['2**53 - 1', () => ['shellNums', { size: 2 ** 53 - 1 }], 'true'],
  ['1.5', () => ['shellNums', { size: 1.5 }], 'false'],
  ['BigInt', () => ['shellNums', { size: 3n }], 'false'],
  ['sparse array', () => { const b = base(); const a = ['8000000001']; a[2] = '8000000003'; a0(b).assetNos = a; return ['batchOrder', b]; }, 'false'],
  ['array with undefined', () => ['lockAssets', { assetNums: ['8000000001', undefined], operatorIdentity: 'ops' }], 'false'],
  ['undefined known field', () => { const b = base(); b.syncMode = undefined; return ['batchOrder', b]; }, 'implies'],
  ['undefined unknown field', () => { const b = base(); b['x-remark'] = undefined; return ['batchOrder', b]; }, 'implies'],
  ['function field', () => { const b = base(); o0(b).customerName = () => 'x'; return ['batchOrder', b]; }, 'false'],
  ['symbol key', () => { const b = base(); b[Symbol('s')] = 1; return ['batchOrder', b]; }, 'true'],
  ['getter field', () => { const b = base(); delete b.channelCode; Object.defineProperty(b, 'channelCode', { get: () => 'CH', enumerable: true }); return ['batchOrder', b]; }, 'true'],
  ['throwing getter', () => { const b = base(); Object.defineProperty(b, 'channelCode', { get() { throw new Error('no'); }, enumerable: true }); return ['batchOrder', b]; }, 'false'],
  ['proxy body', () => ['batchOrder', new Proxy(base(), {})], 'implies'],
  ['own toJSON on the body', () => { const b = base(); b.toJSON = () => base(); return ['batchOrder', b]; }, 'false'],
  ['own toJSON on an array', () => { const b = base(); a0(b).assetNos.toJSON = () => ['7000000001']; return ['batchOrder', b]; }, 'false'],
  // JSON.stringify calls a toJSON that for-in does not list, and writes an array as one whatever its prototype.
  ['own toJSON, not enumerable, on the body', () => ['shellNums', Object.defineProperty({ size: 1 }, 'toJSON', { value: () => ({ size: 0 }) })], 'false'],
  ['own toJSON, not enumerable, on an asset', () => { const b = base(); Object.defineProperty(a0(b), 'toJSON', { value: () => ({}) }); return ['batchOrder', b]; }, 'false'],
  ['a proxy that answers toJSON', () => ['shellNums', new Proxy({ size: 1 }, { get: (t, k) => (k === 'toJSON' ? () => ({ size: 0 }) : t[k]) })], 'false'],
  ['an array with the prototype of an object', () => ['shellNums', Object.setPrototypeOf(Object.assign([], { size: 1 }), Object.prototype)], 'false'],
  ['an array with no prototype, as an asset', () => { const b = base(); const asset = Object.setPrototypeOf(Object.assign([], a0(b)), null); o0(b).assets = [asset]; return ['batchOrder', b]; }, 'false'],
  ['Array subclass', () => { class List extends Array {} const b = base(); a0(b).assetNos = List.from(['8000000001']); return ['batchOrder', b]; }, 'true'],
  ['__proto__ own key', () => ['shellNums', JSON.parse('{"size": 1, "__proto__": 2}')], 'false'],
  ['frozen body', () => ['batchOrder', Object.freeze(base())], 'true'],
  // rules/lone_surrogate.rs: the wasm reports each; a whole pair is clean.
  ['lone surrogates', () => { const b = base(); b.channelCode = '\udc00'; o0(b).customerName = 'a\ud800b'; return ['batchOrder', b]; }, 'false'],
  ['a lone high surrogate at the end', () => { const b = base(); o0(b).customerName = 'cut \ud83d'; return ['batchOrder', b]; }, 'false'],
  ['a lone surrogate in a formatted field', () => { const b = base(); o0(b).adminEmail = 'a\udc00@example.com'; return ['batchOrder', b]; }, 'false'],
  ['a whole surrogate pair', () => { const b = base(); o0(b).customerName = 'a\ud83d\ude00b'; return ['batchOrder', b]; }, 'true'],
  ['a lone surrogate in a non-ASCII e-mail address', () => { const b = base(); o0(b).adminEmail = 'é\udc00@例え.jp'; return ['batchOrder', b]; }, 'false'],
  ['a lone surrogate ending an e-mail domain', () => { const b = base(); o0(b).adminEmail = 'admin@example.com\ud800'; return ['batchOrder', b]; }, 'false'],
  ['a whole surrogate pair in an e-mail address', () => { const b = base(); o0(b).adminEmail = 'a\ud83d\ude00@例え.jp'; return ['batchOrder', b]; }, 'implies'],
  ['leading space (non-empty field)', () => { const b = base(); b.channelCode = ' CH'; return ['batchOrder', b]; }, 'true'],
  ['blank (non-empty field)', () => { const b = base(); b.channelCode = ' \t\n'; return ['batchOrder', b]; }, 'false'],
  ['U+0085 only', () => { const b = base(); b.channelCode = '\u0085'; return ['batchOrder', b]; }, 'false'],
  ['U+3000 and U+2028 only', () => { const b = base(); b.channelCode = '\u3000\u2028'; return ['batchOrder', b]; }, 'false'],
  ['U+FEFF only (not Rust white space)', () => { const b = base(); b.channelCode = '\ufeff'; return ['batchOrder', b]; }, 'true'],
  ['U+180E only (not white space)', () => { const b = base(); b.channelCode = '\u180e'; return ['batchOrder', b]; }, 'true'],
  ['blank product srcLicenseOrderId in a refund', () => { const b = base(); b.orderList[1].assets[0].products[0].srcLicenseOrderId = ' '; return ['batchOrder', b]; }, 'true'],
  ['product srcLicenseOrderId in a refund', () => { const b = base(); b.orderList[1].assets[0].products[0].srcLicenseOrderId = 'LO2'; return ['batchOrder', b]; }, 'false'],
  ['product srcLicenseOrderId in a merchandise of a refund', () => { const b = base(); b.orderList[1].assets[0].merchandises = [{ licenseOrderProductList: [{ srcLicenseOrderId: 'LO2' }] }]; return ['batchOrder', b]; }, 'true'],
  ['blank order srcLicenseOrderId in a refund', () => { const b = base(); b.orderList[1].srcLicenseOrderId = '\u2003'; return ['batchOrder', b]; }, 'false'],
  ['non-ASCII e-mail', () => { const b = base(); o0(b).adminEmail = 'ü@example.com'; return ['batchOrder', b]; }, 'implies'],
  ['IDN e-mail', () => { const b = base(); o0(b).adminEmail = 'admin@例え.jp'; return ['batchOrder', b]; }, 'implies'],
  ['empty e-mail', () => { const b = base(); o0(b).adminEmail = ''; return ['batchOrder', b]; }, 'true'],
  ['bad e-mail', () => { const b = base(); o0(b).adminEmail = 'a@b'; return ['batchOrder', b]; }, 'false'],
  ['e-mail with a 64-byte local part', () => { const b = base(); o0(b).adminEmail = 'a'.repeat(64) + '@x.io'; return ['batchOrder', b]; }, 'true'],
  ['e-mail with a 65-byte local part', () => { const b = base(); o0(b).adminEmail = 'a'.repeat(65) + '@x.io'; return ['batchOrder', b]; }, 'false'],
  ['merchandise tree 15 deep', () => ['batchOrder', deepTree(15)], 'true'],
  ['merchandise tree 30 deep', () => ['batchOrder', deepTree(30)], 'false'],
  ['merchandise tree 80 deep', () => ['batchOrder', deepTree(80)], 'false'],
  ['decreasing unique sequences', () => { const b = base(); o0(b).sequence = 9; return ['batchOrder', b]; }, 'true'],
  ['duplicate sequence, not adjacent', () => { const b = base(); b.orderList.push({ ...clone(b.orderList[1]), sequence: 3 }, { ...clone(b.orderList[1]), sequence: 1 }); return ['batchOrder', b]; }, 'false'],
  ['strict match without limitConcurrent', () => { const b = base(); delete b.orderList[1].assets[0].products[0].limitConcurrent; return ['batchOrder', b]; }, 'false'],
  ['limit end before start', () => { const b = base(); p0(b).limitEndDate = 0; return ['batchOrder', b]; }, 'false'],
  ['new_buy with products only in merchandise', () => { const b = base(); delete a0(b).products; return ['batchOrder', b]; }, 'true'],
  ['new_buy with an empty merchandise list', () => { const b = base(); delete a0(b).products; a0(b).merchandises = []; return ['batchOrder', b]; }, 'false'],
  ['leaf merchandise with children []', () => { const b = base(); a0(b).merchandises[0].children = []; return ['batchOrder', b]; }, 'true'],
  ['unknown endpoint', () => ['BatchOrder', base()], 'false'],
  ['boxed endpoint name', () => [new String('batchOrder'), base()], 'false'],
  ['array body', () => ['shellNums', [1]], 'false'],
  ['null body', () => ['shellNums', null], 'false'],
];

test('odd and hostile values: never a wrong fast answer', () => {
  for (const [label, make, want] of ODD) {
    const [endpoint, body] = make();
    const fast = checked(endpoint, body, label);
    if (want === 'true') {
      assert.equal(fast, true, `${label}: should take the fast path`);
    } else if (want === 'false') {
      assert.equal(fast, false, `${label}: should go to the wasm`);
    } else {
      const clean = typeof endpoint === 'string' && isClean(wasmReport(endpoint, body));
      assert.ok(!fast || clean, label);
    }
  }
});

// A format whose predicate refuses lone surrogates itself (JsFormat's
// refuses_lone_surrogates) is called without the lone-surrogate test: every
// formatted string of every example body, with a lone surrogate before, inside
// or after its value, must still go to the wasm. If one takes the fast path,
// that format's .js file lost its own test: give it one, or drop
// `.js_refuses_lone_surrogates()` from its rule file.
test('every formatted field: a lone surrogate in it sends the body to the wasm', () => {
  let tried = 0;
  const formats = new Set();
  const walk = (shapeName, value, edit) => {
    const shape = shapes[shapeName];
    if (!shape || value === null || typeof value !== 'object') return;
    for (const field of shape.fields) {
      const v = value[field.name];
      if (v === undefined || v === null) continue;
      const kind = field.kind === 'array' ? field.items : field;
      const at = (set) => edit((body) => set(body, field.name));
      if (kind.kind === 'object') {
        const items = field.kind === 'array' ? v : [v];
        items.forEach((item, i) => walk(kind.shape, item, (change) => at((body, name) => {
          const target = field.kind === 'array' ? body[name][i] : body[name];
          change(target);
        })));
      } else if (!['string', 'integer', 'boolean', 'number', 'enum', 'any'].includes(kind.kind) && !kind.values) {
        const items = field.kind === 'array' ? v : [v];
        items.forEach((item, i) => {
          if (typeof item !== 'string') return;
          formats.add(kind.kind);
          for (const bad of ['\ud800' + item, item.slice(0, 1) + '\udc00' + item.slice(1), item + '\ud800']) {
            at((body, name) => {
              if (field.kind === 'array') body[name][i] = bad;
              else body[name] = bad;
            });
            tried++;
          }
        });
      }
    }
  };
  for (const [endpoint, info] of Object.entries(endpoints)) {
    const example = exampleBody(endpoint);
    walk(info.request, example, (set) => {
      const body = clone(example);
      set(body);
      assert.equal(fastCheck(endpoint, body), false, `${endpoint}: ${JSON.stringify(body).slice(0, 200)}`);
    });
  }
  assert.ok(formats.has('assetNumber') && formats.has('duration') && formats.has('email'), `formats tried: ${[...formats]}`);
  assert.ok(tried > 10, `${tried} strings tried`);
});

test('built-in prototypes: toJSON and enumerable properties send everything to the wasm', () => {
  const b = base();
  assert.equal(fastCheck('batchOrder', b), true);
  const protos = [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype];
  for (const proto of protos) {
    proto.toJSON = function () { return 'x'; };
    try {
      assert.equal(checked('batchOrder', b, 'toJSON'), false);
    } finally {
      delete proto.toJSON;
    }
  }
  Object.prototype.channelCode = 'CH';
  try {
    const c = base();
    delete c.channelCode;
    assert.equal(checked('batchOrder', c, 'enumerable Object.prototype.channelCode'), false);
  } finally {
    delete Object.prototype.channelCode;
  }
  // One level only: the inherited key is a known field of every object read.
  Object.prototype.size = 5;
  try {
    assert.equal(checked('shellNums', {}, 'enumerable Object.prototype.size'), false);
  } finally {
    delete Object.prototype.size;
  }
  // Non-enumerable: read by the generated code, not written by JSON.stringify.
  Object.defineProperty(Object.prototype, 'productUri', { value: 'p', configurable: true, writable: true });
  try {
    const c = base();
    delete c.orderList[1].assets[0].products[0].productUri;
    assert.equal(checked('batchOrder', c, 'non-enumerable Object.prototype.productUri'), false);
  } finally {
    delete Object.prototype.productUri;
  }
  assert.equal(fastCheck('batchOrder', b), true);
});

// ---- random mutations ----

const VALUES = [null, '', ' ', '\u0085', 0, -1, 1.5, -0, 2 ** 53, 'x', '8000000001', [], {}, true, false,
  'x'.repeat(100_000), undefined, [null], ['x'], [{}], 'delete_product', 'new_buy', 'cloud_personal', '1-0-0'];

/** Every object and array of a value, with where it hangs. */
function nodes(v, out = []) {
  if (Array.isArray(v)) {
    out.push(v);
    for (const x of v) nodes(x, out);
  } else if (v && typeof v === 'object') {
    out.push(v);
    for (const k of Object.keys(v)) nodes(v[k], out);
  }
  return out;
}

function mutate(b, r) {
  const all = nodes(b);
  const n = all[Math.floor(r.next() * all.length)];
  const orders = Array.isArray(b.orderList) ? b.orderList.filter((o) => o && typeof o === 'object' && !Array.isArray(o)) : [];
  switch (r.int(0, 7)) {
    case 0: { // delete a key
      if (Array.isArray(n)) n.splice(r.int(0, n.length), 1);
      else { const ks = Object.keys(n); if (ks.length) delete n[r.pick(ks)]; }
      break;
    }
    case 1:
    case 2: { // set a key or item to an odd value (a copy: later changes must not spoil VALUES)
      const pick = r.pick(VALUES);
      const v = pick !== null && typeof pick === 'object' ? clone(pick) : pick;
      if (Array.isArray(n)) n[r.int(0, n.length)] = v;
      else { const ks = Object.keys(n); n[ks.length && r.chance(0.9) ? r.pick(ks) : 'x-remark'] = v; }
      break;
    }
    case 3: // duplicate an order
      if (orders.length) b.orderList.push(clone(r.pick(orders)));
      break;
    case 4: // flip an order's type or licence
      if (orders.length) {
        const o = r.pick(orders);
        if (r.chance(0.5)) o.orderType = r.pick(values('OrderType'));
        else o.licenseType = r.pick(values('LicenseType'));
      }
      break;
    case 5: { // flip strictMatchWhenDelete somewhere
      const ps = all.filter((x) => !Array.isArray(x) && 'productUri' in x);
      if (ps.length) r.pick(ps).strictMatchWhenDelete = r.pick([true, false, null]);
      break;
    }
    case 6: { // limits
      const ps = all.filter((x) => !Array.isArray(x) && 'limitStartDate' in x);
      if (ps.length) { const p = r.pick(ps); p.limitEndDate = p.limitStartDate + r.int(-2, 2); }
      break;
    }
    default: // sequences
      if (orders.length) r.pick(orders).sequence = r.int(0, 3);
  }
}

test('random mutations of valid batches: fastCheck true only when the wasm is clean', async () => {
  const r = rng(20240601);
  let fast = 0;
  let slow = 0;
  let missed = 0;
  const runs = 600;
  for (let i = 0; i < runs; i++) {
    const b = clone(await makeBatch(r.int(1, 6), r.int(1, 1_000_000)));
    const changes = r.int(1, 3);
    for (let k = 0; k < changes; k++) mutate(b, r);
    if (checked('batchOrder', b, `mutation run ${i}`)) fast++;
    else {
      slow++;
      if (isClean(wasmReport('batchOrder', b))) missed++;
    }
  }
  // Both ways taken; the clean bodies refused (e.g. an undefined field, NaN) stay few.
  assert.ok(fast > 0 && slow > 0, `fast ${fast}, slow ${slow}`);
  assert.ok(missed < fast, `clean but refused: ${missed}, fast: ${fast}`);
});

// rules/lone_surrogate.js: the search (what browsers run) and the whole test (Node's)
// give one answer, each held to the plain definition: no high surrogate without a low
// one after it, no low one without a high one before it. Every string of up to three
// code units over the units that matter, then long random strings.
test('well-formedness: the search and the whole test agree with the definition', () => {
  const definition = (s) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const high = c >= 0xd800 && c <= 0xdbff;
      const low = c >= 0xdc00 && c <= 0xdfff;
      const next = s.charCodeAt(i + 1);
      if (high && !(next >= 0xdc00 && next <= 0xdfff)) return false;
      if (high) i++;
      else if (low) return false;
    }
    return true;
  };
  const units = [0x41, 0xe9, 0x4e2d, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xffff];
  const strings = [''];
  for (let length = 1; length <= 3; length++) {
    for (let n = 0; n < units.length ** length; n++) {
      let s = '';
      for (let k = 0, m = n; k < length; k++, m = Math.floor(m / units.length)) s += String.fromCharCode(units[m % units.length]);
      strings.push(s);
    }
  }
  const r = rng(7);
  for (let i = 0; i < 2000; i++) {
    let s = '';
    for (let k = r.int(1, 80); k > 0; k--) s += String.fromCharCode(units[r.int(0, units.length - 1)]);
    strings.push(s);
  }
  let ill = 0;
  for (const s of strings) {
    const want = definition(s);
    if (!want) ill++;
    const codes = [...s].map((c) => c.codePointAt(0).toString(16)).join(' ');
    assert.equal(wellFormedSearch(s), want, `search: ${codes}`);
    assert.equal(wellFormedWhole(s), want, `whole: ${codes}`);
  }
  assert.ok(ill > 100 && ill < strings.length - 100, `both answers taken: ${ill} of ${strings.length} ill-formed`);
});

test('every entry answers a clean body from the fast path, licensing-sdk/validate too: nothing is serialized for the wasm', async () => {
  const light = await import('licensing-sdk/validate');
  const lightCjs = require('licensing-sdk/validate');
  const browserFile = (name) => require.resolve('licensing-sdk/package.json').replace(/package\.json$/, name);
  const browser = await import(browserFile('index.js'));
  const lightBrowser = await import(browserFile('validate.js'));
  // The calls to JSON.stringify a validate makes: none when the fast path proves the body clean.
  const stringifies = (entry, body) => {
    const stringify = JSON.stringify;
    let calls = 0;
    JSON.stringify = (...args) => {
      calls += 1;
      return stringify(...args);
    };
    try {
      entry.validate('batchOrder', body);
    } finally {
      JSON.stringify = stringify;
    }
    return calls;
  };
  const entries = [['licensing-sdk (ESM)', { validate }], ['licensing-sdk (CommonJS)', cjs], ['index.js', browser],
    ['licensing-sdk/validate (ESM)', light], ['licensing-sdk/validate (CommonJS)', lightCjs], ['validate.js', lightBrowser]];
  for (const n of [1, 10]) {
    const body = await makeBatch(n, 5);
    const unknown = { ...body, note: 'an unknown field: a warning' };
    for (const [name, entry] of entries) {
      assert.deepEqual(entry.validate('batchOrder', body), CLEAN, `${name}, ${n} orders`);
      assert.equal(stringifies(entry, body), 0, `${name}, ${n} orders: the fast path answers`);
      // A body it cannot prove clean still crosses, in every entry.
      assert.ok(stringifies(entry, unknown) >= 1, `${name}, ${n} orders with an unknown field: the body goes to the wasm`);
    }
  }
});
