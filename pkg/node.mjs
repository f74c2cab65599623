// Node ESM entry: reads the wasm from disk synchronously (no fetch of file: URLs).
import { readFileSync } from 'node:fs';
import { webcrypto } from 'node:crypto';
import * as glue from './web/licensing_sdk.js';
import { fastCheck } from './fast-check.js';
import { lazySchemas, schemasWith } from './schemas.cjs';
import { validateJsonWith } from './text-input.cjs';

// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= webcrypto;

glue.initSync({ module: readFileSync(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

export {
  isAssetNumber,
  assetNumberPartition,
  exampleBody,
  LicensingClient,
} from './web/licensing_sdk.js';

/** Validates JSON text (written into wasm memory by one `encodeInto`). */
export const validateJson = validateJsonWith(glue);

/** Validates a body; a body the generated fast path finds clean skips the wasm. */
export const validate = (endpoint, body, options) =>
  fastCheck(endpoint, body) ? { valid: true, issues: [] } : glue.validate(endpoint, body, options);

/** Standard Schema v1 objects for these options (locale, strict). */
export const createSchemas = schemasWith(glue.validate, fastCheck);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = lazySchemas(() => createSchemas());
