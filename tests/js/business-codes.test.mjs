// The business codes are one table (licensing-core's wire::BUSINESS_CODES, in
// crates/licensing-core/src/wire/codes.rs): the answer check reads it, and
// licensing-sdk/meta carries it (businessCodes, which the portal shows beside a
// refused call's code: tests/e2e/portal.test.mjs). Held here through the packed
// package: every code meta lists is one the check takes on every endpoint meta
// gives it, a code it does not list is unlisted_code, every code means
// something in both locales, the TypeScript union BusinessCode lists them all,
// and the recipe "Adding a business code" names its places.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { businessCodes, endpoints } from 'licensing-sdk/meta';
import { checkAnswer } from 'licensing-sdk/testing';
import { assertRecipeNames } from './recipes.mjs';

const refusal = (module, code) => (module === 'order'
  ? [299, JSON.stringify({ code, message: 'refused', cause: 'a test' })]
  : [200, JSON.stringify({ resultCode: code, resultMessage: 'refused' })]);

test("the answer check takes every refusal code meta lists, on the endpoints it lists, and no other", async () => {
  assert.ok(businessCodes.length >= 10, `${businessCodes.length} codes`);
  for (const c of businessCodes) {
    assert.ok(c.meaning.en.trim() && c.meaning['zh-CN'].trim(), `${c.module} ${c.code}: a meaning in every locale`);
    for (const e of c.endpoints) assert.equal(endpoints[e].module, c.module, `${c.code} on ${e}`);
    if (c.success) continue;
    for (const endpoint of c.endpoints) {
      const report = await checkAnswer(endpoint, ...refusal(c.module, c.code));
      assert.ok(!report.issues.some((i) => i.code === 'unlisted_code'), `${endpoint} ${c.code}: ${JSON.stringify(report.issues)}`);
    }
  }
  for (const [endpoint, module] of [['shellNums', 'order'], ['joinActivity', 'activity']]) {
    const report = await checkAnswer(endpoint, ...refusal(module, '40001'));
    assert.ok(report.issues.some((i) => i.code === 'unlisted_code'), `${endpoint} 40001 is unlisted`);
  }
});

test('CONTRIBUTING\'s recipe "Adding a business code" names each place and this test', () => {
  assertRecipeNames('\n## Adding a business code\n', ['crates/licensing-core/src/wire/codes.rs', 'BUSINESS_CODES', 'cargo xtask gen',
    'RULES.md', 'businessCodes', 'www/', 'tests/js/business-codes.test.mjs', 'CHANGELOG']);
});

test('the TypeScript union BusinessCode is every code meta lists, once each', async () => {
  const { readFileSync } = await import('node:fs');
  const { createRequire } = await import('node:module');
  const packageJson = createRequire(import.meta.url).resolve('licensing-sdk/package.json');
  const declarations = readFileSync(new URL('index.d.ts', `file://${packageJson}`), 'utf8');
  const union = /export type BusinessCode =([^;]*);/.exec(declarations)?.[1];
  assert.ok(union, 'index.d.ts declares BusinessCode');
  const typed = [...union.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(typed, [...new Set(businessCodes.map((c) => c.code))]);
});
