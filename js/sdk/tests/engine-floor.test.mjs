// The oldest engines the package supports (docs/guide/loading.md, "Supported engines"), held
// against what was built: a toolchain bump that makes the wasm use a newer
// WebAssembly feature, or the bundles a newer JavaScript syntax, fails here
// instead of in a user's Safari.
//
// Why these versions: the wasm (Rust 1.95, wasm-bindgen) uses reference types
// and multi-value besides bulk memory, sign extension, non-trapping float to
// int and mutable globals: Chrome/Edge 96 (reference types), Firefox 79, Safari
// 15; wasm-bindgen's reference-types glue is reported to trap on Safari
// 16.0–16.3 (rustwasm/wasm-bindgen#4470), so Safari/iOS 16.4. The JavaScript
// needs Chrome 94 (its newest syntax), Firefox 89 (top-level await in
// licensing-sdk/slim). The browser entries decode their embedded wasm with a
// wasm of their own that needs no feature at all (js/shared/printable.js) and
// `TextEncoder.encodeInto` (Safari 14.1). Node 18 (fetch), Deno 2 and Bun 1 are
// run by the suites.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import binaryen from 'binaryen';
import * as esbuild from 'esbuild';
import { DECODER } from '../../shared/printable.js';
import { readLeb, wasmSections } from '../../../scripts/wasm-sections.mjs';

const require = createRequire(import.meta.url);
const PKG = dirname(require.resolve('licensing-sdk/package.json'));

/** The WebAssembly features every engine of the floor has. */
const F = binaryen.Features;
const WASM_FLOOR = F.MutableGlobals | F.SignExt | F.BulkMemory | F.BulkMemoryOpt | F.NontrappingFPToInt
  | F.Multivalue | F.ReferenceTypes;
/** The JavaScript floor, as esbuild names engines. */
const JS_FLOOR = ['chrome96', 'edge96', 'firefox89', 'safari16.4', 'ios16.4', 'node18'];

/** The memory section's limits (in 64 KiB pages) of a wasm module: { min, max? }. */
function memoryLimits(bytes) {
  for (const { id, start } of wasmSections(bytes)) {
    if (id !== 5) continue;
    let [, i] = readLeb(bytes, start); // how many memories (one)
    const flags = bytes[i++];
    const [min, next] = readLeb(bytes, i);
    return flags & 1 ? { min, max: readLeb(bytes, next)[0] } : { min };
  }
  return null;
}

for (const file of ['web/licensing_sdk_bg.wasm', 'testing/licensing_testing_wasm_bg.wasm']) {
  test(`${file} declares a maximum memory (WebKit copies a memory without one on every grow)`, () => {
    assert.deepEqual(memoryLimits(readFileSync(join(PKG, file)))?.max, 65536, 'the maximum is 4 GiB (build.rs)');
  });

  test(`${file} uses only the floor's WebAssembly features`, () => {
    const module = binaryen.readBinary(readFileSync(join(PKG, file)));
    try {
      module.setFeatures(WASM_FLOOR);
      assert.ok(module.validate(), `${file} needs a WebAssembly feature beyond the floor (its errors are printed above)`);
    } finally {
      module.dispose();
    }
  });
}

test("the embedded wasm's decoder needs no WebAssembly feature beyond the first version's", () => {
  const module = binaryen.readBinary(DECODER);
  try {
    module.setFeatures(binaryen.Features.MVP);
    assert.ok(module.validate(), 'the decoder needs a feature (its errors are printed above)');
  } finally {
    module.dispose();
  }
});

test('every shipped JavaScript module needs no syntax newer than the floor', async () => {
  const files = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).files
    .filter((f) => /\.(c|m)?js$/.test(f));
  assert.ok(files.length > 10, `only ${files.length} modules`);
  for (const file of files) {
    const code = readFileSync(join(PKG, file), 'utf8');
    const format = file.endsWith('.cjs') ? 'cjs' : 'esm';
    // esbuild rewrites what a target lacks: the same output means nothing was.
    const same = (await esbuild.transform(code, { loader: 'js', format, target: 'esnext' })).code;
    for (const target of JS_FLOOR) {
      const out = (await esbuild.transform(code, { loader: 'js', format, target })).code;
      assert.ok(out === same, `${file} uses syntax ${target} lacks`);
    }
  }
});
