// The default entry's embedded wasm (target/js/wasm-hex.js, written by
// scripts/build-js.mjs and bundled into index.js and node.cjs) and its decoder
// (js/src/load.js, fromHex): the engine's Uint8Array.fromHex where there is one,
// else the loop; both give back every byte value. And the simulator's
// (target/js/sim-hex.js, bundled into testing.cjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { fromHex } from '../../js/src/load.js';
import { default as WASM_HEX } from '../../target/js/wasm-hex.js';
import { default as SIM_HEX } from '../../target/js/sim-hex.js';

const wasm = readFileSync(new URL('../../pkg/web/licensing_sdk_bg.wasm', import.meta.url));
const every = Uint8Array.from({ length: 512 }, (_, i) => (i * 131) & 0xff);

/** Runs `f` with Uint8Array.fromHex as `native` (undefined: the engine has none). */
function withFromHex(native, f) {
  const had = Object.getOwnPropertyDescriptor(Uint8Array, 'fromHex');
  Object.defineProperty(Uint8Array, 'fromHex', { value: native, configurable: true, writable: true });
  try {
    return f();
  } finally {
    if (had) Object.defineProperty(Uint8Array, 'fromHex', had);
    else delete Uint8Array.fromHex;
  }
}

test('the loop decodes every byte value, and the empty text', () => {
  withFromHex(undefined, () => {
    assert.deepEqual(fromHex(Buffer.from(every).toString('hex')), every);
    assert.deepEqual(fromHex(''), new Uint8Array());
  });
});

test("the engine's Uint8Array.fromHex is used where it exists", () => {
  const calls = [];
  const native = (text) => { calls.push(text); return Uint8Array.from(Buffer.from(text, 'hex')); };
  withFromHex(native, () => assert.deepEqual(fromHex('00ff10'), Uint8Array.of(0, 255, 16)));
  assert.deepEqual(calls, ['00ff10']);
});

test("the package's hexadecimal is its wasm, lowercase", () => {
  const text = WASM_HEX;
  assert.match(text, /^(?:[0-9a-f]{2})+$/);
  assert.deepEqual(Buffer.from(text, 'hex'), wasm);
  withFromHex(undefined, () => assert.deepEqual(Buffer.from(fromHex(text)), wasm));
});

test("the simulator's hexadecimal is its wasm, lowercase", () => {
  const text = SIM_HEX;
  assert.match(text, /^(?:[0-9a-f]{2})+$/);
  assert.deepEqual(Buffer.from(text, 'hex'), readFileSync(new URL('../../pkg/sim/licensing_sim_wasm_bg.wasm', import.meta.url)));
});
