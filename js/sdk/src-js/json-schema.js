// Standard JSON Schema (`~standard.jsonSchema`, @standard-schema/spec 1.1) for the
// Standard Schemas of `createSchemas`: the request schemas of contract/schemas/ (as
// js/generated/json-schema-data.js holds them, generated with them) in the target asked for.
// Not in the default browser entry (the data is ~4 KB gzip): Node's entry requires
// this module on the first `input()`/`output()`, workerd's imports it, and browsers
// get it through `licensing-sdk/json-schema` (withJsonSchemas over the entry's
// createSchemas).
import DATA from '../../generated/json-schema-data.js';

/** The targets, and the `$schema` each output names (none in OpenAPI 3.0). */
const DIALECTS = {
  'draft-2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  'openapi-3.0': undefined,
};

/** The keywords whose values are subschemas: one, a map of them, or a list. */
const ONE = ['items', 'contains', 'if', 'then', 'else', 'not', 'additionalProperties'];
const MAP = ['properties', '$defs', 'definitions'];
const LIST = ['anyOf', 'allOf', 'oneOf'];

/**
 * Every keyword the data uses, and every one OpenAPI 3.0's Schema Object has
 * after the conversion (a keyword outside this list makes the openapi-3.0
 * conversion throw rather than hand out a schema it did not check).
 */
const OPENAPI_30 = new Set(['title', 'description', 'type', 'nullable', 'required', 'properties', 'items', 'enum',
  'pattern', 'minimum', 'maximum', 'exclusiveMaximum', 'minItems', 'maxItems', 'anyOf', 'allOf', 'oneOf', 'not',
  'additionalProperties', '$ref']);

/** `schema` with `f` applied to it and to every subschema in it, innermost first. */
function mapSchemas(schema, f) {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out = { ...schema };
  for (const k of ONE) if (k in out) out[k] = mapSchemas(out[k], f);
  for (const k of MAP) {
    if (k in out) out[k] = Object.fromEntries(Object.entries(out[k]).map(([name, s]) => [name, mapSchemas(s, f)]));
  }
  for (const k of LIST) if (k in out) out[k] = out[k].map((s) => mapSchemas(s, f));
  return f(out);
}

/**
 * The definitions under `key` (`definitions` before 2019-09) and every `$ref` to
 * them written `prefix` + name; a `$ref` with other keywords beside it moves
 * into `allOf` (before 2019-09 a `$ref`'s siblings are ignored; in OpenAPI 3.0 a
 * Reference Object has none).
 */
