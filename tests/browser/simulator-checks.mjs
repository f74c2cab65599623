// What createSimulator must do in any JS realm (a window, a module worker):
// run by simulator.html in the page and in a worker, in Chromium and Firefox.
// Resolves to [{ name, ok, error? }].
import { createSimulator, createVirtualClock, invalidExamples } from '/pkg/testing.mjs';
import { exampleBody, LicensingClient, validate } from '/pkg/index.js';
import { HOSTILE_TIMEOUT_MS, hostileFetches, runHostile } from './hostile-fetches.mjs';
import * as schedules from './clock-schedules.mjs';

const BASE = 'https://licensing.test';

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function rejection(promise) {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

const CHECKS = {
  async 'a client over sim.fetch, with no network'() {
    const sim = await createSimulator({ seed: 10 });
    const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch });
    const numbers = await client.shellNums({ size: 2 });
    check(numbers.join() === '8000000011,8000000012', `shellNums: ${numbers}`);
    const invalid = await rejection(client.shellNums({ size: 0 }));
    check(invalid.kind === 'validation', `size 0: ${invalid.kind}`);
  },
  async 'faults: code 500 retried, a stall ends as a timeout'() {
    const sim = await createSimulator();
    const client = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, retryBaseMs: 1, timeoutMs: 200 });
    sim.fault({ kind: 'code500', times: 1 });
    check((await client.shellNums({ size: 1 }, { repeatable: true })).join() === '8000000001', 'retried');
    sim.fault({ kind: 'stall-body' });
    const stalled = await rejection(client.shellNums({ size: 1 }));
    check(stalled.kind === 'timeout', `stall: ${stalled.kind}`);
  },
  async 'hooks, a token provider refreshed after a 401, Retry-After'() {
    // The Retry-After second on a virtual clock: no real second waited.
    const clock = createVirtualClock({ autoAdvance: true });
    const sim = await createSimulator({ clock });
    const events = [];
    let token = 'expired';
    const client = new LicensingClient({
      baseUrl: BASE, fetch: sim.fetch, retryBaseMs: 1, clock,
      // A provider keeps what it got last; a refusal makes it fetch a fresh one.
      token: async ({ refused }) => { if (refused) token = 'dev-order-token'; return token; },
      hooks: {
        beforeRequest: ({ attempt, headers }) => { events.push(`request ${attempt} ${headers.authorization}`); return { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }; },
        afterResponse: ({ attempt, status }) => { events.push(`response ${attempt} ${status}`); },
        beforeRetry: ({ attempt, delayMs }) => { events.push(`retry ${attempt} ${delayMs}`); },
      },
    });
    sim.fault({ kind: 'http', status: 503, retryAfter: 1, endpoint: 'lockAssets' });
    const results = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' });
    check(results.length === 1, JSON.stringify(results));
    const want = ['request 1 Bearer [redacted]', 'response 1 401', 'request 2 Bearer [redacted]', 'response 2 503',
      'retry 2 1000', 'request 3 Bearer [redacted]', 'response 3 200'];
    check(JSON.stringify(events) === JSON.stringify(want), JSON.stringify(events));
    const failing = new LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch,
      hooks: { beforeRequest: () => Promise.reject(new Error('down')) } });
    const err = await rejection(failing.shellNums({ size: 1 }));
    check(err.kind === 'hook' && /down/.test(err.message), `${err.kind}: ${err.message}`);
  },
  async 'state: stats, traces, reset'() {
    const sim = await createSimulator();
    const client = new LicensingClient({ baseUrl: BASE, token: 'dev-all-token', fetch: sim.fetch, headers: { 'x-sim-trace': 't' } });
    await client.createEnterprise({ crmCustomerId: 'crm-1' });
    check(sim.stats().customers === 1, JSON.stringify(sim.stats()));
    check(sim.trace('t').length === 1, JSON.stringify(sim.trace('t')));
    sim.reset();
    check(sim.stats().customers === 0 && sim.trace('t').length === 0, 'reset');
  },
  async 'options are checked'() {
    const err = await rejection(createSimulator({ rules: 'lenient' }));
    check(/unknown rules profile/.test(err.message), err.message);
  },
  async 'hostile fetches: an answer or a LicensingError, on time'() {
    const sim = await createSimulator();
    for (const [name, expected, fetch] of hostileFetches(sim)) {
      const got = await runHostile(LicensingClient, fetch);
      check(got.outcome === expected, `${name}: ${JSON.stringify(got)}`);
      check(got.ms < HOSTILE_TIMEOUT_MS + 3000, `${name}: settled after ${got.ms} ms`);
    }
  },
  async 'one virtual clock: two Retry-After: 20, a 10 s timeout, a token expiring mid-retry, a seeded run twice'() {
    const sdk = { createSimulator, createVirtualClock, exampleBody, LicensingClient };
    const started = performance.now();
    for (const name of ['twoRetryAfters', 'attemptTimeout', 'tokenExpiresMidRetry']) {
      const seen = await schedules[name](sdk);
      for (const [what, ok, json] of schedules.expectSchedule(name, seen)) check(ok, `${name}: ${what}: ${json}`);
    }
    const [first, second] = [await schedules.seededRun(sdk), await schedules.seededRun(sdk)];
    check(JSON.stringify(first) === JSON.stringify(second), `two seeded runs differ:\n${JSON.stringify(first)}\n${JSON.stringify(second)}`);
    check(first.ordered.error === undefined && first.trace.length === 4, JSON.stringify(first));
    // 90 virtual seconds in all; real time is the work alone.
    check(performance.now() - started < 10_000, `${performance.now() - started} ms of real time`);
  },
  async 'invalid examples fail with their one issue'() {
    for (const x of invalidExamples('shellNums')) {
      if (!x.body) continue;
      const report = validate('shellNums', x.body, { rules: 'strict' });
      check(report.issues.length === 1 && report.issues[0].code === x.code, `${x.code}: ${JSON.stringify(report.issues)}`);
    }
  },
};

export async function runChecks() {
  const results = [];
  for (const [name, run] of Object.entries(CHECKS)) {
    try {
      await run();
      results.push({ name, ok: true });
    } catch (err) {
      results.push({ name, ok: false, error: `${err}${err && err.kind ? ` (kind ${err.kind})` : ""}\n${err && err.stack}` });
    }
  }
  return results;
}
