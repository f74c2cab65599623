// One conformance suite, three simulators: the native `licensing-sim` (a process
// of its own on a free port of 127.0.0.1, started here with a fresh state), the
// in-process `createSimulator` of the installed package, and that one served
// over HTTP by Node (`npx licensing-sdk-sim`, the package's bin). Every case of
// cases.mjs runs against each, in order; each answer must meet the case's
// expectation, and the answers must be the same (status, content type, body,
// with times of day masked: the clocks are not the same clock).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createSimulator } from 'licensing-sdk/testing';
import { startNodeSim, startSim } from '../e2e/harness.mjs';
import { ADMIN, CASES } from './cases.mjs';

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
