// The generated OpenAPI 3.1 document and JSON Schemas, as the installed package
// ships them (licensing-sdk/openapi.json, licensing-sdk/schemas/<endpoint>.json):
// the document is valid OpenAPI 3.1, and ajv compiled from the schemas gives the
// same verdict as `validate` wherever JSON Schema can carry the rule: on the whole
// benchmark corpus (batchOrder) and on a mutation of every field of every endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import Ajv2020 from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { validate, exampleBody } from 'licensing-sdk';
import { endpoints, shapes } from 'licensing-sdk/meta';
import { agreementCorpus } from '../../bench/generate.mjs';

const require = createRequire(import.meta.url);
const openapi = require('licensing-sdk/openapi.json');
const ENDPOINTS = Object.keys(endpoints);
const schemaOf = (e) => require(`licensing-sdk/schemas/${e}.json`);

// ajv's full strict mode (types on every branch, no unions but with null): the
// schemas' two `x-` keywords declared, as docs/guide/contract.md says.
function newAjv(strict = true) {
  const ajv = new Ajv2020({ allErrors: true, strict });
  ajv.addVocabulary(['x-licensing-profile', 'x-licensing-rules']);
  return ajv;
}

// The rules the schemas cannot carry, by rule (an issue names its rule: a rule
// that shares a code with a carried one, as `required`'s, is still told apart).
function uncarriedRules(rules) {
  return new Set(rules.filter((r) => !r.carried).map((r) => r.rule));
}
const uncarried = uncarriedRules(openapi['x-licensing-rules']);
/** Our verdict on what JSON Schema can say: no error but from uncarried rules. */
const expressibleValid = (report, rules = uncarried) =>
  !report.issues.some((i) => i.severity === 'error' && !rules.has(i.rule));

// The spec profile's variants (licensing-sdk/schemas/spec/).
const specOpenapi = require('licensing-sdk/schemas/spec/openapi.json');
const specSchemaOf = (e) => require(`licensing-sdk/schemas/spec/${e}.json`);
const specUncarried = uncarriedRules(specOpenapi['x-licensing-rules']);
const SPEC = { rules: 'spec' };

test('openapi.json is a valid OpenAPI 3.1 document', async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(openapi));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  assert.equal(validator.version, '3.1');
});

test('openapi.json: every operation with nonce, app key, scopes, bodies and envelopes', () => {
  const operations = [];
  for (const [path, item] of Object.entries(openapi.paths)) {
    for (const [method, op] of Object.entries(item)) operations.push({ path, method, op });
  }
  assert.deepEqual(operations.map((o) => o.op.operationId).sort(), [...ENDPOINTS].sort());
  for (const { path, method, op } of operations) {
    const meta = endpoints[op.operationId];
    assert.equal(path, meta.path, op.operationId);
    assert.equal(method.toUpperCase(), meta.method, op.operationId);
    assert.deepEqual(op.security, [{ appToken: [meta.scope] }], op.operationId);
    const params = op.parameters.map((p) => (p.$ref ? p.$ref.split('/').pop() : p.name));
    assert.ok(params.includes('g_nonce'), op.operationId);
    assert.equal(params.includes('appKey'), meta.appKey, op.operationId);
    for (const q of meta.query) assert.ok(params.includes(q), `${op.operationId} ${q}`);
    if (meta.pathParam) assert.ok(op.parameters.some((p) => p.in === 'path' && p.name === meta.pathParam && p.required));
    assert.equal(Boolean(op.requestBody), meta.method === 'POST', op.operationId);
    const codes = Object.keys(op.responses).sort();
    assert.deepEqual(codes, meta.module === 'order' ? ['200', '299', '401', '403', '5XX'] : ['200', '401', '403', '5XX'], op.operationId);
  }
  assert.deepEqual(openapi.components.securitySchemes.appToken, {
    ...openapi.components.securitySchemes.appToken, type: 'http', scheme: 'bearer',
  });
  for (const name of ['LicenseType', 'OrderType', 'LockStatus', 'AssetRecord', 'OrderError', 'ActivityResult']) {
    assert.ok(openapi.components.schemas[name], name);
  }
});

