// `licensing-sdk/slim` (pkg/slim.js, bundled by scripts/build-js.mjs):
// the API without the wasm inside. It fetches web/licensing_sdk_bg.wasm next to
// itself (streaming compile while it downloads; ~20 % fewer bytes than the
// default entry) and resolves once it is instantiated (top-level await). For
// pages that serve the .wasm themselves (application/wasm, a preload hint):
// see the package's README, "Loading the wasm". The default entry needs none of that.
import createGlue from '#built/glue.js';
import { use } from '../src-js/instance.js';
import { readReport } from '../src-js/report-text.js';
import { fetchModule } from '../../shared/load.js';

export * from '../src-js/api.js';

// Relative to the built module, pkg/slim.js (esbuild leaves it as written). Literally
// `new URL('./web/…', import.meta.url)`: webpack 5 and Vite's build copy the file.
const WASM_URL = new URL('./web/licensing_sdk_bg.wasm', import.meta.url);

use(createGlue, await fetchModule(WASM_URL), undefined, readReport);
