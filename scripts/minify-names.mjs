// Shortens the names that join a wasm to its wasm-bindgen glue: binaryen's
// --minify-imports-and-exports-and-modules renames every import and export of
// the .wasm (`__wbg_call_40b008ba32f73991` becomes `a`), and this script gives
// the glue the same names. The hash-suffixed names are incompressible: -2.0 KB
// gzip of the package's wasm, and as much again in the glue (docs/design.md).
//
// Usage: node scripts/minify-names.mjs WASM GLUE.js [FEATURE FLAGS...]
// (both files rewritten in place; the flags are wasm-opt's --enable-*, as
// scripts/build-pkg.sh gives them to its other wasm-opt runs)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const [wasm, glue, ...features] = process.argv.slice(2);
if (!wasm || !glue) throw new Error('usage: node scripts/minify-names.mjs WASM GLUE.js [FEATURE FLAGS...]');
// The renaming changes no code; wasm-opt prints the map (JSON) on stdout.
const printed = execFileSync('node_modules/.bin/wasm-opt',
  ['--minify-imports-and-exports-and-modules', ...features, '-o', wasm, wasm], { encoding: 'utf8' });
const map = JSON.parse(printed.slice(printed.indexOf('{')));

const module = new WebAssembly.Module(readFileSync(wasm));
const [newModule, ...others] = new Set(WebAssembly.Module.imports(module).map((i) => i.module));
if (others.length) throw new Error(`${wasm}: imports from more than one module after renaming`);

let source = readFileSync(glue, 'utf8');
const count = (pattern) => source.match(pattern)?.length ?? 0;
const escape = (text) => text.replace(/[$.*+?^()[\]{}|\\/]/g, '\\$&');
const modules = new Set(map.imports.map(([from]) => from));
for (const from of modules) {
  const key = new RegExp(`"${escape(from)}":`, 'g');
  if (count(key) !== 1) throw new Error(`${glue}: the import module ${from} is not named once`);
  source = source.replace(key, () => `"${newModule}":`);
}
// Each import is a key of the imports object, written once (`name: function…`).
for (const [, name, short] of map.imports) {
  const key = new RegExp(`(^|[\\s{,])${escape(name)}:`, 'gm');
  if (count(key) !== 1) throw new Error(`${glue}: the import ${name} is not a key once`);
  source = source.replace(key, (_, before) => `${before}${short}:`);
}
// Each export is read as `wasm.name`.
const exports = new Map(map.exports);
source = source.replace(/\bwasm\.([A-Za-z_$][\w$]*)/g, (whole, name) => {
  if (!exports.has(name)) throw new Error(`${glue}: reads wasm.${name}, which the wasm does not export`);
  return `wasm.${exports.get(name)}`;
});
writeFileSync(glue, source);
