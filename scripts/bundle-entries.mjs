// Bundles the browser entries of the package (run by scripts/build-pkg.sh once
// the wasm is built), each ONE ES module so a page needs as few request levels
// as possible:
// - pkg/wasm-hex.cjs: the wasm in hexadecimal, shared by the default browser
//   entry (bundled into it) and the Node entry (required);
// - pkg/sim-hex.cjs: the simulator's wasm in hexadecimal, which testing.cjs
//   (`licensing-sdk/testing` in Node) requires on the first createSimulator:
//   a bundle of a test (esbuild --platform=node) carries the bytes along
//   instead of reading a path next to a file it moved;
// - pkg/index.js (the default browser and bundler entry): scripts/entries/index.js
//   with the glue factory, the fast path, the lazy schemas and the wasm inside;
//   no top-level await, no URL (minified, with a source map); the glue and the
//   wasm are made by the first call that needs them (see the entry);
// - pkg/slim.js (`licensing-sdk/slim`): scripts/entries/slim.js, the same without
//   the wasm: it fetches pkg/web/licensing_sdk_bg.wasm (minified, source map);
//   in both, the pkg/*.cjs files are bundled as ES modules (cjsAsEsm, below);
// - pkg/testing.mjs (`licensing-sdk/testing` outside Node): scripts/entries/testing.js
//   with the simulator's glue; it fetches pkg/sim/licensing_sim_wasm_bg.wasm on
//   the first createSimulator (readable: testers step through it).
// - pkg/meta.mjs (`licensing-sdk/meta` for `import`): scripts/entries/meta.js:
//   the data of pkg/meta.cjs as an ES module (readable, like testing.mjs);
//   pkg/query.mjs (`licensing-sdk/query`) likewise from pkg/query.cjs.
// - pkg/json-schema.js (`licensing-sdk/json-schema` outside Node and workerd):
//   scripts/entries/json-schema.js with the JSON Schemas and their converter; it
//   imports `./index.js`, the default entry, left as a module of its own (readable).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const pkg = fileURLToPath(new URL('../pkg/', import.meta.url));
// The entries' sources (not shipped): they import the package's modules from pkg/.
const entries = fileURLToPath(new URL('./entries/', import.meta.url));
export const common = {
  bundle: true, format: 'esm', target: 'es2022', legalComments: 'none', logLevel: 'warning',
};

/**
 * The package's CommonJS files (pkg/*.cjs) bundled as ES modules: esbuild would
 * wrap each in a function (its __commonJS), which V8 compiles lazily, on the
 * main thread, when the module first runs: the whole file, at import. As ES
 * modules their top-level code is the bundle's own, compiled while the module
 * streams in, off the main thread. Each `const x = require('./y.cjs');` (on a
 * line of its own: any other require is refused) becomes an import,
 * `module.exports` the default export, and `exports.NAME = …` and
 * `module.exports = { a, b }` named exports (read once the file has run).
 */
export const cjsAsEsm = {
  name: 'cjs-as-esm',
  setup(build) {
    build.onLoad({ filter: /\.cjs$/ }, (args) => {
      let source = readFileSync(args.path, 'utf8');
      const imports = [];
      source = source.replace(/^((?:const|let|var) [^=\n]+= )require\('(\.\/[\w.-]+\.cjs)'\);$/gm, (_, lhs, spec) => {
        imports.push(`import __cjs${imports.length} from ${JSON.stringify(spec)};`);
        return `${lhs}__cjs${imports.length - 1};`;
      });
      // (A top-level `this`, undefined in a module, esbuild reports as a warning.)
      if (/\brequire\s*\(/.test(source.replace(/^\s*(\/\/|\*).*$/gm, ''))) {
        throw new Error(`${args.path}: a require() other than a top-level \`const x = require('./y.cjs');\`: cjsAsEsm cannot carry it`);
      }
      const names = new Set([...source.matchAll(/^exports\.([A-Za-z_$][\w$]*)\s*=/gm)].map((m) => m[1]));
      const whole = /^module\.exports = \{([^}]*)\};$/m.exec(source);
      if (whole) for (const n of whole[1].split(',')) if (n.trim()) names.add(n.trim());
      for (const n of names) if (!/^[A-Za-z_$][\w$]*$/.test(n)) throw new Error(`${args.path}: module.exports = { ${whole[1]} } is not a list of names`);
      const named = [...names].map((n, i) => `const __cjsx${i} = module.exports.${n};\nexport { __cjsx${i} as ${n} };`);
      return {
        // The prelude on the file's first line: the source map's lines stay the file's.
        contents: [`var module = { exports: {} }, exports = module.exports; ${source}`, ...imports, ...named, 'export default module.exports;', ''].join('\n'),
        loader: 'js',
      };
    });
  },
};

