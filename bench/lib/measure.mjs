// Timing core shared by the Node and the browser runs (plain ES module, no Node APIs).
//
// For one payload, every case is warmed up (run for `warmupMs`, which also sizes a
// round: `iters` calls take about `roundMs`), then timed in `rounds` rounds. The cases
// take turns within a round, in an order rotated each round, so a noisy moment hits
// all of them alike. Each round gives one time per call; the report is the median of
// the rounds (and min/max to show the spread).

export const CASES = [
  { id: 'ours', label: 'ours validate (object)' },
  { id: 'oursLight', label: 'ours `licensing-sdk/validate` validate (object)' },
  { id: 'ajv', label: 'ajv (object)' },
  { id: 'ajvPlain', label: 'ajv without the surrogate keyword (object; valid bodies only)' },
  { id: 'zod', label: 'zod safeParse (object)' },
  { id: 'valibot', label: 'valibot safeParse (object)' },
  { id: 'oursJson', label: 'ours validateJson (text)' },
  { id: 'parseAjv', label: 'JSON.parse + ajv (text)' },
];

/**
 * The timed functions of the targets for one payload, timed in turns; each
 * returns the verdict. ajv without the surrogate keyword only on the valid
 * bodies: on a body with errors it would pass a lone surrogate, and its target
 * is on valid bodies.
 */
export function makeCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse }, payload) {
  const text = payload.text;
  const body = JSON.parse(text); // the wire form, the same object for all of them
  const fns = {
    ours: () => sdk.validate('batchOrder', body).valid,
    ajv: () => ajvValidate(body),
    ajvPlain: () => ajvPlainValidate(body),
    zod: () => zodSchema.safeParse(body).success,
    valibot: () => valibotParse(body).success,
    oursJson: () => sdk.validateJson('batchOrder', text).valid,
    parseAjv: () => ajvValidate(JSON.parse(text)),
  };
  const timed = (c) => c.id !== 'oursLight' && (c.id !== 'ajvPlain' || payload.variant === 'valid');
  return CASES.filter(timed).map((c) => ({ ...c, fn: fns[c.id] }));
}

/**
 * `licensing-sdk/validate` (`light`: the validation-only wasm, with the fast path
 * since issue 78) on one payload, its last case. Each run times it last, after
 * every payload's other cases and steps: while it had no fast path, its garbage (the
 * whole body's text on every call, 8 MB at 1,000 wide orders) weighed on whatever
 * ran after it in the same heap. Timed in turns with
 * the five (the run of a918e71), the default entry's validate grew ×12.9 from 100 to
 * 1,000 wide orders in Chromium, against ×10.7 in the run before; timed after them
 * in each payload's turn, its 1,000 wide orders took 7.1 ms in Node, against 5.3 ms
 * in the same process without it.
 */
export function makeLightCase({ light }, payload) {
  const body = JSON.parse(payload.text);
  return [{ ...CASES.find((c) => c.id === 'oursLight'), fn: () => light.validate('batchOrder', body).valid }];
}

/**
 * The payloads whose unmet targets are broken down into steps (`makeStepCases`):
 * the valid ones for `validateJson`, every one with errors for `validate`.
 */
export function stepPayload(p) {
  return p.variant === 'errors' || p.size >= 100;
}

/**
 * The steps of one payload's unmet target, each timed alone beside the whole call
 * and the peer, so the report can say where the time goes: `{ steps, facts }`
 * (facts: `partBytes`, the bytes of the first 100 orders). `checkBatch` is the
 * package's order-by-order pass (js/sdk/src-js/fast-path.js).
 * - valid (validateJson ≥ 1.5× JSON.parse + ajv): the UTF-8 copy of the text
 *   (`TextEncoder.encodeInto`, what validateJson does into wasm memory), the whole
 *   validateJson, and the peer's two parts; at 1,000 orders (growth ≤ 1.25) also
 *   validate and ajv on the batch's first 100 orders, the same objects. And
 *   (validate ≥ 1× ajv without the surrogate keyword) the generated fast path
 *   alone, with and without its test for half of a character, beside both ajvs.
 * - errors (validate ≥ 1× zod and valibot at one order, ajv at more): the fast
 *   path's rejecting pass (`fastCheck`; from 4 orders, `checkBatch`, order by order),
 *   the vouched text it writes (`vouchedText`: only the failing parts, the rest `!`),
 *   and so the wasm on that text (the whole call less the two), beside validate and
 *   the peers; and the way it replaced, beside it: the whole body's text
 *   (`serialize`) and the wasm on that text (validateJson).
 */
