// The wasm the entries carry inside. The browser entries' (index.js,
// validate.js) is printable text (js/shared/printable.js, written into
// target/js/*-printable.js by scripts/build-js.mjs): every byte value comes back,
// the text is the build's wasm, its characters are ones a bundler copies as they
// are, and the decoder's bytes are what its WebAssembly text source assembles to.
// The Node entries' is hexadecimal (target/js/*-hex.js, decoded by Buffer).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';
import { ALPHABET, DECODER, fromPrintable, toPrintable } from '../../shared/printable.js';
import { default as WASM_TEXT } from '../../../target/js/wasm-printable.js';
import { default as VALIDATE_TEXT } from '../../../target/js/validate-printable.js';
import { default as WASM_HEX } from '../../../target/js/wasm-hex.js';
import { default as VALIDATE_HEX } from '../../../target/js/validate-hex.js';
import { default as TESTING_HEX } from '../../../target/js/testing-hex.js';

const pkg = (file) => readFileSync(new URL(`../../../pkg/${file}`, import.meta.url));
const roundTrip = (bytes) => Buffer.from(fromPrintable(toPrintable(bytes)));

test('every byte value comes back, in any mix, and nothing from nothing', () => {
  const every = Uint8Array.from({ length: 512 }, (_, i) => (i * 131) & 0xff);
  assert.deepEqual(roundTrip(every), Buffer.from(every));
  assert.equal(roundTrip(new Uint8Array()).length, 0);
  assert.deepEqual(roundTrip(Uint8Array.of(7)), Buffer.of(7));
  // Seeded: bytes of few values (most have two characters) and of many.
  let seed = 46;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 16;
  for (const values of [2, 90, 256]) {
    const bytes = Uint8Array.from({ length: 5000 }, () => next() % values);
    assert.deepEqual(roundTrip(bytes), Buffer.from(bytes), `${values} values`);
  }
});

test('the text is printable ASCII without the characters a minifier or an inline script could change', () => {
  assert.equal(ALPHABET.length, 89);
  assert.equal(new Set(ALPHABET).size, ALPHABET.length);
  for (const c of ALPHABET) assert.ok(c >= ' ' && c <= '~' && !`"'\`\\$<`.includes(c), c);
  for (const text of [WASM_TEXT, VALIDATE_TEXT]) {
    assert.match(text.slice(0, 64), /^[0-9a-f]{64}$/, 'the bitmap of one-character values');
    assert.match(text, /^[ !#%&()*+,\-./0-9:;=>?@A-Z[\]^_a-z{|}~]+$/);
  }
});

test("the browser entries' texts and the Node entries' hexadecimal are the build's wasms", () => {
  assert.deepEqual(Buffer.from(fromPrintable(WASM_TEXT)), pkg('web/licensing_sdk_bg.wasm'));
  assert.deepEqual(Buffer.from(fromPrintable(VALIDATE_TEXT)), pkg('validate/licensing_sdk_bg.wasm'));
  assert.deepEqual(Buffer.from(WASM_HEX, 'hex'), pkg('web/licensing_sdk_bg.wasm'));
  assert.deepEqual(Buffer.from(VALIDATE_HEX, 'hex'), pkg('validate/licensing_sdk_bg.wasm'));
  assert.deepEqual(Buffer.from(TESTING_HEX, 'hex'), pkg('testing/licensing_testing_wasm_bg.wasm'));
  // The bundles carry the text as written (esbuild re-prints string literals).
  assert.ok(pkg('index.js').toString().includes(WASM_TEXT));
  assert.ok(pkg('validate.js').toString().includes(VALIDATE_TEXT));
});

test("the decoder is its source's assembly (binaryen's wasm-as)", () => {
  const source = readFileSync(new URL('../../shared/printable.js', import.meta.url), 'utf8');
  const comment = source.match(/ \* \(module\n(?: \*[^\n]*\n)+?(?= \*\/)/)?.[0];
  assert.ok(comment, 'the WebAssembly text in the comment above DECODER');
  const dir = mkdtempSync(path.join(tmpdir(), 'decoder-'));
  writeFileSync(path.join(dir, 'decoder.wat'), comment.replace(/^ \* ?/gm, ''));
  const wasmAs = fileURLToPath(new URL('../../../node_modules/.bin/wasm-as', import.meta.url));
  execFileSync(wasmAs, [path.join(dir, 'decoder.wat'), '-o', path.join(dir, 'decoder.wasm')]);
  assert.deepEqual(readFileSync(path.join(dir, 'decoder.wasm')), Buffer.from(DECODER));
});
