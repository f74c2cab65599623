// The schedules of schedules.cjs under Vitest's fake timers (`vi.useFakeTimers()`
// with its defaults, `vi.advanceTimersByTimeAsync`).
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';
import { plainCall, timeout, twoRetryAfters } from '../schedules.cjs';

let sim;
const advance = (ms) => vi.advanceTimersByTimeAsync(ms);
const now = () => Date.now();

beforeAll(async () => {
  sim = await createSimulator();
});
beforeEach(() => {
  sim.reset();
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

test('a call with no fault settles', async () => {
  const call = await plainCall({ LicensingClient, sim, advance });
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

test("the package's virtual clock, shared by client and simulator, runs under Vitest's fake timers", async () => {
  const clock = createVirtualClock({ autoAdvance: true });
  const shared = await createSimulator({ clock });
  shared.fault({ kind: 'stall-body', endpoint: 'listAssets' });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: shared.fetch, clock, maxRetries: 0 });
  const started = clock.now();
  await expect(client.listAssets({ enterpriseGlobalId: 'EG-1' }, { timeoutMs: 10_000 })).rejects.toMatchObject({ kind: 'timeout' });
  expect(clock.now() - started).toBe(10_000);
});
