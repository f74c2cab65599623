// The schedules of schedules.cjs under Jest's own fake timers, as a portal's
// tests turn them on: `jest.useFakeTimers()` with its defaults (which fake
// `queueMicrotask` too) and `jest.advanceTimersByTimeAsync`.
const { LicensingClient } = require('licensing-sdk');
const { createSimulator, createVirtualClock } = require('licensing-sdk/testing');
const { plainCall, timeout, twoRetryAfters } = require('../schedules.cjs');

let sim;
const advance = (ms) => jest.advanceTimersByTimeAsync(ms);
const now = () => Date.now();

beforeAll(async () => {
  // Made before the fake timers, as a shared fixture is.
  sim = await createSimulator();
});
beforeEach(() => {
  sim.reset();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

test('a call with no fault settles', async () => {
  const call = await plainCall({ LicensingClient, sim, advance });
  expect(call.settled).toBe(true);
  expect(call.error).toBeUndefined();
  expect(call.value).toEqual(['8000000001']);
});

test('two 503s with Retry-After: 20 are waited out in 40 s of fake time', async () => {
  const { early, call, elapsed } = await twoRetryAfters({ LicensingClient, sim, advance, now });
  expect(early).toBe(false);
  expect(call.error).toBeUndefined();
  expect(call.value).toEqual([{ assetNum: '8000000001', status: 2 }]);
  expect(elapsed).toBe(41_000);
});

test('an attempt with no answer ends at its 10 s timeout', async () => {
  const { early, call } = await timeout({ LicensingClient, sim, advance });
  expect(early).toBe(false);
  expect(call.error).toMatchObject({ name: 'LicensingError', kind: 'timeout' });
});

test("the package's virtual clock, shared by client and simulator, runs under Jest's fake timers", async () => {
  const clock = createVirtualClock({ autoAdvance: true });
  const shared = await createSimulator({ clock });
  shared.fault({ kind: 'http', status: 503, retryAfter: 20, times: 2, endpoint: 'lockAssets' });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: shared.fetch, clock });
  const started = clock.now();
  const results = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' });
  expect(results).toEqual([{ assetNum: '8000000001', status: 2 }]);
  expect(clock.now() - started).toBe(40_000);
});
