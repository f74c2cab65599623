// The package's API over an instantiated wasm-bindgen glue module (the web or the
// nodejs one). One CommonJS file for every entry: node.cjs requires it, node.mjs
// imports it (Node reads its exports), and the browser entries are bundled with it.
'use strict';

const { fastCheck } = require('./fast-check.cjs');

const ENDPOINTS = ['bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise', 'batchOrder',
  'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity'];

/** The vendor in `~standard.vendor`. */
const VENDOR = 'licensing-sdk';

/**
 * `validateJson` over the wasm's input buffer (src/text_input.rs): the text is
 * written into wasm memory by one TextEncoder.encodeInto instead of wasm-bindgen's
 * per-character copy (5× faster for ASCII text in Node).
 */
function validateJsonWith(glue) {
  const encoder = new TextEncoder();
  const memory = glue.__memory();
  return (endpoint, text, options) => {
    if (typeof text !== 'string') return glue.validateJson(endpoint, text, options);
    // Room for mostly-ASCII text first; every UTF-16 unit takes at most 3 bytes.
    let capacity = text.length + (text.length >> 3) + 16;
    for (;;) {
      const at = glue.__textInput(capacity);
      const { read, written } = encoder.encodeInto(text, new Uint8Array(memory.buffer, at, capacity));
      if (read === text.length) return glue.__validateJsonInput(endpoint, written, options);
      capacity = text.length * 3;
    }
  };
}

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
 * validate } }`, plain JS over `validate` (no closures in the wasm). A value the
 * fast path proves clean is `{ value }` at once; any other is validated with the
 * options and fails on errors only (warnings must not block a form).
 */
function schemasWith(wasmValidate) {
  return (options) => {
    const out = {};
    for (const name of ENDPOINTS) {
      const check = (value) => {
        if (fastCheck(name, value)) return { value };
        const report = wasmValidate(name, value, options);
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

/** The package's exports, for a glue module whose wasm is instantiated. */
function api(glue) {
  const createSchemas = schemasWith(glue.validate);
  return {
    /** Validates a body; a body the generated fast path proves clean skips the wasm. */
    validate: (endpoint, body, options) =>
      fastCheck(endpoint, body) ? { valid: true, issues: [] } : glue.validate(endpoint, body, options),
    validateJson: validateJsonWith(glue),
    isAssetNumber: glue.isAssetNumber,
    assetNumberPartition: glue.assetNumberPartition,
    createSchemas,
    exampleBody: glue.exampleBody,
    LicensingClient: glue.LicensingClient,
    /** Standard Schema v1 objects, one per endpoint (English messages). */
    schemas: lazySchemas(() => createSchemas()),
  };
}

exports.api = api;
exports.pathKeys = pathKeys;
