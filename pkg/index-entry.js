// Source of the browser and bundler entry `pkg/index.js`, which scripts/build-pkg.sh
// bundles (esbuild) with the wasm-bindgen glue, the generated fast path and the lazy
// schemas into ONE module: a page loads it, and that module starts the `.wasm`
// download as it starts (two request levels; importing the pieces as separate
// modules made three, 17 ms more at a first visit). The module resolves once the
// wasm is instantiated (top-level await), so importers use the functions right
// away. Works in windows and module workers. `licensing-sdk/inline` is the same API
// with the wasm inside: one request level.
import init, * as glue from './web/licensing_sdk.js';
import { fastCheck } from './fast-check.js';
import { lazySchemas, schemasWith } from './schemas.cjs';
import { validateJsonWith } from './text-input.cjs';

await init({ module_or_path: fetch(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

export { isAssetNumber, assetNumberPartition, exampleBody, LicensingClient } from './web/licensing_sdk.js';

/** Validates JSON text (written into wasm memory by one `encodeInto`). */
export const validateJson = validateJsonWith(glue);

/** Validates a body; a body the generated fast path finds clean skips the wasm. */
export const validate = (endpoint, body, options) =>
  fastCheck(endpoint, body) ? { valid: true, issues: [] } : glue.validate(endpoint, body, options);

/** Standard Schema v1 objects for these options (locale, strict). */
export const createSchemas = schemasWith(glue.validate, fastCheck);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = lazySchemas(() => createSchemas());
