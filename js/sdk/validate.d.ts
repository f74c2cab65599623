// `licensing-sdk/validate`: the validators of the main entry without the
// client, over the validation-only wasm. The same functions and types as
// `licensing-sdk` (index.d.ts), but `LicensingClient` and `watch`.
export {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, schemas,
  checkMessages,
} from './index.js';
export type * from './index.js';
/** Not in this entry, which has no client: import `LicensingClient` from `licensing-sdk`. */
export type LicensingClient = never;
/** Not in this entry, which has no client to watch: import `watch` from `licensing-sdk`. */
export type watch = never;
