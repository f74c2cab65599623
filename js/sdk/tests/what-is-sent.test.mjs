// What the client validates is what it sends, and what the caller's code says
// never shows the token (issue 45): the body is read once (one JSON.stringify,
// js/sdk/src-js/routing.js `serialize`), and the wasm validates and sends exactly that
// text; a throwing getter, Proxy or toJSON anywhere in the body, the options or
// the hooks ends in a LicensingError with the token redacted; headers from the
// options or from beforeRequest are bounded (64 names, 16 KiB); a lone UTF-16
// surrogate is one decision for validators, client and simulator.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient, validate, validateField, validateJson } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';

const TOKEN = 'sekrit-token-4711';
const BASE = 'https://licensing.test';

/** A fetch that keeps every body it is given and answers success. */
function recorder() {
  const sent = [];
  const fetch = async (input, init) => {
    sent.push(await new Request(input, init).text());
    return new Response('{"code":0,"message":"success","data":["8000000001"]}', { headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetch };
}

test('a getter that answers differently on each read is read once: the text validated is the text sent', async () => {
  const { sent, fetch } = recorder();
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'portal', fetch });
  let reads = 0;
  const body = { get size() { reads += 1; return reads === 1 ? 1 : 100000; } };
  await client.shellNums(body);
  assert.equal(reads, 1);
  assert.deepEqual(sent, ['{"size":1}']);

  // Invalid on the first read, valid after: refused, nothing sent.
  reads = 0;
  const flips = { get size() { reads += 1; return reads === 1 ? 0 : 1; } };
  const err = await client.shellNums(flips).catch((e) => e);
  assert.deepEqual([err.kind, err.sent, err.issues[0].path, reads], ['validation', false, '/size', 1]);
  assert.equal(sent.length, 1);

  // A Proxy deep in a batch: each property read once, and what was read is what left.
  const order = { sequence: 1, orderType: 'new_buy', licenseType: 'softkey', adminEmail: 'a@example.com',
    assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1' }] }] };
  const counts = new Map();
  let type = 0;
  const proxied = new Proxy(order, { get(target, key, receiver) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (key === 'orderType') return ['new_buy', 'bogus'][Math.min(type++, 1)];
    return Reflect.get(target, key, receiver);
  } });
  await client.batchOrder({ channelCode: 'c', channelOrderId: 'o', orderList: [proxied] });
  assert.equal(counts.get('orderType'), 1);
  assert.match(sent.at(-1), /"orderType":"new_buy"/);
});

test('NaN and ±Infinity are refused at their pointers, escaped; in a field no rule reads too; nothing is sent', async () => {
  const { sent, fetch } = recorder();
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch });
  const err = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'o', 'a/b~c': [1, { n: -Infinity }] }).catch((e) => e);
  assert.equal(err.kind, 'validation');
  assert.match(err.message, /NaN or Infinity at \/a~1b~0c\/1\/n, which JSON cannot carry/);
  // From a toJSON, and as the whole body.
  const viaToJson = await client.shellNums({ toJSON: () => ({ size: NaN }) }).catch((e) => e);
  assert.deepEqual([viaToJson.kind, viaToJson.issues[0].path, viaToJson.issues[0].code], ['validation', '/size', 'type']);
  const whole = await client.shellNums(NaN).catch((e) => e);
  assert.match(whole.message, /NaN or Infinity at \(the body\), which JSON cannot carry/);
  assert.equal(sent.length, 0);
  // A string that looks like the marker the serializer uses is only a string.
  await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: '\u0000licensing-sdk non-finite 0.5' });
  assert.equal(sent.length, 1);
});

test('what a body, an option or a hook throws never shows the token, and the constructor throws LicensingError only', async () => {
  const { sent, fetch } = recorder();
  const hostile = (what) => new Proxy({}, {
    get() { throw new Error(`${what} get saw ${TOKEN}`); },
    has() { throw new Error(`${what} has saw ${TOKEN}`); },
    ownKeys() { throw new Error(`${what} ownKeys saw ${TOKEN}`); },
    getOwnPropertyDescriptor() { throw new Error(`${what} gopd saw ${TOKEN}`); },
    getPrototypeOf() { throw new Error(`${what} proto saw ${TOKEN}`); },
  });
  const clean = (err, label) => {
    assert.equal(err?.name, 'LicensingError', `${label}: ${err}`);
    assert.equal(err.kind, 'validation', label);
    assert.equal(err.sent, false, label);
    assert.ok(!err.message.includes(TOKEN), `${label}: ${err.message}`);
    return err.message;
  };
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch });
  assert.match(clean(await client.shellNums(hostile('body')).catch((e) => e), 'body'), /cannot be sent as JSON: body get saw \[redacted\]/);
  assert.match(clean(await client.shellNums({ size: 1, deep: { toJSON() { throw new Error(`toJSON ${TOKEN}`); } } }).catch((e) => e), 'toJSON'), /\[redacted\]/);
  assert.match(clean(await client.shellNums({ size: 1n }).catch((e) => e), 'BigInt'), /BigInt/);
  const cyclic = { size: 1 }; cyclic.self = cyclic;
  assert.match(clean(await client.shellNums(cyclic).catch((e) => e), 'cycle'), /circular/i);
  assert.equal(sent.length, 0);

  const construct = (options) => { try { new LicensingClient(options); return null; } catch (e) { return e; } };
  const base = { baseUrl: BASE, token: TOKEN, fetch };
  for (const key of ['baseUrl', 'hooks', 'headers', 'fetch', 'timeoutMs', 'appKey', 'onWarnings', 'rules']) {
    const options = { ...base };
    Object.defineProperty(options, key, { enumerable: true, get() { throw new Error(`${key} getter saw ${TOKEN}`); } });
    assert.match(clean(construct(options), key), new RegExp(`the option ${key} cannot be read: ${key} getter saw \\[redacted\\]`));
  }
  // Whole objects that throw on every read: the hooks, the headers, the options.
  assert.match(clean(construct({ ...base, hooks: hostile('hooks') }), 'hooks proxy'), /hooks\.beforeRequest cannot be read: hooks get saw \[redacted\]/);
  assert.match(clean(construct({ ...base, headers: hostile('headers') }), 'headers proxy'), /headers: headers ownKeys saw \[redacted\]/);
  clean(construct(hostile('options')), 'options proxy');
  // The token's own read: what it threw is not repeated (it may be the token).
  const tokenThrows = { baseUrl: BASE, get token() { throw new Error(`token is ${TOKEN}`); } };
  assert.equal(clean(construct(tokenThrows), 'token getter'), 'the option token cannot be read');
});