export function makeStepCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse, checkBatch, vouchedText, serialize, fastCheck, fastCheckWithoutSurrogateTest }, payload) {
  const text = payload.text;
  const body = JSON.parse(text);
  const steps = [];
  const facts = {};
  const step = (id, label, fn) => steps.push({ id, label, fn });
  if (payload.variant === 'valid') {
    const encoder = new TextEncoder();
    const buffer = new Uint8Array(text.length * 3);
    step('copy', 'UTF-8 copy of the text (encodeInto)', () => encoder.encodeInto(text, buffer).written);
    step('oursJson', 'ours validateJson (copy + walk + report)', () => sdk.validateJson('batchOrder', text).valid);
    step('parse', 'JSON.parse', () => JSON.parse(text));
    step('ajv', 'ajv (object)', () => ajvValidate(body));
    step('ours', 'ours validate (the whole call)', () => sdk.validate('batchOrder', body).valid);
    step('fast', 'the generated fast path alone (fastCheck)', () => fastCheck('batchOrder', body));
    step('fastNoTest', 'the same with its test for half of a character turned off (a measure, not a validator)', () => fastCheckWithoutSurrogateTest('batchOrder', body));
    step('ajvPlain', 'ajv without the surrogate keyword (object)', () => ajvPlainValidate(body));
    if (payload.size >= 1000) {
      // Growth: the same code on the same objects, 100 orders at a time against all
      // of them (the working set: 0.4 MB against 4 MB).
      const part = { ...body, orderList: body.orderList.slice(0, 100) };
      step('oursWhole', 'ours validate, the whole batch', () => sdk.validate('batchOrder', body).valid);
      step('oursPart', 'ours validate, its first 100 orders (the same objects)', () => sdk.validate('batchOrder', part).valid);
      step('ajvPart', 'ajv, its first 100 orders (the same objects)', () => ajvValidate(part));
      facts.partBytes = new TextEncoder().encode(JSON.stringify(part)).length;
    }
    return { steps, facts };
  }
  const batch = payload.size < 4 ? null : checkBatch(body);
  if (payload.size >= 4 && (batch === null || !batch.vouched)) throw new Error(`${payload.size} orders with errors: not checked order by order`);
  const vouched = vouchedText('batchOrder', body, batch?.vouched);
  if (vouched === null) throw new Error(`${payload.size} orders with errors: no vouched text`);
  if (batch === null) step('pass', 'the fast path, which rejects it (fastCheck)', () => fastCheck('batchOrder', body));
  else step('pass', `the order-by-order pass (checkBatch: ${batch.vouched.filter(Boolean).length} of ${payload.size} orders vouched)`, () => checkBatch(body));
  step('vouched', `its vouched text (${vouched.length.toLocaleString('en-US')} of ${text.length.toLocaleString('en-US')} characters)`, () => vouchedText('batchOrder', body, batch?.vouched).length);
  step('serialize', "instead, the whole body's text (serialize)", () => serialize(body).text.length);
  step('wasm', 'and the wasm on it (validateJson)', () => sdk.validateJson('batchOrder', text).valid);
  const reportText = JSON.stringify(sdk.validate('batchOrder', body));
  step('reportParse', `JSON.parse of the report (${reportText.length.toLocaleString('en-US')} characters of JSON)`, () => JSON.parse(reportText).valid);
  if (payload.size < 4) {
    step('zod', 'zod (object)', () => zodSchema.safeParse(body).success);
    step('valibot', 'valibot (object)', () => valibotParse(body).success);
  }
  step('ours', 'ours validate (the whole call)', () => sdk.validate('batchOrder', body).valid);
  step('ajv', 'ajv (object)', () => ajvValidate(body));
  return { steps, facts };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * Times the cases of one payload. Every case must return `expectedValid` (checked
 * once before timing; left out for the steps below, which return other things). Returns per case: iters per round, ms per call (median, min,
 * max over rounds) and the samples.
 */
export async function measure(cases, { warmupMs = 250, rounds = 9, roundMs = 200, expectedValid }) {
  for (const c of cases) {
    const got = c.fn();
    if (expectedValid !== undefined && got !== expectedValid) throw new Error(`${c.id}: verdict ${got}, expected ${expectedValid}`);
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
