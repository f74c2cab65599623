// One conformance suite, three simulators: the native `licensing-sim` (a process
// of its own on a free port of 127.0.0.1, started here with a fresh state), the
// in-process `createSimulator` of the installed package, and that one served
// over HTTP by Node (`npx licensing-sdk-sim`, the package's bin). Every case of
// cases.mjs runs against each, in order; each answer must meet the case's
// expectation, and the answers must be the same (status, content type, body,
// with times of day masked: the clocks are not the same clock).
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createSimulator } from 'licensing-sdk/testing';
import { startNodeSim, startProxy, startSim } from '../e2e/harness.mjs';
import { endpoints } from 'licensing-sdk/meta';
import { ADMIN, CASES, SPEC } from './cases.mjs';

const IN_PROCESS = 'https://licensing.test';

let native;
let nativeUrl;
let sim;
let node;
let nodeUrl;

before(async () => {
  // No static files: every path is the simulator's, as in process.
  native = await startSim({ args: ['--admin-token', ADMIN], statics: false });
  nativeUrl = native.url.replace(/\/$/, '');
  sim = await createSimulator({ adminToken: ADMIN });
  node = await startNodeSim(['--admin-token', ADMIN]);
  nodeUrl = node.url;
});

after(() => {
  native?.stop();
  node?.stop();
});

let nonces = 0;

/** Sends a case's request to one simulator (`send(url, init)` is its fetch), with `nonce`. */
async function exchange(send, base, request, nonce) {
  const params = [];
  if (request.query) params.push(request.query);
  if (!request.noNonce) params.push(`g_nonce=${nonce}`);
  const url = `${base}${request.path}${params.length ? `?${params.join('&')}` : ''}`;
  let response;
  let text;
  try {
    response = await send(url, { method: request.method, headers: request.headers, body: request.body });
    text = await response.text();
  } catch (failure) {
    // A cut connection (`reset`): fetch rejects, before or while reading the body.
    return { reset: true, failure: String(failure), status: 0, type: null, allow: null, text: '', body: undefined };
  }
  let body;
  try { body = JSON.parse(text); } catch { body = undefined; }
  return { status: response.status, type: response.headers.get('content-type'), allow: response.headers.get('allow'), text, body };
}

/** The answer with what differs between two clocks masked. */
function comparable(answer) {
  if (answer.reset) return { reset: true };
  const mask = (v) => {
    if (typeof v === 'number' && v > 1e12) return '<epoch ms>';
    if (typeof v === 'string' && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(v)) return '<date time>';
    if (Array.isArray(v)) return v.map(mask);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mask(x)]));
    return v;
  };
  return { status: answer.status, type: answer.type, allow: answer.allow, body: answer.body === undefined ? answer.text : mask(answer.body) };
}

function meets(answer, expect, where) {
  const say = `${where}: ${answer.status} ${answer.text.slice(0, 300)} ${answer.failure ?? ''}`;
  assert.equal(answer.reset === true, expect.reset === true, say);
  if (expect.reset) return;
  assert.equal(answer.status, expect.status, say);
  if (expect.code !== undefined) assert.equal(answer.body?.code, expect.code, say);
  if (expect.resultCode !== undefined) assert.equal(answer.body?.resultCode, expect.resultCode, say);
  if (expect.data !== undefined) assert.deepEqual(answer.body?.data, expect.data, say);
  if (expect.says !== undefined) assert.ok(String(answer.body?.message).includes(expect.says), say);
  if (expect.text !== undefined) assert.match(answer.text, expect.text, say);
  if (expect.header) assert.equal(answer.allow, expect.header[1], say);
  if (expect.check) assert.ok(expect.check(answer.body), `${say}: the check failed`);
}

test("the package's endpoint table says what the spec's rows say (a new endpoint needs its row in cases.mjs)", () => {
  const table = Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path, scope: e.scope, repeatSafe: e.idempotent }]));
  assert.deepEqual(table, SPEC);
});

