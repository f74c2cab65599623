// licensing-sdk/outbox as a portal uses it, in Node: stored before sent and
// never with a token, validated as the client validates, one job per repeat
// key (a changed body refused), what listeners hear, clear, remove, the
// bounds, resume, the order, the storages (memory, a file written
// atomically, one of a portal's own) and what it refuses. The promise across
// crashes: outbox-crash-points.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { fileStorage, memoryStorage, openOutbox } from 'licensing-sdk/outbox';

const BASE = 'https://licensing.test';
const TOKEN = 'dev-all-token';
const batch = (channelOrderId, syncMode = 'sync') => ({
  channelCode: 'CH-O', channelOrderId, syncMode,
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-O',
    enterpriseGlobalId: 'EG-O', assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
});
const lock = { assetNums: ['8000000001'], operatorIdentity: 'ops' };

/** A storage that records every call, over memory. */
function spied(inner = memoryStorage()) {
  const calls = [];
  return {
    calls,
    kind: inner.kind, durable: inner.durable, shared: inner.shared,
    load: () => inner.load(),
    add: (r) => { calls.push(['add', r.state, structuredClone(r)]); return inner.add(r); },
    put: (r) => { calls.push(['put', r.state, structuredClone(r)]); return inner.put(r); },
    remove: (ids) => { calls.push(['remove', ids]); return inner.remove(ids); },
    clear: () => { calls.push(['clear']); return inner.clear(); },
  };
}

async function setup(options = {}) {
  const sim = await createSimulator({ seed: 0 });
  const sent = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(new URL(request.url).pathname);
    return sim.fetch(request);
  };
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'app-1', retryBaseMs: 1, fetch, ...options.client });
  const storage = options.storage ?? spied();
  const outbox = await openOutbox({ client, storage, ...options.outbox });
  return { sim, client, outbox, storage, sent };
}

test('a write is stored before it is sent, and no token or header is ever stored', async () => {
  const { outbox, storage, sent } = await setup();
  let sentWhenSending;
  const job = await outbox.batchOrder(batch('CO-1'));
  assert.equal(job.key, 'CO-1');
  assert.equal(job.endpoint, 'batchOrder');
  const results = await job.settled;
  assert.match(results[0].licenseOrderId, /^LO/);
  // add (queued), put (sending) before the one request, put (settled) after it.
  assert.deepEqual(storage.calls.map(([op, state]) => `${op} ${state}`), ['add queued', 'put sending', 'put settled']);
  sentWhenSending = storage.calls[1][2].sends;
  assert.equal(sentWhenSending, 1);
  assert.equal(sent.length, 1);
  const everything = JSON.stringify(storage.calls);
  assert.ok(!everything.includes(TOKEN) && !/authorization|bearer/i.test(everything), everything);
  assert.deepEqual(Object.keys(storage.calls[0][2]).sort(), ['createdAt', 'endpoint', 'id', 'key', 'keyId', 'repeatable', 'sends', 'state', 'text', 'updatedAt', 'v']);
  assert.equal(outbox.job(job.id).state, 'settled');
  assert.deepEqual(outbox.job(job.id).data, results);
});

test('a write is validated as the client validates it, and a refused one is neither stored nor sent', async () => {
  const { outbox, storage, sent } = await setup({ client: { rules: 'strict', locale: 'zh-CN' } });
  const invalid = await outbox.shellNums({ size: 0 }).catch((e) => e);
  assert.deepEqual([invalid.name, invalid.kind, invalid.sent], ['LicensingError', 'validation', false]);
  assert.equal(invalid.issues[0].path, '/size');
  assert.match(invalid.issues[0].message, /[\u4e00-\u9fff]/, 'in the client\'s locale');
  const cyclic = {};
  cyclic.self = cyclic;
  assert.equal((await outbox.shellNums(cyclic).catch((e) => e)).kind, 'validation');
  assert.equal((await outbox.shellNums({ size: Number.NaN }).catch((e) => e)).kind, 'validation');
  // The client's appKey check comes with the call, as it does for the client.
  const noAppKey = await setup({ client: { appKey: undefined } });
  const job = await noAppKey.outbox.batchOrder(batch('CO-K'));
  const err = await job.settled.catch((e) => e);
  assert.deepEqual([err.kind, err.sent, noAppKey.outbox.job(job.id).state], ['validation', false, 'failed']);
  assert.deepEqual(storage.calls, []);
  assert.deepEqual(sent, []);
});

