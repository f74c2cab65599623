// HAR both ways through the installed package: `proxy --har FILE` writes HAR
// 1.2 (whole after each exchange; tokens and cookies redacted; the SDK's view
// in `_licensingSdk`; a lost answer as the browsers write one), and `state
// --from-har FILE` makes a simulator state of it, of a devtools export (no
// Authorization, the page's own entries, bodies in base64) and of a HAR whose
// bodies are attached files; in process, stateFromHar of licensing-sdk/testing. Also: the CORS answer Chrome's Private Network
// Access preflight asks for, from each shell and the proxy. Playwright's own
// recorder and replayer are the other ends in tests/e2e/har.test.mjs.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pathToFileURL } from 'node:url';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator, stateFromHar, stateFromRecording } from 'licensing-sdk/testing';
import { ROOT, runBin, startNodeSim, startProxy, startSim } from '../../../tests/e2e/harness.mjs';

const ORDER = 'har-order-token-1';
const TOKENS = ['--token', `${ORDER}=auth_order`];
const scratch = mkdtempSync(path.join(ROOT, 'target/tmp/har-'));

/** `npx licensing-sdk-sim ARGS` to its end: { code, stdout, stderr }. */
const sim = (args) => runBin('licensing-sdk-sim.mjs', args);

/** A portal's session through `base`: what it read at the end. */
async function session(base) {
  const client = new LicensingClient({ baseUrl: base, token: ORDER, appKey: 'app-1', retry: { limit: 0 } });
  const [a, b] = await client.shellNums({ size: 2 });
  const { enterpriseGlobalId } = await client.createEnterprise({ crmCustomerId: 'crm-har', customerName: 'HAR Ltd' });
  await client.batchOrder({
    channelCode: 'CH', channelOrderId: 'HAR-1', syncMode: 'sync',
    orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'crm-har', enterpriseGlobalId,
      assets: [{ assetNos: [a, b], products: [{ productUri: 'gms:1', limitConcurrent: 1 }] }] }],
  });
  await client.lockAssets({ assetNums: [a], operatorIdentity: 'ops' });
  return { enterpriseGlobalId, assets: await client.listAssets({ enterpriseGlobalId }) };
}

test('proxy --har writes HAR 1.2, whole after each exchange, redacted, with the SDK\'s view; state --from-har makes the state that answers the session\'s reads', async () => {
  const har = path.join(scratch, 'session.har');
  const upstream = await startNodeSim([...TOKENS, '--drift', 'unknown-enum']);
  const proxy = await startProxy(upstream.url, ['--har', har, '--quiet']);
  let read;
  try {
    read = await session(proxy.url);
    // Whole after each exchange, before any stop.
    assert.equal(JSON.parse(readFileSync(har, 'utf8')).log.entries.length, 5);
    // A lost answer: the upstream cuts the connection.
    const cut = await fetch(`${proxy.url}/order/api/order/v1/shellnums?g_nonce=cut-1`, {
      method: 'POST', headers: { authorization: `Bearer ${ORDER}`, 'content-type': 'application/json', 'x-sim-fault': 'reset' }, body: '{"size":2}',
    });
    assert.equal(cut.status, 502);
  } finally {
    await proxy.stop();
    upstream.stop();
  }
  const text = readFileSync(har, 'utf8');
  assert.ok(!text.includes(ORDER), 'the token is in the HAR');
  const { log } = JSON.parse(text);
  assert.equal(log.version, '1.2');
  assert.equal(log.creator.name, 'licensing-sdk-sim proxy');
  const sdk = log.entries.map((e) => e._licensingSdk);
  assert.deepEqual(sdk.map((s) => s.endpoint), ['shellNums', 'createEnterprise', 'batchOrder', 'lockAssets', 'listAssets', 'shellNums']);
  assert.deepEqual(sdk.map((s) => s.verdict), ['agrees', 'agrees', 'agrees', 'differs', 'differs', 'no answer']);
  assert.deepEqual(sdk.map((s) => s.attempt), [1, 1, 1, 1, 1, 2], 'the same shellNums body again is its second attempt');
  const lost = log.entries[5];
  assert.equal(lost.response.status, 0);
  assert.match(lost.response._error, /./);
  const first = log.entries[0];
  assert.equal(first.request.headers.find((h) => h.name === 'authorization').value, 'Bearer [redacted]');
  assert.ok(first.request.url.startsWith(`${proxy.url}/order/api/order/v1/shellnums?`), first.request.url);
  assert.deepEqual(first.request.queryString.map((q) => q.name), ['g_nonce']);
  // The HAR as a fixture: a simulator started from it answers the session's last read.
  const made = await sim(['state', '--from-har', har]);
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stderr, /lockAssets \/data\/\*\/status enum \(differs\)/, 'each answer held to the contract');
  const state = path.join(scratch, 'session-state.json');
  writeFileSync(state, made.stdout);
  const replica = await startNodeSim([...TOKENS, '--state', state]);
  try {
    const client = new LicensingClient({ baseUrl: replica.url, token: ORDER });
    assert.deepEqual(await client.listAssets({ enterpriseGlobalId: read.enterpriseGlobalId }), read.assets);
    // None of its numbers handed out again.
    const [next] = await client.shellNums({ size: 1 });
    assert.ok(!text.includes(next), next);
  } finally {
    replica.stop();
  }

  await inProcess(text, made, read);
  await fromDevtoolsExport(text, made);
  await fromAttachedBodies(text, made);
});

