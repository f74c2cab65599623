// The schedules a tester should not wait for in real time, on one virtual
// clock shared by a LicensingClient and createSimulator (createVirtualClock of
// licensing-sdk/testing): two 503s with Retry-After: 20 waited out, an attempt
// that gets no answer ending at its 10 s timeout, a token that expires while
// the client waits to retry, and the same schedule giving the same store and
// trace on every run. Each takes the package's exports, so Node
// (js/testing/tests/clock.test.mjs) and the browsers' pages and workers
// (simulator-checks.mjs) run the very same code. Each resolves to what it saw;
// the callers assert on it, and `expectSchedule` says what it must be.
const BASE = 'https://licensing.test';
const LOCK = { assetNums: ['8000000001'], operatorIdentity: 'ops' };

/** A client and a simulator on one auto-advancing clock. */
async function sharedClock(sdk, { simOptions = {}, clientOptions = {} } = {}) {
  const clock = sdk.createVirtualClock({ autoAdvance: true });
  const sim = await sdk.createSimulator({ ...simOptions, clock });
  const client = new sdk.LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, clock, ...clientOptions });
  return { clock, sim, client };
}

/** How long a call took on `clock`, and how it ended. */
async function timed(clock, call) {
  const started = clock.now();
  try {
    return { value: await call(), elapsed: clock.now() - started };
  } catch (error) {
    return { error: { kind: error.kind, message: error.message }, elapsed: clock.now() - started };
  }
}

/** Two 503s with Retry-After: 20 on lockAssets, waited out. */
export async function twoRetryAfters(sdk) {
  const { clock, sim, client } = await sharedClock(sdk, { clientOptions: { timeoutMs: 30_000 } });
  sim.fault({ kind: 'http', status: 503, retryAfter: 20, times: 2, endpoint: 'lockAssets' });
  return { ...(await timed(clock, () => client.lockAssets(LOCK))), pending: clock.pending().length };
}

/** A body that never ends: the attempt gives up at its 10 s timeout. */
export async function attemptTimeout(sdk) {
  const { clock, sim, client } = await sharedClock(sdk, { clientOptions: { maxRetries: 0 } });
  sim.fault({ kind: 'stall-body', endpoint: 'listAssets' });
  return { ...(await timed(clock, () => client.listAssets({ enterpriseGlobalId: 'EG-1' }, { timeoutMs: 10_000 }))), pending: clock.pending().length };
}

/**
 * A token provider whose token lives 15 s, on the same clock: the first attempt
 * gets a 503 with Retry-After: 20, so the retry asks for a token after it
 * expired and is sent with the renewed one (the trace shows which by length).
 */
export async function tokenExpiresMidRetry(sdk) {
  const tokens = { 'short-lived': ['auth_order'], 'renewed-token-2': ['auth_order'] };
  let expiresAt;
  const asked = [];
  const { clock, sim, client } = await sharedClock(sdk, {
    simOptions: { tokens },
    clientOptions: {
      token: () => {
        const now = clock.now();
        expiresAt ??= now + 15_000;
        const token = now < expiresAt ? 'short-lived' : 'renewed-token-2';
        asked.push(token);
        return token;
      },
      headers: { 'x-sim-trace': 'expiry' },
    },
  });
  sim.fault({ kind: 'http', status: 503, retryAfter: 20, endpoint: 'lockAssets' });
  const outcome = await timed(clock, () => client.lockAssets(LOCK));
  return { ...outcome, asked, tokenLengths: sim.trace('expiry').map((entry) => entry.tokenLength) };
}

/**
 * One schedule (a batch order answered after a 503 with Retry-After: 1, a lock
 * answered after a 2.5 s delay, a read of the assets) on a fresh clock and simulator with seed 7: what
 * the store holds and the trace, with each request's g_nonce left out (nonces
 * stay random: a nonce a run could repeat would be refused by the service).
 */
export async function seededRun(sdk) {
  const { clock, sim, client } = await sharedClock(sdk, {
    simOptions: { seed: 7 },
    clientOptions: { appKey: 'app-1', headers: { 'x-sim-trace': 'run' }, retryBaseMs: 100 },
  });
  // Retry-After, not a backoff: the backoff's jitter is random (crypto), its wait would differ per run.
  sim.fault({ kind: 'http', status: 503, retryAfter: 1, endpoint: 'batchOrder' });
  sim.fault({ kind: 'delay', delayMs: 2_500, endpoint: 'lockAssets' });
  const order = sdk.exampleBody('batchOrder');
  const ordered = await timed(clock, () => client.batchOrder(order));
  const assetNum = order.orderList[0].assets[0].assetNos[0];
  await client.lockAssets({ assetNums: [assetNum], operatorIdentity: 'ops' });
  const assets = await client.listAssets({ enterpriseGlobalId: order.orderList[0].enterpriseGlobalId ?? order.enterpriseGlobalId });
  const trace = sim.trace('run').map(({ query, ...entry }) => ({ ...entry, query: String(query).replace(/g_nonce=[^&]*/, 'g_nonce=…') }));
  return { ordered, assets, snapshot: sim.snapshot(), trace, now: clock.now() };
}

/** What each schedule must give (the same everywhere), as [what, ok, seen]. */
export function expectSchedule(name, seen) {
  const checks = {
    twoRetryAfters: () => [
      ['settles with the lock', JSON.stringify(seen.value) === JSON.stringify([{ assetNum: '8000000001', status: 2 }])],
      ['after exactly the two Retry-After waits', seen.elapsed === 40_000],
      ['leaving no timer behind', seen.pending === 0],
    ],
    attemptTimeout: () => [
      ['ends as a timeout', seen.error?.kind === 'timeout'],
      ['at the attempt timeout', seen.elapsed === 10_000],
      ['leaving no timer behind', seen.pending === 0],
    ],
    tokenExpiresMidRetry: () => [
      ['settles', Array.isArray(seen.value) && seen.value.length === 1],
      ['the retry asked for a token after it expired', JSON.stringify(seen.asked) === JSON.stringify(['short-lived', 'renewed-token-2'])],
      ['and was sent with the renewed one', JSON.stringify(seen.tokenLengths) === JSON.stringify([11, 15])],
      ['20 s after the first attempt', seen.elapsed === 20_000],
    ],
  };
  if (!Object.hasOwn(checks, name)) throw new Error(`no schedule ${name}`);
  const json = JSON.stringify(seen);
  return checks[name]().map(([what, ok]) => [what, ok, json]);
}
