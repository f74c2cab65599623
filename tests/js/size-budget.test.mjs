// The package's size budgets (issue "one engine"; docs/guide/loading.md): the
// full wasm (validators and client) at most 64 KB gzip again since the
// client's waiting moved out of it (issue 63: docs/design.md, "The client's
// steps in the wasm, its waiting in JavaScript"; 64 KB until issue 45, 65 KB
// until the message catalogues of issue 46, 68.6 KB until the client's clock
// of issue 60, 68.8 KB until issue 61, 68.65 KB until issue 63: docs/design.md,
// "The budget moved", "The client's clock", "Checking answers is not the
// client's"), the default entry (one module, the wasm inside as printable
// text) at most 74.5 KB (74 KB until the client's edges were mended: docs/design.md,
// "The client at its edges"; 80.5 KB until issue 63; 86.3 KB while the wasm inside
// was hexadecimal: docs/design.md, "The wasm inside as printable text"); `licensing-sdk/validate` (the
// validation-only wasm inside, and the fast path) and its slim twin with the wasm it
// fetches at most 45 KB each (40 KB from issue 47 while they left the fast path out,
// issue 78: docs/design.md, "The fast path back in the validation-only entry"); KB =
// 1000 bytes, gzip at level 9, as bench/results.md measures them. docs/design.md
// says what each step cost and what keeps them there ("The package's wasm toolchain").
// `licensing-sdk/outbox` (its own wasm inside, licensing-client's recovery, and
// its JavaScript) at most 32.0 KB: a page that keeps writes across reloads pays
// it on top of the default entry, which carries none of it (23.5 KB when first
// built; +0.2 KB for the wait before a reconciling read; 24.5 KB until the
// outbox at its edges of issue 76, +7.0 KB (31.2 KB): what orders writes by what they
// touch, the tombstones of pruned keys, records checked whole, sealing, a
// sending tab that reads again: docs/design.md, "The outbox's own wasm"; +0.3 KB
// (31.5 KB): a page hidden into the back/forward cache lets go of IndexedDB).
// `licensing-sdk/panel` (`<licensing-panel>`, a development tool) at most 4.0 KB
// (3.1 KB when first built, 3.3 KB with the simulator's trace of each attempt); its
// production twin is tested in panel.test.mjs.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { gzipSync } from 'node:zlib';

const gzipped = (path) => gzipSync(readFileSync(new URL(`../../pkg/${path}`, import.meta.url)), { level: 9 }).length;

const BUDGETS = [
  [['web/licensing_sdk_bg.wasm'], 64_000],
  [['index.js'], 74_500],
  [['validate.js'], 45_000],
  [['validate-slim.js', 'validate/licensing_sdk_bg.wasm'], 45_000],
  [['outbox.mjs'], 32_000],
  [['panel.mjs'], 4_000],
];

for (const [paths, budget] of BUDGETS) {
  const what = paths.map((p) => `pkg/${p}`).join(' + ');
  test(`${what} within its budget of ${budget} B gzip`, () => {
    const size = paths.reduce((sum, p) => sum + gzipped(p), 0);
    assert.ok(size <= budget, `${what}: ${size} B gzip -9, over its budget of ${budget} B by ${size - budget}`);
  });
}