test('every endpoint of the table is answered with success by a case (a new endpoint needs its cases)', () => {
  const missing = Object.entries(endpoints).filter(([, e]) => {
    const pattern = new RegExp(`^${e.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    return !CASES.some((c) => c.request.method === e.method && pattern.test(c.request.path) && c.expect.status === 200 && (c.expect.code === 0 || c.expect.resultCode === '0000'));
  }).map(([name]) => name);
  assert.deepEqual(missing, [], 'endpoints no case of tests/conformance/cases.mjs calls with success');
});

test('the native, the in-process and the Node HTTP simulator answer every case alike, as expected', async () => {
  for (const c of CASES) {
    const nonce = c.request.nonce ?? `conf-${(nonces += 1)}`;
    const fromNative = await exchange(fetch, nativeUrl, c.request, nonce);
    const fromWasm = await exchange(sim.fetch, IN_PROCESS, c.request, nonce);
    const fromNode = await exchange(fetch, nodeUrl, c.request, nonce);
    meets(fromNative, c.expect, `${c.name} (native)`);
    meets(fromWasm, c.expect, `${c.name} (in-process)`);
    meets(fromNode, c.expect, `${c.name} (licensing-sdk-sim)`);
    assert.deepEqual(comparable(fromWasm), comparable(fromNative), `${c.name}: the in-process simulator differs from the native one`);
    assert.deepEqual(comparable(fromNode), comparable(fromNative), `${c.name}: licensing-sdk-sim differs from the native one`);
  }
});

test('licensing-sdk-sim answers a CORS preflight as licensing-sim does, and ends on SIGTERM', async () => {
  const preflight = {
    method: 'OPTIONS',
    headers: { origin: 'http://portal.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,x-sim-fault' },
  };
  for (const base of [nativeUrl, nodeUrl]) {
    const res = await fetch(`${base}/order/api/order/v1/shellnums`, preflight);
    assert.ok(res.status === 200 || res.status === 204, `${base}: ${res.status}`);
    assert.equal(res.headers.get('access-control-allow-origin'), '*', base);
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /authorization/i, base);
    const answer = await fetch(`${base}/order/api/order/v1/shellnums?g_nonce=cors-${(nonces += 1)}`, {
      method: 'POST', headers: { origin: 'http://portal.test', authorization: 'Bearer dev-order-token', 'content-type': 'application/json', 'x-sim-fault': 'http=503;retry-after=2' }, body: '{"size":1}',
    });
    assert.equal(answer.status, 503);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*', base);
    assert.match(answer.headers.get('access-control-expose-headers') ?? '', /retry-after/i, base);
  }
  const extra = await startNodeSim([]);
  const exited = new Promise((resolve) => extra.child.once('exit', (code, signal) => resolve({ code, signal })));
  extra.stop();
  assert.deepEqual(await exited, { code: 0, signal: null });
});

test('a delay fault waits on both, and an abort ends the wait', async () => {
  for (const [send, base] of [[fetch, nativeUrl], [sim.fetch, IN_PROCESS], [fetch, nodeUrl]]) {
    const path = `${base}/order/api/order/v1/shellnums?g_nonce=delay-${(nonces += 1)}`;
    const headers = { authorization: 'Bearer dev-order-token', 'content-type': 'application/json', 'x-sim-fault': 'delay=150' };
    const start = Date.now();
    const response = await send(path, { method: 'POST', headers, body: '{"size":1}' });
    assert.equal(response.status, 200);
    assert.ok(Date.now() - start >= 140, `${base}: answered after ${Date.now() - start} ms`);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const aborted = send(`${path}-2`, { method: 'POST', headers: { ...headers, 'x-sim-fault': 'delay=5000' }, body: '{"size":1}', signal: controller.signal });
    await assert.rejects(aborted, { name: 'AbortError' });
  }
});

test('a state dumped by one simulator loads in the others, which answer alike from it', async () => {
  const send = async (fetchOf, base, method, route, body, token = 'dev-order-token') => {
    const response = await fetchOf(`${base}${route}${route.includes('?') ? '&' : '?'}g_nonce=state-${(nonces += 1)}`, {
      method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body),
    });
    return comparable({ status: response.status, type: response.headers.get('content-type'), allow: null, body: await response.json() });
  };
  const dump = async (fetchOf, base) => (await fetchOf(`${base}/__sim/state`, { headers: { 'x-sim-admin': ADMIN } })).json();
  const order = { channelCode: 'CH-S', channelOrderId: 'CO-S', syncMode: 'sync',
    orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-S',
      enterpriseGlobalId: 'EG-S', assets: [{ assetNos: ['8000000001', '8000000002'], products: [{ productUri: 'gms:1001' }] }] }] };
  const claim = { identity: 's@example.com', activityLabel: 'spring-trial', source: 'portal', branch: 'SH' };
  const calls = [
    ['POST', '/order/api/order/v1/enterprise/user/bind', { channelCode: 'CH-S', channelCustomerId: 'CC-S', customerName: 'S', enterpriseName: 'S Ltd' }],
    ['POST', '/order/api/order/v1/licenseOrder/batchOrder?appKey=app-s', order],
    ['POST', '/order/api/order/v1/asset/lock', { assetNums: ['8000000002'], operatorIdentity: 'ops' }],
    ['POST', '/activity/services/activity', claim, 'dev-activity-token'],
    ['POST', '/order/api/order/v1/shellnums', { size: 3 }],
  ];
  // What each simulator is asked once it starts from the state: what the calls left behind.
  const probes = [
    ['GET', '/order/api/order/v1/asset/EG-S/list'],
    ['GET', '/order/api/order/v1/enterprise/user/query?channelCode=CH-S&channelCustomerId=CC-S&defaultCustomer=N'],
    ['POST', '/order/api/order/v1/licenseOrder/batchOrder?appKey=app-s', order],
    ['POST', '/activity/services/activity', claim, 'dev-activity-token'],
    ['POST', '/order/api/order/v1/shellnums', { size: 1 }],
  ];
  const dir = mkdtempSync(path.join(tmpdir(), 'licensing-state-'));
  const file = (name, state) => {
    const at = path.join(dir, name);
    writeFileSync(at, JSON.stringify(state));
    return at;
  };
  const answers = async (fetchOf, base) => {
    const out = [];
    for (const [method, route, body, token] of probes) out.push(await send(fetchOf, base, method, route, body, token));
    return out;
  };
  // Built on the in-process simulator, dumped by the admin route, loaded by the native one.
  const built = await createSimulator({ adminToken: ADMIN });
  for (const [method, route, body, token] of calls) await send(built.fetch, IN_PROCESS, method, route, body, token);
  const fromWasm = await dump(built.fetch, IN_PROCESS);
  assert.deepEqual(fromWasm, built.snapshot());
  const nativeRun = await startSim({ args: ['--admin-token', ADMIN, '--state', file('wasm.json', fromWasm)], statics: false });
  const binRun = await startNodeSim(['--admin-token', ADMIN, '--state', file('wasm.json', fromWasm)]);
  try {
    const nativeBase = nativeRun.url.replace(/\/$/, '');
    assert.deepEqual(await dump(fetch, nativeBase), fromWasm, 'the native simulator holds what the in-process one dumped');
    assert.deepEqual(await dump(fetch, binRun.url), fromWasm, 'licensing-sdk-sim holds it too');
    // And back: the native dump loads in process.
    const back = await createSimulator({ adminToken: ADMIN, state: await dump(fetch, nativeBase) });
    assert.deepEqual(back.snapshot(), fromWasm);
    const expected = await answers(built.fetch, IN_PROCESS);
    assert.deepEqual(await answers(fetch, nativeBase), expected, 'the native simulator answers as the one it was dumped from');
    assert.deepEqual(await answers(fetch, binRun.url), expected, 'licensing-sdk-sim answers alike');
    assert.deepEqual(await answers(back.fetch, IN_PROCESS), expected, 'the in-process simulator answers alike');
    assert.equal(expected[0].body.data.length, 2);
    assert.deepEqual(expected[3].body.resultCode, '3002', 'the claim the state holds is used');
  } finally {
    nativeRun.stop();
    binRun.stop();
  }
});

test('a wrong state is refused whole, naming the problem, by every simulator', async () => {
  const good = (await createSimulator()).snapshot();
  const newer = { ...good, version: 2 };
  await assert.rejects(createSimulator({ state: newer }), /simulator state: \/version: version 2 is newer/);
  await assert.rejects(createSimulator({ state: '{"format":' }), /simulator state: not JSON/);
  const dir = mkdtempSync(path.join(tmpdir(), 'licensing-state-'));
  const at = path.join(dir, 'newer.json');
  writeFileSync(at, JSON.stringify(newer));
  await assert.rejects(startSim({ args: ['--state', at], statics: false }), /newer\.json: simulator state: \/version: version 2 is newer/);
  const bin = path.join(process.cwd(), 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
  const run = spawnSync(process.execPath, [bin, '--listen', '127.0.0.1:0', '--state', at], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /newer\.json: simulator state: \/version: version 2 is newer/);
});

test('a state that contradicts itself, or is too large, is refused by every simulator, with the pointer and what it conflicts with', async () => {
  const built = await createSimulator();
  const call = (route, body) => built.fetch(`${IN_PROCESS}${route}?g_nonce=${(nonces += 1)}&appKey=a`, {
    method: 'POST', headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const [number] = (await (await call(endpoints.shellNums.path, { size: 1 })).json()).data;
  await call(endpoints.batchOrder.path, {
    channelCode: 'CH', channelOrderId: 'CO', syncMode: 'sync',
    orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'crm', assets: [{ assetNos: [number], products: [{ productUri: 'p' }] }] }],
  });
  const good = built.snapshot();
  const dir = mkdtempSync(path.join(tmpdir(), 'licensing-state-'));
  const bin = path.join(process.cwd(), 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
  const refusedEverywhere = async (name, state, says, args = []) => {
    const at = path.join(dir, name);
    writeFileSync(at, typeof state === 'string' ? state : JSON.stringify(state));
    await assert.rejects(createSimulator({ state, ...(args.length ? { maxStateBytes: Number(args[1]) } : {}) }), says, `${name} in process`);
    // The shells name the file too.
    const named = (err) => says.test(err.message) && err.message.includes(`${name}: simulator state: `);
    await assert.rejects(startSim({ args: ['--state', at, ...args], statics: false }), named, `${name} in licensing-sim`);
    const run = spawnSync(process.execPath, [bin, '--listen', '127.0.0.1:0', '--state', at, ...args], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 1, run.stderr);
    assert.ok(named(new Error(run.stderr)), `${name} in licensing-sdk-sim: ${run.stderr}`);
  };
  // Counters that would hand out what is stored.
  await refusedEverywhere('counter.json', { ...good, lastId: 0 }, /simulator state: \/lastId: 0 is below the stored id (C|LO)0000\d+ \(/);
  const domestic = { ...good, nextAssetNumbers: { ...good.nextAssetNumbers, domestic: 1 } };
  await refusedEverywhere('numbers.json', domestic, /simulator state: \/nextAssetNumbers\/domestic: 1 is not past the stored asset number 8000000001/);
  // A reference to nothing; a key given twice.
  const orphan = structuredClone(good);
  orphan.assets[0].record.customerId = 'C999999';
  await refusedEverywhere('orphan.json', orphan, /\/assets\/0\/record\/customerId: "C999999" is not a stored customer/);
  const twice = JSON.stringify(good).replace('"lastId":', '"lastId":0,"lastId":');
  await refusedEverywhere('twice.json', twice, /\/lastId: the key "lastId" is given twice/);
  // Too large: refused before it is read.
  await refusedEverywhere('large.json', good, /bytes of JSON, more than the 200 a simulator reads \(maxStateBytes, --max-state-bytes\)/, ['--max-state-bytes', '200']);
});

/** One raw exchange on a socket: what came back and when the connection closed. */
function rawExchange(url, head, { trickle, body } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let out = '';
    let sent = 0;
    const start = Date.now();
    socket.on('data', (d) => { out += d; });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - start, status: Number(/^HTTP\/1\.1 (\d+)/.exec(out)?.[1] ?? 0), text: out, sentBytes: sent });
    });
    socket.write(head);
    // A byte every 200 ms: headers or a body that never ends.
    const timer = trickle ? setInterval(() => socket.write('x'), 200) : undefined;
    if (body) {
      const chunk = Buffer.alloc(64 << 10, 0x61);
      const pump = () => {
        while (sent < body && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) return socket.once('drain', pump);
        }
      };
      pump();
    }
  });
}

test('both shells, and the checking proxy in front of one, keep the same bounds and read a request alike: timeouts at their values, a body cut at the limit, any Host, absolute-form targets', { timeout: 60_000 }, async () => {
  const bounds = ['--header-timeout-secs', '2', '--body-timeout-secs', '3'];
  const shells = [await startSim({ args: bounds, statics: false }), await startNodeSim(bounds)];
  // The proxy with the shells' bounds and body limit; it refuses a slow body
  // itself, as HTTP 408 (it has no envelope of its own), in the same words.
  const proxy = await startProxy(shells[0].url.replace(/\/$/, ''), [...bounds, '--max-body-bytes', '1048576', '--quiet']);
  const subjects = [...shells.map((shell) => ({ base: shell.url, slowBodyStatus: 299 })), { base: proxy.url, slowBodyStatus: 408 }];
  const auth = 'authorization: Bearer dev-order-token\r\ncontent-type: application/json\r\n';
  try {
    for (const { base, slowBodyStatus } of subjects) {
      const slowHeaders = await rawExchange(base, 'POST /order/api/order/v1/shellnums?g_nonce=h HTTP/1.1\r\nHost: x\r\nX-Slow: ', { trickle: true });
      assert.ok(slowHeaders.ms >= 1900 && slowHeaders.ms < 4500, `${base}: slow headers cut after ${slowHeaders.ms} ms (2 s)`);
      const slowBody = await rawExchange(base, `POST /order/api/order/v1/shellnums?g_nonce=b-${(nonces += 1)} HTTP/1.1\r\nHost: x\r\n${auth}content-length: 100\r\n\r\n{"size":1`, { trickle: true });
      assert.equal(slowBody.status, slowBodyStatus, `${base}: ${slowBody.text}`);
      assert.match(slowBody.text, /the body was not sent within 3 s/);
      assert.ok(slowBody.ms >= 2900 && slowBody.ms < 5500, `${base}: slow body refused after ${slowBody.ms} ms (3 s)`);
      const large = await rawExchange(base, `POST /order/api/order/v1/shellnums?g_nonce=l-${(nonces += 1)} HTTP/1.1\r\nHost: x\r\n${auth}content-length: 50000000\r\n\r\n`, { body: 50e6 });
      assert.ok(large.sentBytes < 20e6, `${base}: ${large.sentBytes} bytes of a 50 MB body were read before it was cut (limit 1 MiB)`);
      for (const [what, head] of [
        ['a bad Host', `POST /order/api/order/v1/shellnums?g_nonce=host-${(nonces += 1)} HTTP/1.1\r\nHost: ::bad::\r\n`],
        ['an absolute-form target', `POST http://elsewhere.example/order/api/order/v1/shellnums?g_nonce=abs-${(nonces += 1)} HTTP/1.1\r\nHost: x\r\n`],
      ]) {
        const answer = await rawExchange(base, `${head}${auth}content-length: 10\r\nconnection: close\r\n\r\n{"size":1}`);
        assert.equal(answer.status, 200, `${base}, ${what}: ${answer.text}`);
      }
    }
  } finally {
    await proxy.stop();
    for (const shell of shells) await shell.stop();
  }
});

