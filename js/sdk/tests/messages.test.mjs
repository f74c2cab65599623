// A portal's own words: message catalogues (licensing-core's `Catalogue`) through
// every API of both entries that take `messages`: a third locale with keys left
// out (English for those, and `checkMessages` says which), overrides of a built-in
// locale, each call in its own voice (no global state), every catalogue checked
// when it is given, and the shipped catalogues (`licensing-sdk/messages/*.json`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as main from 'licensing-sdk';
import * as validateOnly from 'licensing-sdk/validate';

const require = createRequire(import.meta.url);
const en = require('licensing-sdk/messages/en.json');
const zh = require('licensing-sdk/messages/zh-CN.json');

/** A third locale: every key's template says which key spoke, but these. */
const LEFT_OUT = ['minimum', 'email', 'suggestion'];
const ja = Object.fromEntries(Object.keys(en).filter((k) => !LEFT_OUT.includes(k)).map((k) => [k, `ja:${k} {field}`]));
const JA = { locale: 'ja', messages: ja };

for (const [entry, sdk] of [['licensing-sdk', main], ['licensing-sdk/validate', validateOnly]]) {
  test(`${entry}: checkMessages names the keys a new locale leaves in English, none for overrides`, () => {
    assert.deepEqual(sdk.checkMessages(JA), { locale: 'ja', missing: ['email', 'minimum', 'suggestion'] });
    assert.deepEqual(sdk.checkMessages({ locale: 'zh-CN', messages: { required: '请填写 {field}' } }), { locale: 'zh-CN', missing: [] });
    assert.deepEqual(sdk.checkMessages({ locale: 'fr', messages: en }), { locale: 'fr', missing: [] }, 'en.json is a whole catalogue');
    assert.deepEqual(sdk.checkMessages({ locale: 'en', messages: zh }).missing, []);
  });

  test(`${entry}: a catalogue is checked when it is given, and the error names the entry`, () => {
    const refused = [
      [{ emial: 'x' }, 'messages: unknown key "emial"; did you mean "email"?'],
      [{ minimum: '{field} {mn}' }, 'messages["minimum"]: unknown placeholder {mn}; allowed: {field}, {min}, {value}'],
      [{ required: 5 }, 'messages["required"]: the template must be a string'],
      [{ required: '{field' }, 'messages["required"]: a `{` without its `}`'],
      [['required'], 'messages: not an object of templates (an array: an object of templates is expected)'],
      ['required', 'messages: not an object of templates (no object: an object of templates is expected)'],
      [new Map([['required', 'x']]), 'messages: not an object of templates (a Map (Object.fromEntries(map) is one): an object of templates is expected)'],
      [() => 'x', 'messages: not an object of templates (a function: an object of templates is expected)'],
      [new (class Words { constructor() { this.required = 'x'; } })(), 'messages: not an object of templates (an object of a class: an object of templates is expected)'],
    ];
    const body = sdk.exampleBody('shellNums');
    for (const [messages, why] of refused) {
      const options = { locale: 'ja', messages };
      const expected = { name: 'TypeError', message: why };
      assert.throws(() => sdk.checkMessages(options), expected);
      // Before the fast path can answer: the body is valid.
      assert.throws(() => sdk.validate('shellNums', body, options), expected);
      assert.throws(() => sdk.validateJson('shellNums', '{"size": 1}', options), expected);
      assert.throws(() => sdk.validateField('shellNums', '/size', body, options), expected);
      assert.throws(() => sdk.createSchemas(options), expected);
    }
  });

  test(`${entry}: a catalogue of null prototype is one; one changed after its first use is checked again`, () => {
    const bare = Object.assign(Object.create(null), { required: '{field} needed' });
    assert.deepEqual(sdk.checkMessages({ locale: 'en', messages: bare }), { locale: 'en', missing: [] });
    assert.equal(sdk.validateJson('shellNums', '{}', { messages: bare }).issues[0].message, 'size needed');
    const words = { required: '{field} needed' };
    const body = sdk.exampleBody('shellNums');
    assert.equal(sdk.validate('shellNums', body, { messages: words }).valid, true);
    words.requird = 'typo';
    // A valid body the fast path would answer alone: the changed catalogue is checked first.
    assert.throws(() => sdk.validate('shellNums', body, { messages: words }), { name: 'TypeError', message: /unknown key "requird"/ });
    delete words.requird;
    words.required = '{field} is a must';
    assert.equal(sdk.validateJson('shellNums', '{}', { messages: words }).issues[0].message, 'size is a must');
  });

  // Found by an adversarial pass: a frozen catalogue with a getter was trusted
  // after its first check, and the wasm dropped what the getter gave it later.
  test(`${entry}: a catalogue whose getter answers each read differently is read once a call: what is checked is what speaks`, () => {
    for (const freeze of [true, false]) {
      let reads = 0;
      const words = { get minimum() { reads += 1; return reads === 1 ? 'TOO SMALL: {field}' : 42; } };
      const messages = freeze ? Object.freeze(words) : words;
      assert.equal(sdk.validate('shellNums', { size: 0 }, { messages }).issues[0].message, 'TOO SMALL: size', `frozen: ${freeze}`);
      assert.equal(reads, 1, `frozen: ${freeze}`);
      assert.throws(() => sdk.validate('shellNums', { size: 0 }, { messages }),
        { name: 'TypeError', message: 'messages["minimum"]: the template must be a string' }, `frozen: ${freeze}`);
    }
    // A frozen catalogue of plain entries is read by the wasm itself, checked once.
    const fixed = Object.freeze({ minimum: 'at least {min}: {field}' });
    for (let k = 0; k < 2; k++) assert.equal(sdk.validateJson('shellNums', '{"size":0}', { messages: fixed }).issues[0].message, 'at least 1: size');
  });

  test(`${entry}: validate, validateJson and validateField speak the catalogue, English where it is silent`, () => {
    const body = { size: 'x', sise: 1 };
    const report = sdk.validate('shellNums', body, JA);
    const byCode = Object.fromEntries(report.issues.map((i) => [i.code, i.message]));
    assert.equal(byCode.type, 'ja:type size');
    // unknown_field's own template, then the English "did you mean" (left out).
    assert.equal(byCode.unknown_field, 'ja:unknown_field sise; did you mean `size`?');
    assert.deepEqual(sdk.validateJson('shellNums', JSON.stringify(body), JA), report);
    assert.deepEqual(sdk.validateField('shellNums', '/size', body, JA).map((i) => i.message), ['ja:type size']);
    assert.equal(sdk.validate('shellNums', { size: 0 }, JA).issues[0].message, '`size` must be an integer of at least 1');
    // Each call in its own voice.
    assert.equal(sdk.validate('shellNums', { size: 'x' }).issues[0].message, '`size` must be an integer, not a string');
    assert.equal(sdk.validate('shellNums', { size: 'x' }, { locale: 'zh-CN' }).issues[0].message, '`size` 必须是整数，实际为字符串');
    const over = { locale: 'zh-CN', messages: { type: '{field} 的类型不对' } };
    assert.equal(sdk.validate('shellNums', { size: 'x' }, over).issues[0].message, 'size 的类型不对');
    assert.equal(sdk.validate('shellNums', {}, over).issues[0].message, '缺少必填字段 `size`', 'the rest stays Chinese');
  });

  test(`${entry}: createSchemas({ locale, messages }) gives schemas in that voice, untouched issue included`, () => {
    const schemas = sdk.createSchemas({ ...JA, touched: new Set(['/size']) });
    const result = schemas.batchOrder['~standard'].validate({ channelCode: 'c', channelOrderId: 'o', orderList: [] });
    assert.deepEqual(result.issues.map((i) => i.message), ['ja:untouched ']);
    const shell = sdk.createSchemas(JA).shellNums['~standard'].validate({ size: true });
    assert.deepEqual(shell.issues.map((i) => i.message), ['ja:type size']);
    // The default schemas stay English.
    assert.equal(sdk.schemas.shellNums['~standard'].validate({ size: true }).issues[0].message, '`size` must be an integer, not a boolean');
  });
}