function moveDefinitions(schema, key, prefix, siblingsIgnored) {
  const out = mapSchemas(schema, (s) => {
    if (typeof s.$ref !== 'string') return s;
    const ref = s.$ref.replace(/^#\/\$defs\//, prefix);
    const { $ref, ...siblings } = s;
    if (!siblingsIgnored || Object.keys(siblings).length === 0) return { ...s, $ref: ref };
    return { ...siblings, allOf: [...(siblings.allOf ?? []), { $ref: ref }] };
  });
  if (out.$defs !== undefined && key !== '$defs') {
    const { $defs, ...rest } = out;
    return { ...rest, [key]: $defs };
  }
  return out;
}

/** One schema node in OpenAPI 3.0's Schema Object (a JSON Schema draft-04 dialect). */
function openApiNode(s) {
  const out = { ...s };
  const extra = []; // what goes into allOf beside the node's own
  if (Array.isArray(out.type)) {
    const types = out.type.filter((t) => t !== 'null');
    if (types.length !== 1) throw new Error(`licensing-sdk: type ${JSON.stringify(out.type)} has no OpenAPI 3.0 form`);
    out.type = types[0];
    if (types.length < s.type.length) out.nullable = true;
  } else if (out.type === 'null') {
    // null alone: OpenAPI 3.0 has no null type; `nullable` needs a type (3.0.3), and
    // the enum then admits only null.
    out.type = 'string';
    out.nullable = true;
    out.enum = [null];
  }
  if ('const' in out) {
    out.enum = [out.const];
    delete out.const;
  }
  if (typeof out.exclusiveMaximum === 'number') {
    out.maximum = out.exclusiveMaximum;
    out.exclusiveMaximum = true;
  }
  if ('contains' in out) {
    // Some item matches ⇔ not every item fails.
    extra.push({ not: { type: 'array', items: { not: out.contains } } });
    delete out.contains;
  }
  if ('if' in out) {
    // if A then B else C ⇔ (A and B) or (not A and C); with no else, (not A) or B.
    const { if: a, then: b, else: c } = out;
    extra.push(c === undefined ? { anyOf: [{ not: a }, b ?? {}] }
      : { anyOf: [{ allOf: [a, b ?? {}] }, { allOf: [{ not: a }, c] }] });
    delete out.if;
    delete out.then;
    delete out.else;
  }
  if (extra.length) out.allOf = [...(out.allOf ?? []), ...extra];
  for (const k of Object.keys(out)) {
    if (!OPENAPI_30.has(k)) throw new Error(`licensing-sdk: the keyword ${k} has no OpenAPI 3.0 form`);
  }
  return out;
}

/** The `rules` profile of createSchemas' options, as `validate` reads it. */
function profileOf(options) {
  const rules = options?.rules ?? 'recommended';
  if (rules === 'recommended' || rules === 'spec' || rules === 'strict') return rules;
  throw new TypeError(`licensing-sdk: unknown rules profile ${JSON.stringify(rules)}`);
}

/**
 * `~standard.jsonSchema.input(options)` (and `output`, the same: no transforms) of
 * `endpoint`'s schema made by `createSchemas(schemaOptions)`: a fresh object per
 * call. `options.target`: `draft-2020-12` (as contract/schemas/), `draft-07`
 * (`definitions`), `openapi-3.0` (`nullable`, no `$schema`, `definitions`); any
 * other target throws, as the spec asks. `options.libraryOptions.refPrefix`: what
 * the `$ref`s start with instead of `#/$defs/` or `#/definitions/` (say
 * `#/components/schemas/`, once the definitions are moved there).
 */
function jsonSchema(endpoint, schemaOptions, options) {
  const target = options?.target;
  if (typeof target !== 'string' || !Object.hasOwn(DIALECTS, target)) {
    throw new TypeError(`licensing-sdk: no JSON Schema for the target ${JSON.stringify(target)}: `
      + "'draft-2020-12', 'draft-07' or 'openapi-3.0'");
  }
  const text = DATA[profileOf(schemaOptions)][endpoint];
  const refPrefix = options.libraryOptions?.refPrefix;
  if (refPrefix !== undefined && typeof refPrefix !== 'string') {
    throw new TypeError('licensing-sdk: libraryOptions.refPrefix must be a string');
  }
  let schema = JSON.parse(text);
  if (target === 'draft-2020-12') return refPrefix === undefined ? schema : moveDefinitions(schema, '$defs', refPrefix, false);
  schema = moveDefinitions(schema, 'definitions', refPrefix ?? '#/definitions/', true);
  if (target === 'draft-07') return { ...schema, $schema: DIALECTS[target] };
  const { $schema, definitions, ...rest } = schema;
  const out = mapSchemas(rest, openApiNode);
  if (definitions !== undefined) {
    out.definitions = Object.fromEntries(Object.entries(definitions).map(([name, s]) => [name, mapSchemas(s, openApiNode)]));
  }
  return out;
}

/**
 * `createSchemas` whose objects carry `~standard.jsonSchema` over `createSchemas`
 * of an entry: the same `validate`, and `schemas` made on first use. For the
 * entries that leave the data out (`licensing-sdk/json-schema` in browsers).
 */
function withJsonSchemas(baseCreate) {
  const create = (options) => {
    const base = baseCreate(options);
    const out = {};
    for (const [name, schema] of Object.entries(base)) {
      const convert = (o) => jsonSchema(name, options, o);
      out[name] = { '~standard': { ...schema['~standard'], jsonSchema: { input: convert, output: convert } } };
    }
    return out;
  };
  let all;
  const schemas = {};
  for (const name of Object.keys(DATA.recommended)) {
    Object.defineProperty(schemas, name, { enumerable: true, get: () => (all ??= create())[name] });
  }
  return { createSchemas: create, schemas: Object.freeze(schemas) };
}

export { jsonSchema, withJsonSchemas };
