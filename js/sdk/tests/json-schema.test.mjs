// Standard JSON Schema (`~standard.jsonSchema`, @standard-schema/spec 1.1) on the
// objects of `schemas` / `createSchemas`, from the installed package: every
// endpoint × target × profile compiles in ajv (strict; Ajv2020 for draft-2020-12,
// Ajv for draft-07, ajv-draft-04 for openapi-3.0, whose `nullable` ajv knows) and
// gives the verdict of `validate` on the example body, on every invalid example of
// licensing-sdk/testing and on a mutation of every field, as far as JSON Schema can
// carry the rules (the rules it cannot are listed in x-licensing-rules, as in
// schemas.test.mjs). The default browser entry leaves the data out and says where
// it is; licensing-sdk/json-schema brings it (tested here in Node on the browser file).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import Ajv from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import { Validator } from '@seriousme/openapi-schema-validator';
import { validate, exampleBody, schemas, createSchemas } from 'licensing-sdk';
import * as jsonSchemaEntry from 'licensing-sdk/json-schema';
import { invalidExamples } from 'licensing-sdk/testing';
import { endpoints } from 'licensing-sdk/meta';

const require = createRequire(import.meta.url);
const ENDPOINTS = Object.keys(endpoints);
const TARGETS = {
  'draft-2020-12': () => new Ajv2020({ strict: true, allErrors: true }),
  'draft-07': () => new Ajv({ strict: true, allErrors: true }),
  'openapi-3.0': () => new AjvDraft04({ strict: true, allErrors: true }),
};
const PROFILES = {
  recommended: { schemas: createSchemas(), files: 'schemas', options: undefined },
  spec: { schemas: createSchemas({ rules: 'spec' }), files: 'schemas/spec', options: { rules: 'spec' } },
  // No file of its own: recommended's, with no additional properties.
  strict: { schemas: createSchemas({ rules: 'strict' }), files: 'schemas', options: { rules: 'strict' } },
};

/** The rules the schemas cannot carry (as schemas.test.mjs reads them). */
function uncarriedRules(document) {
  return new Set(document['x-licensing-rules'].filter((r) => !r.carried).map((r) => r.rule));
}
const UNCARRIED = {
  recommended: uncarriedRules(require('licensing-sdk/openapi.json')),
  spec: uncarriedRules(require('licensing-sdk/schemas/spec/openapi.json')),
};
UNCARRIED.strict = new Set([...UNCARRIED.recommended].filter((c) => c !== 'unknown_field'));
/** `validate`'s verdict on what JSON Schema can say: no error but from uncarried rules. */
const expressibleValid = (report, profile) =>
  !report.issues.some((i) => i.severity === 'error' && !UNCARRIED[profile].has(i.rule));

