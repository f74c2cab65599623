// The package's event stream (`watch`, js/shared/events.js): what a watcher is
// told of calls made with no hooks at all, of a refused body and of an
// outbox's jobs; that it holds no token and no header value; that a watcher's
// failure is its own; that every copy of the package tells the same watchers;
// and that nothing is asked of the wasm while no one watches. The order of a
// call's events is held to the Rust client's by the shared scenarios
// (hook-scenarios.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { LicensingClient, watch } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { memoryStorage, openOutbox } from 'licensing-sdk/outbox';

const TOKEN = 'dev-all-token';
const SECRET_HEADER = 'a-header-value-nobody-may-see';
const lock = { assetNums: ['8000000001'], operatorIdentity: 'ops' };

async function client(options = {}) {
  const sim = await createSimulator({ seed: 3 });
  return new LicensingClient({ baseUrl: 'https://licensing.test', token: TOKEN, retryBaseMs: 1, fetch: sim.fetch, ...options });
}

/** The events told while `run` runs, and what it gave or threw. */
async function watching(run) {
  const events = [];
  const stop = watch((event) => events.push(event));
  try {
    return { events, outcome: await run().then((value) => ({ value }), (error) => ({ error })) };
  } finally {
    stop();
  }
}

test('a call with no hooks, retried then failed: each step told in order, with its facts', async () => {
  const c = await client({ maxRetries: 1, headers: { 'x-sim-fault': 'code500', 'x-trace': SECRET_HEADER } });
  const { events, outcome } = await watching(() => c.lockAssets(lock));
  assert.equal(outcome.error?.kind, 'business');
  const lines = events.map((e) => [e.type, e.attempt ?? e.attempts ?? '', e.status ?? e.error?.kind ?? ''].join(' ').trim());
  assert.deepEqual(lines, [
    'call', 'request 1', 'response 1 299', 'retry 1 business', 'request 2', 'response 2 299', 'failed 2 business',
  ]);
  const calls = new Set(events.map((e) => e.call));
  assert.equal(calls.size, 1, 'one call number');
  assert.ok(Number.isInteger([...calls][0]) && [...calls][0] >= 1);
  for (const e of events) {
    assert.equal(e.endpoint, 'lockAssets');
    assert.equal(typeof e.at, 'number', `${e.type}: when`);
  }
  const [request, response, retry] = [events[1], events[2], events[3]];
  assert.match(request.url, /g_nonce=/);
  assert.equal(request.method, 'POST');
  assert.equal(response.code, '500');
  assert.equal(typeof response.durationMs, 'number');
  assert.ok(Number.isInteger(retry.delayMs) && retry.delayMs >= 0);
  const facts = ({ kind, code, status, sent, message }) => ({ kind, code, status, sent, message });
  assert.deepEqual(facts(events.at(-1).error), facts(outcome.error), 'the error the call rejects with');
  const told = JSON.stringify(events, (key, value) => (value instanceof Error ? { ...value, message: value.message } : value));
  assert.ok(!told.includes(TOKEN) && !told.includes(SECRET_HEADER), 'no token and no header value');
  assert.ok(!('headers' in request), 'no headers at all');
});

test("a wait the service's Retry-After chose says so; the backoff's does not", async () => {
  const sim = await createSimulator({ seed: 5 });
  const c = new LicensingClient({ baseUrl: 'https://licensing.test', token: TOKEN, retryBaseMs: 1, fetch: sim.fetch });
  sim.fault({ kind: 'http', status: 503, retryAfter: 1, times: 1, endpoint: 'lockAssets' });
  sim.fault({ kind: 'http', status: 503, times: 1, endpoint: 'lockAssets' });
  const { events, outcome } = await watching(() => c.lockAssets(lock));
  assert.equal(outcome.error, undefined);
  const retries = events.filter((e) => e.type === 'retry').map((e) => [e.error.status, e.retryAfter, e.delayMs >= 1000]);
  assert.deepEqual(retries, [[503, true, true], [503, false, false]]);
});

test('a body the rules refuse: told with its report, nothing sent', async () => {
  const c = await client();
  const { events, outcome } = await watching(() => c.lockAssets({ assetNums: [], operatorIdentity: 'ops' }));
  assert.equal(outcome.error?.kind, 'validation');
  assert.deepEqual(events.map((e) => e.type), ['call', 'failed']);
  assert.equal(events[1].attempts, 0);
  assert.ok(events[1].error.issues.some((issue) => issue.path === '/assetNums'), 'the report, issue at its field');
});

test('a watcher that throws: the call and the other watchers go on', async () => {
  const c = await client();
  const stopThrowing = watch(() => {
    throw new Error('a watcher that fails');
  });
  try {
    const { events, outcome } = await watching(() => c.shellNums({ size: 1 }));
    assert.equal(outcome.error, undefined);
    assert.deepEqual(events.map((e) => e.type), ['call', 'request', 'response', 'done']);
    assert.equal(events.at(-1).attempts, 1);
  } finally {
    stopThrowing();
  }
});

test('nothing is asked of the wasm while no one watches: no hook step is taken', async () => {
  const c = await client();
  const asked = [];
  const begin = c.__begin;
  c.__begin = function (...args) {
    asked.push(args[4]);
    return begin.apply(this, args);
  };
  await c.shellNums({ size: 1 });
  const stop = watch(() => {});
  await c.shellNums({ size: 1 });
  stop();
  await c.shellNums({ size: 1 });
  assert.deepEqual(asked, [false, true, false]);
});

test('every copy of the package tells the same watchers (the CommonJS build too)', async () => {
  const require = createRequire(import.meta.url);
  const cjs = require('licensing-sdk');
  const { createSimulator: createCjsSimulator } = require('licensing-sdk/testing');
  const sim = await createCjsSimulator({ seed: 4 });
  const c = new cjs.LicensingClient({ baseUrl: 'https://licensing.test', token: TOKEN, fetch: sim.fetch });
  const { events } = await watching(() => c.shellNums({ size: 1 }));
  assert.deepEqual(events.map((e) => e.type), ['call', 'request', 'response', 'done']);
  const numbers = [];
  const stop = cjs.watch((e) => numbers.push(e.call));
  const esm = await client();
  await esm.shellNums({ size: 1 });
  stop();
  assert.equal(new Set(numbers).size, 1);
  assert.ok(numbers[0] > events[0].call, 'one count of calls for both copies');
});

test("an outbox's jobs: the sender, then each change of a job, and its call between", async () => {
  const c = await client();
  const { events } = await watching(async () => {
    const outbox = await openOutbox({ client: c, storage: memoryStorage(), name: 'watched' });
    const job = await outbox.lockAssets(lock);
    await job.settled;
    outbox.close();
  });
  const lines = events.map((e) => (e.type === 'job' ? `job ${e.outbox} ${e.job.endpoint} ${e.job.state}` : e.type === 'sender' ? `sender ${e.outbox}` : e.type));
  assert.equal(lines[0], 'sender watched');
  const jobs = lines.filter((l) => l.startsWith('job '));
  assert.deepEqual([jobs[0], jobs.at(-1)], ['job watched lockAssets queued', 'job watched lockAssets settled']);
  assert.ok(jobs.includes('job watched lockAssets sending'));
  const sending = lines.indexOf('job watched lockAssets sending');
  assert.ok(lines.indexOf('call') > sending && lines.indexOf('done') < lines.lastIndexOf('job watched lockAssets settled'), lines.join(' | '));
  assert.ok(events.filter((e) => e.type === 'job').every((e) => Number.isFinite(e.at)));
});
