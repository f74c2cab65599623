// LicensingClient's hooks and token provider against the in-process
// simulator: the order of the events, headers added on the wire, a refused
// token asked for again, Retry-After, and hooks that fail. licensing-client's
// steps decide every step around them, as around the Rust client's; the
// package's JavaScript calls them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';

const TOKEN = 'dev-all-token';
const lock = { assetNums: ['8000000001'], operatorIdentity: 'ops' };

async function setup(options) {
  const sim = await createSimulator({ seed: 3 });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: TOKEN, appKey: 'app-1',
    retryBaseMs: 5, fetch: sim.fetch, ...options });
  return { sim, client };
}

test('hooks see each attempt in order; beforeRequest adds headers that are sent; the token is redacted', async () => {
  const events = [];
  const { client } = await setup({
    hooks: {
      beforeRequest: async ({ endpoint, attempt, method, url, headers }) => {
        events.push(`request ${endpoint} ${attempt} ${method} ${headers.authorization} ${/g_nonce=/.test(url)}`);
        // Proof that it reaches the wire: the simulator fails this attempt with code 500.
        return attempt === 1 ? { 'x-sim-fault': 'code500' } : { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' };
      },
      afterResponse: ({ attempt, status, code, durationMs }) => events.push(`response ${attempt} ${status} ${code} ${durationMs >= 0}`),
      beforeRetry: ({ attempt, error, delayMs }) => events.push(`retry ${attempt} ${error.kind} ${error.code} ${delayMs > 0}`),
    },
  });
  assert.equal((await client.lockAssets(lock)).length, 1);
  assert.deepEqual(events, [
    'request lockAssets 1 POST Bearer [redacted] true',
    'response 1 299 500 true',
    'retry 1 business 500 true',
    'request lockAssets 2 POST Bearer [redacted] true',
    'response 2 200 0 true',
  ]);
  assert.ok(client instanceof LicensingClient);
});

test('a token provider is asked before each attempt, and once more after a 401', async () => {
  const asked = [];
  const { client } = await setup({
    token: async ({ endpoint, attempt, refused }) => {
      asked.push(`${endpoint} ${attempt} ${refused}`);
      return refused ? TOKEN : 'expired-token';
    },
  });
  assert.equal((await client.shellNums({ size: 2 })).length, 2);
  assert.deepEqual(asked, ['shellNums 1 false', 'shellNums 2 true']);
  // Refused again: the second 401 is the answer.
  const { client: stale } = await setup({ token: () => 'still-expired' });
  const err = await stale.lockAssets(lock).catch((e) => e);
  assert.deepEqual([err.name, err.kind, err.status], ['LicensingError', 'http', 401]);
  assert.ok(!err.message.includes('still-expired'));
});

test('Retry-After on a 503 sets the wait before the retry', async () => {
  let delay;
  // The second on a virtual clock shared with the simulator: waited exactly, in no real time.
  const clock = createVirtualClock({ autoAdvance: true });
  const sim = await createSimulator({ seed: 3, clock });
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: TOKEN, retryBaseMs: 5, fetch: sim.fetch, clock,
    hooks: { beforeRetry: ({ delayMs }) => { delay = delayMs; } } });
  sim.fault({ kind: 'http', status: 503, retryAfter: 1, endpoint: 'lockAssets' });
  const started = clock.now();
  assert.equal((await client.lockAssets(lock)).length, 1);
  assert.equal(delay, 1000);
  assert.equal(clock.now() - started, 1000);
  // Longer than the timeout: not retried.
  sim.fault({ kind: 'http', status: 503, retryAfter: 120, endpoint: 'lockAssets' });
  const err = await client.lockAssets(lock, { timeoutMs: 2000 }).catch((e) => e);
  assert.equal(err.status, 503);
  assert.match(err.message, /Retry-After asks for 120000 ms/);
});

