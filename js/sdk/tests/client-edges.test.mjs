// What an adversarial pass of LicensingClient found, each held here (each
// test failed before its mend): the token in what the service or the runtime
// said, a signal that fired before the call, an async watcher or onWarnings
// that rejects, a watcher that edits the event it shares, unreadable call
// options, a freed client, a byte order mark, the options' words, and
// licensing-sdk/query's signal and stale keys.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { LicensingClient, exampleBody, watch } from 'licensing-sdk';
import { licensingQueries, staleQueryKeys } from 'licensing-sdk/query';

const TOKEN = 'SECRET-TOKEN-XYZ';
const base = { baseUrl: 'https://licensing.test', token: TOKEN, retryBaseMs: 1, maxRetries: 1 };
const shellNums = { size: 1 };

/** A client whose fetch is `fetch`, and the events told while `run` runs. */
async function watched(fetch, run, options = {}) {
  const events = [];
  const stop = watch((event) => events.push(event));
  try {
    const client = new LicensingClient({ ...base, fetch, ...options });
    const outcome = await run(client).then((value) => ({ value }), (error) => ({ error }));
    return { events, outcome };
  } finally {
    stop();
  }
}

test('the token never reaches an error, an event or onError: what fetch threw, a failing body, the service echoing it', async () => {
  const cases = {
    'fetch rejects with it': async () => { throw new Error(`connect failed, Authorization: Bearer ${TOKEN}`); },
    'the body stream fails with it': async () => new Response(new ReadableStream({ start(c) { c.error(new Error(`proxy: ${TOKEN}`)); } })),
    'a 299 echoes it in message and cause': async (request) => new Response(JSON.stringify({
      code: '13004', message: `bad header ${request.headers.get('authorization')}`, cause: `${TOKEN} refused`,
    }), { status: 299 }),
    'an activity echoes it in resultMessage': async () => new Response(JSON.stringify({ resultCode: '1001', resultMessage: `token ${TOKEN} expired` })),
  };
  for (const [name, fetch] of Object.entries(cases)) {
    const told = [];
    const run = name.startsWith('an activity')
      ? (c) => c.joinActivity(exampleBody('joinActivity'))
      : (c) => c.listAssets({ enterpriseGlobalId: 'EG1' });
    const { events, outcome } = await watched(fetch, run, { hooks: { onError: (e) => { told.push(e.error); } } });
    assert.ok(outcome.error, name);
    const seen = JSON.stringify([outcome.error.message, outcome.error.cause, outcome.error.code, told.map((e) => [e.message, e.cause]),
      events.map((e) => [e.error?.message, e.error?.cause])]);
    assert.ok(!seen.includes(TOKEN), `${name}: ${seen}`);
    assert.match(seen, /\[redacted\]/, name);
  }
});

test('a signal that fired before the call: nothing sent, sent false, no attempt, no request event', async () => {
  let fetched = 0;
  const attempts = [];
  const { events, outcome } = await watched(
    () => { fetched += 1; return new Response('{"code":0,"data":[]}'); },
    (c) => c.shellNums(shellNums, { signal: AbortSignal.abort() }),
    { hooks: { onError: (e) => { attempts.push(e.attempts); } } },
  );
  assert.equal(fetched, 0);
  assert.equal(outcome.error.kind, 'aborted');
  assert.equal(outcome.error.sent, false);
  assert.deepEqual(attempts, [0]);
  assert.ok(!events.some((e) => e.type === 'request'), events.map((e) => e.type).join());
});

test('a watcher cannot edit the event the other watchers are told', async () => {
  const seen = [];
  const stopEditing = watch((event) => { delete event.url; event.type = 'edited'; });
  try {
    await watched(async () => new Response('{"code":0,"data":["8000000001"]}'), (c) => c.shellNums(shellNums), {
      hooks: { beforeRequest: () => {} },
    }).then(({ events }) => seen.push(...events));
  } finally {
    stopEditing();
  }
  const request = seen.find((e) => e.type === 'request');
  assert.ok(request, seen.map((e) => e.type).join());
  assert.match(request.url, /g_nonce=/);
  assert.ok(!seen.some((e) => e.type === 'edited'));
});

