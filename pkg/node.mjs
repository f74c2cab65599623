// Node ESM entry: reads the wasm from disk synchronously (no fetch of file: URLs).
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import { initSync, createSchemas as wasmSchemas, validate as wasmValidate } from './web/licensing_sdk.js';
import { fastCheck } from './fast-check.js';
import { lazySchemas, withFastPath } from './schemas.cjs';

// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= webcrypto;

initSync({ module: readFileSync(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

export {
  validateJson,
  isAssetNumber,
  assetNumberPartition,
  exampleBody,
  LicensingClient,
} from './web/licensing_sdk.js';

/** Validates a body; a body the generated fast path finds clean skips the wasm. */
export const validate = (endpoint, body, options) =>
  fastCheck(endpoint, body) ? { valid: true, issues: [] } : wasmValidate(endpoint, body, options);

/** Standard Schema v1 objects for these options, the fast path in front. */
export const createSchemas = (options) => withFastPath(wasmSchemas(options), fastCheck);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = lazySchemas(() => createSchemas());
