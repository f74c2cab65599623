// How long a Node suite waits on real timers: loaded into every Node process of
// a run (`NODE_OPTIONS=--import=<this file> WAIT_CENSUS=<file>`), it notes each
// `setTimeout` of at least MIN_MS that fires and, at the process's exit, appends
// one JSON line to $WAIT_CENSUS: the script, how many such timers fired, the sum
// of their delays, and the union of their spans (real time during which at least
// one was running: the figure to compare, since timers that overlap are one
// wait). Timers cleared before they fire (a timeout that did not happen) are not
// counted. Then `node scripts/wait-census.mjs report FILE` sums the lines per
// test file. Browser pages and Rust processes are outside it.
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const MIN_MS = 50;

if (process.argv[2] === 'report' && import.meta.url === `file://${process.argv[1]}`) {
  const rows = new Map();
  for (const line of readFileSync(process.argv[3], 'utf8').split('\n').filter(Boolean)) {
    const { script, fired, sumMs, unionMs } = JSON.parse(line);
    const row = rows.get(script) ?? { fired: 0, sumMs: 0, unionMs: 0 };
    rows.set(script, { fired: row.fired + fired, sumMs: row.sumMs + sumMs, unionMs: row.unionMs + unionMs });
  }
  const sorted = [...rows].sort((a, b) => b[1].unionMs - a[1].unionMs);
  let total = 0;
  console.log('| script | timers fired (>= 50 ms) | their delays, s | real time waiting, s |\n|---|---|---|---|');
  for (const [script, r] of sorted) {
    total += r.unionMs;
    if (r.unionMs >= 500) console.log(`| ${script} | ${r.fired} | ${(r.sumMs / 1000).toFixed(1)} | ${(r.unionMs / 1000).toFixed(1)} |`);
  }
  console.log(`\nin all: ${(total / 1000).toFixed(1)} s of real time waiting on timers of ${MIN_MS} ms or more (rows under 0.5 s left out)`);
} else if (process.env.WAIT_CENSUS) {
  const spans = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = function censusSetTimeout(callback, ms, ...args) {
    const delay = Number(ms) || 0;
    if (typeof callback !== 'function' || delay < MIN_MS) return realSetTimeout(callback, ms, ...args);
    const started = performance.now();
    return realSetTimeout(function counted(...given) {
      spans.push([started, performance.now()]);
      return callback.apply(this, given);
    }, ms, ...args);
  };
  process.on('exit', () => {
    if (spans.length === 0) return;
    spans.sort((a, b) => a[0] - b[0]);
    let unionMs = 0;
    let [from, to] = spans[0];
    for (const [start, end] of spans.slice(1)) {
      if (start > to) {
        unionMs += to - from;
        [from, to] = [start, end];
      } else if (end > to) to = end;
    }
    unionMs += to - from;
    const sumMs = spans.reduce((sum, [start, end]) => sum + (end - start), 0);
    const script = path.relative(process.cwd(), process.argv[1] ?? '?') || '?';
    appendFileSync(process.env.WAIT_CENSUS, `${JSON.stringify({ script, fired: spans.length, sumMs: Math.round(sumMs), unionMs: Math.round(unionMs) })}\n`);
  });
}