/** The build of pkg/index.js (bench/cold-probe-build.mjs, at commit 253d274, built variants of it). */
export const defaultEntry = (source = `${entries}index.js`, outfile = `${pkg}index.js`) => ({
  ...common,
  minify: true,
  sourcemap: true,
  entryPoints: [source],
  outfile,
  plugins: [cjsAsEsm],
});

async function main() {
  // Hexadecimal, not base64: gzip finds the wasm's repeats only where they stay
  // byte-aligned, and base64 cuts the bytes into 6-bit digits, so the same bytes
  // at another offset read as other text. The 137 KB wasm gzips to 62 KB, its
  // base64 to 80 KB, its hexadecimal to 68 KB; engines decode both natively
  // (Uint8Array.fromBase64 / fromHex). docs/benchmarks.md, "Cold start".
  const hex = readFileSync(`${pkg}web/licensing_sdk_bg.wasm`).toString('hex');
  writeFileSync(`${pkg}wasm-hex.cjs`, `// @generated by scripts/bundle-entries.mjs: web/licensing_sdk_bg.wasm in hexadecimal.
'use strict';
module.exports = ${JSON.stringify(hex)};
`);
  const simHex = readFileSync(`${pkg}sim/licensing_sim_wasm_bg.wasm`).toString('hex');
  writeFileSync(`${pkg}sim-hex.cjs`, `// @generated by scripts/bundle-entries.mjs: sim/licensing_sim_wasm_bg.wasm in hexadecimal.
'use strict';
module.exports = ${JSON.stringify(simHex)};
`);

  await esbuild.build(defaultEntry());

  await esbuild.build({
    ...common,
    minify: true,
    sourcemap: true,
    entryPoints: [`${entries}slim.js`],
    outfile: `${pkg}slim.js`,
    plugins: [cjsAsEsm],
  });

  await esbuild.build({
    ...common,
    entryPoints: [`${entries}testing.js`],
    outfile: `${pkg}testing.mjs`,
  });

  await esbuild.build({
    ...common,
    entryPoints: [`${entries}meta.js`],
    outfile: `${pkg}meta.mjs`,
    banner: { js: '// licensing-sdk/meta as an ES module: pkg/meta.cjs bundled by scripts/bundle-entries.mjs (see meta.d.ts).' },
  });

  await esbuild.build({
    ...common,
    entryPoints: [`${entries}query.js`],
    outfile: `${pkg}query.mjs`,
    banner: { js: '// licensing-sdk/query as an ES module: pkg/query.cjs bundled by scripts/bundle-entries.mjs (see query.d.ts).' },
  });

  await esbuild.build({
    ...common,
    entryPoints: [`${entries}json-schema.js`],
    outfile: `${pkg}json-schema.js`,
    // The default entry as the page has it: the same module, not a copy.
    plugins: [{
      name: 'default-entry-external',
      setup(build) {
        build.onResolve({ filter: /^\.\/index\.js$/ }, () => ({ path: './index.js', external: true }));
      },
    }],
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
