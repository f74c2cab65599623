// The Standard Schema v1 objects the entries export (`schemas`, `createSchemas`).
// One CommonJS file for every entry: node.cjs requires it, node.mjs imports it
// (Node reads its exports), and the browser entries are bundled with it.
//
// Plain JavaScript over `validate`: a Standard Schema is data and a callback, so
// building it in JS keeps closures and path parsing out of the wasm.
'use strict';

const ENDPOINTS = ['bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise', 'batchOrder',
  'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity'];

/** The vendor in `~standard.vendor`. */
const VENDOR = 'licensing-sdk';

/** A JSON Pointer (RFC 6901) as Standard Schema path keys, array indices as numbers. */
function pathKeys(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((segment) => {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^(0|[1-9][0-9]{0,8})$/.test(key) ? Number(key) : key;
  });
}

/**
 * `createSchemas(options)`: for each endpoint, `{ '~standard': { version: 1, vendor,
 * validate } }`. A value the generated fast path proves clean is `{ value }` at
 * once; any other is validated (with the options) and fails on errors only
 * (warnings must not block a form).
 */
function schemasWith(validate, fastCheck) {
  return (options) => {
    const out = {};
    for (const name of ENDPOINTS) {
      const check = (value) => {
        if (fastCheck(name, value)) return { value };
        const report = validate(name, value, options);
        if (report.valid) return { value };
        const issues = report.issues
          .filter((issue) => issue.severity === 'error')
          .map((issue) => ({ message: issue.message, path: pathKeys(issue.path), code: issue.code }));
        return { issues };
      };
      out[name] = { '~standard': { version: 1, vendor: VENDOR, validate: check } };
    }
    return out;
  };
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

exports.schemasWith = schemasWith;
exports.lazySchemas = lazySchemas;
exports.pathKeys = pathKeys;
