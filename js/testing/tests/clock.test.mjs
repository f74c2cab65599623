// createVirtualClock (licensing-sdk/testing): one time for a LicensingClient
// and createSimulator. The shared schedules (tests/browser/clock-schedules.mjs,
// run in the browsers too) in Node, the clock's own behaviour, the options
// refused, and a simulator's virtual clock moved by POST /__sim/clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from 'licensing-sdk';
import { createSimulator, createVirtualClock } from 'licensing-sdk/testing';
import { attemptTimeout, expectSchedule, seededRun, tokenExpiresMidRetry, twoRetryAfters } from '../../../tests/browser/clock-schedules.mjs';

const all = { ...sdk, createSimulator, createVirtualClock };
const BASE = 'https://licensing.test';

/** Real milliseconds a step took: the schedules wait tens of virtual seconds in a few real ones. */
async function realMs(step) {
  const started = performance.now();
  const value = await step();
  return { value, ms: performance.now() - started };
}

for (const [name, schedule] of Object.entries({ twoRetryAfters, attemptTimeout, tokenExpiresMidRetry })) {
  test(`the ${name} schedule on one virtual clock`, async () => {
    const { value: seen, ms } = await realMs(() => schedule(all));
    for (const [what, ok, json] of expectSchedule(name, seen)) assert.ok(ok, `${what}: ${json}`);
    // Tens of seconds of virtual time; real time is the work alone (a loaded machine: still far under).
    assert.ok(ms < 5_000, `${ms} ms of real time`);
  });
}

test('the same seeded schedule gives the same store and trace on every run, stamped by the clock', async () => {
  const first = await seededRun(all);
  const second = await seededRun(all);
  assert.deepEqual(second, first);
  assert.equal(first.ordered.error, undefined, JSON.stringify(first.ordered));
  // The 503's Retry-After: 1, waited on the clock.
  assert.equal(first.ordered.elapsed, 1_000);
  assert.equal(first.trace.length, 4, JSON.stringify(first.trace));
  // The stamps the simulator stored are the clock's, not the machine's: within the run, from 2026-01-01T00:00:00Z.
  const stamps = [...JSON.stringify(first.snapshot).matchAll(/"(?:createTime|updateTime)":(\d+)/g)].map((m) => Number(m[1]));
  const start = Date.UTC(2026, 0, 1);
  assert.ok(stamps.length > 0 && stamps.every((ms) => ms >= start && ms <= first.now), JSON.stringify({ stamps, now: first.now }));
  assert.ok(stamps.some((ms) => ms >= start + 1_000), 'the lock after the Retry-After wait is stamped later');
});

test('advance fires the timers due on the way, in order, each after the work of the one before', async () => {
  const clock = createVirtualClock({ start: 1_000 });
  const seen = [];
  clock.setTimeout(() => seen.push(`b@${clock.now()}`), 20);
  clock.setTimeout(() => {
    seen.push(`a@${clock.now()}`);
    Promise.resolve().then(() => seen.push('a-microtask'));
    clock.setTimeout(() => seen.push(`c@${clock.now()}`), 5);
  }, 10);
  const never = clock.setTimeout(() => seen.push('cleared'), 12);
  clock.clearTimeout(never);
  clock.clearTimeout('not a handle');
  assert.deepEqual(clock.pending(), [{ due: 1_010, in: 10 }, { due: 1_020, in: 20 }]);
  // c, set by a at 1010 for 5 ms later, is due at 1015: within this advance.
  await clock.advance(15);
  assert.deepEqual(seen, ['a@1010', 'a-microtask', 'c@1015']);
  assert.equal(clock.now(), 1_015);
  assert.deepEqual(clock.pending(), [{ due: 1_020, in: 5 }]);
  await clock.runUntilIdle();
  assert.deepEqual(seen, ['a@1010', 'a-microtask', 'c@1015', 'b@1020']);
  assert.deepEqual(clock.pending(), []);
});

test('the clock patches no global, and works under a runner that faked them', async (t) => {
  const before = [globalThis.setTimeout, globalThis.Date.now, globalThis.queueMicrotask];
  const clock = createVirtualClock();
  assert.deepEqual([globalThis.setTimeout, globalThis.Date.now, globalThis.queueMicrotask], before);
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'setImmediate', 'Date'] });
  try {
    let fired = false;
    clock.setTimeout(() => { fired = true; }, 60_000);
    await clock.advance(60_000);
    assert.equal(fired, true);
  } finally {
    t.mock.timers.reset();
  }
});

test('a callback that throws rejects the advance, after the others ran', async () => {
  const clock = createVirtualClock();
  let later = false;
  clock.setTimeout(() => { throw new Error('boom'); }, 1);
  clock.setTimeout(() => { later = true; }, 2);
  await assert.rejects(clock.advance(5), /boom/);
  assert.equal(later, true);
});

test('runUntilIdle stops a timer that re-arms forever', async () => {
  const clock = createVirtualClock();
  const again = () => clock.setTimeout(again, 1);
  again();
  await assert.rejects(clock.runUntilIdle(), /still busy after 100000 timers/);
});