test('call options that cannot be read refuse the call, and nothing is sent', async () => {
  let fetched = 0;
  const client = new LicensingClient({ ...base, fetch: () => { fetched += 1; return new Response('{"code":0,"data":[]}'); } });
  const throwing = { get signal() { throw new Error(`no signal ${TOKEN}`); } };
  const proxy = new Proxy({}, { get() { throw new Error('trap'); } });
  for (const options of [throwing, proxy]) {
    await assert.rejects(client.shellNums(shellNums, options), (err) => err.kind === 'validation' && err.sent === false
      && /cannot be read/.test(err.message) && !err.message.includes(TOKEN));
  }
  assert.equal(fetched, 0);
});

test('an async watcher or onWarnings that rejects does not end the process', () => {
  const script = `
    import { LicensingClient, watch } from 'licensing-sdk';
    watch(async () => { throw new Error('log shipper down'); });
    let warned = 0;
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 't0k3n',
      onWarnings: async () => { warned += 1; throw new Error('log shipper down'); },
      fetch: async () => new Response('{"code":0,"data":["8000000001"]}') });
    // An unknown field is a warning: onWarnings is told of it.
    await client.shellNums({ size: 1, sizes: 2 });
    await new Promise((r) => setTimeout(r, 50));
    if (warned !== 1) throw new Error('onWarnings was not called');
    console.log('alive');`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', cwd: import.meta.dirname });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /alive/);
});

test('a freed client rejects with a LicensingError, and freeing it again does nothing', async () => {
  let fetched = 0;
  const client = new LicensingClient({ ...base, fetch: () => { fetched += 1; return new Response('{"code":0,"data":[]}'); } });
  client.free();
  client.free();
  if (typeof Symbol.dispose === 'symbol') client[Symbol.dispose]();
  await assert.rejects(client.shellNums(shellNums), (err) => err.name === 'LicensingError' && err.kind === 'validation'
    && err.sent === false && /freed/.test(err.message));
  assert.equal(fetched, 0);
});

test('an answer after a UTF-8 byte order mark is read, as Response.json() reads it', async () => {
  const client = new LicensingClient({ ...base, fetch: async () => new Response('\uFEFF{"code":0,"data":["8000000001"]}') });
  assert.deepEqual(await client.shellNums(shellNums), ['8000000001']);
});

test('an integer option out of its range gets one message, whatever the value; a platform header is named', () => {
  const words = (options) => {
    try {
      new LicensingClient({ ...base, ...options });
    } catch (err) {
      return err.message;
    }
    return 'accepted';
  };
  for (const value of [-1, 0, 0.5, Number.NaN]) {
    assert.equal(words({ timeoutMs: value }), 'timeoutMs must be an integer from 1 to 2147483647', String(value));
    assert.equal(words({ retryBaseMs: value }), 'retryBaseMs must be an integer from 1 to 10000', String(value));
  }
  assert.equal(words({ maxRetries: -1 }), 'maxRetries must be an integer from 0 to 10');
  assert.equal(words({ headers: { host: 'elsewhere' } }), "headers: host is the platform's to set, not an option's");
});

test('licensing-sdk/query: the caller\'s signal stops a query TanStack gives its own signal to', async () => {
  const client = new LicensingClient({
    ...base,
    fetch: (request) => new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
  });
  const mine = new AbortController();
  const { queryFn } = licensingQueries(client).listAssets({ enterpriseGlobalId: 'EG1' }, { signal: mine.signal, timeoutMs: 60_000 });
  const tanstack = new AbortController();
  const pending = queryFn({ signal: tanstack.signal });
  mine.abort();
  await assert.rejects(pending, (err) => err.kind === 'aborted');
});

test('licensing-sdk/query: a batch with an order that names no enterprise makes every asset list stale', () => {
  const order = (enterpriseGlobalId) => ({ sequence: 1, licenseType: 'softkey', orderType: 'new_buy', enterpriseGlobalId, assets: [] });
  const keys = (orders) => staleQueryKeys('batchOrder', { channelCode: 'WEB', channelOrderId: 'CO-1', orderList: orders });
  assert.deepEqual(keys([order(undefined)]), [['licensing', 'listAssets']]);
  assert.deepEqual(keys([order(undefined), order('EG-1')]), [['licensing', 'listAssets']]);
  assert.deepEqual(keys([order('EG-1'), order('  ')]), [['licensing', 'listAssets']]);
  assert.deepEqual(keys([order('EG-1'), order('EG-1')]), [['licensing', 'listAssets', { enterpriseGlobalId: 'EG-1' }]]);
});