test('both shells stop gracefully on SIGTERM: a request in flight gets its answer, then the process ends', async () => {
  const native = await startSim({ args: ['--admin-token', ADMIN], statics: false });
  const node = await startNodeSim(['--admin-token', ADMIN]);
  // The native shell's own grace (STOP_GRACE, 10 s) is what is tested, not the
  // harness's SIGKILL: the request's delay outlasts the harness's default 3 s,
  // which cut it under load when the two were nearly the same (3 s each).
  const exits = [
    [native.url.replace(/\/$/, ''), () => native.stop({ killAfterMs: 15_000 })],
    [node.url, () => { const gone = new Promise((r) => node.child.once('exit', (code) => r(code))); node.stop(); return gone; }],
  ];
  // Both shells at once: each waits out its request's delay, not the other's too.
  await Promise.all(exits.map(async ([base, stop]) => {
    const trace = `stop-${(nonces += 1)}`;
    const inFlight = fetch(`${base}/order/api/order/v1/shellnums?g_nonce=${trace}`, {
      method: 'POST',
      headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json', 'x-sim-fault': 'delay=4000', 'x-sim-trace': trace },
      body: '{"size":1}',
    });
    // The signal comes once the simulator holds the request (its trace shows it, its delay runs).
    for (;;) {
      const seen = await (await fetch(`${base}/__sim/trace/${trace}`, { headers: { 'x-sim-admin': ADMIN } })).json();
      if (seen.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const stopped = stop();
    const answer = await inFlight;
    assert.equal(answer.status, 200, base);
    assert.equal((await answer.json()).code, 0, base);
    const code = await stopped;
    if (typeof code === 'number') assert.equal(code, 0, base);
    await assert.rejects(fetch(`${base}/__sim/stats`), base);
  }));
});
