// `licensing-sdk` for browsers and bundlers (pkg/index.js): scripts/build-js.mjs
// bundles it (esbuild) with the glue factory, the
// generated fast path, the API and the wasm itself (as printable text: src/printable.js) into ONE module
// with no top-level await and no URL to resolve: it loads as is in every
// bundler (Vite 6-8 build and dev, Vite's iife workers, webpack, Next.js,
// esbuild, Rollup), page, worker and Service Worker, with one request. The
// functions are ready on import; the wasm inside is decoded, compiled and
// instantiated synchronously by the first call that needs it (a body the fast
// path proves clean needs none), so the import itself does not wait for it
// (bench/results.md, "Cold start"). A page whose CSP forbids WebAssembly still
// fails at import.
// `licensing-sdk/slim` (slim.js) fetches the .wasm instead: fewer bytes.
import createGlue from '#built/glue.js';
import { use } from '../src-js/instance.js';
import { readReport } from '../src-js/report-text.js';
import { checkWasmAllowed, compileEmbedded } from '../../shared/load.js';
export * from '../src-js/api.js';
// Last, so that the JavaScript is one stretch before it (gzip finds more in it).
import WASM_TEXT from '#built/wasm-printable.js';

checkWasmAllowed();

use(createGlue, () => compileEmbedded(WASM_TEXT), undefined, readReport);