test('one job per repeat key: the same request joins it, another is refused (conflict)', async () => {
  const { outbox, storage } = await setup();
  const first = await outbox.batchOrder(batch('CO-2'));
  // The same request, its members in another order: the same job.
  const { orderList, ...rest } = batch('CO-2');
  const again = await outbox.batchOrder({ orderList, ...rest });
  assert.equal(again.id, first.id);
  await first.settled;
  assert.equal((await outbox.batchOrder(batch('CO-2'))).id, first.id, 'a settled job keeps its key');
  const changed = await outbox.batchOrder(batch('CO-2', 'async')).catch((e) => e);
  assert.deepEqual([changed.name, changed.kind, changed.sent], ['LicensingError', 'conflict', false]);
  assert.match(changed.message, /channelOrderId "CO-2"/);
  assert.equal(storage.calls.filter(([op]) => op === 'add').length, 1);
  // Without a key, every write is a job of its own.
  const [a, b] = [await outbox.shellNums({ size: 1 }), await outbox.shellNums({ size: 1 })];
  assert.notEqual(a.id, b.id);
  // The batch stored 8000000001: shellNums hands out the numbers after it.
  assert.deepEqual([await a.settled, await b.settled], [['8000000002'], ['8000000003']]);
});

test('listeners hear every change; jobs() is the same array between changes', async () => {
  const { outbox } = await setup();
  const heard = [];
  const stop = outbox.subscribe((job) => heard.push(`${job.endpoint} ${job.state}`));
  outbox.subscribe(() => { throw new Error('a listener that fails'); });
  const job = await outbox.lockAssets(lock);
  await job.settled.catch(() => {});
  const snapshot = outbox.jobs();
  assert.equal(outbox.jobs(), snapshot);
  stop();
  await (await outbox.unlockAssets(lock)).settled;
  assert.notEqual(outbox.jobs(), snapshot);
  assert.deepEqual(heard, ['lockAssets queued', 'lockAssets sending', 'lockAssets settled']);
  assert.throws(() => outbox.subscribe('no'), TypeError);
});

