// The seeded differential test of the package's JavaScript against the core:
// mutated bodies of every endpoint (hostile values a form's code makes: holes,
// NaN, BigInt, boxed numbers, cycles, `__proto__` as an own key, deep nesting,
// lone surrogates, ±2⁶³), under the three profiles, each checked three ways:
// - validate(body) = validateJson(JSON.stringify(body)) when the text exists
//   and carries the body (no NaN or ±Infinity, which validate refuses);
// - the Standard Schema's result = validate's errors;
// - validateField(pointer) ⊆ validate's issues (when validate is not capped),
//   with every issue of the body as a whole and every issue at or inside the
//   pointer present;
// and `licensing-sdk/validate` (the validation-only wasm) answers each call
// exactly as the default entry does.
// The bodies are the same on every run (seeded); the test stops at a fixed time
// budget, so a busy machine checks fewer of them but never fails for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSchemas, exampleBody, validate, validateField, validateJson } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import * as light from 'licensing-sdk/validate';
import { rng } from '../../../bench/generate.mjs';
import { mutate, pointers } from '../../../tests/js/hostile-bodies.mjs';

const BUDGET_MS = 15_000;
const PROFILES = ['spec', 'recommended', 'strict'];
const ENDPOINTS = Object.keys(endpoints);

const within = (path, pointer) => path === pointer || path.startsWith(`${pointer}/`);
const key = (issue) => JSON.stringify(issue);

/** What validate must equal: the core's report of the body's JSON text, when that text carries the body. */
function textOf(body) {
  let text;
  try {
    text = JSON.stringify(body);
  } catch {
    return undefined;
  }
  if (text === undefined) return undefined;
  let finite = true;
  JSON.stringify(body, (k, v) => {
    if (typeof v === 'number' && !Number.isFinite(v)) finite = false;
    return v;
  });
  return finite ? text : undefined;
}

const SCHEMAS = Object.fromEntries(PROFILES.map((rules) => [rules, createSchemas({ rules })]));
const LIGHT_SCHEMAS = Object.fromEntries(PROFILES.map((rules) => [rules, light.createSchemas({ rules })]));

function checkBody(endpoint, body, rules, label) {
  const options = { rules };
  const report = validate(endpoint, body, options);
  assert.deepEqual(light.validate(endpoint, body, options), report, `${label}: licensing-sdk/validate's validate`);
  const text = textOf(body);
  if (text !== undefined) {
    assert.deepEqual(report, validateJson(endpoint, text, options), `${label}: validate ≠ validateJson`);
    assert.deepEqual(light.validateJson(endpoint, text, options), report, `${label}: licensing-sdk/validate's validateJson`);
  }

  const standard = SCHEMAS[rules][endpoint]['~standard'].validate(body);
  assert.deepEqual(LIGHT_SCHEMAS[rules][endpoint]['~standard'].validate(body), standard, `${label}: licensing-sdk/validate's schema`);
  if (report.valid) {
    assert.ok(!('issues' in standard), `${label}: the Standard Schema fails a valid body`);
  } else {
    const errors = report.issues.filter((i) => i.severity === 'error').map((i) => [i.code, i.message]);
    assert.deepEqual(standard.issues.map((i) => [i.code, i.message]), errors, `${label}: the Standard Schema's issues`);
  }

  const capped = report.issues.some((i) => i.code === 'too_many_issues');
  const whole = new Set(report.issues.map(key));
  const asked = new Set(['', ...report.issues.map((i) => i.path)]);
  for (const p of pointers(body)) if (asked.size < 20) asked.add(p);
  for (const pointer of asked) {
    const field = validateField(endpoint, pointer, body, options);
    assert.deepEqual(light.validateField(endpoint, pointer, body, options), field, `${label} ${pointer}: licensing-sdk/validate's validateField`);
    const got = new Set(field.map(key));
    if (!capped) for (const issue of field) assert.ok(whole.has(key(issue)), `${label} ${pointer}: ${key(issue)} is not validate's`);
    for (const issue of report.issues) {
      if (issue.code === 'too_many_issues') continue;
      if ((issue.path === '' || within(issue.path, pointer)) && !capped) {
        assert.ok(got.has(key(issue)), `${label} ${pointer}: ${key(issue)} is missing`);
      }
    }
  }
}

