// licensing-sdk/testing: invalidExamples(endpoint) from the installed package.
// Each example fails with exactly its one issue, as text and (when an object
// can hold it) as an object; together they cover every issue code a body can give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { validate, validateJson, exampleBody } from 'licensing-sdk';
import { createSimulator, invalidExamples } from 'licensing-sdk/testing';
import { endpoints } from 'licensing-sdk/meta';

const ENDPOINTS = Object.keys(endpoints);

test('every example fails with exactly its issue, as text and as an object', () => {
  let count = 0;
  for (const e of ENDPOINTS) {
    for (const x of invalidExamples(e)) {
      const want = [[x.path, x.code, x.severity, x.source]];
      const fromText = validateJson(e, x.text);
      assert.deepEqual(fromText.issues.map((i) => [i.path, i.code, i.severity, i.source]), want, `${e}: ${x.text}`);
      assert.equal(fromText.valid, x.severity === 'warning');
      if ('body' in x) {
        assert.deepEqual(validate(e, x.body).issues.map((i) => [i.path, i.code, i.severity, i.source]), want, `${e} (object)`);
      } else {
        assert.ok(['invalid_json', 'duplicate_key'].includes(x.code), x.code);
      }
      count++;
    }
    // A fresh copy each time: a test may change its body.
    const [a, b] = [invalidExamples(e), invalidExamples(e)];
    if (a[2]?.body) assert.notEqual(a[2].body, b[2].body);
  }
  assert.ok(count >= 90, `${count} examples`);
});

test('together they cover every issue code a request body can give (not unknown_endpoint, too_many_issues, untouched)', () => {
  const require = createRequire(import.meta.url);
  const openapi = require('licensing-sdk/openapi.json');
  const codes = new Set(openapi['x-licensing-rules'].map((r) => r.code));
  codes.add('asset_number_partition');
  const seen = new Set(ENDPOINTS.flatMap((e) => invalidExamples(e).map((x) => x.code)));
  for (const code of codes) {
    // The endpoint name and the cap are not a body's; untouched counts what a
    // form leaves out of a report. (The document lists the rules of requests only.)
    if (['unknown_endpoint', 'too_many_issues', 'untouched'].includes(code)) continue;
    assert.ok(seen.has(code), `no example for ${code}`);
  }
  assert.throws(() => invalidExamples('batchorder'), TypeError);
  assert.throws(() => invalidExamples('__proto__'), TypeError);
  // With exampleBody, a table-driven test needs nothing written by hand.
  for (const e of ENDPOINTS) assert.equal(validate(e, exampleBody(e)).valid, true);
});

test('checkAnswer holds an answer to the contract, in the options\' locale and profile, and never rejects for its input', async () => {
  const { checkAnswer } = await import('licensing-sdk/testing');
  const lock = '{"code":0,"message":"ok","data":[{"assetNum":"8000000001","status":5,"note":"x"}]}';
  const report = await checkAnswer('lockAssets', 200, lock, { rules: 'spec' });
  assert.equal(report.valid, false);
  assert.deepEqual(report.issues.map((i) => [i.path, i.code, i.source, i.severity]),
    [['/data/0/status', 'enum', 'spec', 'error'], ['/data/0/note', 'unknown_field', 'inferred', 'warning']]);
  const zh = await checkAnswer('shellNums', 200, '{"code":0,"data":[]}', { locale: 'zh-CN' });
  assert.match(zh.issues[0].message, /信封中缺少 `message`/);
  assert.equal((await checkAnswer('lockassets', 200, '{}')).issues[0].code, 'unknown_endpoint');
  assert.equal((await checkAnswer('shellNums', 2000, '{}')).issues[0].code, 'invalid_json');
  assert.equal((await checkAnswer('shellNums', 200, undefined)).issues[0].code, 'invalid_json');
  const cyclic = {};
  cyclic.self = cyclic;
  assert.equal((await checkAnswer('shellNums', 200, '{"code":0,"message":"ok","data":[]}', cyclic)).valid, true);
});

test('createSimulator takes drifts by name, and sim.drift changes them', async () => {
  const sim = await createSimulator({ drift: ['extra-field'] });
  const call = async () => (await sim.fetch(`https://licensing.test/order/api/order/v1/shellnums?g_nonce=${Math.random()}`, {
    method: 'POST', headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' }, body: '{"size":1}',
  })).json();
  assert.equal((await call()).traceId, 'sim-drift');
  sim.drift('missing-field');
  const answer = await call();
  assert.equal(answer.traceId, undefined);
  assert.equal(answer.message, undefined);
  sim.drift();
  assert.equal((await call()).message, 'success');
  assert.throws(() => sim.drift('renamed'), /unknown drift "renamed" \(renamed-field, /);
  await assert.rejects(createSimulator({ drift: ['nope'] }), /drift: unknown drift "nope"/);
});

test('testing.d.ts names every drift the simulator knows, and no other', async () => {
  const { readFileSync } = await import('node:fs');
  const require = createRequire(import.meta.url);
  const types = readFileSync(require.resolve('licensing-sdk/testing').replace(/testing\.cjs$/, 'testing.d.ts'), 'utf8');
  const declared = /export type Drift =([^;]*);/.exec(types)[1].match(/'[a-z0-9-]+'/g).map((n) => n.slice(1, -1));
  const known = await createSimulator({ drift: ['?'] }).catch((err) => /\(([^)]*)\)/.exec(err.message)[1].split(', '));
  assert.deepEqual(declared, known);
});