test('a refusal fails the job with the service\'s error; a lost answer of shellNums ends unknown, with what to check', async () => {
  const { outbox, sim, sent } = await setup();
  const refused = await outbox.joinActivity({ identity: 'a@example.com', activityLabel: 'no-such-activity', source: 'portal', branch: 'SH' });
  const why = await refused.settled.catch((e) => e);
  assert.deepEqual([why.name, why.kind, why.code, why.sent], ['LicensingError', 'activity', '3001', true]);
  assert.equal(outbox.job(refused.id).state, 'failed');
  assert.equal(outbox.job(refused.id).error.code, '3001');
  sim.fault({ kind: 'code500', endpoint: 'lockAssets', times: 5 });
  const lockJob = await outbox.lockAssets(lock);
  outbox.retry();
  // Code 500 five times: the client's two retries, then the outbox sends again (idempotent) until it passes.
  for (let i = 0; outbox.job(lockJob.id).state !== 'settled' && i < 200; i += 1) {
    outbox.retry();
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(outbox.job(lockJob.id).state, 'settled');
  assert.ok(outbox.job(lockJob.id).sends >= 2);
  sim.fault({ kind: 'reset', after: true, endpoint: 'shellNums' });
  const numbers = await outbox.shellNums({ size: 3 });
  const unknown = await numbers.settled.catch((e) => e);
  assert.deepEqual([unknown.name, unknown.kind, unknown.sent], ['LicensingError', 'unknown', true]);
  assert.match(unknown.check, /numbers/);
  assert.equal(outbox.job(numbers.id).check, unknown.check);
  assert.equal(sent.filter((p) => p.endsWith('/shellnums')).length, 1, 'not sent again');
});

test('a write the browser sent twice by itself (a cut connection): the service refuses the copy\'s nonce, and the job is maybe sent, not failed', async () => {
  // What Chromium does when a reused connection is cut before the answer: it sends the POST again, same
  // URL (same g_nonce). The service did the work for the first copy and refuses the second as a replay.
  const sim = await createSimulator({ seed: 0 });
  let resend = 0;
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    if (resend > 0) {
      resend -= 1;
      await (await sim.fetch(request.clone())).arrayBuffer();
    }
    return sim.fetch(request);
  };
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'app-1', retryBaseMs: 1, fetch });
  const outbox = await openOutbox({ client, storage: memoryStorage() });
  resend = 1;
  const order = await outbox.batchOrder(batch('CO-RESENT'));
  // Keyed: sent again with the same text and a fresh nonce, the service answers with the first result.
  const [result] = await order.settled;
  assert.equal(result.licenseOrderId, 'LO000001');
  assert.equal(sim.stats().orders, 1, 'one order');
  resend = 1;
  const numbers = await outbox.shellNums({ size: 1 });
  const unknown = await numbers.settled.catch((e) => e);
  assert.deepEqual([unknown.kind, unknown.sent, outbox.job(numbers.id).state], ['unknown', true, 'unknown'], 'before: failed, with "g_nonce was already used"');
  await outbox.close();
});

test('close() waits for the call in flight, and records it, before it lets go', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const sim = await createSimulator();
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch: async (i, n) => { await held; return sim.fetch(i, n); } });
  const storage = memoryStorage();
  const outbox = await openOutbox({ client, storage });
  await outbox.shellNums({ size: 1 });
  await new Promise((r) => setTimeout(r, 10));
  let closed = false;
  const closing = outbox.close().then(() => { closed = true; });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(closed, false, 'not while the call is on its way');
  release();
  await closing;
  assert.deepEqual((await storage.load()).map((r) => r.state), ['settled'], 'the answer was recorded before the close ended');
});

test('clear() forgets every job and rejects the unfinished ones; remove() only a finished one', async () => {
  let release;
  const held = new Promise((r) => { release = r; });
  const sim = await createSimulator();
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch: async (i, n) => { await held; return sim.fetch(i, n); } });
  const storage = spied();
  const outbox = await openOutbox({ client, storage });
  const waiting = await outbox.shellNums({ size: 1 });
  await assert.rejects(outbox.remove(waiting.id), /only a finished job can be removed/);
  await outbox.clear();
  const err = await waiting.settled.catch((e) => e);
  assert.deepEqual([err.kind, outbox.jobs().length], ['aborted', 0]);
  release();
  await new Promise((r) => setTimeout(r, 20));
  // The answer that came after the clear is not written back.
  assert.deepEqual(await storage.load(), []);
  const done = await outbox.shellNums({ size: 1 });
  await done.settled;
  assert.equal(await outbox.remove(done.id), true);
  assert.equal(await outbox.remove(done.id), false);
  assert.equal(outbox.jobs().length, 0);
});

test('bounds: at most maxJobs unfinished jobs; finished ones past maxJobs or keepFinishedMs are pruned', async () => {
  let now = 1_000_000;
  let release;
  const held = new Promise((r) => { release = r; });
  const sim = await createSimulator();
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch: async (i, n) => { await held; return sim.fetch(i, n); } });
  const outbox = await openOutbox({ client, storage: memoryStorage(), maxJobs: 2, keepFinishedMs: 1000, now: () => now });
  const a = await outbox.shellNums({ size: 1 });
  const b = await outbox.shellNums({ size: 1 });
  const full = await outbox.shellNums({ size: 1 }).catch((e) => e);
  assert.deepEqual([full.kind, full.sent], ['storage', false]);
  assert.match(full.message, /2 unfinished jobs/);
  release();
  await Promise.all([a.settled, b.settled]);
  // Two finished jobs: a third write prunes the oldest to stay within two.
  const c = await outbox.shellNums({ size: 1 });
  await c.settled;
  assert.ok(outbox.jobs().length <= 2, JSON.stringify(outbox.jobs()));
  assert.equal(outbox.job(a.id), undefined);
  // Past keepFinishedMs, a finished job goes at the next prune.
  now += 5000;
  await (await outbox.shellNums({ size: 1 })).settled;
  assert.deepEqual(outbox.jobs().map((j) => j.state), ['settled']);
});

