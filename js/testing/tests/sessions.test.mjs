// Sessions of a shared simulator through licensing-sdk/testing's openSession,
// against the native licensing-sim scripts/with-sim.sh starts (every other
// test file of this suite uses it at the same time: what keeps them apart is
// what these tests hold). A scenario written for createSimulator runs on a
// session unchanged (its calls awaited).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, openSession } from 'licensing-sdk/testing';
import { simCommand } from '../../shared/cli/sim.js';

const SIM = process.env.LICENSING_SIM_URL ?? 'http://127.0.0.1:8788';
const ADMIN = process.env.LICENSING_SIM_ADMIN_TOKEN ?? 'licensing-sim-test-admin';

/** A test written for one simulator: numbers, a fault, stats, a trace, a reset. */
async function scenario(sim) {
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', appKey: 'app-1', fetch: sim.fetch, retryBaseMs: 1 });
  assert.deepEqual(await client.shellNums({ size: 2 }), ['8000000001', '8000000002']);
  await sim.fault({ kind: 'code500', endpoint: 'lockAssets', times: 1 });
  const locked = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }, { });
  assert.equal(locked[0].status, 2, 'retried past the code 500: no such lock');
  const traced = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', fetch: sim.fetch, headers: { 'x-sim-trace': 't-1' } });
  await traced.shellNums({ size: 1 });
  assert.equal((await sim.trace('t-1')).length, 1);
  assert.equal((await sim.snapshot()).nextAssetNumbers.domestic, 4);
  await sim.reset();
  assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000001']);
  assert.equal((await sim.stats()).orders, 0);
}

test('a scenario written for createSimulator runs unchanged in process and on a session of the shared simulator', async () => {
  await scenario(await createSimulator());
  const session = await openSession(SIM, { adminToken: ADMIN });
  try {
    await scenario(session);
  } finally {
    await session.close();
  }
});

test('sessions of one simulator see nothing of each other, at the same time', async () => {
  const sessions = await Promise.all([1, 2, 3].map((seed) => openSession(SIM, { adminToken: ADMIN, seed: seed * 1000 })));
  try {
    const clients = sessions.map((s) => new LicensingClient({ baseUrl: s.url, token: 'dev-order-token' }));
    const numbers = await Promise.all(clients.map((c) => c.shellNums({ size: 3 })));
    assert.deepEqual(numbers.map((n) => n[0]), ['8000001001', '8000002001', '8000003001'], 'each from its own seed, by its URL prefix');
    await sessions[0].reset();
    assert.deepEqual((await Promise.all(sessions.map((s) => s.snapshot()))).map((st) => st.nextAssetNumbers.domestic), [1001, 2004, 3004], 'a reset goes back to its own seed, and no further');
    assert.equal(new Set(sessions.map((s) => s.id)).size, 3);
    assert.ok(sessions.every((s) => /^[0-9a-f]{32}$/.test(s.id) && s.adminToken !== ADMIN));
  } finally {
    await Promise.all(sessions.map((s) => s.close()));
  }
  // Closed: gone.
  const gone = await fetch(`${sessions[0].url}/__sim/stats`, { headers: { 'x-sim-admin': sessions[0].adminToken } });
  assert.equal(gone.status, 404);
});

test('a session with a clock of its own, drifts by header, and a refusal that says why', async () => {
  const session = await openSession(SIM, { adminToken: ADMIN, clock: 'virtual' });
  try {
    assert.equal(session.clock, 'virtual');
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: session.fetch });
    const [number] = await client.shellNums({ size: 1 });
    await session.drift('number-id');
    const raw = await session.fetch(`https://x.test/order/api/order/v1/shellnums?g_nonce=${Date.now()}`, {
      method: 'POST', headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' }, body: '{"size":1}',
    });
    assert.equal(raw.status, 200);
    assert.ok(number.startsWith('8'));
    await session.advance(60_000);
  } finally {
    await session.close();
  }
  await assert.rejects(openSession(SIM, { adminToken: 'not-it' }), (e) => e.status === 401 && /HTTP 401/.test(e.message));
  await assert.rejects(openSession(SIM, { adminToken: ADMIN, clock: 'sundial' }), (e) => e.status === 400 && /unknown clock/.test(e.message));
  await assert.rejects(openSession('ftp://x', { adminToken: ADMIN }), TypeError);
});

test('npx licensing-sdk-sim serves sessions as licensing-sim does, with its bounds from its flags', async () => {
  const quiet = { write: () => true };
  const served = await simCommand(['--listen', '127.0.0.1:0', '--admin-token', 'js-admin', '--max-sessions', '1', '--quiet'], { createSimulator, stdout: quiet, stderr: quiet });
  try {
    const session = await openSession(served.address, { adminToken: 'js-admin' });
    try {
      await scenario(session);
      await assert.rejects(openSession(served.address, { adminToken: 'js-admin' }), (e) => e.status === 507 && /--max-sessions/.test(e.message));
      const client = new LicensingClient({ baseUrl: session.url, token: 'dev-order-token' });
      assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000002'], 'its URL as a client\'s baseUrl');
    } finally {
      await session.close();
    }
  } finally {
    await served.stop();
  }
});

test('a session refuses what the in-process simulator refuses: an unknown drift, a move of its clock that is no move or past the last instant a Date holds', async () => {
  const session = await openSession(SIM, { adminToken: ADMIN, clock: 'virtual' });
  try {
    await assert.rejects(session.drift('bogus'), /unknown drift "bogus" \(renamed-field, /);
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', appKey: 'app-1', fetch: session.fetch });
    assert.deepEqual(await client.shellNums({ size: 1 }), ['8000000001'], 'the refused drift was not sent');
    for (const ms of [-5, Number.NaN, 'abc', Infinity]) await assert.rejects(session.advance(ms), TypeError, String(ms));
    await assert.rejects(session.advance(1e300), RangeError);
    await assert.rejects(session.advance(8.64e15), (error) => error.status === 400 && /last instant a JavaScript Date holds/.test(error.message));
    const { now } = await session.advance(20_000);
    assert.equal(now, 1_767_225_620_000, 'refused moves moved nothing');
  } finally {
    await session.close();
  }
});

test('openSession at a URL that is no licensing-sim says so, whatever answers there', async () => {
  for (const [type, body] of [['text/html', '<!doctype html><p>portal</p>'], ['application/json', '{}'], ['application/json', 'null']]) {
    const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': type } });
    await assert.rejects(openSession('http://portal.test', { adminToken: 'a', fetch }), /answered what a licensing-sim does not .*is http:\/\/portal.test the shared simulator's URL/);
  }
});
