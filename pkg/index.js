// Browser and bundler entry: instantiates the wasm once (top-level await), so
// importers use the functions right away. Works in windows and module workers.
import init, { createSchemas } from './web/licensing_sdk.js';

await init({ module_or_path: new URL('./web/licensing_sdk_bg.wasm', import.meta.url) });

export {
  validate,
  validateJson,
  isAssetNumber,
  assetNumberPartition,
  createSchemas,
  exampleBody,
  LicensingClient,
} from './web/licensing_sdk.js';

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = createSchemas();
