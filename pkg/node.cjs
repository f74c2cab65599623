// Node CommonJS entry: wasm-bindgen's nodejs build loads its wasm synchronously.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const sdk = require('./node/licensing_sdk.js');
const { fastCheck } = require('./fast-check.cjs');
const { lazySchemas, schemasWith } = require('./schemas.cjs');
const { validateJsonWith } = require('./text-input.cjs');

const createSchemas = schemasWith(sdk.validate, fastCheck);

module.exports = {
  /** Validates a body; a body the generated fast path finds clean skips the wasm. */
  validate: (endpoint, body, options) =>
    fastCheck(endpoint, body) ? { valid: true, issues: [] } : sdk.validate(endpoint, body, options),
  validateJson: validateJsonWith(sdk),
  isAssetNumber: sdk.isAssetNumber,
  assetNumberPartition: sdk.assetNumberPartition,
  createSchemas,
  exampleBody: sdk.exampleBody,
  LicensingClient: sdk.LicensingClient,
  /** Standard Schema v1 objects, one per endpoint (English messages). */
  schemas: lazySchemas(() => createSchemas()),
};
