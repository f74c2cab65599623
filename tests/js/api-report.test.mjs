// The package's public API is the committed one (api/npm/licensing-sdk.api.txt,
// written by scripts/api-report.mjs from the built pkg/*.d.ts): a change to what
// users import shows in the diff and must be committed on purpose. The Rust
// crates' twin is `cargo run -p api-report -- check` (make test-api).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { report, REPORT } from '../../scripts/api-report.mjs';

test('the built package declares exactly the committed API', () => {
  const committed = readFileSync(REPORT, 'utf8');
  const current = report();
  const lines = (t) => new Set(t.split('\n'));
  const [was, is] = [lines(committed), lines(current)];
  const removed = [...was].filter((l) => l.trim() && !is.has(l));
  const added = [...is].filter((l) => l.trim() && !was.has(l));
  assert.deepEqual({ removed, added }, { removed: [], added: [] },
    'the package API changed: run `node scripts/api-report.mjs write`, commit the report and name the change in CHANGELOG.md');
  assert.equal(current, committed);
});

test('the report names every export with its declared type', () => {
  const text = report();
  assert.match(text, /^## \. \(index\.d\.ts\)$/m);
  assert.match(text, /^export validate:\n {2}function validate<E extends Endpoint.*\): ValidationReport;$/m);
  assert.match(text, /^## \.\/testing \(testing\.d\.ts\)$/m);
  assert.match(text, /^export createSimulator:/m);
});
