// Node ESM entry: reads the wasm from disk synchronously (no fetch of file: URLs).
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { initSync, createSchemas } from './web/licensing_sdk.js';

// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= webcrypto;

initSync({ module: readFileSync(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

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
