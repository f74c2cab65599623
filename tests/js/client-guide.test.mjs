// The client guide's retry table (docs/guide/client.md) is the endpoint table's
// retry safety in words, written by `cargo xtask gen` (xtask/src/client_md.rs;
// its reasons are the writes' `repeat_note`): every endpoint is in one row, and
// the row says what meta says (`idempotent`: retried; `repeatKey`: retried when
// the body has a non-blank one; neither: not retried). The table names every
// endpoint's method, so a new endpoint needs no edit of the guide.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { endpoints } from 'licensing-sdk/meta';

const GUIDE = new URL('../../docs/guide/client.md', import.meta.url);

/** The rows of the table whose header starts `| endpoint | retried`: [names, answer]. */
function retryRows(text) {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\| endpoint \| retried/.test(l));
  assert.ok(start >= 0, 'docs/guide/client.md has no retry table');
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [names, answer] = line.split('|').slice(1, 3).map((cell) => cell.trim());
    rows.push([[...names.matchAll(/`(\w+)`/g)].map((m) => m[1]), answer]);
  }
  return rows;
}

/** What the table should say of an endpoint, from meta. */
function wanted(e) {
  if (e.idempotent) return 'yes';
  if (e.repeatKey) return `when it has a non-blank \`${e.repeatKey}\``;
  return 'no';
}

test('the retry table names every endpoint once, saying what the endpoint table says', () => {
  const rows = retryRows(readFileSync(GUIDE, 'utf8'));
  const problems = [];
  for (const [name, e] of Object.entries(endpoints)) {
    const found = rows.filter(([names]) => names.includes(name));
    if (found.length !== 1) problems.push(`${name}: in ${found.length} rows`);
    else if (found[0][1] !== wanted(e)) problems.push(`${name}: says "${found[0][1]}", the table "${wanted(e)}"`);
  }
  for (const [names] of rows) for (const n of names) if (!endpoints[n]) problems.push(`${n}: not an endpoint`);
  assert.deepEqual(problems, []);
});