test('LicensingClient: its refusals speak the catalogue; a refused catalogue is a validation LicensingError', async () => {
  const fetch = () => Promise.reject(new Error('not sent'));
  const options = { baseUrl: 'http://127.0.0.1:9', token: 't', fetch, ...JA };
  const client = new main.LicensingClient(options);
  await assert.rejects(client.shellNums({ size: 'x' }), (e) => e.kind === 'validation' && e.issues[0].message === 'ja:type size');
  const keyless = new main.LicensingClient({ ...options });
  await assert.rejects(keyless.batchOrder(main.exampleBody('batchOrder')), (e) => e.issues[0].message === 'ja:required appKey');
  assert.throws(() => new main.LicensingClient({ ...options, messages: { requird: 'x' } }),
    (e) => e.name === 'LicensingError' && e.kind === 'validation' && e.message.includes('did you mean "required"?'));
});

test('the shipped catalogues are the core\'s own messages', () => {
  assert.deepEqual(Object.keys(zh), Object.keys(en));
  // en.json given as overrides changes nothing, key by key.
  const body = { size: 'x', sise: 1 };
  assert.deepEqual(main.validate('shellNums', body, { messages: en }), main.validate('shellNums', body));
  assert.deepEqual(main.validate('shellNums', body, { locale: 'zh-CN', messages: zh }), main.validate('shellNums', body, { locale: 'zh-CN' }));
});
