// Node CommonJS entry: wasm-bindgen's nodejs build loads its wasm synchronously.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const sdk = require('./node/licensing_sdk.js');
const { fastCheck } = require('./fast-check.cjs');

module.exports = {
  /** Validates a body; a body the generated fast path finds clean skips the wasm. */
  validate: (endpoint, body, options) =>
    fastCheck(endpoint, body) ? { valid: true, issues: [] } : sdk.validate(endpoint, body, options),
  validateJson: sdk.validateJson,
  isAssetNumber: sdk.isAssetNumber,
  assetNumberPartition: sdk.assetNumberPartition,
  createSchemas: sdk.createSchemas,
  exampleBody: sdk.exampleBody,
  LicensingClient: sdk.LicensingClient,
  /** Standard Schema v1 objects, one per endpoint (English messages). */
  schemas: lazySchemas(sdk.createSchemas),
};

// lazy-schemas.js for CommonJS (Node 18 cannot require an ES module).
function lazySchemas(create) {
  let all;
  const out = {};
  for (const name of ['bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise', 'batchOrder',
    'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity']) {
    Object.defineProperty(out, name, { enumerable: true, get: () => (all ??= create())[name] });
  }
  return Object.freeze(out);
}
