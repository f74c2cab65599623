// Node ESM entry: the CommonJS entry's exports, so a process that imports the
// package both ways gets one instance and one `LicensingClient` class.
import sdk from './node.cjs';

export const {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = sdk;