test('every JSON Schema compiles (ajv strict, 2020-12) and accepts the example body', () => {
  const ajv = newAjv();
  for (const e of ENDPOINTS) {
    const schema = schemaOf(e);
    assert.equal(schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    const check = ajv.compile(schema);
    assert.equal(check(exampleBody(e)), true, `${e}: ${JSON.stringify(check.errors)}`);
    assert.equal(check({}), validate(e, {}).valid, e);
  }
});

test('ajv from the schemas agrees with validate on the benchmark corpus', async () => {
  const check = newAjv().compile(schemaOf('batchOrder'));
  // The same schemas as components of openapi.json (whose other keys, such as
  // `paths`, are no JSON Schema keywords: not strict there).
  const ajv = newAjv(false);
  ajv.addSchema(openapi, 'openapi');
  const fromDocument = ajv.getSchema('openapi#/components/schemas/BatchOrderRequest');
  let total = 0, invalid = 0, uncarriedOnly = 0;
  for await (const item of agreementCorpus({ quick: true })) {
    const body = JSON.parse(JSON.stringify(item.body));
    const report = validate('batchOrder', body);
    const expected = expressibleValid(report);
    total++;
    if (!expected) invalid++;
    if (expected && !report.valid) uncarriedOnly++;
    assert.equal(check(body), expected, `${item.name}: ours ${JSON.stringify(report.issues.slice(0, 3))}, ajv ${JSON.stringify(check.errors?.slice(0, 3))}`);
    assert.equal(fromDocument(body), expected, `${item.name} (openapi.json)`);
  }
  assert.ok(total > 100 && invalid > 50 && uncarriedOnly > 0, `${total} bodies, ${invalid} invalid, ${uncarriedOnly} uncarried only`);
});

// Mutations of every field of every endpoint's example: absent, null, a value
// of each other JSON type, blank, empty; and each element of arrays likewise.
function* mutations(value, path = []) {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* mutations(value[i], [...path, i]);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const key of Object.keys(value)) {
    for (const replacement of [undefined, null, 0, -1, 1.5, '', '  ', 'x', true, [], {}, ['x'], [0]]) {
      yield { path: [...path, key], replacement };
    }
    yield* mutations(value[key], [...path, key]);
  }
}

function apply(body, { path, replacement }) {
  const copy = structuredClone(body);
  let at = copy;
  for (const step of path.slice(0, -1)) at = at[step];
  const last = path[path.length - 1];
  if (replacement === undefined) delete at[last];
  else at[last] = structuredClone(replacement);
  return copy;
}

test('ajv from the schemas agrees with validate on a mutation of every field of every endpoint', () => {
  const ajv = newAjv();
  let count = 0;
  for (const e of ENDPOINTS) {
    const check = ajv.compile(schemaOf(e));
    const example = exampleBody(e);
    for (const m of mutations(example)) {
      const body = apply(example, m);
      const report = validate(e, body);
      assert.equal(check(body), expressibleValid(report),
        `${e} /${m.path.join('/')} = ${JSON.stringify(m.replacement)}: ours ${JSON.stringify(report.issues)}, ajv ${JSON.stringify(check.errors)}`);
      count++;
    }
  }
  assert.ok(count > 1000, `${count} mutations`);
  // The request shapes in meta and the schemas name the same fields.
  for (const e of ENDPOINTS) {
    const shape = shapes[endpoints[e].request];
    assert.deepEqual(Object.keys(schemaOf(e).properties), shape.fields.map((f) => f.name), e);
  }
});

test('the spec variants: valid OpenAPI, and ajv agrees with validate under rules: spec', async () => {
  const result = await new Validator().validate(structuredClone(specOpenapi));
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  assert.equal(specOpenapi.info['x-licensing-profile'], 'spec');
  const ajv = newAjv();
  let count = 0, laxer = 0;
  for (const e of ENDPOINTS) {
    const schema = specSchemaOf(e);
    assert.equal(schema['x-licensing-profile'], 'spec', e);
    const check = ajv.compile(schema);
    const strict = ajv.compile(schemaOf(e));
    const example = exampleBody(e);
    assert.equal(check({}), true, `${e}: nothing is required under spec`);
    for (const m of mutations(example)) {
      const body = apply(example, m);
      const report = validate(e, body, SPEC);
      assert.equal(check(body), expressibleValid(report, specUncarried),
        `${e} /${m.path.join('/')} = ${JSON.stringify(m.replacement)}: ours ${JSON.stringify(report.issues)}, ajv ${JSON.stringify(check.errors)}`);
      if (check(body) && !strict(body)) laxer++;
      count++;
    }
  }
  assert.ok(count > 1000 && laxer > 50, `${count} mutations, ${laxer} accepted only under spec`);
  const check = ajv.compile(specSchemaOf('batchOrder'));
  for await (const item of agreementCorpus({ quick: true })) {
    const body = JSON.parse(JSON.stringify(item.body));
    const report = validate('batchOrder', body, SPEC);
    assert.equal(check(body), expressibleValid(report, specUncarried), `${item.name}: ours ${JSON.stringify(report.issues.slice(0, 3))}, ajv ${JSON.stringify(check.errors?.slice(0, 3))}`);
  }
});

test("licensing-sdk/meta: every shape a request reaches says it is checked as one (side request or both)", () => {
  const reached = new Set();
  const visit = (name) => {
    if (reached.has(name)) return;
    reached.add(name);
    for (const field of shapes[name].fields) {
      for (const kind of [field, field.items]) if (kind?.shape !== undefined) visit(kind.shape);
    }
  };
  for (const endpoint of Object.values(endpoints)) visit(endpoint.request);
  const wrong = [...reached].filter((name) => shapes[name].side === 'answer');
  assert.deepEqual(wrong, [], 'a form builder reading "answer" would take these strictly checked fields as tolerated');
  assert.equal(shapes.AssetExtend.side, 'both', "an asset's extension is a request's item and an answer's");
});
