// The browser entries' embedded wasm as printable text: what it is, how the
// build writes it (`toPrintable`) and how the entries read it back
// (`fromPrintable`). Not part of the package's API.
//
// Each byte value has one code of one or two characters: the 87 values the wasm
// holds most have one character, the other 169 a prefix character and a second.
// A byte always has the same code, so the wasm's repeats stay repeats of the
// same characters, which gzip finds as it finds them in the wasm itself: the
// full wasm (68.3 KB gzip) is 68.3 KB gzip in this text, 75.0 KB in hexadecimal;
// brotli 60.7 against 62.6 KB (docs/design.md, "The wasm inside as printable text").
// The characters are printable ASCII but for the six that a minifier could
// re-escape or an inline <script> could end on (" ' ` \ $ <): a bundler copies the
// text as it is.
//
// The text is the bitmap of the one-character byte values (64 hexadecimal
// digits, four values each, lowest bit first), then the codes. The decoding
// loop is a wasm of 142 bytes, DECODER below, fed by `encodeInto`: in cold
// Chromium ~2 ms for the full wasm, where a JavaScript loop takes ~6 ms (it runs
// before the engine has compiled it) and `Uint8Array.fromHex` 0.2 ms.

/** The code characters: printable ASCII without " ' ` \ $ <. */
export const ALPHABET = ' !#%&()*+,-./0123456789:;=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_abcdefghijklmnopqrstuvwxyz{|}~';
/** How many byte values have a one-character code: the rest of the alphabet are the two prefixes. */
const SINGLES = ALPHABET.length - 2;
const BITMAP_DIGITS = 64;

/**
 * The decoder, assembled by binaryen's `wasm-as` from this source
 * (js/sdk/tests/embedded-wasm.test.mjs assembles it again and compares):
 *
 * (module
 *   ;; [0, 256): a u16 for each character code below 128: the byte its one-character
 *   ;; code stands for, or 256 + the prefix it is. [256, 512): the byte of each
 *   ;; two-character code, at 256 + 128 * prefix + its second character.
 *   (memory (export "memory") 1)
 *   ;; Decodes the codes in [i, end) into bytes from n on; returns where they end.
 *   (func (export "decode") (param $i i32) (param $end i32) (param $n i32) (result i32)
 *     (local $byte i32)
 *     (loop $next
 *       (if (i32.lt_u (local.get $i) (local.get $end))
 *         (then
 *           (local.set $byte (i32.load16_u (i32.shl (i32.load8_u (local.get $i)) (i32.const 1))))
 *           (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *           (if (i32.ge_u (local.get $byte) (i32.const 256))
 *             (then
 *               (local.set $byte (i32.load8_u offset=256
 *                 (i32.add (i32.shl (i32.sub (local.get $byte) (i32.const 256)) (i32.const 7))
 *                          (i32.load8_u (local.get $i)))))
 *               (local.set $i (i32.add (local.get $i) (i32.const 1)))))
 *           (i32.store8 (local.get $n) (local.get $byte))
 *           (local.set $n (i32.add (local.get $n) (i32.const 1)))
 *           (br $next))))
 *     (local.get $n)))
 */
export const DECODER = /* @__PURE__ */ new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 8, 1, 96, 3, 127, 127, 127, 1, 127, 3, 2, 1, 0, 5, 3, 1, 0, 1, 7, 19, 2, 6, 109,
  101, 109, 111, 114, 121, 2, 0, 6, 100, 101, 99, 111, 100, 101, 0, 0, 10, 92, 1, 90, 1, 1, 127, 3, 64, 32, 0, 32, 1, 73, 4, 64,
  32, 0, 45, 0, 0, 65, 1, 116, 47, 1, 0, 33, 3, 32, 0, 65, 1, 106, 33, 0, 32, 3, 65, 128, 2, 79, 4, 64, 32, 3, 65, 128,
  2, 107, 65, 7, 116, 32, 0, 45, 0, 0, 106, 45, 0, 128, 2, 33, 3, 32, 0, 65, 1, 106, 33, 0, 11, 32, 2, 32, 3, 58, 0, 0,
  32, 2, 65, 1, 106, 33, 2, 12, 1, 11, 11, 32, 2, 11,
]);

/** Where the text goes in the decoder's memory (its bytes follow it). */
const TEXT_AT = 512;

/** Each byte value's code: for each value, whether it is one character (the values `bytes` holds most). */
function singlesOf(bytes) {
  const count = new Array(256).fill(0);
  for (const byte of bytes) count[byte] += 1;
  const ranked = [...count.keys()].sort((a, b) => count[b] - count[a] || a - b);
  const single = new Array(256).fill(false);
  for (const byte of ranked.slice(0, SINGLES)) single[byte] = true;
  return single;
}

/** Calls `f(byte, code)` for each byte value in the order of its code, given which are one character. */
function eachCode(single, f) {
  let ones = 0;
  let pairs = 0;
  for (let byte = 0; byte < 256; byte++) {
    if (single[byte]) {
      f(byte, ALPHABET[ones++]);
    } else {
      f(byte, ALPHABET[SINGLES + Math.floor(pairs / ALPHABET.length)] + ALPHABET[pairs % ALPHABET.length]);
      pairs++;
    }
  }
}

/** `bytes` (a Uint8Array) as printable text (at build time). */
export function toPrintable(bytes) {
  const single = singlesOf(bytes);
  let bitmap = '';
  for (let digit = 0; digit < BITMAP_DIGITS; digit++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) value |= single[digit * 4 + bit] ? 1 << bit : 0;
    bitmap += value.toString(16);
  }
  const codes = new Array(256);
  eachCode(single, (byte, code) => { codes[byte] = code; });
  const parts = [bitmap];
  for (const byte of bytes) parts.push(codes[byte]);
  return parts.join('');
}

/** The bytes of printable text (a view of the decoder's memory, which nothing else keeps). */
export function fromPrintable(text) {
  const { memory, decode } = new WebAssembly.Instance(new WebAssembly.Module(DECODER)).exports;
  // The codes (one byte each: ASCII), then at most as many bytes.
  memory.grow(Math.max(0, Math.ceil((TEXT_AT + 2 * text.length) / 65536) - 1));
  const table = new Uint16Array(memory.buffer, 0, 128);
  const pairs = new Uint8Array(memory.buffer, 256, 256);
  const single = Array.from({ length: 256 }, (_, byte) => ((parseInt(text[byte >> 2], 16) >> (byte & 3)) & 1) === 1);
  eachCode(single, (byte, code) => {
    if (code.length === 1) table[code.charCodeAt(0)] = byte;
    else pairs[(ALPHABET.indexOf(code[0]) - SINGLES) * 128 + code.charCodeAt(1)] = byte;
  });
  table[ALPHABET.charCodeAt(SINGLES)] = 256;
  table[ALPHABET.charCodeAt(SINGLES + 1)] = 257;
  const { written } = new TextEncoder().encodeInto(text.slice(BITMAP_DIGITS), new Uint8Array(memory.buffer, TEXT_AT));
  const start = TEXT_AT + written;
  return new Uint8Array(memory.buffer, start, decode(TEXT_AT, start, start) - start);
}