/** In process: stateFromHar makes the state the command made (`made`), for createSimulator({ state }). */
async function inProcess(text, made, read) {
  const fromText = stateFromHar(text);
  assert.deepEqual(fromText.state, JSON.parse(made.stdout));
  assert.ok(fromText.answers.some((l) => /lockAssets \/data\/\*\/status enum \(differs\)/.test(l)), fromText.answers.join('\n'));
  const local = await createSimulator({ state: fromText.state, tokens: { [ORDER]: ['auth_order'] } });
  const inside = new LicensingClient({ baseUrl: 'https://licensing.test', token: ORDER, fetch: local.fetch });
  assert.deepEqual(await inside.listAssets({ enterpriseGlobalId: read.enterpriseGlobalId }), read.assets);
  assert.throws(() => stateFromHar('{"log":{}}'), /\/log\/entries: expected an array/);
  assert.throws(() => stateFromRecording(5), TypeError);
  // Where licensing-verify's wasm cannot load (a page, a worker), it says what to do instead.
  const browserEntry = await import(pathToFileURL(path.join(ROOT, 'node_modules/licensing-sdk/testing.mjs')).href);
  assert.throws(() => browserEntry.stateFromHar(text), /loads in Node only: make the state with `npx licensing-sdk-sim state --from-har FILE`/);
}

/** A HAR as devtools export it: no Authorization, the page's own entries, bodies in base64. */
async function fromDevtoolsExport(text, made) {
  const devtools = JSON.parse(text);
  devtools.log.entries.unshift({ request: { method: 'GET', url: 'http://127.0.0.1:5173/app.js', headers: [] }, response: { status: 200, headers: [], content: { text: '' } } });
  for (const entry of devtools.log.entries) {
    entry.request.headers = entry.request.headers.filter((h) => h.name !== 'authorization');
    const content = entry.response.content;
    if (content.text) Object.assign(content, { text: Buffer.from(content.text).toString('base64'), encoding: 'base64' });
  }
  const exported = path.join(scratch, 'devtools.har');
  writeFileSync(exported, JSON.stringify(devtools));
  const fromDevtools = await sim(['state', '--from-har', exported]);
  assert.equal(fromDevtools.code, 0, fromDevtools.stderr);
  assert.match(fromDevtools.stderr, /skipped 1 entry not the service's/);
  assert.equal(fromDevtools.stdout, made.stdout);
}

/** Bodies attached beside the HAR (Playwright's content: "attach"), and what is no HAR. */
async function fromAttachedBodies(text, made) {
  const attached = JSON.parse(text);
  attached.log.entries.forEach((entry, i) => {
    const content = entry.response.content;
    if (!content.text) return;
    writeFileSync(path.join(scratch, `body-${i}.json`), content.text);
    delete content.text;
    content._file = `body-${i}.json`;
  });
  const withFiles = path.join(scratch, 'attached.har');
  writeFileSync(withFiles, JSON.stringify(attached));
  const fromAttached = await sim(['state', '--from-har', withFiles]);
  assert.equal(fromAttached.code, 0, fromAttached.stderr);
  assert.equal(fromAttached.stdout, made.stdout);
  // An attachment's name that leads elsewhere is refused.
  attached.log.entries[0].response.content._file = '../../etc/passwd';
  writeFileSync(withFiles, JSON.stringify(attached));
  const elsewhere = await sim(['state', '--from-har', withFiles]);
  assert.equal(elsewhere.code, 2);
  assert.match(elsewhere.stderr, /is not a file name/);
  // What is no HAR: exit 2, with why.
  const notHar = path.join(scratch, 'not-a.har');
  writeFileSync(notHar, '{"log":{}}');
  const none = await sim(['state', '--from-har', notHar]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /\/log\/entries: expected an array/);
}

test("Chrome's Private Network Access preflight is answered yes by licensing-sim, npx licensing-sdk-sim and the proxy", async () => {
  const native = await startSim({ statics: false });
  const node = await startNodeSim([]);
  const proxy = await startProxy(node.url, ['--quiet']);
  try {
    for (const base of [native.url.replace(/\/$/, ''), node.url, proxy.url]) {
      const answer = await fetch(`${base}/order/api/order/v1/shellnums`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://portal.example', 'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type', 'access-control-request-private-network': 'true',
        },
      });
      assert.ok(answer.status >= 200 && answer.status < 300, `${base}: ${answer.status}`);
      assert.equal(answer.headers.get('access-control-allow-private-network'), 'true', base);
      assert.match(answer.headers.get('access-control-allow-headers') ?? '', /authorization/i, base);
    }
  } finally {
    await proxy.stop();
    node.stop();
    await native.stop();
  }
});
