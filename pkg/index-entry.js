// Source of the browser and bundler entry `pkg/index.js`, which scripts/build-pkg.sh
// bundles (esbuild) with the wasm-bindgen glue, the generated fast path and the API
// into ONE module: a page loads it, and that module starts the `.wasm` download as
// it starts (two request levels; importing the pieces as separate modules made
// three, 17 ms more at a first visit). The module resolves once the wasm is
// instantiated (top-level await), so importers use the functions right away.
// Works in windows and module workers. `licensing-sdk/inline` is the same API with
// the wasm inside: one request level.
import init, * as glue from './web/licensing_sdk.js';
import { api } from './api.cjs';

await init({ module_or_path: fetch(new URL('./web/licensing_sdk_bg.wasm', import.meta.url)) });

export const {
  validate, validateJson, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = api(glue);
