// The Standard Schema objects the entries export. One CommonJS file for every
// entry: node.cjs requires it, node.mjs imports it (Node reads its exports), and
// the browser entries are bundled with it.
'use strict';

const ENDPOINTS = ['bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise', 'batchOrder',
  'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity'];

/**
 * The wasm's Standard Schemas with the generated fast path in front: a value it
 * proves clean is `{ value }` at once (as the wasm would answer it), any other goes
 * to the wasm's `validate`.
 */
function withFastPath(schemas, fastCheck) {
  const out = {};
  for (const name of ENDPOINTS) {
    const std = schemas[name]['~standard'];
    const validate = (value) => (fastCheck(name, value) ? { value } : std.validate(value));
    out[name] = { '~standard': { version: std.version, vendor: std.vendor, validate } };
  }
  return out;
}

/**
 * `schemas`: the ten made by `create()` on first use rather than at import
 * (making them costs a few ms of every page's start-up).
 */
function lazySchemas(create) {
  let all;
  const out = {};
  for (const name of ENDPOINTS) {
    Object.defineProperty(out, name, { enumerable: true, get: () => (all ??= create())[name] });
  }
  return Object.freeze(out);
}

exports.withFastPath = withFastPath;
exports.lazySchemas = lazySchemas;