/** Every key of every object in a JSON value, with its path. */
function* keys(value, at = '') {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* keys(value[i], `${at}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield { key: k, value: v, at: `${at}/${k}` };
      yield* keys(v, `${at}/${k}`);
    }
  }
}

// Mutations of every field of the example: absent, null, a value of each JSON
// type, blank, empty; and each element of arrays likewise (as schemas.test.mjs);
// and an unknown field in every object (an error under strict only).
function* mutations(value, at = []) {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* mutations(value[i], [...at, i]);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  yield { at: [...at, 'unknownField'], replacement: 'x' };
  for (const key of Object.keys(value)) {
    for (const replacement of [undefined, null, 0, -1, 1.5, '', '  ', 'x', true, [], {}, ['x'], [0]]) {
      yield { at: [...at, key], replacement };
    }
    yield* mutations(value[key], [...at, key]);
  }
}

function mutate(body, { at, replacement }) {
  const copy = structuredClone(body);
  let node = copy;
  for (const step of at.slice(0, -1)) node = node[step];
  if (replacement === undefined) delete node[at.at(-1)];
  else node[at.at(-1)] = structuredClone(replacement);
  return copy;
}

/** The bodies every check runs on: the example, the invalid examples, the mutations. */
function bodiesOf(endpoint) {
  const example = exampleBody(endpoint);
  return [
    { name: 'exampleBody', body: example },
    ...invalidExamples(endpoint).filter((x) => 'body' in x).map((x) => ({ name: `invalid ${x.code} ${x.path}`, body: x.body })),
    ...[...mutations(example)].map((m) => ({ name: `/${m.at.join('/')} = ${JSON.stringify(m.replacement)}`, body: mutate(example, m) })),
  ];
}

for (const [target, newAjv] of Object.entries(TARGETS)) {
  test(`${target}: every endpoint's schema compiles (ajv strict) and agrees with validate, both profiles`, () => {
    let count = 0, refused = 0, invalidRefused = 0;
    for (const [profile, { schemas: set, options }] of Object.entries(PROFILES)) {
      const ajv = newAjv();
      for (const e of ENDPOINTS) {
        const schema = set[e]['~standard'].jsonSchema.input({ target });
        const check = ajv.compile(schema);
        assert.equal(check(exampleBody(e)), true, `${profile} ${e}: ${JSON.stringify(check.errors)}`);
        for (const { name, body } of bodiesOf(e)) {
          const report = validate(e, body, options);
          const verdict = check(body);
          assert.equal(verdict, expressibleValid(report, profile),
            `${target} ${profile} ${e} ${name}: ours ${JSON.stringify(report.issues)}, ajv ${JSON.stringify(check.errors)}`);
          count++;
          if (!verdict) refused++;
          if (!verdict && name.startsWith('invalid ')) invalidRefused++;
        }
      }
    }
    assert.ok(count > 2000 && refused > 500 && invalidRefused > 50, `${count} bodies, ${refused} refused, ${invalidRefused} invalid examples refused`);
  });
}

/** The schema with every `additionalProperties: false` taken out, and how many there were. */
function lessClosed(schema) {
  let closed = 0;
  const walk = (v) => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const out = {};
    for (const [k, x] of Object.entries(v)) {
      if (k === 'additionalProperties' && x === false) closed++;
      else out[k] = walk(x);
    }
    return out;
  };
  return { schema: walk(schema), closed };
}

test('draft-2020-12 is the committed schema file less $comment, $id and the x-licensing-* keywords (strict: closed)', () => {
  for (const [profile, { schemas: set, files }] of Object.entries(PROFILES)) {
    for (const e of ENDPOINTS) {
      const { $comment, $id, 'x-licensing-profile': p, 'x-licensing-rules': r, ...file } = require(`licensing-sdk/${files}/${e}.json`);
      assert.ok($comment && $id && p === (profile === 'strict' ? 'recommended' : profile) && r, e);
      const { schema, closed } = lessClosed(set[e]['~standard'].jsonSchema.input({ target: 'draft-2020-12' }));
      assert.deepEqual(schema, file, `${profile} ${e}`);
      // Strict closes the body and every request shape in it (the rules' helper schemas stay open).
      const shapes = 1 + Object.values(file.$defs ?? {}).filter((d) => d.properties && !d.anyOf && d.description && !/^A (new_buy|delete_product|package)/.test(d.description)).length;
      assert.equal(closed, profile === 'strict' ? shapes : 0, `${profile} ${e}`);
    }
  }
});

