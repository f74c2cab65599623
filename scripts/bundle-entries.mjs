// Bundles the two browser entries of the package (run by scripts/build-pkg.sh once
// the wasm is built), each ONE ES module so a page needs as few request levels as
// possible:
// - pkg/index.js: scripts/entries/index.js with the glue factory, the fast path and the
//   lazy schemas; it fetches pkg/web/licensing_sdk_bg.wasm itself (minified, with a
//   source map to the readable sources: a page that loads it as is parses less);
// - pkg/inline.js (`licensing-sdk/inline`): scripts/entries/inline.js, the same with the
//   wasm inside as base64 (minified);
// - pkg/testing.mjs (`licensing-sdk/testing` outside Node): scripts/entries/testing.js
//   with the simulator's glue; it fetches pkg/sim/licensing_sim_wasm_bg.wasm on
//   the first createSimulator (readable: testers step through it).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));
// The entries' sources (not shipped): they import the package's modules from pkg/.
const entries = fileURLToPath(new URL('./entries/', import.meta.url));
const common = { bundle: true, format: 'esm', target: 'es2022', legalComments: 'none', logLevel: 'warning' };

await esbuild.build({
  ...common,
  minify: true,
  sourcemap: true,
  entryPoints: [`${entries}index.js`],
  outfile: `${pkg}index.js`,
});

const base64 = readFileSync(`${pkg}web/licensing_sdk_bg.wasm`).toString('base64');
await esbuild.build({
  ...common,
  minify: true,
  entryPoints: [`${entries}inline.js`],
  outfile: `${pkg}inline.js`,
  plugins: [{
    name: 'wasm-base64',
    setup(build) {
      build.onResolve({ filter: /^licensing-sdk-wasm-base64$/ }, (args) => ({ path: args.path, namespace: 'wasm-base64' }));
      build.onLoad({ filter: /.*/, namespace: 'wasm-base64' }, () => ({ contents: `export const WASM_BASE64 = ${JSON.stringify(base64)};`, loader: 'js' }));
    },
  }],
});

await esbuild.build({
  ...common,
  entryPoints: [`${entries}testing.js`],
  outfile: `${pkg}testing.mjs`,
});
