// createSimulator (licensing-sdk/testing) runs each call synchronously on the
// caller's thread: the probes of simulator.test.mjs replayed in process, each
// call's blocking of the event loop measured (the longest gap of a 1 ms timer)
// and held under a stated ceiling. Before the work was bounded, a 15 KB delete
// blocked it 0.9 s, and a client's timeoutMs: 500 could not fire.
// A call is over its ceiling only when both the gap and the process's CPU time
// over the call are: the gap alone grows with whatever else the machine runs
// (a 17-33 ms call once measured 606 ms while make test's other lane ran), and
// CPU time alone counts V8's background threads; work the simulator does not
// bound (that 0.9 s delete) is over on both.
// Run: make test-abuse (part of make test).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimulator } from 'licensing-sdk/testing';
import { deleteProducts, maxBuy, maxDelete, newBuy, newCustomers, numbers, wideBuy } from './bodies.mjs';

const BASE = 'https://licensing.test';
const BATCH = '/order/api/order/v1/licenseOrder/batchOrder?appKey=k';
// Bodies up to ~130 KB: measured 5-110 ms here, quiet. Bodies at the 1 MiB limit,
// or answers of ~10 MB: 90-850 ms. Ceilings loose enough for a loaded machine.
const SMALL_CEILING_MS = 500;
const LARGE_CEILING_MS = 3000;

let n = 0;
const post = (sim, body) => sim.fetch(`${BASE}${BATCH}&g_nonce=ip-${++n}`, {
  method: 'POST', headers: { authorization: 'Bearer dev-all-token', 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const list = (sim, id) => sim.fetch(`${BASE}/order/api/order/v1/asset/${id}/list?g_nonce=ip-${++n}`, { headers: { authorization: 'Bearer dev-all-token' } });

/** Runs `call` (its body already made: only the simulator's work is timed); resolves to [answer, longest event-loop gap in ms, the process's CPU ms]. */
async function blocking(call) {
  let last = performance.now();
  let longest = 0;
  const tick = setInterval(() => { const now = performance.now(); longest = Math.max(longest, now - last); last = now; }, 1);
  await new Promise((r) => setTimeout(r, 10));
  last = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const res = await call();
    const answer = [res.status, await res.json()];
    const cpu = process.cpuUsage(cpuBefore);
    await new Promise((r) => setTimeout(r, 5));
    return [answer, Math.max(longest, performance.now() - last), (cpu.user + cpu.system) / 1000];
  } finally {
    clearInterval(tick);
  }
}

test('each call blocks the event loop within a stated ceiling, at the default limits', { timeout: 120_000 }, async (t) => {
  const sim = await createSimulator();
  const probes = [
    ['3,000 numbers x 3,000 products, new_buy (130 KB)', SMALL_CEILING_MS, 0, wideBuy()],
    ['200 numbers x 3,000 products of one URI, new_buy', SMALL_CEILING_MS, 0,
      JSON.stringify(newBuy('same', 'EG-S', numbers(400_000, 200), Array.from({ length: 3000 }, () => ({ productUri: 'gms:same' }))))],
    ['delete of 500 products of that URI on the 200 numbers (16 KB): refused by its step count', SMALL_CEILING_MS, '13004',
      JSON.stringify(deleteProducts('same-del', numbers(400_000, 200), Array.from({ length: 500 }, () => ({ productUri: 'gms:same' }))))],
    ['400 numbers sharing a 500 KB extension, new_buy', SMALL_CEILING_MS, 0,
      JSON.stringify(newBuy('ext', 'EG-X', numbers(300_000, 400), [{ productUri: 'gms:1' }], { customerId: `C-${'c'.repeat(50_000)}`,
        assets: [{ assetNos: numbers(300_000, 400), assetExtendList: [{ extendCode: 'big', extendValue: 'v'.repeat(500_000) }], products: [{ productUri: 'gms:1' }] }] }))],
    ['listAssets of those 400 (200 MB of answer): refused by --max-answer-bytes', SMALL_CEILING_MS, '13004', 'EG-X'],
    ['2,000 orders, each a new customer', SMALL_CEILING_MS, 0, newCustomers()],
    ['1 MB of not-JSON', SMALL_CEILING_MS, '13004', 'x'.repeat(1 << 20)],
    ['1 MB new_buy: 40,000 numbers x 20,000 products', LARGE_CEILING_MS, 0, maxBuy()],
    ['listAssets of those 40,000 (~10 MB of answer)', LARGE_CEILING_MS, 0, 'EG-M'],
    ['delete of 250,000 (number, product) pairs, --max-delete-pairs', LARGE_CEILING_MS, 0, maxDelete()],
  ];
  const over = [];
  for (const [name, ceiling, code, input] of probes) {
    const isList = input.startsWith('EG-');
    const [[status, answer], ms, cpuMs] = await blocking(() => (isList ? list(sim, input) : post(sim, input)));
    t.diagnostic(`${name}: HTTP ${status} code ${answer.code}, event loop blocked ${ms.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms (ceiling ${ceiling} ms)`);
    assert.equal(answer.code, code, `${name}: ${JSON.stringify(answer).slice(0, 300)}`);
    if (Math.min(ms, cpuMs) > ceiling) over.push(`${name}: ${ms.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms`);
  }
  assert.deepEqual(over, []);
});
