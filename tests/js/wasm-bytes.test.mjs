// scripts/wasm-bytes.mjs (make wasm-bytes: where a wasm's bytes go, function
// by function against another build) on two small modules written byte by
// byte here: an imported function, two bodies, a name section; the second
// build's `big` three bytes larger and a function of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compare, readable, wasmBytes } from '../../scripts/wasm-bytes.mjs';

const name = (text) => [text.length, ...Buffer.from(text)];
const section = (id, content) => [id, content.length, ...content];

/** A module importing m.f and defining `small` (an empty body) and `big` (`nops` nops), and `extra` when asked. */
function module({ nops, extra = false }) {
  const bodies = [[0, 0x0b], [0, ...Array(nops).fill(0x01), 0x0b], ...(extra ? [[0, 0x01, 0x0b]] : [])];
  const names = [[1, 'small'], [2, 'big'], ...(extra ? [[3, 'extra']] : [])];
  const nameMap = [names.length, ...names.flatMap(([index, text]) => [index, ...name(text)])];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 0]),
    ...section(2, [1, ...name('m'), ...name('f'), 0, 0]),
    ...section(3, [bodies.length, ...bodies.map(() => 0)]),
    ...section(10, [bodies.length, ...bodies.flatMap((body) => [body.length, ...body])]),
    ...section(0, [...name('name'), ...section(1, nameMap)]),
  ]);
}

test('each function body by its name, each section by its kind', () => {
  const base = module({ nops: 2 });
  assert.ok(WebAssembly.validate(base), 'a valid module');
  const read = wasmBytes(base);
  assert.ok(read.named);
  assert.deepEqual(Object.fromEntries(read.functions), { small: 3, big: 5 });
  assert.deepEqual([...read.sections.keys()], ['type', 'import', 'function', 'code', 'custom name']);
  assert.equal([...read.sections.values()].reduce((a, b) => a + b, 0), base.length - 8);
});

test('against another build: the sections, then the functions that changed, largest first', () => {
  const base = wasmBytes(module({ nops: 2 }));
  const head = wasmBytes(module({ nops: 5, extra: true }));
  const lines = compare(base, head);
  // The code section grew by the bodies' growth: big's three nops and extra's body.
  assert.match(lines.find((l) => l.endsWith('code')), /^\s+11\s+18 \+7\s+code$/);
  const functions = lines.slice(lines.findIndex((l) => l.includes('function (')) + 1);
  assert.deepEqual(functions.map((l) => l.trim().split(/\s+/)), [['0', '4', '+4', 'extra', '(new)'], ['5', '8', '+3', 'big']]);
});

test('a Rust symbol reads as its path', () => {
  assert.equal(readable('_ZN14licensing_core8validate4walk4Walk6object17h0123456789abcdefE'), 'licensing_core::validate::walk::Walk::object');
  assert.equal(readable('_ZN4core3ptr42drop_in_place$LT$alloc..string..String$GT$17h0123456789abcdefE'), 'core::ptr::drop_in_place<alloc::string::String>');
  assert.equal(readable('licensing_sdk::interop::catalogue::h68826f8192f1966c'), 'licensing_sdk::interop::catalogue');
  assert.equal(readable('__wbindgen_malloc'), '__wbindgen_malloc');
});
