// A wasm module's sections, read from its bytes: the binary format's outer layer
// only (after the 8-byte preamble, each section is an id byte, its size as an
// unsigned LEB128, its contents). For the tools that look into the built wasm:
// the engine-floor test reads the memory limits, `make bench` the section sizes.

/** The unsigned LEB128 at `at` in `bytes`: `[value, the offset after it]`. */
export function readLeb(bytes, at) {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
  }
}

/** Each section of the module, in order: `{ id, at (its id byte), start (its contents), end }`. */
export function* wasmSections(bytes) {
  for (let at = 8; at < bytes.length;) {
    const [size, start] = readLeb(bytes, at + 1);
    yield { id: bytes[at], at, start, end: start + size };
    at = start + size;
  }
}
