// Source of the browser and bundler entry `pkg/index.js`, which scripts/build-pkg.sh
// bundles (esbuild) with the glue factory, the generated fast path and the API
// into ONE module: a page loads it, and the module starts compiling the `.wasm`
// (streaming, as it downloads) as the first thing it does (two request levels;
// importing the pieces as separate modules made three). The module resolves
// once the wasm is compiled and instantiated (top-level await), so importers
// use the functions right away. Works in windows and module workers.
// `licensing-sdk/inline` is the same API with the wasm inside: one request level.
import createGlue from '../../pkg/glue.cjs';
import { api } from '../../pkg/api.cjs';

// Relative to the bundle, pkg/index.js (esbuild leaves it as written). Literally
// `new URL('./web/…', import.meta.url)`: webpack 5 and Vite copy the file.
const WASM_URL = new URL('./web/licensing_sdk_bg.wasm', import.meta.url);

async function compile() {
  try {
    return await WebAssembly.compileStreaming(fetch(WASM_URL));
  } catch {
    // A server that does not send `application/wasm`: compile from the bytes.
    return WebAssembly.compile(await (await fetch(WASM_URL)).arrayBuffer());
  }
}

export const {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = api(createGlue, await compile());
