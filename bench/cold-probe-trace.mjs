// Where a cold start's time goes, from Chromium's trace rather than the wall clock
// (which the machine's load stretches): first visits of each variant (a fresh
// context each) traced with the v8 and timeline categories, and for the renderer's
// main thread, between the page's import() and its verdict, the self time of each
// kind of event (wall `dur` and thread-CPU `tdur`), medians over the runs.
//   node bench/cold-probe-trace.mjs [--runs=N] name=/url ...   (see cold-probe.mjs)
import { loadavg } from 'node:os';
import { firstVisits, launch, median, parseArgs, startServer } from './cold-probe-lib.mjs';

const CATEGORIES = ['devtools.timeline', 'v8', 'v8.execute', 'blink.user_timing', 'loading',
  'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.compile', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed'].join(',');

const { runs, variants } = parseArgs(process.argv.slice(2), 7);
const server = await startServer();
const base = server.url;
const browser = await launch();

/** Self time (µs) per event name on one thread in [from, to]: complete events (X) and B/E pairs. */
function selfTimes(events, from, to) {
  const spans = [];
  const open = [];
  for (const e of events) {
    if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, tdur: e.tdur ?? 0 });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) spans.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, tdur: (e.tts ?? 0) - (b.tts ?? 0) });
    }
  }
  const inside = spans.filter((s) => s.ts >= from && s.ts + s.dur <= to).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time: a span's time minus that of the spans directly inside it.
  const stack = [];
  for (const s of inside) {
    s.selfDur = s.dur;
    s.selfTdur = s.tdur;
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= s.ts) stack.pop();
    if (stack.length) {
      stack.at(-1).selfDur -= s.dur;
      stack.at(-1).selfTdur -= s.tdur;
    }
    stack.push(s);
  }
  const out = {};
  for (const s of inside) {
    out[s.name] ??= { dur: 0, tdur: 0 };
    out[s.name].dur += s.selfDur;
    out[s.name].tdur += s.selfTdur;
  }
  return out;
}

const results = Object.fromEntries(variants.map((v) => [v.name, []]));
try {
  await firstVisits(browser, base, variants, runs, async (page, v, k) => {
    await browser.startTracing(page, { categories: CATEGORIES.split(',') });
    const r = await page.evaluate(() => window.__run());
    const trace = JSON.parse((await browser.stopTracing()).toString());
    const events = trace.traceEvents ?? trace;
    // The page marks t0 and done (performance.mark) on the renderer main thread.
    const t0 = events.find((e) => e.name === 'cold-t0' && e.cat.includes('blink.user_timing'));
    const t1 = events.find((e) => e.name === 'cold-done' && e.cat.includes('blink.user_timing'));
    if (!t0 || !t1) throw new Error('no marks in the trace');
    const main = events.filter((e) => e.pid === t0.pid && e.tid === t0.tid);
    const times = selfTimes(main, t0.ts, t1.ts);
    // Other threads of the renderer (streaming, wasm compile jobs): CPU time in the window.
    const others = {};
    for (const e of events) {
      if (e.pid !== t0.pid || e.tid === t0.tid || e.ph !== 'X' || e.ts < t0.ts || e.ts > t1.ts) continue;
      others[e.name] ??= { dur: 0, tdur: 0 };
      others[e.name].dur += e.dur ?? 0;
      others[e.name].tdur += e.tdur ?? 0;
    }
    results[v.name].push({ ms: r.ms, window: (t1.ts - t0.ts) / 1000, times, others });
    // TIMELINE=1: the renderer's longer events of this visit, in order (ms after t0).
    if (process.env.TIMELINE) {
      const names = new Map([[t0.tid, 'main']]);
      for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.pid === t0.pid) names.set(e.tid, e.args.name);
      console.log(`-- ${v.name} run ${k}: ${r.ms.toFixed(1)} ms`);
      for (const e of events.filter((e) => e.pid === t0.pid && e.ph === 'X' && e.ts >= t0.ts && e.ts <= t1.ts && (e.dur ?? 0) >= 300).sort((a, b) => a.ts - b.ts)) {
        console.log(`   ${((e.ts - t0.ts) / 1000).toFixed(1).padStart(6)} +${(e.dur / 1000).toFixed(1).padStart(5)} (cpu ${((e.tdur ?? 0) / 1000).toFixed(1)}) ${String(names.get(e.tid) ?? e.tid).slice(0, 22).padEnd(22)} ${e.name}`);
      }
    }
  });
} finally {
  await browser.close();
  await server.close();
}
const load = loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`${runs} traced first visits each; load avg after: ${load}`);
for (const v of variants) {
  const rs = results[v.name];
  const names = new Set(rs.flatMap((r) => Object.keys(r.times)));
  const rows = [...names].map((n) => ({ n, dur: median(rs.map((r) => r.times[n]?.dur ?? 0)) / 1000, tdur: median(rs.map((r) => r.times[n]?.tdur ?? 0)) / 1000 }))
    .filter((x) => x.dur >= 0.1 || x.tdur >= 0.1).sort((a, b) => b.dur - a.dur);
  const busy = median(rs.map((r) => Object.values(r.times).reduce((s, t) => s + t.dur, 0))) / 1000;
  const cpu = median(rs.map((r) => Object.values(r.times).reduce((s, t) => s + t.tdur, 0))) / 1000;
  console.log(`\n${v.name}: wall ${median(rs.map((r) => r.ms)).toFixed(1)} ms (traced window ${median(rs.map((r) => r.window)).toFixed(1)}), main thread busy ${busy.toFixed(1)} ms, cpu ${cpu.toFixed(1)} ms`);
  for (const x of rows) console.log(`  ${x.n.padEnd(48)} ${x.dur.toFixed(2).padStart(7)} wall ${x.tdur.toFixed(2).padStart(7)} cpu`);
  const onames = new Set(rs.flatMap((r) => Object.keys(r.others)));
  const orows = [...onames].map((n) => ({ n, dur: median(rs.map((r) => r.others[n]?.dur ?? 0)) / 1000, tdur: median(rs.map((r) => r.others[n]?.tdur ?? 0)) / 1000 }))
    .filter((x) => x.dur >= 0.2).sort((a, b) => b.dur - a.dur);
  if (orows.length) console.log('  other renderer threads (wall/cpu, nested events counted in each): ' + orows.map((x) => `${x.n} ${x.dur.toFixed(1)}/${x.tdur.toFixed(1)}`).join(', '));
}
