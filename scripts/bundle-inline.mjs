// Bundles pkg/inline.js: pkg/inline-entry.js with the glue, the fast path and the
// wasm (base64) in one ES module. Run by scripts/build-pkg.sh after the wasm is built.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));
const base64 = readFileSync(`${pkg}web/licensing_sdk_bg.wasm`).toString('base64');
await esbuild.build({
  entryPoints: [`${pkg}inline-entry.js`],
  outfile: `${pkg}inline.js`,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [{
    name: 'wasm-base64',
    setup(build) {
      build.onResolve({ filter: /^licensing-sdk-wasm-base64$/ }, (args) => ({ path: args.path, namespace: 'wasm-base64' }));
      build.onLoad({ filter: /.*/, namespace: 'wasm-base64' }, () => ({ contents: `export const WASM_BASE64 = ${JSON.stringify(base64)};`, loader: 'js' }));
    },
  }],
});
