// Browser and bundler entry. The wasm download starts at once, beside the JS
// modules' (one request level fewer than importing the glue first), and the
// module resolves once the wasm is instantiated (top-level await), so importers
// use the functions right away. Works in windows and module workers.
// `licensing-sdk/inline` is the same API in one file, the wasm inside.
const wasm = fetch(new URL('./web/licensing_sdk_bg.wasm', import.meta.url));
const [glue, { fastCheck }, { lazySchemas }] = await Promise.all([
  import('./web/licensing_sdk.js'),
  import('./fast-check.js'),
  import('./lazy-schemas.js'),
]);
await glue.default({ module_or_path: wasm });

export const { validateJson, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient } = glue;

/** Validates a body; a body the generated fast path finds clean skips the wasm. */
export const validate = (endpoint, body, options) =>
  fastCheck(endpoint, body) ? { valid: true, issues: [] } : glue.validate(endpoint, body, options);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = lazySchemas(createSchemas);
