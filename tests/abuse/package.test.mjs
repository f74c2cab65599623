// What an attacker or an unlucky user must not be able to do to the installed
// package (Node): hang a call past its timeout (even after a garbage
// collection), leak the token, blow up the memory (the process's peak RSS is
// held under a ceiling), follow a redirect with the body, read an endless answer.
// Run: make test-abuse (part of make test).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { validate, validateJson, createSchemas, LicensingClient } from 'licensing-sdk';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const SIM = process.env.LICENSING_SIM_URL ?? 'http://127.0.0.1:8788';
const TOKEN = 'dev-all-token';
const servers = [];
/** This process's peak resident memory over the probes may never pass this. */
const RSS_CEILING_MB = 768;
after(() => {
  servers.forEach((s) => s.closeAllConnections?.() ?? s.close());
  const peak = process.resourceUsage().maxRSS / 1024;
  console.log(`package probes: peak RSS ${peak.toFixed(1)} MB (ceiling ${RSS_CEILING_MB} MB)`);
  assert.ok(peak < RSS_CEILING_MB, `peak RSS ${peak} MB`);
});

/** A local server answering with `handler`; resolves to its base URL. */
async function serve(handler) {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, server };
}

async function rejects(promise) {
  try { await promise; } catch (err) { return err; }
  assert.fail('expected a rejection');
}

/** Headers and the start of a body, then nothing, ever. */
const stalling = (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"code":0,"data":[');
};

test('a body that never ends: timeoutMs and the signal end the call, garbage collections or not', { timeout: 20_000 }, async () => {
  const { url } = await serve(stalling);
  const collect = setInterval(gc, 20);
  try {
    const started = performance.now();
    const err = await rejects(new LicensingClient({ baseUrl: url, token: 't', timeoutMs: 400, maxRetries: 0 }).listAssets({ enterpriseGlobalId: 'E' }));
    assert.equal(err.kind, 'timeout');
    assert.ok(performance.now() - started < 3000, `ended after ${performance.now() - started} ms`);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const begun = performance.now();
    const aborted = await rejects(new LicensingClient({ baseUrl: url, token: 't', timeoutMs: 60_000 }).listAssets({ enterpriseGlobalId: 'E' }, { signal: controller.signal }));
    assert.equal(aborted.kind, 'aborted');
    assert.ok(performance.now() - begun < 3000);
  } finally {
    clearInterval(collect);
  }
  // The simulator's stall-body fault: the same, from the service side.
  const sim = new LicensingClient({ baseUrl: SIM, token: TOKEN, timeoutMs: 300, maxRetries: 0, headers: { 'x-sim-fault': 'stall-body' } });
  assert.equal((await rejects(sim.shellNums({ size: 1 }))).kind, 'timeout');
});

test('options are checked: timers within setTimeout, retries bounded, the token and baseUrl never echoed', async () => {
  const make = (extra) => () => new LicensingClient({ baseUrl: SIM, token: TOKEN, ...extra });
  for (const [extra, name] of [
    [{ timeoutMs: 2 ** 31 }, 'timeoutMs'], [{ timeoutMs: 0 }, 'timeoutMs'], [{ timeoutMs: -5 }, 'timeoutMs'], [{ timeoutMs: 1.5 }, 'timeoutMs'],
    [{ timeoutMs: Number.NaN }, 'timeoutMs'], [{ retryBaseMs: 0 }, 'retryBaseMs'], [{ maxRetries: 11 }, 'maxRetries'],
    [{ maxRetries: -1 }, 'maxRetries'], [{ maxResponseBytes: 0 }, 'maxResponseBytes'],
  ]) {
    assert.throws(make(extra), (e) => e.kind === 'validation' && e.message.includes(name), JSON.stringify(extra));
  }
  make({ timeoutMs: 2 ** 31 - 1, maxRetries: 10, retryBaseMs: 1 })();
  const perCall = await rejects(new LicensingClient({ baseUrl: SIM, token: TOKEN }).shellNums({ size: 1 }, { timeoutMs: 2 ** 31 }));
  assert.deepEqual([perCall.kind, /timeoutMs/.test(perCall.message)], ['validation', true]);

  for (const token of ['secret\ntoken', 'secret\0token', 'secret token', 'sécret']) {
    assert.throws(make({ token }), (e) => e.kind === 'validation' && !e.message.includes('secret') && !e.message.includes('sécret'), JSON.stringify(token));
  }
  for (const baseUrl of ['http://user:hunter2@127.0.0.1:8788', 'http://127.0.0.1:8788/?x=1', 'http://127.0.0.1:8788/#f']) {
    assert.throws(make({ baseUrl }), (e) => e.kind === 'validation' && !e.message.includes('hunter2'), baseUrl);
  }
  assert.throws(make({ headers: { 'x-key': 'a\r\nInjected: 1' } }), (e) => e.kind === 'validation' && !e.message.includes('Injected'));
  assert.throws(make({ headers: { 'bad header': 'v' } }), (e) => e.kind === 'validation');
});

test('redirects are not followed: the body never reaches another address', { timeout: 20_000 }, async () => {
  let reached = 0;
  const other = await serve((req, res) => { reached++; res.end('{"code":0,"data":[]}'); });
  const { url } = await serve((req, res) => { res.writeHead(307, { location: `${other.url}/steal` }); res.end(); });
  const err = await rejects(new LicensingClient({ baseUrl: url, token: 't', appKey: 'k' }).batchOrder({
    channelCode: 'C', channelOrderId: 'O', orderList: [{ sequence: 1, licenseType: 'softkey', orderType: 'new_buy',
      assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'p' }] }] }],
  }));
  assert.deepEqual([err.kind, err.status], ['http', 307]);
  assert.match(err.message, /redirect/);
  assert.equal(reached, 0);
});