test('headers are bounded: 64 names and 16 KiB, from the options or from beforeRequest, refused before their values are read', async () => {
  const { sent, fetch } = recorder();
  const named = (n, value = 'v') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`x-h${i}`, value]));
  const base = { baseUrl: BASE, token: TOKEN, fetch };
  // The option.
  new LicensingClient({ ...base, headers: named(64) });
  assert.throws(() => new LicensingClient({ ...base, headers: named(65) }), (e) => e.name === 'LicensingError' && /headers: 65 headers, more than 64/.test(e.message));
  assert.throws(() => new LicensingClient({ ...base, headers: { 'x-a': 'v'.repeat(17_000) } }), /more than 16384/);
  assert.throws(() => new LicensingClient({ ...base, headers: { 'x-a': 1 } }), /headers: the value of x-a is not a string/);
  assert.throws(() => new LicensingClient({ ...base, headers: 'x-a: 1' }), /headers: must be an object/);

  // beforeRequest: 10^5 names behind a Proxy whose values are never read.
  let valueReads = 0;
  const keys = Array.from({ length: 100_000 }, (_, i) => `x-h${i}`);
  const many = new Proxy({}, {
    ownKeys: () => keys,
    getOwnPropertyDescriptor: () => ({ value: 'v', enumerable: true, configurable: true }),
    // `then` and `entries` are read too (is it a promise? a Map?): not values.
    get(_target, key) { if (typeof key === 'string' && key.startsWith('x-h')) valueReads += 1; return key.startsWith?.('x-h') ? 'v' : undefined; },
  });
  const client = new LicensingClient({ ...base, hooks: { beforeRequest: () => many } });
  const err = await client.shellNums({ size: 1 }).catch((e) => e);
  assert.deepEqual([err.kind, err.sent, valueReads], ['hook', false, 0]);
  assert.match(err.message, /beforeRequest hook failed: 100000 headers, more than 64/);
  // A Map past the bound, and 64 within it.
  const mapped = new LicensingClient({ ...base, hooks: { beforeRequest: () => new Map(Object.entries(named(65))) } });
  assert.equal((await mapped.shellNums({ size: 1 }).catch((e) => e)).kind, 'hook');
  const within = new LicensingClient({ ...base, hooks: { beforeRequest: () => named(64) } });
  await within.shellNums({ size: 1 });
  assert.equal(sent.length, 1);
});

test('a lone surrogate: reported at its field by every validator and refused by the client; under spec, sent and stored as U+FFFD', async () => {
  const body = { crmCustomerId: 'crm-ls', customerName: '😀 name'.slice(1) }; // half of the emoji
  const at = (issues) => issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.code]);
  assert.deepEqual(at(validate('createEnterprise', body).issues), [['/customerName', 'lone_surrogate']]);
  assert.deepEqual(at(validateJson('createEnterprise', JSON.stringify(body)).issues), [['/customerName', 'lone_surrogate']]);
  assert.deepEqual(at(validateField('createEnterprise', '/customerName', body)), [['/customerName', 'lone_surrogate']]);
  assert.match(validate('createEnterprise', body, { locale: 'zh-CN' }).issues[0].message, /代理项/);
  // A whole pair is clean.
  assert.equal(validate('createEnterprise', { ...body, customerName: '😀 name' }).valid, true);

  const sim = await createSimulator();
  const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch });
  const err = await client.createEnterprise(body).catch((e) => e);
  assert.deepEqual([err.kind, err.sent, err.issues[0].path, err.issues[0].code], ['validation', false, '/customerName', 'lone_surrogate']);

  const lenient = await createSimulator({ rules: 'spec' });
  const specClient = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: lenient.fetch, rules: 'spec' });
  await specClient.createEnterprise(body);
  assert.equal(lenient.snapshot().customers[0].customerName, '\ufffd name');
});
