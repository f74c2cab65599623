// The two schedules a tester should not wait for in real time, with what each
// runner's fake timers give them (`advance(ms)`: the runner's async advance):
// two 503s with Retry-After: 20 waited out (40 s), and an attempt that gets no
// answer ending at its 10 s timeout; and a plain call, with no fault, on a
// simulator made before the fake timers. Shared by the Jest, Vitest and sinon
// files of this suite.
const BASE = 'https://licensing.test';
const LOCK = { assetNums: ['8000000001'], operatorIdentity: 'ops' };

/** Whether a promise has settled, without waiting for it. */
function watch(promise) {
  const state = { settled: false, value: undefined, error: undefined };
  promise.then((value) => { state.settled = true; state.value = value; }, (error) => { state.settled = true; state.error = error; });
  return state;
}

async function plainCall({ LicensingClient, sim, advance }) {
  const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch });
  const call = watch(client.shellNums({ size: 1 }));
  await advance(1_000);
  return call;
}

async function twoRetryAfters({ LicensingClient, sim, advance, now }) {
  sim.fault({ kind: 'http', status: 503, retryAfter: 20, times: 2, endpoint: 'lockAssets' });
  const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, timeoutMs: 30_000 });
  const started = now();
  const call = watch(client.lockAssets(LOCK));
  await advance(39_000);
  const early = call.settled;
  await advance(2_000);
  return { early, call, elapsed: now() - started };
}

async function timeout({ LicensingClient, sim, advance }) {
  sim.fault({ kind: 'stall-body', endpoint: 'listAssets' });
  const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, maxRetries: 0 });
  const call = watch(client.listAssets({ enterpriseGlobalId: 'EG-1' }, { timeoutMs: 10_000 }));
  await advance(9_000);
  const early = call.settled;
  await advance(1_500);
  return { early, call };
}

module.exports = { plainCall, twoRetryAfters, timeout };