test('options and arguments it cannot use are TypeErrors; a client or simulator refuses a clock that is not one', async () => {
  for (const bad of [null, 5, [], { start: -1 }, { start: 1.5 }, { start: '0' }, { autoAdvance: 'yes' }]) {
    assert.throws(() => createVirtualClock(bad), TypeError, JSON.stringify(bad));
  }
  const clock = createVirtualClock();
  assert.throws(() => clock.setTimeout('code', 5), TypeError);
  for (const ms of [-1, Number.NaN, Infinity, '5']) await assert.rejects(clock.advance(ms), TypeError, String(ms));
  for (const bad of [{}, { now() {}, setTimeout() {} }, 'sometimes']) {
    assert.throws(() => new sdk.LicensingClient({ baseUrl: BASE, token: 't', clock: bad }), (err) => err.kind === 'validation' && /clock/.test(err.message), JSON.stringify(bad));
  }
  await assert.rejects(createSimulator({ clock: {} }), /clock must have now\(\)/);
  await assert.rejects(createSimulator({ clock: 'fake' }), /unknown clock "fake" \(real, virtual\)/);
  // Its name before 0.1.0, as scripts and journals wrote it then, is still read.
  const earlier = await createSimulator({ clock: 'manual', adminToken: 'adm' });
  const said = await earlier.fetch(new Request('http://sim.test/__sim/clock', { method: 'POST', headers: { 'x-sim-admin': 'adm' } }));
  assert.equal((await said.json()).clock, 'virtual');
});

test('a clock whose setTimeout throws ends the call before anything is sent (kind hook)', async () => {
  const sim = await createSimulator();
  const clock = { now: () => 0, setTimeout() { throw new Error('no timers here'); }, clearTimeout() {} };
  const client = new sdk.LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, clock });
  await assert.rejects(client.shellNums({ size: 1 }), (err) => err.kind === 'hook' && /setTimeout threw: no timers here/.test(err.message));
  assert.equal(sim.stats().assets, 0);
});

test("a simulator's virtual clock: POST /__sim/clock moves it, its stamps and its faults' delays follow it", async () => {
  const sim = await createSimulator({ clock: 'virtual', adminToken: 'adm' });
  const admin = (query) => sim.fetch(`${BASE}/__sim/clock${query}`, { method: 'POST', headers: { 'x-sim-admin': 'adm' } }).then(async (r) => ({ status: r.status, body: await r.json() }));
  assert.deepEqual(await admin(''), { status: 200, body: { clock: 'virtual', now: 1_767_225_600_000, date: '2026-01-01 00:00:00' } });
  assert.equal((await admin('?advance=3600000')).body.date, '2026-01-01 01:00:00');
  assert.equal((await admin('?set=0')).status, 409);
  assert.equal((await admin('?advance=soon')).status, 400);
  const refused = await sim.fetch(`${BASE}/__sim/clock?advance=1`, { method: 'POST' });
  assert.equal(refused.status, 401);
  // A delayed answer comes once the clock has moved past its delay, not before.
  const client = new sdk.LicensingClient({ baseUrl: BASE, token: 'dev-order-token', fetch: sim.fetch, timeoutMs: 600_000 });
  sim.fault({ kind: 'delay', delayMs: 60_000, endpoint: 'shellNums' });
  let settled = false;
  const call = client.shellNums({ size: 1 }).finally(() => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(settled, false, 'answered before the virtual clock moved');
  await admin('?advance=60000');
  assert.deepEqual(await call, ['8000000001']);
  // A real-clock simulator reads its clock but refuses to move it.
  const real = await createSimulator({ adminToken: 'adm' });
  const moved = await real.fetch(`${BASE}/__sim/clock?advance=5`, { method: 'POST', headers: { 'x-sim-admin': 'adm' } });
  assert.equal(moved.status, 409);
  assert.match((await moved.json()).error, /--clock virtual/);
});

test('no clock moves past the last instant a Date holds, so a simulator\'s snapshot on it reads back', async () => {
  const END = 8_640_000_000_000_000;
  const clock = createVirtualClock();
  await assert.rejects(clock.advance(1e300), RangeError);
  assert.equal(clock.now(), 1_767_225_600_000, 'a refused move moves nothing');
  assert.throws(() => createVirtualClock({ start: END + 1 }), TypeError);
  await clock.advance(END - clock.now());
  assert.equal(clock.now(), END, 'up to it');
  await assert.rejects(clock.advance(1), RangeError);

  // The simulator's own virtual clock, moved by its admin route (twice 9e18 saturated it at i64::MAX before).
  const sim = await createSimulator({ clock: 'virtual', adminToken: 'a' });
  const move = (query) => sim.fetch(`https://licensing.test/__sim/clock?${query}`, { method: 'POST', headers: { 'x-sim-admin': 'a' } });
  assert.equal((await move('advance=9000000000000000000')).status, 400);
  assert.equal((await move(`set=${END}`)).status, 200);
  const client = new sdk.LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'a', fetch: sim.fetch });
  await client.batchOrder({ channelCode: 'WEB', channelOrderId: 'CO-1', syncMode: 'sync', orderList: [{ sequence: 1, orderType: 'new_buy',
    licenseType: 'normal_recover_usbkey', enterpriseGlobalId: 'EG-1', assets: [{ assetNos: ['8000000123'], products: [{ productUri: 'gms:1001' }] }] }] });
  const snapshot = sim.snapshot();
  assert.equal(snapshot.assets[0].record.createTime, END);
  assert.deepEqual((await createSimulator({ state: snapshot })).snapshot(), snapshot, 'the snapshot reads back');
});
