// The OpenAPI document's path and query parameters refuse what `validate`
// refuses and accept what it accepts: a parameter's schema once lost its
// format's pattern to the non-blank one, and the document took `..` as
// `enterpriseGlobalId` (a call to another address).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { exampleBody, validate } from 'licensing-sdk';

const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default;

const VALUES = ['', ' ', '\u3000', '.', '..', '...', '%2e', '%2E%2e', '%2f', '.%20', 'EG0001', 'x', 'a/b'];

for (const profile of ['', 'spec/']) {
  test(`${profile || 'recommended '}openapi.json: every string parameter agrees with validate`, () => {
    const doc = require(profile === '' ? 'licensing-sdk/openapi.json' : 'licensing-sdk/schemas/spec/openapi.json');
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const rules = profile === 'spec/' ? 'spec' : 'recommended';
    let checked = 0;
    for (const operations of Object.values(doc.paths)) {
      for (const op of Object.values(operations)) {
        for (const parameter of op.parameters ?? []) {
          if (parameter.schema?.type !== 'string') continue;
          const check = ajv.compile({ components: doc.components, ...parameter.schema });
          for (const value of VALUES) {
            const body = { ...exampleBody(op.operationId), [parameter.name]: value };
            const refused = validate(op.operationId, body, { rules }).issues
              .some((i) => i.path === `/${parameter.name}` && i.severity === 'error');
            // A path segment is never empty (an empty one is another path).
            const expected = refused || (parameter.in === 'path' && value === '');
            assert.equal(!check(value), expected, `${op.operationId} ${parameter.in} ${parameter.name} = ${JSON.stringify(value)}`);
            checked += 1;
          }
        }
      }
    }
    assert.ok(checked > 0);
  });
}
