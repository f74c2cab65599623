// The schedules of schedules.cjs under @sinonjs/fake-timers 15 (`tickAsync`),
// with every default but two: `queueMicrotask` and `process.nextTick` stay real.
// In Node's main realm sinon's defaults replace them for Node itself, and Node's
// own fetch and streams schedule their work with them: with the defaults, a bare
// `await new Response('x').text()` never settles (it loops until the heap is
// exhausted; measured here with Node 20), whatever the package does. Jest's
// defaults fake them too, but in the test's own realm: Node's internals keep
// the real ones, and the Jest file of this suite runs with its defaults. A
// plain script, not node:test, as a sinon user's Mocha file would be. Exits
// non-zero on the first schedule that fails.
import assert from 'node:assert/strict';
import FakeTimers from '@sinonjs/fake-timers';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';
import schedules from './schedules.cjs';

const { plainCall, timeout, twoRetryAfters } = schedules;
/** sinon's default `toFake` (every timer it knows) but `queueMicrotask` and `nextTick`. */
const SINON_DEFAULTS_BUT_MICROTASKS = Object.keys(FakeTimers.timers).filter((name) => name !== 'queueMicrotask' && name !== 'nextTick');
const sim = await createSimulator();
let clock;
const advance = (ms) => clock.tickAsync(ms);
const now = () => Date.now();

async function under(name, run) {
  sim.reset();
  clock = FakeTimers.install({ toFake: SINON_DEFAULTS_BUT_MICROTASKS });
  try {
    await run();
  } finally {
    clock.uninstall();
  }
  process.stdout.write(`ok - ${name}\n`);
}

await under('a call with no fault settles', async () => {
  const call = await plainCall({ LicensingClient, sim, advance });
  assert.deepEqual(call.value, ['8000000001']);
});

await under('two 503s with Retry-After: 20 are waited out in 40 s of fake time', async () => {
  const { early, call, elapsed } = await twoRetryAfters({ LicensingClient, sim, advance, now });
  assert.equal(early, false);
  assert.equal(call.error, undefined);
  assert.deepEqual(call.value, [{ assetNum: '8000000001', status: 2 }]);
  assert.equal(elapsed, 41_000);
});

await under('an attempt with no answer ends at its 10 s timeout', async () => {
  const { early, call } = await timeout({ LicensingClient, sim, advance });
  assert.equal(early, false);
  assert.equal(call.error?.kind, 'timeout');
});

await under("the package's virtual clock runs beside sinon's", async () => {
  const virtual = createVirtualClock({ autoAdvance: true });
  const shared = await createSimulator({ clock: virtual });
  shared.fault({ kind: 'http', status: 503, retryAfter: 20, times: 2, endpoint: 'lockAssets' });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: shared.fetch, clock: virtual });
  const started = virtual.now();
  assert.deepEqual(await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }), [{ assetNum: '8000000001', status: 2 }]);
  assert.equal(virtual.now() - started, 40_000);
});
