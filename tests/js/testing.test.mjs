// licensing-sdk/testing: invalidExamples(endpoint) from the installed package.
// Each example fails with exactly its one issue, as text and (when an object
// can hold it) as an object; together they cover every issue code a body can give.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { validate, validateJson, exampleBody } from 'licensing-sdk';
import { invalidExamples } from 'licensing-sdk/testing';
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
