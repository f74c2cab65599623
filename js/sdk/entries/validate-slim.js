// `licensing-sdk/validate/slim` (pkg/validate-slim.js): `licensing-sdk/validate`
// without the wasm inside. It fetches validate/licensing_sdk_bg.wasm next to
// itself and resolves once it is instantiated (top-level await), as
// `licensing-sdk/slim` does for the full wasm: the embedded text's bytes saved
// (bench/results.md), for pages that can serve a .wasm.
import createGlue from '#built/validate-glue.js';
import { use } from '../src-js/instance.js';
import { fetchModule } from '../../shared/load.js';

export * from '../src-js/validation.js';

// Literally `new URL('./validate/…', import.meta.url)`: webpack 5 and Vite's build copy the file.
const WASM_URL = new URL('./validate/licensing_sdk_bg.wasm', import.meta.url);

use(createGlue, await fetchModule(WASM_URL));
