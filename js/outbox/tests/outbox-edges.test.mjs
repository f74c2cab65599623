// licensing-sdk/outbox at its edges, in Node through the packed package: each
// of the twelve ways an adversarial pass broke "done once, or unknown and
// not sent again; never twice" (issue 76), a test named for it, and the
// decisions around them (RULES.md, the client guide's outbox section). The
// browser ones (IndexedDB, Web Locks, tabs) are in tests/browser/outbox-edges.mjs.
//
// Time is a virtual clock the client, the outbox and the simulator share
// (autoAdvance): every wait is exact, whatever the load on the machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';
import { fileStorage, memoryStorage, openOutbox } from 'licensing-sdk/outbox';
import { licensingMutations } from 'licensing-sdk/query';

const BASE = 'https://licensing.test';
const TOKEN = 'dev-all-token';
const hang = () => new Promise(() => {});

const batch = (channelOrderId, { channelCode = 'WEB', assetNo = '8000000001', syncMode = 'sync' } = {}) => ({
  channelCode, channelOrderId, syncMode,
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: `CRM-${channelOrderId}`,
    enterpriseGlobalId: 'EG-E', assets: [{ assetNos: [assetNo], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
});
const bind = (n) => ({ channelCode: 'CH-E', channelCustomerId: `cc-${n}`, customerName: 'ACME', enterpriseName: 'ACME Ltd', branchName: 'SH', passwordMobile: '13800000000' });
const lock = (assetNo = '8000000001') => ({ assetNums: [assetNo], operatorIdentity: 'ops' });

/**
 * A simulator and the clients of one test on one virtual clock; `calls`
 * lists each request's endpoint path's last segment, as it reaches the
 * service. `keepWorking`: the service goes on with a request whose caller
 * gave up (the client's timeout aborts only its own wait).
 */
async function world({ keepWorking = false, simOptions = {}, autoAdvance = true } = {}) {
  const clock = createVirtualClock({ autoAdvance });
  const sim = await createSimulator({ seed: 0, clock, ...simOptions });
  const calls = [];
  const fetch = async (input, init) => {
    const request = new Request(input, init);
    calls.push(new URL(request.url).pathname.split('/').pop());
    if (!keepWorking) return sim.fetch(request);
    const body = request.method === 'GET' ? undefined : await request.text();
    return sim.fetch(request.url, { method: request.method, headers: request.headers, body });
  };
  const client = (options = {}) => new LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'app-1', retryBaseMs: 1, clock, fetch, ...options });
  return { clock, sim, calls, client, count: (name) => calls.filter((c) => c === name).length };
}

/**
 * A storage over `inner` that a test can kill: from `kill()` on, nothing it
 * is asked completes (a page or process that died: its writes never land).
 */
function killable(inner) {
  let dead = false;
  const guard = (op) => (...args) => (dead ? hang() : op(...args));
  const storage = {
    kind: inner.kind, durable: inner.durable, shared: inner.shared,
    load: guard(() => inner.load()), add: guard((r) => inner.add(r)), put: guard((r) => inner.put(r)),
    remove: guard((ids) => inner.remove(ids)), clear: guard(() => inner.clear()),
  };
  return { storage, kill: () => { dead = true; inner.release?.(); } };
}

