// Node CommonJS entry: wasm-bindgen's nodejs build loads its wasm synchronously.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const sdk = require('./node/licensing_sdk.js');

module.exports = {
  validate: sdk.validate,
  validateJson: sdk.validateJson,
  isAssetNumber: sdk.isAssetNumber,
  assetNumberPartition: sdk.assetNumberPartition,
  createSchemas: sdk.createSchemas,
  exampleBody: sdk.exampleBody,
  LicensingClient: sdk.LicensingClient,
  /** Standard Schema v1 objects, one per endpoint (English messages). */
  schemas: sdk.createSchemas(),
};