test('seeded hostile bodies: validate, validateJson, the Standard Schemas and validateField agree', () => {
  const start = Date.now();
  const counts = Object.fromEntries(ENDPOINTS.map((e) => [e, 0]));
  // Round-robin over endpoints and profiles, so a short budget still covers each.
  for (let seed = 1; Date.now() - start < BUDGET_MS && seed <= 100_000; seed++) {
    const endpoint = ENDPOINTS[seed % ENDPOINTS.length];
    const rules = PROFILES[Math.floor(seed / ENDPOINTS.length) % PROFILES.length];
    const body = mutate(endpoint, rng(seed).next);
    checkBody(endpoint, body, rules, `seed ${seed} ${endpoint} ${rules}`);
    counts[endpoint] += 1;
  }
  for (const e of ENDPOINTS) assert.ok(counts[e] >= 30, `${e}: only ${counts[e]} bodies in the budget`);
  console.log(`# differential: ${Object.values(counts).reduce((a, b) => a + b)} bodies in ${Date.now() - start} ms`);
});

test('the reproducers: unreadable bodies, holes, boxed sequences, the cap, long keys', () => {
  const order = exampleBody('batchOrder').orderList[0];
  const batch = (orders) => ({ ...exampleBody('batchOrder'), orderList: orders });
  const codes = (issues) => issues.map((i) => [i.path, i.code]);
  // A body validate cannot read: every field shows validate's one issue.
  let deep = {};
  for (let i = 0; i < 600; i++) deep = { deep };
  const cyclic = structuredClone(order);
  cyclic.self = cyclic;
  for (const body of [batch([order, { ...order, sequence: 2, assets: deep }]), batch([order, { ...order, sequence: 10n }]),
    batch([order, cyclic])]) {
    const whole = validate('batchOrder', body).issues;
    assert.deepEqual(codes(whole), [['', 'invalid_json']]);
    assert.deepEqual(validateField('batchOrder', '/orderList/0/sequence', body), whole);
  }
  // A hole (delete list[i]) is null, as JSON.stringify writes it: the field has its error.
  const holed = batch([order, { ...order, sequence: 2 }]);
  delete holed.orderList[0];
  assert.deepEqual(codes(validateField('batchOrder', '/orderList/0', holed)), [['/orderList/0', 'type']]);
  // A boxed number is the number it holds: the repeat is found.
  const boxed = batch([order, { ...order, sequence: new Number(order.sequence) }]);
  assert.deepEqual(codes(validateField('batchOrder', '/orderList/1/sequence', boxed)), [['/orderList/1/sequence', 'duplicate_sequence']]);
  // The cap counts the field's issues: 150 orders sharing a sequence, order 120 with a bad e-mail.
  const many = batch(Array.from({ length: 150 }, () => ({ ...order, sequence: 7 })));
  many.orderList[120] = { ...many.orderList[120], adminEmail: 'not-an-email' };
  assert.ok(validate('batchOrder', many).issues.some((i) => i.code === 'too_many_issues'));
  assert.deepEqual(codes(validateField('batchOrder', '/orderList/120/adminEmail', many)),
    [['/orderList/120/adminEmail', 'email'], ['/orderList/120/sequence', 'duplicate_sequence']]);
  // A key longer than a path shows is still the field it is.
  const long = 'k'.repeat(300);
  const issues = validateField('shellNums', `/${long}`, { size: 1, [long]: 1 }, { rules: 'strict' });
  assert.deepEqual(issues.map((i) => i.code), ['unknown_field']);
});

// Found by an adversarial pass: a validator called while another call is in the
// wasm (from an options getter, which the wasm reads after the text is written,
// or from a toJSON) validated its own text over the outer call's, which then
// reported on the inner text. Each call validates its own text, in both entries.
test('a validator called from inside another call: each validates its own text', () => {
  for (const [name, entry] of [['licensing-sdk', { validate, validateJson, validateField }], ['licensing-sdk/validate', light]]) {
    const expected = entry.validateJson('shellNums', '{"size":0}');
    assert.equal(expected.valid, false, name);
    const inner = [];
    const options = {
      get rules() {
        inner.push(entry.validateJson('shellNums', '{"size":-7, "long": "' + 'x'.repeat(5000) + '"}'));
        inner.push(entry.validate('batchOrder', { orderList: [{ sequence: 'x' }] }));
        return 'recommended';
      },
    };
    assert.deepEqual(entry.validateJson('shellNums', '{"size":0}', options), expected, `${name}: validateJson`);
    assert.deepEqual(entry.validate('shellNums', { size: 0 }, options), expected, `${name}: validate`);
    assert.deepEqual(entry.validateField('shellNums', '/size', { size: 0 }, options), expected.issues, `${name}: validateField`);
    assert.ok(inner.length >= 6 && inner.every((r) => r.valid === false), `${name}: the inner calls' own reports`);
    assert.deepEqual(inner[0], entry.validateJson('shellNums', '{"size":-7, "long": "' + 'x'.repeat(5000) + '"}'), name);
  }
});
