// Builds the variants of the default entry (pkg/index.js) that bench/cold-probe.mjs
// and bench/cold-probe-trace.mjs compare, into target/tmp/cold-variants/ (served as
// /target/tmp/cold-variants/NAME.js): the entry as committed at HEAD, as in the
// working tree (scripts/entries/index.js, built as scripts/bundle-entries.mjs builds
// it), and the working one changed one way each; plus baselines.
//   node bench/cold-probe-build.mjs [NAME ...]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { defaultEntry } from '../scripts/bundle-entries.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = `${ROOT}target/tmp/cold-variants/`;
const SRC = `${OUT}src/`;
mkdirSync(SRC, { recursive: true });
const P = `${ROOT}pkg/`;
const mark = (name) => `performance.mark(${JSON.stringify(name)});`;

/** An entry's source with its relative imports made absolute (it is built from SRC). */
const absolute = (source, loadJs) => source.replaceAll("'../../pkg/", `'${P}`).replaceAll("'./load.js'", `'${loadJs}'`);
const workEntry = absolute(readFileSync(`${ROOT}scripts/entries/index.js`, 'utf8'), `${ROOT}scripts/entries/load.js`);
const git = (path) => execFileSync('git', ['show', `HEAD:${path}`], { cwd: ROOT, encoding: 'utf8' });
writeFileSync(`${SRC}head-load.js`, git('scripts/entries/load.js'));
const headEntry = absolute(git('scripts/entries/index.js'), `${SRC}head-load.js`);
writeFileSync(`${SRC}mark-top.js`, `${mark('top')}\n`);
const HINT = '//# allFunctionsCalledOnLoad';
const WASM = readFileSync(`${P}web/licensing_sdk_bg.wasm`);
// The wasm as base64, as the default entry embedded it before hexadecimal.
writeFileSync(`${SRC}wasm-base64.cjs`, `module.exports = ${JSON.stringify(WASM.toString('base64'))};\n`);
const BASE64_DECODE = `function fromBase64(text) {
  if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
  const bin = atob(text);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}`;
/** The embedded wasm's literal in a built entry. */
const WASM_LITERAL = /"0061736d[0-9a-f]+"/;

/** The working entry with `code` added after its last statement. */
const workPlus = (code) => `${workEntry}\n${code}\n`;
/** The working entry with `code` added before the first import is evaluated. */
const workFirst = (code) => {
  writeFileSync(`${SRC}first.js`, `import WASM_HEX from '${P}wasm-hex.cjs';\n${code}\n`);
  return `import './first.js';\n${workEntry}`;
};

const variants = {
  // The default entry as committed (CommonJS files in esbuild's wrappers, the wasm instantiated at import).
  head: { source: headEntry, plugins: [] },
  // The working entry, as scripts/bundle-entries.mjs builds pkg/index.js.
  work: { source: workEntry },
  // ... its CommonJS files left in esbuild's wrappers.
  worknoesm: { source: workEntry, plugins: [] },
  // The committed entry with the CommonJS files as ES modules (the wasm still instantiated at import).
  headesm: { source: headEntry },
  // ... with marks: first statement, imports evaluated, API made.
  workinstr: { source: `import './mark-top.js';\n${workEntry.replace('checkWasmAllowed();', `${mark('imports')}\ncheckWasmAllowed();`)}\n${mark('api')}\n` },
  // ... with V8's compile hint for the whole script.
  workhints: { source: workEntry, banner: HINT },
  // ... compiling the wasm in the background once the import's task is over (setTimeout 0).
  workbg: { source: workPlus(`setTimeout(() => WebAssembly.compile(fromHex(WASM_HEX)).then((m) => { compiled ??= m; }, () => {}), 0);`) },
  // ... compiling it in the background from the module's first statement (before the glue and the fast path run).
  worktop: { source: workFirst(`import { fromHex } from '${ROOT}scripts/entries/load.js';
export const early = WebAssembly.compile(fromHex(WASM_HEX)).catch(() => undefined);`).replace(
    "let compiled;", "import { early } from './first.js';\nlet compiled;\nearly.then((m) => { compiled ??= m; });") },
  // ... with the base64 of the deflated wasm in place of the wasm's (a mock: the clean
  // first validate never decodes it): what fewer bytes would give.
  worksmall: { source: workEntry, post: (code) => code.replace(WASM_LITERAL, () => JSON.stringify(deflateRawSync(WASM, { level: 9 }).toString('base64'))) },
  // ... with the wasm as base64 (decoded by Uint8Array.fromBase64 where the engine has it).
  workb64: { source: `${workEntry.replace(`'${P}wasm-hex.cjs'`, `'${SRC}wasm-base64.cjs'`).replace('fromHex(WASM_HEX)', 'fromBase64(WASM_HEX)')}\n${BASE64_DECODE}\n` },
  // Baselines: a tiny module; the wasm's text alone; the JavaScript alone (no wasm text).
  tiny: { source: 'export const validate = () => ({ valid: true });\n' },
  stringonly: { source: `import WASM_HEX from '${P}wasm-hex.cjs';\nexport const validate = () => ({ valid: WASM_HEX.length > 0 });\n` },
  jsonly: { source: workEntry, post: (code) => code.replace(WASM_LITERAL, '""') },
};

const only = process.argv.slice(2);
for (const [name, v] of Object.entries(variants)) {
  if (only.length && !only.includes(name)) continue;
  writeFileSync(`${SRC}${name}.js`, v.source);
  const options = { ...defaultEntry(`${SRC}${name}.js`, `${OUT}${name}.js`), sourcemap: false };
  if (v.plugins) options.plugins = v.plugins;
  if (v.banner) options.banner = { js: v.banner };
  await esbuild.build(options);
  if (v.post) writeFileSync(`${OUT}${name}.js`, v.post(readFileSync(`${OUT}${name}.js`, 'utf8')));
}
console.log(`built into ${OUT}`);