async function until(predicate, clock, what) {
  for (let i = 0; i < 2000; i += 1) {
    if (predicate()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  assert.fail(`never: ${what} (virtual time ${clock?.now()})`);
}

test('1. a fresh write after a reload is sent; only a restored mutation joins the job an earlier page left', async () => {
  const { client, count } = await world();
  const storage = memoryStorage();
  const first = await openOutbox({ client: client(), storage });
  await (await first.lockAssets(lock())).settled;
  const numbers = await (await first.shellNums({ size: 1 })).settled;
  await first.close();
  // The reload: the same storage, a new outbox; the operator locks again, asks for a number again.
  const outbox = await openOutbox({ client: client(), storage });
  const mutations = licensingMutations(client(), { invalidateQueries: async () => {} }, { outbox });
  await mutations.lockAssets().mutationFn(lock());
  assert.equal(count('lock'), 2, 'the second lock was sent');
  const again = await mutations.shellNums().mutationFn({ size: 1 });
  assert.notDeepEqual(again, numbers, 'a new number, not the earlier page\'s');
  assert.equal(count('shellnums'), 2);
  // An explicit resume still takes what the earlier page left (a restored write).
  const resumed = await outbox.lockAssets(lock(), { resume: true });
  assert.equal(resumed.state, 'settled');
  assert.equal(count('lock'), 2);
});

test('2. a bindEnterprise whose service is slower than its timeout is read again, later, and never bound twice', async () => {
  // The test moves the clock itself: the service's time stands still while it pauses.
  const { client, clock, count, sim } = await world({ keepWorking: true, autoAdvance: false });
  const outbox = await openOutbox({ client: client({ timeoutMs: 1_000 }), storage: memoryStorage() });
  // The service takes 2.5 s before it binds: the attempt times out at 1 s, and the first reads find nothing.
  sim.fault({ kind: 'delay', endpoint: 'bindEnterprise', delayMs: 2_500 });
  const job = await outbox.bindEnterprise(bind(2), { timeoutMs: 1_000 });
  let ended = false;
  job.settled.then(() => { ended = true; }, () => { ended = true; });
  await until(() => count('bind') === 1, clock, 'sent');
  await clock.advance(1_000);
  // A second of real time with the service still working: an outbox that timed its
  // reads by the wall clock would read now, find nothing, and bind again.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (let i = 0; !ended && i < 40; i += 1) {
    await clock.advance(250);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  assert.equal((await job.settled).channelCustomerId, 'cc-2');
  assert.equal(count('bind'), 1, 'sent once');
  assert.ok(count('query') >= 3, `read before, and again until found (${count('query')} reads)`);
  assert.equal(sim.snapshot().customers.filter((c) => c.record.channelCustomerId === 'cc-2').length, 1);
});

test('2. (on) a bind whose service is slower than every read ends unknown, sent once', async () => {
  const { client, count, sim } = await world({ keepWorking: true });
  const outbox = await openOutbox({ client: client({ timeoutMs: 1_000 }), storage: memoryStorage() });
  sim.fault({ kind: 'delay', endpoint: 'bindEnterprise', delayMs: 60_000 });
  const slow = await outbox.bindEnterprise(bind('2b'), { timeoutMs: 1_000 });
  const err = await slow.settled.catch((e) => e);
  assert.deepEqual([err.kind, err.sent], ['unknown', true]);
  assert.match(err.check, /queryEnterprises/);
  assert.equal(count('bind'), 1);
  assert.equal(count('query'), 4, 'the read before the send, and three after it');
});

test('3. the bind\'s recovery waits on a clock that does not jump: an hour ahead or behind, it binds once and stalls nothing', async () => {
  for (const jump of [3_600_000, -3_600_000]) {
    const { client, clock, sim } = await world({ keepWorking: true });
    // The service binds 3 s after the request comes; the first page dies once it has sent it.
    sim.fault({ kind: 'delay', endpoint: 'bindEnterprise', delayMs: 3_000 });
    const kept = memoryStorage();
    const life = killable(kept);
    let sent = false;
    const diesOnSend = client({
      fetch: async (input, init) => {
        const request = new Request(input, init);
        if (!request.url.includes('/bind')) return sim.fetch(request);
        sim.fetch(request.url, { method: 'POST', headers: request.headers, body: await request.text() }).catch(() => {});
        sent = true;
        life.kill();
        return hang();
      },
    });
    const first = await openOutbox({ client: diesOnSend, storage: life.storage });
    await first.bindEnterprise(bind(3), { timeoutMs: 2_000 });
    await until(() => sent, clock, 'the first page sent');
    // The reload, with the wall clock an hour off: it dates records, and times nothing.
    const opened = clock.now();
    const outbox = await openOutbox({ client: client(), storage: kept, now: () => clock.now() + jump });
    const [left] = outbox.jobs();
    assert.equal(left.state, 'sending');
    const data = await left.settled;
    assert.equal(data.channelCustomerId, 'cc-3', `jump ${jump}`);
    assert.equal(sim.snapshot().customers.filter((c) => c.record.channelCustomerId === 'cc-3').length, 1, `jump ${jump}: bound once`);
    const took = clock.now() - opened;
    assert.ok(took >= 3_000 && took < 10_000, `jump ${jump}: settled once the service was done, not an hour off (${took} ms)`);
  }
});

const PACKAGE_ROOT = process.cwd();

/** A Node process holding an outbox on `file` until its stdin closes; resolves once it opened (or was refused). */
function holder(file, { submit = false } = {}) {
  const source = `
    import { LicensingClient } from 'licensing-sdk';
    import { fileStorage, openOutbox } from 'licensing-sdk/outbox';
    // Offline: a job it holds stays queued, never sent.
    Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token' });
    try {
      const outbox = await openOutbox({ client, storage: fileStorage(${JSON.stringify(file)}) });
      if (${submit}) await outbox.shellNums({ size: 1 });
      console.log(JSON.stringify({ opened: true, pid: process.pid }));
    } catch (err) {
      console.log(JSON.stringify({ opened: false, kind: err.kind, message: err.message }));
      process.exit(0);
    }
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { cwd: PACKAGE_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const said = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]));
    });
    child.once('exit', () => reject(new Error(`the process ended without a word: ${out}`)));
  });
  return { child, said };
}

test('4. fileStorage holds a lease: a second process on the file is refused, a killed one\'s is taken over, its temporary files removed', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-lease-'));
  const file = path.join(folder, 'jobs.json');
  try {
    const a = holder(file, { submit: true });
    assert.deepEqual(await a.said, { opened: true, pid: a.child.pid });
    // Another process: refused, with who holds it.
    const b = holder(file);
    const refused = await b.said;
    assert.equal(refused.opened, false);
    assert.equal(refused.kind, 'storage');
    assert.match(refused.message, new RegExp(`in use by process ${a.child.pid}`));
    // And this one (another process too).
    const { client, count } = await world();
    const err = await openOutbox({ client: client(), storage: fileStorage(file) }).catch((e) => e);
    assert.deepEqual([err.name, err.kind], ['LicensingError', 'storage']);
    // The holder is killed mid-life, leaving a temporary file as a write cut short would.
    writeFileSync(path.join(folder, `.jobs.json.${a.child.pid}.0123456789ab.tmp`), '{"partial');
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    const outbox = await openOutbox({ client: client(), storage: fileStorage(file) });
    const [job] = outbox.jobs();
    assert.equal(job.endpoint, 'shellNums', 'its queued job carried on');
    assert.deepEqual(await job.settled, ['8000000001']);
    assert.equal(count('shellnums'), 1);
    assert.deepEqual(readdirSync(folder).sort(), ['jobs.json', 'jobs.json.lock']);
    // Closed, it lets the file go: the next one opens at once.
    await outbox.close();
    assert.deepEqual(readdirSync(folder), ['jobs.json']);
    const next = await openOutbox({ client: client(), storage: fileStorage(file) });
    assert.equal(next.jobs().length, 1);
    await next.close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

/** A record as an outbox of this version stores it, with `fields` over it. */
const stored = (id, fields = {}) => ({
  v: 1, id, endpoint: 'shellNums', text: '{"size":1}', repeatable: false, state: 'queued', createdAt: 1, updatedAt: 1, sends: 0, ...fields,
});

test('5. a record whose text or data is not JSON is skipped and counted; the other jobs are carried on (file and custom storages)', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-bad-'));
  const file = path.join(folder, 'jobs.json');
  try {
    const records = [stored('bad-text', { text: '{"size":' }), stored('bad-data', { state: 'settled', data: 'not json' }), stored('good', { createdAt: 2, updatedAt: 2 })];
    writeFileSync(file, JSON.stringify({ format: 'licensing-sdk-outbox', version: 1, jobs: records }));
    const custom = memoryStorage();
    for (const record of records) await custom.put(record);
    for (const storage of [fileStorage(file), custom]) {
      const { client } = await world();
      const outbox = await openOutbox({ client: client(), storage });
      assert.equal(outbox.skipped, 2, storage.kind);
      assert.deepEqual(outbox.jobs().map((j) => j.id), ['good']);
      assert.deepEqual(await outbox.job('good').settled, ['8000000001']);
      await outbox.close();
      // Left alone.
      const left = (await storage.load()).map((r) => r.id).sort();
      assert.deepEqual(left, ['bad-data', 'bad-text', 'good']);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('6. a record this version does not read, holding a repeat key, never swallows a new write of that key', async () => {
  const { client, count } = await world();
  const storage = memoryStorage();
  const order = batch('CO-6');
  // What a newer version (or a damaged write) left under the key this write will have.
  // (Its key as this version writes it, and as the first version did, without the channel.)
  await storage.put({ v: 2, id: 'newer', endpoint: 'batchOrder', keyId: 'batchOrder\u0000WEB\u0000CO-6', state: 'queued' });
  await storage.put({ v: 0, id: 'older', endpoint: 'batchOrder', keyId: 'batchOrder\u0000CO-6', state: 'queued' });
  const outbox = await openOutbox({ client: client(), storage });
  assert.equal(outbox.skipped, 2);
  const job = await outbox.batchOrder(order);
  assert.deepEqual(outbox.jobs().map((j) => j.id), [job.id], 'the write is a job in view');
  assert.match((await job.settled)[0].licenseOrderId, /^LO/);
  assert.equal(count('batchOrder'), 1);
  // The same write again joins it (its key taken beside the record it cannot read).
  assert.equal((await outbox.batchOrder(order)).id, job.id);
  assert.equal((await storage.load()).filter((r) => r.id === 'newer').length, 1, 'left alone');
});

test('7. a record with a mistyped field is skipped: it wedges nothing, and the next job is sent', async () => {
  const { client, count } = await world();
  const storage = memoryStorage();
  await storage.put(stored('mistyped', { endpoint: 'bindEnterprise', text: JSON.stringify(bind(7)), before: 5 }));
  await storage.put(stored('rounds', { rounds: 'x' }));
  await storage.put(stored('fine', { createdAt: 3, updatedAt: 3 }));
  const outbox = await openOutbox({ client: client(), storage });
  assert.equal(outbox.skipped, 2);
  assert.deepEqual(await outbox.job('fine').settled, ['8000000001']);
  assert.deepEqual(await (await outbox.shellNums({ size: 1 })).settled, ['8000000002']);
  assert.equal(count('shellnums'), 2);
  assert.equal(outbox.problem, undefined, 'no storage problem reported');
});

test('8. a storage whose load fails when the outbox takes over is read again, and the jobs are sent', async () => {
  const { client, count } = await world();
  const inner = memoryStorage();
  await inner.put(stored('left'));
  let loads = 0;
  // The first load (opening) reads; the second (taking over the sending) fails once.
  const storage = { ...inner, kind: 'custom', load: async () => { loads += 1; if (loads === 2) throw new Error('busy'); return inner.load(); } };
  const outbox = await openOutbox({ client: client(), storage });
  assert.deepEqual(await outbox.job('left').settled, ['8000000001']);
  assert.ok(loads >= 3, `read again (${loads} loads)`);
  assert.equal(outbox.sending, true);
  assert.equal(outbox.problem.kind, 'storage');
  assert.equal(count('shellnums'), 1);
});

test('9. a job with no verdict ends after maxRounds, can be given up, and holds back only the writes that touch what it touches', async () => {
  const { client, count, sim } = await world();
  const outbox = await openOutbox({ client: client({ maxRetries: 0 }), storage: memoryStorage(), maxRounds: 3 });
  // Code 500 to every batch order: a keyed write, sent again each round.
  sim.fault({ kind: 'code500', endpoint: 'batchOrder', times: 1_000 });
  const stuck = await outbox.batchOrder(batch('CO-9', { assetNo: '8000000009' }));
  // A lock of another asset, and a number: they pass it. A lock of its asset waits for it.
  const other = await outbox.lockAssets(lock('8000000001'));
  const numbers = await outbox.shellNums({ size: 1 });
  const same = await outbox.lockAssets(lock('8000000009'));
  await other.settled.catch(() => {});
  assert.deepEqual(await numbers.settled, ['8000000001']);
  assert.equal(outbox.job(same.id).state, 'queued', 'the lock of its asset waits for the batch');
  const err = await stuck.settled.catch((e) => e);
  assert.deepEqual([err.kind, err.sent], ['unknown', true], 'maybe done: unknown, with what to check');
  assert.match(err.check, /listAssets/);
  assert.equal(count('batchOrder'), 3, 'three rounds');
  await same.settled.catch(() => {});
  assert.equal(count('lock'), 2, 'then the lock of its asset went');
  // A token provider that keeps failing: nothing leaves; the job waits, says why, and ends failed after its rounds.
  const noToken = await openOutbox({ client: client({ token: async () => { throw new Error('signed out'); } }), storage: memoryStorage(), maxRounds: 2 });
  const job = await noToken.shellNums({ size: 1 });
  const why = await job.settled.catch((e) => e);
  assert.deepEqual([why.kind, why.sent, noToken.job(job.id).state, noToken.job(job.id).sends], ['hook', false, 'failed', 0]);
  assert.match(why.message, /given up after 2 rounds/);
  // Given up by the portal: one never sent fails (aborted, not sent); one maybe sent ends unknown.
  const held = await openOutbox({ client: client({ token: async () => { throw new Error('signed out'); } }), storage: memoryStorage() });
  const waiting = await held.shellNums({ size: 1 });
  await until(() => held.job(waiting.id).waiting !== undefined, undefined, 'a round');
  assert.equal(held.job(waiting.id).waiting.kind, 'hook', 'why it waits');
  const cancelled = await held.cancel(waiting.id);
  assert.deepEqual([cancelled.state, cancelled.error.kind, cancelled.error.sent], ['failed', 'aborted', false]);
  assert.equal(await held.remove(waiting.id), true);
  sim.fault({ kind: 'reset', endpoint: 'lockAssets', times: 1_000 });
  const lost = await outbox.lockAssets(lock('8000000002'));
  await until(() => (outbox.job(lost.id).rounds ?? outbox.job(lost.id).sends) >= 1 && outbox.job(lost.id).state === 'sending', undefined, 'sent');
  const given = await outbox.cancel(lost.id);
  assert.deepEqual([given.state, given.error.kind, given.error.sent], ['unknown', 'unknown', true]);
});

test('10. retry() sends while navigator.onLine says offline', async () => {
  const { client, count } = await world();
  const had = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { configurable: true, value: { onLine: false } });
  try {
    const outbox = await openOutbox({ client: client(), storage: memoryStorage() });
    const job = await outbox.shellNums({ size: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(count('shellnums'), 0, 'offline: nothing sent by itself');
    outbox.retry();
    assert.deepEqual(await job.settled, ['8000000001']);
  } finally {
    if (had === undefined) delete globalThis.navigator;
    else Object.defineProperty(globalThis, 'navigator', had);
  }
});

test('11. the repeat key is channelCode with channelOrderId: WEB and APP may each have a CO-x, as the service keeps them', async () => {
  const { client, sim } = await world();
  const outbox = await openOutbox({ client: client(), storage: memoryStorage() });
  const web = await outbox.batchOrder(batch('CO-x', { channelCode: 'WEB', assetNo: '8000000011' }));
  const app = await outbox.batchOrder(batch('CO-x', { channelCode: 'APP', assetNo: '8000000012' }));
  assert.notEqual(web.id, app.id);
  assert.equal(web.key, 'CO-x');
  const [[w], [a]] = [await web.settled, await app.settled];
  assert.notEqual(w.licenseOrderId, a.licenseOrderId, 'two orders, as the plain client places them');
  assert.equal(sim.stats().batches, 2);
  const changed = await outbox.batchOrder(batch('CO-x', { channelCode: 'APP', assetNo: '8000000013' })).catch((e) => e);
  assert.equal(changed.kind, 'conflict');
  assert.match(changed.message, /channelCode "APP" and channelOrderId "CO-x"/);
});

test('12. fileStorage keeps records without a string id, counted, across every write', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'outbox-noid-'));
  const file = path.join(folder, 'jobs.json');
  try {
    writeFileSync(file, JSON.stringify({ format: 'licensing-sdk-outbox', version: 1, jobs: [{ id: 7, v: 1 }, 'text', stored('j')] }));
    const { client } = await world();
    const outbox = await openOutbox({ client: client(), storage: fileStorage(file) });
    assert.equal(outbox.skipped, 2);
    await outbox.job('j').settled;
    await (await outbox.shellNums({ size: 1 })).settled;
    await outbox.close();
    const jobs = JSON.parse(readFileSync(file, 'utf8')).jobs;
    assert.deepEqual(jobs.filter((r) => typeof r?.id !== 'string'), [{ id: 7, v: 1 }, 'text']);
    assert.equal(jobs.length, 4);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a keyed write refused (a 401) frees its key: the same order after the operator signs in is sent, not the stale 401', async () => {
  const { client, count } = await world();
  const storage = memoryStorage();
  const signedOut = await openOutbox({ client: client({ token: 'expired-token' }), storage });
  const refused = await signedOut.batchOrder(batch('CO-401'));
  assert.equal((await refused.settled.catch((e) => e)).status, 401);
  await signedOut.close();
  const outbox = await openOutbox({ client: client(), storage });
  const job = await outbox.batchOrder(batch('CO-401'));
  assert.notEqual(job.id, refused.id);
  assert.match((await job.settled)[0].licenseOrderId, /^LO/);
  assert.equal(count('batchOrder'), 2);
});

test('a 401 whose fresh token the provider cannot give is "not done": shellNums waits, and is sent once a token comes', async () => {
  const { client, count } = await world();
  let signedIn = false;
  const token = async ({ refused }) => {
    if (refused && !signedIn) throw new Error('cannot refresh');
    return signedIn ? TOKEN : 'expired-token';
  };
  const outbox = await openOutbox({ client: client({ token }), storage: memoryStorage() });
  const job = await outbox.shellNums({ size: 1 });
  await until(() => outbox.job(job.id).waiting !== undefined, undefined, 'a round');
  const waiting = outbox.job(job.id);
  assert.deepEqual([waiting.state, waiting.waiting.kind, waiting.waiting.status], ['queued', 'hook', 401]);
  assert.equal(waiting.sends, 1, 'it reached the service, and was refused');
  signedIn = true;
  outbox.retry();
  assert.deepEqual(await job.settled, ['8000000001']);
  assert.equal(count('shellnums'), 2, 'the refused send and the one that was done');
});

test('a pruned keyed job still guards its key: a changed order under it is refused, the same one is sent again (the service answers with the first)', async () => {
  const { client, count } = await world();
  let now = 1_000_000;
  const outbox = await openOutbox({ client: client(), storage: memoryStorage(), keepFinishedMs: 1_000, now: () => now });
  const first = await outbox.batchOrder(batch('CO-P'));
  const [result] = await first.settled;
  now += 10_000;
  await (await outbox.shellNums({ size: 1 })).settled; // a write's end prunes
  assert.equal(outbox.job(first.id), undefined, 'pruned');
  const changed = await outbox.batchOrder(batch('CO-P', { syncMode: 'async' })).catch((e) => e);
  assert.equal(changed.kind, 'conflict');
  assert.match(changed.message, /its job was pruned/);
  const again = await outbox.batchOrder(batch('CO-P'));
  assert.deepEqual((await again.settled)[0], result, 'the first batch\'s result');
  assert.equal(count('batchOrder'), 2);
});

test('encrypt: what is stored of a request is sealed; the jobs work as ever; clear() makes the old key useless', async () => {
  const { client } = await world();
  const inner = memoryStorage();
  const seen = [];
  const storage = { ...inner, put: (r) => { seen.push(structuredClone(r)); return inner.put(r); }, add: (r) => { seen.push(structuredClone(r)); return inner.add(r); } };
  const outbox = await openOutbox({ client: client(), storage, encrypt: true });
  assert.equal(outbox.storage.encrypted, true);
  const job = await outbox.bindEnterprise(bind('e'));
  assert.equal((await job.settled).channelCustomerId, 'cc-e');
  const everything = JSON.stringify(seen);
  assert.ok(!everything.includes('13800000000') && !everything.includes('ACME'), everything);
  assert.ok(seen.every((r) => r.text === undefined && typeof r.sealed === 'string'));
  // Reopened over the same storage: read back.
  await outbox.close();
  const again = await openOutbox({ client: client(), storage, encrypt: true });
  assert.equal(again.job(job.id).request.passwordMobile, '13800000000');
  const key = await inner.loadKey();
  await again.clear();
  assert.notEqual(await inner.loadKey(), key, 'a new key after clear()');
  // A key the portal holds: a record sealed with another is skipped.
  const portalKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const own = memoryStorage();
  const sealedOnce = await openOutbox({ client: client(), storage: own, encrypt: portalKey });
  await (await sealedOnce.shellNums({ size: 1 })).settled;
  await sealedOnce.close();
  const otherKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const wrong = await openOutbox({ client: client(), storage: own, encrypt: otherKey });
  assert.equal(wrong.skipped, 1);
  await assert.rejects(openOutbox({ client: client(), storage: own, encrypt: 'yes' }), TypeError);
  await assert.rejects(openOutbox({ client: client(), storage: fileStorage(path.join(tmpdir(), 'never.json')), encrypt: true }), /CryptoKey the portal holds/);
});

test('a bind\'s reconciling read keeps only the ids of what it listed', async () => {
  const { client } = await world();
  const inner = memoryStorage();
  const outbox = await openOutbox({ client: client(), storage: inner });
  await (await outbox.bindEnterprise({ ...bind('p'), enterpriseName: 'First' })).settled;
  await (await outbox.bindEnterprise({ ...bind('p'), enterpriseName: 'Second' })).settled;
  const second = (await inner.load()).find((r) => r.text.includes('Second'));
  const before = JSON.parse(second.before);
  assert.equal(before.length, 1);
  assert.deepEqual(Object.keys(before[0]), ['customerId']);
});

test('tabs: false over a storage every tab sees is refused', async () => {
  const { client } = await world();
  const shared = { ...memoryStorage(), shared: true };
  await assert.rejects(openOutbox({ client: client(), storage: shared, tabs: false }), /would let two tabs send/);
  // Without Web Locks (Node), a shared storage cannot be used safely at all.
  await assert.rejects(openOutbox({ client: client(), storage: shared }), (e) => e.kind === 'storage' && /Web Locks/.test(e.message));
});

test('sends counts only calls that may have reached the service', async () => {
  const { client, count } = await world();
  let fail = true;
  const outbox = await openOutbox({ client: client({ token: async () => { if (fail) throw new Error('no token yet'); return TOKEN; } }), storage: memoryStorage() });
  const job = await outbox.shellNums({ size: 1 });
  await until(() => outbox.job(job.id).waiting !== undefined, undefined, 'a round');
  assert.deepEqual([outbox.job(job.id).state, outbox.job(job.id).sends], ['queued', 0]);
  fail = false;
  outbox.retry();
  await job.settled;
  assert.equal(outbox.job(job.id).sends, 1);
  assert.equal(count('shellnums'), 1);
});
