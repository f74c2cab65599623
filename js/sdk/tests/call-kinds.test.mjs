// `__validateInput`'s call kinds are written twice, in the wasm (js/sdk/src/text_input.rs,
// `pub const CALL_*: u8`) and in the JavaScript that calls it (js/sdk/src-js/validation.js,
// `const CALL_*`): the two lists are held equal here, name for name and value for
// value, so that a kind added, renamed or renumbered on one side fails at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../../', import.meta.url);
const kinds = (file, pattern) => Object.fromEntries([...readFileSync(new URL(file, ROOT), 'utf8').matchAll(pattern)].map(([, name, value]) => [name, Number(value)]));

test("__validateInput's call kinds are the same in the wasm and in the JavaScript", () => {
  const rust = kinds('js/sdk/src/text_input.rs', /^pub const (CALL_[A-Z_]+): u8 = (\d+);/gm);
  const js = kinds('js/sdk/src-js/validation.js', /^const (CALL_[A-Z_]+) = (\d+);/gm);
  assert.ok(Object.keys(rust).length >= 4, `the Rust kinds were read: ${JSON.stringify(rust)}`);
  assert.deepEqual(js, rust);
  assert.equal(new Set(Object.values(rust)).size, Object.keys(rust).length, 'two kinds share a value');
});
