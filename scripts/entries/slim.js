// Source of `licensing-sdk/slim` (pkg/slim.js, bundled by scripts/bundle-entries.mjs):
// the API without the wasm inside. It fetches web/licensing_sdk_bg.wasm next to
// itself (streaming compile while it downloads; ~20 % fewer bytes than the
// default entry) and resolves once it is instantiated (top-level await). For
// pages that serve the .wasm themselves (application/wasm, a preload hint):
// see the package's README, "Loading the wasm". The default entry needs none of that.
import createGlue from '../../pkg/glue.cjs';
import { api } from '../../pkg/api.cjs';
import { fetchModule } from './load.js';

// Relative to the bundle, pkg/slim.js (esbuild leaves it as written). Literally
// `new URL('./web/…', import.meta.url)`: webpack 5 and Vite's build copy the file.
const WASM_URL = new URL('./web/licensing_sdk_bg.wasm', import.meta.url);

export const {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = api(createGlue, await fetchModule(WASM_URL));
