// Sizes: raw and gzip -9 (zlib) of our wasm and JS glue, full package and the
// validation-only build (`--no-default-features`: a folder with licensing_sdk_bg.wasm +
// licensing_sdk.js, from --validation-only-dir=DIR, BENCH_VALIDATION_ONLY_DIR, or
// ../target/bind/validate, where build-pkg.sh puts the one `licensing-sdk/validate` ships;
// else "not built"), the entries that carry them, next to the peers bundled by
// esbuild (minified, browser, esm).
//   node sizes.mjs [--validation-only-dir=DIR]

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants } from 'node:zlib';
import { build, BIND_DIR, BUNDLES, PKG_DIR, minifyFile } from './build.mjs';
import { wasmSections } from '../scripts/wasm-sections.mjs';

function sizeOf(bytes) {
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length };
}
function fileSize(path) {
  return { path, ...sizeOf(readFileSync(path)) };
}

/** Where build-pkg.sh puts the validation-only wasm of `licensing-sdk/validate` with its glue. */
export const DEFAULT_VALIDATION_ONLY_DIR = join(BIND_DIR, 'validate');

/** --validation-only-dir=DIR, else BENCH_VALIDATION_ONLY_DIR, else build-pkg.sh's variant folder if it exists. */
export function validationOnlyDir(argv = process.argv) {
  const arg = argv.find((a) => a.startsWith('--validation-only-dir='));
  if (arg) return arg.slice('--validation-only-dir='.length);
  if (process.env.BENCH_VALIDATION_ONLY_DIR) return process.env.BENCH_VALIDATION_ONLY_DIR;
  return existsSync(join(DEFAULT_VALIDATION_ONLY_DIR, 'licensing_sdk_bg.wasm')) ? DEFAULT_VALIDATION_ONLY_DIR : null;
}

/**
 * Where a wasm's bytes go: its code section, its data section (the messages, the
 * tables, the examples) and the rest (types, imports, exports, the function and
 * element tables), raw and gzip -9 each alone: gzip finds less in a part alone,
 * so the three add up to a little more than the whole.
 */
export function sectionsOf(bytes) {
  const parts = { code: [], data: [], rest: [bytes.subarray(0, 8)] };
  for (const { id, at, end } of wasmSections(bytes)) {
    (id === 10 ? parts.code : id === 11 ? parts.data : parts.rest).push(bytes.subarray(at, end));
  }
  return Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, sizeOf(Buffer.concat(v))]));
}

async function oursRows(label, dir) {
  const wasm = join(dir, 'licensing_sdk_bg.wasm');
  const glue = join(dir, 'licensing_sdk.js');
  if (!existsSync(wasm) || !existsSync(glue)) return { label, built: false, dir };
  const glueMin = Buffer.from(await minifyFile(glue));
  return {
    label, built: true, dir, wasmBuilt: statSync(wasm).mtime.toISOString(), wasm: fileSize(wasm), glue: fileSize(glue), glueMin: sizeOf(glueMin),
    sections: sectionsOf(readFileSync(wasm)),
  };
}

export async function measureSizes({ validationOnly = validationOnlyDir(), log = console.error } = {}) {
  if (!existsSync(BUNDLES.zod) || !existsSync(BUNDLES.valibot)) await build({ quiet: true });
  const full = await oursRows('ours, full package (validators + client)', join(BIND_DIR, 'web'));
  const vonly = validationOnly
    ? await oursRows('ours, validation-only (--no-default-features)', validationOnly)
    : { label: 'ours, validation-only (--no-default-features)', built: false, dir: null };
  if (validationOnly && !vonly.built) log(`[sizes] ${validationOnly} lacks licensing_sdk_bg.wasm or licensing_sdk.js: validation-only reported as not built`);
  const peers = [
    { id: 'ajvStandalone', label: 'ajv standalone validator of our schema (ajv/dist/standalone)', ...fileSize(BUNDLES.ajvStandalone) },
    { id: 'ajvRuntime', label: 'ajv + our schema, compiled at load', ...fileSize(BUNDLES.ajvRuntime) },
    { id: 'zod', label: 'zod + our zod schema', ...fileSize(BUNDLES.zod) },
    { id: 'valibot', label: 'valibot + our valibot schema', ...fileSize(BUNDLES.valibot) },
  ];
  // The one JS module of `licensing-sdk/slim` (glue + generated fast path + lazy
  // schemas + entry, bundled by scripts/build-js.mjs), minified as a bundler would;
  // the default entry (`pkg/index.js`, wasm inside) is `inline` below.
  const entryJsMin = sizeOf(Buffer.from(await minifyFile(join(PKG_DIR, 'slim.js'))));
  const inlinePath = join(PKG_DIR, 'index.js');
  // `licensing-sdk/testing` (createSimulator): its own wasm and module, loaded
  // only by tests; reported apart from the main entry.
  const simWasm = join(PKG_DIR, 'testing', 'licensing_testing_wasm_bg.wasm');
  const testingJs = join(PKG_DIR, 'testing.mjs');
  const testing = existsSync(simWasm) && existsSync(testingJs)
    ? { wasm: fileSize(simWasm), jsMin: sizeOf(Buffer.from(await minifyFile(testingJs))) }
    : null;
  // `licensing-sdk/validate` (wasm inside) and `licensing-sdk/validate/slim` (the module; it fetches the wasm).
  const validatePath = join(PKG_DIR, 'validate.js');
  const validateSlimPath = join(PKG_DIR, 'validate-slim.js');
  // `licensing-sdk/outbox`: one minified module, its own wasm inside (printable
  // text), loaded on top of an entry with the client; the wasm alone beside it.
  const outboxPath = join(PKG_DIR, 'outbox.mjs');
  const outboxWasm = join(PKG_DIR, '..', 'target', 'bind', 'outbox', 'licensing_outbox_wasm_bg.wasm');
  const r = {
    full, validationOnly: vonly, peers, entry: fileSize(join(PKG_DIR, 'slim.js')),
    entryJsMin,
    inline: existsSync(inlinePath) ? fileSize(inlinePath) : null,
    validateEntry: existsSync(validatePath) ? fileSize(validatePath) : null,
    validateSlim: existsSync(validateSlimPath) ? fileSize(validateSlimPath) : null,
    testing,
    outbox: existsSync(outboxPath) ? { entry: fileSize(outboxPath), wasm: existsSync(outboxWasm) ? fileSize(outboxWasm) : null } : null,
  };
  log(`[sizes] ours wasm ${full.built ? `${full.wasm.raw} B raw, ${full.wasm.gzip} B gzip` : 'missing'}; validation-only ${vonly.built ? `${vonly.wasm.gzip} B gzip` : 'not built'}; ` +
    peers.map((p) => `${p.id} ${p.gzip} B gzip`).join(', '));
  return r;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(JSON.stringify(await measureSizes(), null, 2));
}
