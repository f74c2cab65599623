// The bench's charts (bench/charts.mjs) are drawn from a run's own figures: a bar
// per payload and peer, at its ratio, with its figure in words; and the charts
// committed beside bench/results.md say what that run's Ratios table says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { PEERS, ratioChart, ratioRows } from '../../bench/charts.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');

/** A payload's entry as a run writes it: each case's median time. */
const entry = (variant, size, times) => ({
  family: 'compact', variant, size, bytes: 1000 * size,
  cases: Object.entries(times).map(([id, medianMs]) => ({ id, medianMs })),
});

/** Each bar's figure in words: `[environment, payload, ratio, peer]`. */
function bars(svg) {
  return [...svg.matchAll(/<rect [^>]*><title>([^<]+)<\/title><\/rect>/g)].map(([, words]) => {
    const m = /^(\w+), (.+): ([\d.]+)× (\w+)$/.exec(words);
    assert.ok(m, `a bar's words: ${words}`);
    return [m[1], m[2], Number(m[3]), m[4]];
  });
}

test('a chart has a bar per payload and peer timed, at ours ÷ the peer', () => {
  const throughput = [
    entry('valid', 100, { ours: 1, ajv: 2, zod: 30, valibot: 10 }),
    entry('errors', 1, { ours: 0.04, ajv: 0.002, zod: 0.05, valibot: 0.02 }),
    entry('valid', 1000, { ours: 10, ajv: 9 }),
  ];
  assert.deepEqual(ratioRows(throughput).map((r) => r.ratios), [
    { ajv: 2, zod: 30, valibot: 10 },
    { ajv: 0.05, zod: 1.25, valibot: 0.5 },
    { ajv: 0.9, zod: undefined, valibot: undefined },
  ]);
  const svg = ratioChart('Node', throughput);
  assert.deepEqual(bars(svg), [
    ['Node', 'compact, valid, 100 orders', 2, 'ajv'], ['Node', 'compact, valid, 100 orders', 30, 'zod'],
    ['Node', 'compact, valid, 100 orders', 10, 'valibot'], ['Node', 'compact, with errors, 1 order', 0.05, 'ajv'],
    ['Node', 'compact, with errors, 1 order', 1.25, 'zod'], ['Node', 'compact, with errors, 1 order', 0.5, 'valibot'],
    ['Node', 'compact, valid, 1,000 orders', 0.9, 'ajv'],
  ]);
  // A bar that ours wins runs right of the 1× line, one it loses left of it.
  const x = (words) => Number(new RegExp(`<rect x="([\\d.]+)"[^>]*><title>${words}`).exec(svg)[1]);
  assert.ok(x('Node, compact, valid, 100 orders: 2.00× ajv') > x('Node, compact, with errors, 1 order: 0.05× ajv'));
});

test("the committed charts say what bench/results.md's Ratios table says", () => {
  const results = read('bench/results.md');
  const table = results.slice(results.indexOf('\n## Ratios\n'), results.indexOf('\n## ', results.indexOf('\n## Ratios\n') + 1));
  const rows = [...table.matchAll(/^\| (Node|Chromium) \| (\w+) \| (valid|scattered errors) \| ([\d,]+) \| ([\d.]+)× \| ([\d.]+)× \| ([\d.]+)× \|/gm)];
  assert.ok(rows.length >= 24, `${rows.length} rows of the Ratios table read`);
  for (const [name, file] of [['Node', 'ratios-node.svg'], ['Chromium', 'ratios-chromium.svg']]) {
    const drawn = bars(read(`bench/charts/${file}`));
    for (const [, env, family, payload, size, ...ratios] of rows.filter((r) => r[1] === name)) {
      const n = Number(size.replace(/,/g, ''));
      const label = `${family}, ${payload === 'valid' ? 'valid' : 'with errors'}, ${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;
      PEERS.forEach((peer, i) => {
        const bar = drawn.find(([e, l, , p]) => e === env && l === label && p === peer.id);
        assert.ok(bar, `${file} has no bar for ${label}, ${peer.id}`);
        const want = Number(ratios[i]);
        assert.ok(Math.abs(bar[2] - want) <= Math.max(0.006, want * 0.005), `${file}, ${label}, ${peer.id}: drawn ${bar[2]}, results.md ${want} (make bench draws both; after a run, commit both)`);
      });
    }
  }
});
