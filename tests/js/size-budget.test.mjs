// The package's size budgets (issue "one engine"; docs/guide/loading.md): the
// full wasm (validators and client) at most 65 KB gzip (64 KB until issue 45:
// docs/design.md, "The budget moved to 65 KB"), the default entry (one
// module, the wasm inside as hexadecimal) at most 84 KB; KB = 1000 bytes, gzip
// at level 9, as bench/results.md measures them. docs/design.md says what each
// step cost and what keeps them there ("The package's wasm toolchain").
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { gzipSync } from 'node:zlib';

const gzipped = (path) => gzipSync(readFileSync(new URL(`../../pkg/${path}`, import.meta.url)), { level: 9 }).length;

for (const [path, budget] of [['web/licensing_sdk_bg.wasm', 65_000], ['index.js', 84_000]]) {
  test(`pkg/${path} is within its budget of ${budget} B gzip`, () => {
    const size = gzipped(path);
    assert.ok(size <= budget, `pkg/${path}: ${size} B gzip -9, over its budget of ${budget} B by ${size - budget}`);
  });
}
