// Node CommonJS entry: wasm-bindgen's nodejs build loads its wasm synchronously.
'use strict';
const sdk = require('./node/licensing_sdk.js');

module.exports = {
  validate: sdk.validate,
  validateJson: sdk.validateJson,
  isAssetNumber: sdk.isAssetNumber,
  assetNumberPartition: sdk.assetNumberPartition,
  createSchemas: sdk.createSchemas,
  exampleBody: sdk.exampleBody,
  /** Standard Schema v1 objects, one per endpoint (English messages). */
  schemas: sdk.createSchemas(),
};