test('every target: no x- keyword, no $id; draft-07 and openapi-3.0 have no 2020-12 construct left', () => {
  for (const { schemas: set } of Object.values(PROFILES)) {
    for (const e of ENDPOINTS) {
      const std = set[e]['~standard'];
      for (const target of Object.keys(TARGETS)) {
        const schema = std.jsonSchema.input({ target });
        assert.deepEqual(std.jsonSchema.output({ target }), schema, 'output is input: no transforms');
        for (const { key, value, at } of keys(schema)) {
          if (at.startsWith('/properties/') && at.split('/').length === 3) continue; // field names
          assert.ok(!key.startsWith('x-') && key !== '$id' && key !== '$comment', `${e} ${target}: ${at}`);
          if (target === 'draft-2020-12') continue;
          assert.notEqual(key, '$defs', `${e} ${target}: ${at}`);
          if (key === '$ref') assert.match(value, /^#\/definitions\/[A-Za-z]+$/, `${e} ${target}: ${at}`);
        }
      }
      assert.equal(std.jsonSchema.input({ target: 'draft-07' }).$schema, 'http://json-schema.org/draft-07/schema#');
      const openapi = std.jsonSchema.input({ target: 'openapi-3.0' });
      assert.equal(openapi.$schema, undefined);
      for (const { key, value, at } of keys(openapi)) {
        if (at.split('/').at(-2) === 'properties' || at.split('/').at(-2) === 'definitions') continue;
        assert.ok(!['const', 'if', 'then', 'else', 'contains', '$schema'].includes(key), `${e}: ${key} at ${at}`);
        if (key === 'type') assert.equal(typeof value, 'string', `${e}: a type array at ${at}`);
        if (key === 'exclusiveMaximum') assert.equal(value, true, at);
      }
      // A Reference Object has no siblings in OpenAPI 3.0 (nor in draft-07, where they are ignored).
      for (const target of ['draft-07', 'openapi-3.0']) {
        for (const { value, at } of keys(std.jsonSchema.input({ target }))) {
          if (value !== null && typeof value === 'object' && '$ref' in value) {
            assert.deepEqual(Object.keys(value), ['$ref'], `${e} ${target}: ${at}`);
          }
        }
      }
    }
  }
  // Nullable fields and references: OpenAPI 3.0's forms.
  const batch = schemas.batchOrder['~standard'].jsonSchema.input({ target: 'openapi-3.0' });
  assert.deepEqual(batch.properties.syncMode.anyOf,
    [{ $ref: '#/definitions/SyncMode' }, { type: 'string', nullable: true, enum: [null] }]);
  assert.equal(batch.definitions.Order.properties.srcLicenseOrderId.nullable, true);
});

test('openapi-3.0: the schemas, with libraryOptions.refPrefix, are valid components of an OpenAPI 3.0 document', async () => {
  for (const [profile, { schemas: set }] of Object.entries(PROFILES)) {
    const components = {};
    for (const e of ENDPOINTS) {
      const { definitions = {}, ...schema } = set[e]['~standard'].jsonSchema.input({
        target: 'openapi-3.0', libraryOptions: { refPrefix: '#/components/schemas/' },
      });
      components[`${e}Request`] = schema;
      Object.assign(components, definitions);
    }
    const document = {
      openapi: '3.0.3',
      info: { title: `licensing-sdk ${profile}`, version: '0.1.0' },
      paths: {},
      components: { schemas: components },
    };
    const validator = new Validator();
    const result = await validator.validate(document);
    assert.equal(validator.version, '3.0');
    assert.equal(result.valid, true, `${profile}: ${JSON.stringify(result.errors, null, 2)}`);
    // Resolved from there (ajv draft-04, strict but for the document's other keys).
    const ajv = new AjvDraft04({ strict: false });
    ajv.addSchema(document, 'doc');
    const check = ajv.getSchema('doc#/components/schemas/batchOrderRequest');
    assert.equal(check(exampleBody('batchOrder')), true, JSON.stringify(check.errors));
    const body = exampleBody('batchOrder');
    body.orderList[0].assets[0].assetNos = ['7000000002'];
    assert.equal(check(body), false, 'no partition: an error under both profiles');
  }
});

test('libraryOptions.refPrefix on the other targets; unknown library options are ignored', () => {
  const std = schemas.batchOrder['~standard'];
  const refs = (schema) => [...keys(schema)].filter((k) => k.key === '$ref').map((k) => k.value);
  const prefixed = std.jsonSchema.input({ target: 'draft-2020-12', libraryOptions: { refPrefix: '#/components/schemas/' } });
  assert.ok(refs(prefixed).length > 10 && refs(prefixed).every((r) => r.startsWith('#/components/schemas/')));
  assert.ok(prefixed.$defs.Order);
  assert.ok(refs(std.jsonSchema.input({ target: 'draft-07', libraryOptions: { refPrefix: '#/x/' } })).every((r) => r.startsWith('#/x/')));
  assert.deepEqual(std.jsonSchema.input({ target: 'draft-07', libraryOptions: { other: 1 } }), std.jsonSchema.input({ target: 'draft-07' }));
  assert.throws(() => std.jsonSchema.input({ target: 'draft-07', libraryOptions: { refPrefix: 1 } }), TypeError);
});

test('an unsupported target throws, as the spec asks', () => {
  const std = schemas.lockAssets['~standard'];
  for (const target of ['draft-04', 'draft-2019-09', 'openapi-3.1', 'DRAFT-07', '', undefined, null, 7]) {
    assert.throws(() => std.jsonSchema.input({ target }), /no JSON Schema for the target/, String(target));
    assert.throws(() => std.jsonSchema.output({ target }), /no JSON Schema for the target/, String(target));
  }
  assert.throws(() => std.jsonSchema.input(), /no JSON Schema for the target/);
  // The profile is `rules` alone (no `strict` alias); an unknown one throws.
  const shell = (options) => createSchemas(options).shellNums['~standard'].jsonSchema.input({ target: 'draft-07' });
  assert.equal(shell({ rules: 'strict' }).additionalProperties, false);
  assert.deepEqual(shell({ strict: true }), shell({}));
  assert.throws(() => shell({ rules: 'lenient' }), /unknown rules profile "lenient"/);
});

test('a fresh object per call, and the locale or touched fields change nothing', () => {
  const std = schemas.shellNums['~standard'];
  const a = std.jsonSchema.input({ target: 'draft-2020-12' });
  a.properties.size.type = 'mutated';
  const b = std.jsonSchema.input({ target: 'draft-2020-12' });
  assert.notEqual(a, b);
  assert.equal(b.properties.size.type, 'integer');
  const other = createSchemas({ locale: 'zh-CN', touched: new Set() }).shellNums['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  assert.deepEqual(other, b);
});

test('licensing-sdk/json-schema in Node: the main entry\'s own objects', () => {
  assert.equal(jsonSchemaEntry.schemas, schemas);
  assert.equal(jsonSchemaEntry.createSchemas, createSchemas);
  const cjs = require('licensing-sdk/json-schema');
  assert.equal(cjs.schemas, require('licensing-sdk').schemas);
});

test('the browser files: the default entry says where the data is; licensing-sdk/json-schema brings it', async () => {
  const dir = path.dirname(require.resolve('licensing-sdk/package.json'));
  const entry = await import(pathToFileURL(path.join(dir, 'index.js')).href);
  const std = entry.schemas.lockAssets['~standard'];
  assert.equal(typeof std.jsonSchema.input, 'function');
  assert.throws(() => std.jsonSchema.input({ target: 'draft-2020-12' }), /import \{ schemas, createSchemas \} from 'licensing-sdk\/json-schema'/);
  const browser = await import(pathToFileURL(path.join(dir, 'json-schema.js')).href);
  const withData = browser.schemas.lockAssets['~standard'];
  assert.deepEqual(withData.jsonSchema.input({ target: 'draft-07' }), schemas.lockAssets['~standard'].jsonSchema.input({ target: 'draft-07' }));
  // The same validate (one instance: the default entry's), and createSchemas' options.
  assert.equal(withData.validate({ assetNums: ['8000000001'], operatorIdentity: 'o' }).issues, undefined);
  assert.deepEqual(withData.validate({ assetNums: ['x'], operatorIdentity: 'o' }).issues.map((i) => i.path), [['assetNums', 0]]);
  const zh = browser.createSchemas({ locale: 'zh-CN', rules: 'spec' }).shellNums['~standard'];
  assert.match(zh.validate({ size: 'x' }).issues[0].message, /[\u4e00-\u9fff]/);
  assert.equal(zh.jsonSchema.input({ target: 'draft-2020-12' }).properties.size.minimum, -9223372036854775808);
  assert.deepEqual(Object.keys(browser.schemas), Object.keys(schemas));
  assert.deepEqual(browser.createSchemas({ rules: 'strict' }).batchOrder['~standard'].jsonSchema.input({ target: 'openapi-3.0' }),
    createSchemas({ rules: 'strict' }).batchOrder['~standard'].jsonSchema.input({ target: 'openapi-3.0' }));
});