test('writes go one at a time, oldest first: a lock before its unlock', async () => {
  const { outbox, sent } = await setup();
  const jobs = [await outbox.lockAssets(lock), await outbox.unlockAssets(lock), await outbox.lockAssets(lock)];
  await Promise.all(jobs.map((j) => j.settled));
  assert.deepEqual(sent.map((p) => p.split('/').pop()), ['lock', 'unlock', 'lock']);
});

test('reopened: the jobs an earlier process left are recovered; resume joins a write to the one it left', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  const file = path.join(folder, 'jobs.json');
  try {
    const sim = await createSimulator();
    // Its call never answered (it times out: close() waits for the call in flight).
    const stuck = new LicensingClient({ baseUrl: BASE, token: TOKEN, timeoutMs: 50, fetch: () => new Promise(() => {}) });
    const first = await openOutbox({ client: stuck, storage: fileStorage(file) });
    assert.deepEqual(first.storage, { kind: 'file', durable: true, shared: false, encrypted: false });
    await first.shellNums({ size: 2 });
    await first.close();
    // The first process is gone, its shellNums maybe sent: never sent again.
    const client = new LicensingClient({ baseUrl: BASE, token: TOKEN, fetch: sim.fetch });
    const second = await openOutbox({ client, storage: fileStorage(file) });
    const [left] = second.jobs();
    assert.equal(left.endpoint, 'shellNums');
    const resumed = await second.shellNums({ size: 2 }, { resume: true });
    assert.equal(resumed.id, left.id);
    assert.equal((await resumed.settled.catch((e) => e)).kind, 'unknown');
    assert.equal(sim.stats().orders, 0);
    // A job resumed once is this page's: a second write is a job of its own.
    const fresh = await second.shellNums({ size: 2 }, { resume: true });
    assert.notEqual(fresh.id, left.id);
    assert.deepEqual(await fresh.settled, ['8000000001', '8000000002']);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('fileStorage refuses a file that is not an outbox\'s, and leaves it as it was', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  try {
    const client = new LicensingClient({ baseUrl: BASE, token: TOKEN });
    for (const [name, text, why] of [['notes.json', '{"jobs": []}', /not an outbox's file/], ['text.json', 'hello', /not JSON/],
      ['newer.json', '{"format":"licensing-sdk-outbox","version":9,"jobs":[]}', /version 9/]]) {
      const file = path.join(folder, name);
      writeFileSync(file, text);
      const err = await openOutbox({ client, storage: fileStorage(file) }).catch((e) => e);
      assert.deepEqual([err.name, err.kind], ['LicensingError', 'storage'], name);
      assert.match(err.message, why);
      assert.equal(readFileSync(file, 'utf8'), text);
    }
    assert.throws(() => fileStorage(''), TypeError);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a file written while the process is killed holds the jobs before or after a write, never a part', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  const file = path.join(folder, 'jobs.json');
  try {
    // A process that writes jobs as fast as it can, killed mid-way, ten times.
    const writer = `
      const { memoryStorage } = require('licensing-sdk/outbox');
      const { fileStorage } = require('licensing-sdk/outbox');
      const storage = fileStorage(${JSON.stringify(file)});
      (async () => {
        await storage.load();
        for (let i = 0; ; i += 1) await storage.put({ v: 1, id: 'j' + i, endpoint: 'shellNums', text: '{"size":1}', state: 'queued', createdAt: i, updatedAt: i, sends: 0, pad: 'x'.repeat(2000) });
      })();`;
    let largest = 0;
    for (let round = 0; round < 10; round += 1) {
      const child = spawn(process.execPath, ['-e', writer], { stdio: 'ignore', cwd: process.cwd() });
      await new Promise((r) => setTimeout(r, 150 + 30 * round));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // The killed writer's lease is taken over (its process is gone), then let go for the next round.
      const reader = fileStorage(file);
      const jobs = await reader.load();
      reader.release();
      assert.ok(Array.isArray(jobs));
      largest = Math.max(largest, jobs.length);
    }
    assert.ok(largest > 0, 'the writer wrote');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a lock file left without its words (its process killed between creating and writing it) is taken over, not held for ever', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-'));
  const file = path.join(folder, 'jobs.json');
  const lock = `${file}.lock`;
  try {
    // Old: taken over at once.
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const first = fileStorage(file);
    assert.deepEqual(await first.load(), []);
    first.release();
    // Fresh (as if its writer were still writing it): waited for, then taken over once it has
    // stayed without words past its grace; the first try refused it at once with leaseWaitMs 0.
    writeFileSync(lock, '{"pid":');
    const second = fileStorage(file);
    assert.deepEqual(await second.load(), []);
    assert.equal(JSON.parse(readFileSync(lock, 'utf8')).pid, process.pid, 'the lease is this process\'s now');
    second.release();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('openOutbox says what is wrong with its options; without a storage in Node it keeps jobs in memory and says so', async () => {
  const client = new LicensingClient({ baseUrl: BASE, token: TOKEN });
  await assert.rejects(openOutbox(), TypeError);
  await assert.rejects(openOutbox({ client: {} }), /client must be a LicensingClient/);
  await assert.rejects(openOutbox({ client, name: '' }), /name must be/);
  await assert.rejects(openOutbox({ client, maxJobs: 0 }), /maxJobs must be a positive integer/);
  await assert.rejects(openOutbox({ client, storage: { load() {} } }), /storage must have add\(\)/);
  const outbox = await openOutbox({ client });
  assert.equal(outbox.storage.kind, 'memory');
  assert.equal(outbox.storage.durable, false);
  assert.match(outbox.storage.reason, /fileStorage/);
  await assert.rejects(outbox.shellNums({ size: 1 }, { repeatable: 'yes' }), /repeatable must be a boolean/);
  await assert.rejects(outbox.shellNums({ size: 1 }, { timeoutMs: -1 }), /timeoutMs must be a positive integer/);
  assert.equal(typeof outbox.listAssets, 'undefined', 'reads are not written');
  await outbox.close();
  await assert.rejects(outbox.shellNums({ size: 1 }), /closed/);
});

test('records this version cannot read are skipped, counted and left alone', async () => {
  const storage = memoryStorage();
  await storage.put({ v: 2, id: 'future', endpoint: 'shellNums', text: '{}', state: 'queued', createdAt: 1, updatedAt: 1 });
  await storage.put({ v: 1, id: 'odd', endpoint: 'listAssets', text: '{}', state: 'queued', createdAt: 1, updatedAt: 1 });
  await storage.put({ nonsense: true });
  const { outbox } = await setup({ storage });
  assert.equal(outbox.skipped, 3);
  assert.deepEqual(outbox.jobs(), []);
  assert.equal((await storage.load()).length, 3);
});

test('a storage that fails: the write is refused with kind storage and nothing is sent', async () => {
  const failing = { ...memoryStorage(), kind: 'custom', add: async () => { throw new Error('disk full'); } };
  const { outbox, sent } = await setup({ storage: failing });
  const err = await outbox.shellNums({ size: 1 }).catch((e) => e);
  assert.deepEqual([err.name, err.kind, err.sent], ['LicensingError', 'storage', false]);
  assert.match(err.message, /disk full/);
  assert.deepEqual(sent, []);
});
