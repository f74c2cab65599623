// Timing core shared by the Node and the browser runs (plain ES module, no Node APIs).
//
// For one payload, every case is warmed up (run for `warmupMs`, which also sizes a
// round: `iters` calls take about `roundMs`), then timed in `rounds` rounds. The cases
// take turns within a round, in an order rotated each round, so a noisy moment hits
// all of them alike. Each round gives one time per call; the report is the median of
// the rounds (and min/max to show the spread).

export const CASES = [
  { id: 'ours', label: 'ours validate (object)' },
  { id: 'ajv', label: 'ajv (object)' },
  { id: 'zod', label: 'zod safeParse (object)' },
  { id: 'oursJson', label: 'ours validateJson (text)' },
  { id: 'parseAjv', label: 'JSON.parse + ajv (text)' },
];

/** The five timed functions for one payload; each returns the verdict. */
export function makeCases({ sdk, ajvValidate, zodSchema }, payload) {
  const text = payload.text;
  const body = JSON.parse(text); // the wire form, the same object for all three
  const fns = {
    ours: () => sdk.validate('batchOrder', body).valid,
    ajv: () => ajvValidate(body),
    zod: () => zodSchema.safeParse(body).success,
    oursJson: () => sdk.validateJson('batchOrder', text).valid,
    parseAjv: () => ajvValidate(JSON.parse(text)),
  };
  return CASES.map((c) => ({ ...c, fn: fns[c.id] }));
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Times the cases of one payload. Every case must return `expectedValid` (checked
 * once before timing). Returns per case: iters per round, ms per call (median, min,
 * max over rounds) and the samples.
 */
export async function measure(cases, { warmupMs = 250, rounds = 9, roundMs = 200, expectedValid }) {
  for (const c of cases) {
    const got = c.fn();
    if (got !== expectedValid) throw new Error(`${c.id}: verdict ${got}, expected ${expectedValid}`);
  }
  let sink = 0;
  const state = [];
  for (const c of cases) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    while (t - t0 < warmupMs || n < 2) {
      sink ^= c.fn() ? 1 : 0;
      n++;
      t = performance.now();
    }
    const perCall = (t - t0) / n;
    state.push({ c, iters: Math.max(1, Math.round(roundMs / perCall)), samples: [] });
    await tick();
  }
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < state.length; k++) {
      const s = state[(k + r) % state.length];
      const fn = s.c.fn;
      const t0 = performance.now();
      for (let i = 0; i < s.iters; i++) sink ^= fn() ? 1 : 0;
      s.samples.push((performance.now() - t0) / s.iters);
    }
    await tick();
  }
  return {
    sink,
    cases: state.map((s) => ({
      id: s.c.id,
      label: s.c.label,
      iters: s.iters,
      medianMs: median(s.samples),
      minMs: Math.min(...s.samples),
      maxMs: Math.max(...s.samples),
      samples: s.samples,
    })),
  };
}

/** Settings of a full run and of the quick smoke run. */
export function timingConfig(quick) {
  return quick ? { warmupMs: 40, rounds: 3, roundMs: 30 } : { warmupMs: 250, rounds: 9, roundMs: 200 };
}