test('answers are read up to maxResponseBytes; a giant business message is cut', { timeout: 30_000 }, async () => {
  const big = JSON.stringify({ code: 0, data: Array.from({ length: 200 }, () => '8000000001') });
  for (const chunked of [false, true]) {
    const { url } = await serve((req, res) => {
      res.writeHead(200, chunked ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(big) });
      if (chunked) { res.write(big.slice(0, 1000)); setTimeout(() => res.end(big.slice(1000)), 10); } else res.end(big);
    });
    const err = await rejects(new LicensingClient({ baseUrl: url, token: 't', maxResponseBytes: 1024 }).shellNums({ size: 1 }));
    assert.deepEqual([err.kind, /larger than 1024 bytes/.test(err.message)], ['decode', true], `chunked: ${chunked}`);
    assert.equal((await new LicensingClient({ baseUrl: url, token: 't' }).shellNums({ size: 1 })).length, 200);
  }
  const message = 'x'.repeat(8 << 20);
  const { url } = await serve((req, res) => { res.writeHead(299, { 'content-type': 'application/json' }); res.end(JSON.stringify({ code: '13004', message, cause: message })); });
  const err = await rejects(new LicensingClient({ baseUrl: url, token: 't' }).shellNums({ size: 1 }));
  assert.equal(err.kind, 'business');
  assert.ok(err.message.length <= 2001 && err.cause.length <= 2001, `${err.message.length} / ${err.cause.length}`);
});

test('maxIssues 1e6 on a body with half a million errors: a bounded report, always', () => {
  const body = { assetNums: Array.from({ length: 500_000 }, () => '7000000001'), operatorIdentity: 'ops' };
  const started = performance.now();
  const report = validate('lockAssets', body, { maxIssues: 1e6 });
  assert.ok(performance.now() - started < 15_000, `${performance.now() - started} ms`);
  assert.equal(report.valid, false);
  assert.ok(JSON.stringify(report).length < 8 << 20, `${JSON.stringify(report).length} bytes`);
  const last = report.issues.at(-1);
  assert.equal(last.code, 'too_many_issues');
  assert.equal(Number(last.params.omitted) + report.issues.length - 1, 500_000);
  const result = createSchemas({ maxIssues: 1e6 }).lockAssets['~standard'].validate(body);
  assert.ok(Array.isArray(result.issues) && result.issues.length > 0);
  assert.equal(validateJson('lockAssets', JSON.stringify(body), { maxIssues: 1e6 }).issues.at(-1).code, 'too_many_issues');
});

test('an outsized input: its key is cut in the report, and the memory is given back', { timeout: 60_000 }, async () => {
  const baseline = () => { gc(); return process.memoryUsage().arrayBuffers; };
  const before = baseline();
  const key = 'K'.repeat(40 << 20);
  const report = validate('shellNums', { size: 1, [key]: 1 });
  assert.equal(report.issues[0].path, `/${'K'.repeat(256)}…`);
  assert.ok(report.issues[0].message.length < 400);
  const text = `{"size":1,"${key}":1}`;
  assert.equal(validateJson('shellNums', text).issues[0].code, 'unknown_field');
  const grown = process.memoryUsage().arrayBuffers;
  await new Promise((r) => setTimeout(r, 10));
  const after = baseline();
  assert.ok(after - before < 32 << 20, `wasm memory kept: before ${before >> 20} MB, after ${after >> 20} MB (peak ${grown >> 20} MB)`);
  // The API lives on: validators, schemas and a client made before.
  assert.equal(validate('shellNums', { size: 0 }).issues[0].code, 'minimum');
  assert.deepEqual(createSchemas().shellNums['~standard'].validate({ size: 2 }), { value: { size: 2 } });
  const client = new LicensingClient({ baseUrl: SIM, token: TOKEN });
  assert.ok(client instanceof LicensingClient);
  validate('shellNums', { size: 1, [key]: 1 });
  assert.equal((await client.shellNums({ size: 1 })).length, 1, 'a client made before the move still works');
  assert.ok(new LicensingClient({ baseUrl: SIM, token: TOKEN }) instanceof LicensingClient);
});
