// Browser and bundler entry: instantiates the wasm once (top-level await), so
// importers use the functions right away. Works in windows and module workers.
import init, { createSchemas, validate as wasmValidate } from './web/licensing_sdk.js';
import { fastCheck } from './fast-check.js';

await init({ module_or_path: new URL('./web/licensing_sdk_bg.wasm', import.meta.url) });

export {
  validateJson,
  isAssetNumber,
  assetNumberPartition,
  createSchemas,
  exampleBody,
  LicensingClient,
} from './web/licensing_sdk.js';

/** Validates a body; a body the generated fast path finds clean skips the wasm. */
export const validate = (endpoint, body, options) =>
  fastCheck(endpoint, body) ? { valid: true, issues: [] } : wasmValidate(endpoint, body, options);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = createSchemas();