test('a hook that throws ends the call with kind hook; nothing more is sent; onError is told', async () => {
  const told = [];
  const sent = [];
  const { sim, client } = await setup({
    token: () => 'dev-all-token',
    hooks: {
      beforeRequest: () => { throw new Error('tracing down for dev-all-token'); },
      afterResponse: ({ status }) => sent.push(status),
      onError: ({ error, attempts }) => { told.push(`${error.kind} ${attempts}`); throw new Error('ignored'); },
    },
  });
  const err = await client.lockAssets(lock).catch((e) => e);
  assert.deepEqual([err.name, err.kind], ['LicensingError', 'hook']);
  assert.match(err.message, /beforeRequest hook failed: tracing down/);
  assert.ok(!err.message.includes('dev-all-token'), err.message);
  assert.deepEqual(sent, []);
  assert.deepEqual(told, ['hook 0']); // none was sent
  assert.equal(sim.stats().requests ?? 0, 0);
  // A rejected beforeRetry stops the retry: the first attempt only.
  const { sim: sim2, client: retrying } = await setup({ hooks: { beforeRetry: async () => { throw new Error('no'); } } });
  sim2.fault({ kind: 'code500', times: 2 });
  const err2 = await retrying.lockAssets(lock).catch((e) => e);
  assert.equal(err2.kind, 'hook');
  // Validation fails before any attempt: onError still hears of it.
  const heard = [];
  const { client: validating } = await setup({ hooks: { onError: ({ error, attempts }) => heard.push(`${error.kind} ${attempts}`) } });
  assert.equal((await validating.shellNums({ size: 0 }).catch((e) => e)).kind, 'validation');
  assert.deepEqual(heard, ['validation 0']);
});

test('beforeRequest may return Headers or a Map; what cannot be read as headers is a hook error', async () => {
  const seen = [];
  const { sim, client } = await setup({
    hooks: { beforeRequest: ({ attempt }) => new Headers({ 'x-trace': `t${attempt}` }) },
    fetch: async (request) => { seen.push(request.headers.get('x-trace')); return sim.fetch(request); },
  });
  await client.shellNums({ size: 1 });
  assert.deepEqual(seen, ['t1']);
  const returns = [
    [42, /it must return undefined or an object of headers/],
    [{ 'x-a': 1 }, /the value of x-a is not a string/],
    [{ entries() { throw new Error('no entries'); } }, /beforeRequest hook failed: no entries/],
    [new Map([['x-b', 'ok'], ['x-c', 2]]), /the value of x-c is not a string/],
  ];
  for (const [value, message] of returns) {
    const { client: odd } = await setup({ hooks: { beforeRequest: () => value } });
    const err = await odd.shellNums({ size: 1 }).catch((e) => e);
    assert.deepEqual([err.kind, err.sent], ['hook', false]);
    assert.match(err.message, message);
  }
});

test('unusable hooks options are refused at construction', () => {
  assert.throws(() => new LicensingClient({ baseUrl: 'https://x.test', token: 't', hooks: { beforeRequest: 1 } }),
    (e) => e.kind === 'validation' && /hooks.beforeRequest/.test(e.message));
  assert.throws(() => new LicensingClient({ baseUrl: 'nope', token: () => 't' }), (e) => e.kind === 'validation');
  assert.throws(() => new LicensingClient({ baseUrl: 'https://x.test', token: 't', hooks: null }),
    (e) => e.kind === 'validation' && /hooks must be an object of functions/.test(e.message));
  assert.throws(() => new LicensingClient({ baseUrl: 'https://x.test', token: 42 }),
    (e) => e.kind === 'validation' && /token is required/.test(e.message));
});

test('against the native simulator over HTTP: hooks, a refreshed token and Retry-After', async (t) => {
  const base = process.env.LICENSING_SIM_URL;
  if (!base) return t.skip('LICENSING_SIM_URL is not set (make test-js starts a simulator)');
  const events = [];
  let token = 'expired-token';
  const key = `hooks-native-${Date.now()}`;
  const client = new LicensingClient({
    baseUrl: base, retryBaseMs: 5,
    token: async ({ refused }) => { if (refused) token = TOKEN; return token; },
    hooks: {
      // Sent on the wire: the simulator answers the first sent attempt 503 with Retry-After: 1.
      beforeRequest: ({ attempt }) => { events.push(`request ${attempt}`); return { 'x-sim-fault': `http=503;retry-after=1;times=1;key=${key}` }; },
      afterResponse: ({ attempt, status }) => events.push(`response ${attempt} ${status}`),
      beforeRetry: ({ attempt, delayMs }) => events.push(`retry ${attempt} ${delayMs}`),
    },
  });
  const results = await client.lockAssets(lock);
  assert.equal(results.length, 1);
  // The 401 is answered before faults apply; its re-send gets the 503.
  assert.deepEqual(events, ['request 1', 'response 1 401', 'request 2', 'response 2 503', 'retry 2 1000', 'request 3', 'response 3 200']);
});
