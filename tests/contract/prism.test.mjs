// A Prism mock (static mode: examples first) of the committed document answers
// every LicensingClient method with success: the success example of each
// operation's 200 response, which the client returns as its typed data. The
// `spec` variant lets a `rules: 'spec'` client's spec-legal request through,
// which the recommended document refuses (422). In dynamic mode (-d) Prism makes
// bodies up, with random codes: `Prefer: example=success` pins the example.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LicensingClient, exampleBody } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import { DOCUMENT, SPEC_DOCUMENT, startPrism } from './harness.mjs';

const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
const TOKEN = 'any-token'; // Prism checks that a bearer token is there, not which
let recommended, spec, dynamic;

before(async () => {
  [recommended, spec, dynamic] = await Promise.all([
    startPrism(DOCUMENT), startPrism(SPEC_DOCUMENT), startPrism(DOCUMENT, ['--dynamic', '--seed', '1']),
  ]);
});
after(async () => {
  await Promise.all([recommended?.stop(), spec?.stop(), dynamic?.stop()]);
});

/** The data the client should resolve to: the example's `data` or `detail`. */
function exampleData(name) {
  const { path, method } = endpoints[name];
  const op = document.paths[path][method.toLowerCase()];
  const body = op.responses['200'].content['application/json'].examples.success.value;
  return endpoints[name].module === 'order' ? body.data : body.detail;
}

async function everyEndpoint(mock, headers = {}) {
  const client = new LicensingClient({ baseUrl: mock.url, token: TOKEN, appKey: 'app-contract', headers });
  const names = Object.keys(endpoints);
  // Every operation of the document is one of them.
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item).filter((k) => k !== 'parameters'));
  assert.equal(names.length, operations.length);
  for (const name of names) {
    let data;
    try {
      data = await client[name](exampleBody(name));
    } catch (err) {
      assert.fail(`${name}: ${err.kind} ${err.status ?? ''} ${err.message}\n${mock.output().slice(-2000)}`);
    }
    assert.deepEqual(data === undefined ? undefined : JSON.parse(JSON.stringify(data)), exampleData(name), name);
  }
}

test('every LicensingClient method resolves with its success example', () => everyEndpoint(recommended));

test('dynamic mode: every method resolves with the success example pinned', () => everyEndpoint(dynamic, { prefer: 'example=success' }));

test('a spec-legal request: refused by the recommended document, answered by the spec variant', async () => {
  const body = { size: 0 }; // `size >= 1` is inferred: a warning under rules: 'spec'
  const strict = new LicensingClient({ baseUrl: recommended.url, token: TOKEN, rules: 'spec' });
  const err = await strict.shellNums(body).then(() => null, (e) => e);
  assert.ok(err, 'the recommended document accepted size 0');
  assert.deepEqual([err.kind, err.status], ['http', 422]);
  const lenient = new LicensingClient({ baseUrl: spec.url, token: TOKEN, rules: 'spec' });
  assert.deepEqual(await lenient.shellNums(body), ['8000000001']);
  // Nothing is required under spec: an order with no field at all goes through.
  const orders = new LicensingClient({ baseUrl: spec.url, token: TOKEN, rules: 'spec', appKey: 'app-contract' });
  assert.deepEqual(JSON.parse(JSON.stringify(await orders.batchOrder({ orderList: [{ assets: [{}] }] }))), exampleData('batchOrder'));
});
