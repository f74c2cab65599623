// The first day with a real service, tried on the simulators: `npx licensing-sdk
// verify` and `npx licensing-sdk-sim proxy` / `state --from-recording` of the
// installed package, against the native `licensing-sim` and `npx
// licensing-sdk-sim`, true to the contract and with each drift. (The verdicts
// themselves are tested in crates/licensing-verify; here, the commands as a
// user runs them.)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LicensingClient } from 'licensing-sdk';
import { runBin, startNodeSim, startProxy, startSim, ROOT } from '../../../tests/e2e/harness.mjs';

const BIN = path.join(ROOT, 'node_modules/licensing-sdk/bin');
const ORDER = 'tok-order-s3cret';
const ACTIVITY = 'tok-activity-s3cret';
const TOKENS = ['--token', `${ORDER}=auth_order`, '--token', `${ACTIVITY}=auth_activity`];
const scratch = mkdtempSync(path.join(tmpdir(), 'meeting-'));

/** Runs a bin of the package to its end: { code, stdout, stderr }. */
const run = (bin, args, env = {}) => runBin(bin, args, { env });

/** `verify --writes` against `base`: the exit code, the output and the report. */
async function verify(base, extra = []) {
  const json = path.join(scratch, `report-${Math.random().toString(36).slice(2)}.json`);
  const args = ['verify', '--base-url', base, '--token', ORDER, '--activity-token', ACTIVITY, '--writes',
    '--activity-label', 'partner-bonus', '--json', json, ...extra];
  const out = await run('licensing-sdk.mjs', args);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  for (const text of [out.stdout, out.stderr, JSON.stringify(report)]) {
    assert.ok(!text.includes(ORDER) && !text.includes(ACTIVITY), 'a token was printed or written');
  }
  return { ...out, report };
}

/** The simulators a test runs against: the native one and the Node one, with `args`. */
const SHELLS = {
  native: async (args) => {
    const sim = await startSim({ args: [...TOKENS, ...args], statics: false });
    return { url: sim.url.replace(/\/$/, ''), stop: () => sim.stop() };
  },
  node: async (args) => startNodeSim([...TOKENS, ...args]),
};

/** Every difference a report lists, as `path code` (its paths are patterns). */
const differences = (report) => new Set(report.checks.flatMap((c) => c.differences.map((d) => `${d.path} ${d.code}`)));

/** What each drift adds to a run's differences, and whether the run then fails. */
const DRIFTS = {
  'renamed-field': { exit: 1, adds: ['/data/customerId renamed_field', '/data/*/customerId renamed_field'] },
  'missing-field': { exit: 1, adds: ['/message missing_field'] },
  'extra-field': { exit: 0, adds: ['/traceId unknown_field'] },
  'unknown-enum': { exit: 1, adds: ['/data/*/status enum', '/data/*/licenseType enum', '/detail/products/*/activateType enum'] },
  'number-id': { exit: 1, adds: ['/data/*/licenseOrderId type', '/data/*/licenseOrderId unsafe_integer'] },
  'http-200-refusal': { exit: 1, adds: [' envelope_status'] },
  'activity-order-envelope': { exit: 1, adds: [' wrong_envelope'] },
  'nonce-replay-accepted': { exit: 0, adds: [], says: ['nonce.replay', /^accepts a g_nonce used before/] },
  'scope-not-enforced': { exit: 1, adds: [], differs: ['auth.scope.order', 'auth.scope.activity'] },
  'inferred-rules-not-enforced': { exit: 0, adds: [], says: ['refusal.read', /^accepts it/] },
};

test("the testing guide's drift table gives each drift's exit code as verify gives it", () => {
  const guide = readFileSync(path.join(ROOT, 'docs/guide/testing.md'), 'utf8');
  const rows = [...guide.matchAll(/^\| `([a-z0-9-]+)` \|.*\| (\d) \|$/gm)].map(([, drift, exit]) => [drift, Number(exit)]);
  assert.deepEqual(Object.fromEntries(rows), Object.fromEntries(Object.entries(DRIFTS).map(([d, w]) => [d, w.exit])));
});

for (const [shell, start] of Object.entries(SHELLS)) {
  test(`verify against ${shell === 'native' ? 'licensing-sim' : 'npx licensing-sdk-sim'}: nothing differs, then each drift gives exactly its difference`, async () => {
    const clean = await start([]);
    let baseline;
    try {
      const out = await verify(clean.url);
      assert.equal(out.code, 0, out.stdout);
      assert.equal(out.report.summary.differs, 0);
      assert.equal(out.report.summary.couldNotCheck, 0, out.stdout);
      assert.match(out.stdout, /agrees +auth\.scope\.activity/);
      assert.match(out.stderr, /\[verify\] write\.batchOrder: POST \/order\/api\/order\/v1\/licenseOrder\/batchOrder/);
      baseline = differences(out.report);
    } finally {
      await clean.stop();
    }
    for (const [drift, want] of Object.entries(DRIFTS)) {
      const sim = await start(['--drift', drift]);
      try {
        const out = await verify(sim.url);
        assert.equal(out.code, want.exit, `${drift}: ${out.stdout}`);
        const added = [...differences(out.report)].filter((d) => !baseline.has(d)).sort();
        assert.deepEqual(added, [...want.adds].sort(), drift);
        const differing = out.report.checks.filter((c) => c.verdict === 'differs');
        if (want.differs) assert.deepEqual(differing.map((c) => c.id), want.differs, drift);
        if (want.adds.length === 0 && !want.differs) assert.deepEqual(differing, [], drift);
        if (want.says) {
          const [id, says] = want.says;
          assert.match(out.report.checks.find((c) => c.id === id).detail, says, drift);
        }
      } finally {
        await sim.stop();
      }
    }
  });
}

test('verify: an address that is not the service, or no answer, is exit code 2 with why', async () => {
  const page = http.createServer((req, res) => {
    if (req.url.startsWith('/slow')) return; // never answers
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>portal</title>');
  });
  await new Promise((r) => page.listen(0, '127.0.0.1', r));
  const { port } = page.address();
  try {
    const html = await run('licensing-sdk.mjs', ['verify', '--base-url', `http://127.0.0.1:${port}`, '--token', ORDER]);
    assert.equal(html.code, 2);
    assert.match(html.stdout, /answers an HTML page/);
    const slow = await run('licensing-sdk.mjs', ['verify', '--base-url', `http://127.0.0.1:${port}/slow`, '--token', ORDER, '--timeout-secs', '1']);
    assert.equal(slow.code, 2);
    assert.match(slow.stdout, /no answer within 1 s/);
  } finally {
    page.close();
  }
  const gone = await run('licensing-sdk.mjs', ['verify', '--base-url', `http://127.0.0.1:${port}`, '--token', ORDER]);
  assert.equal(gone.code, 2);
  assert.match(gone.stdout, /ECONNREFUSED/);
  const usage = await run('licensing-sdk.mjs', ['verify', '--base-url', 'ftp://x', '--token', ORDER]);
  assert.equal(usage.code, 2);
  assert.match(usage.stderr, /http or https/);
  // The token from the environment, and refused: exit 2, the token never printed.
  const sim = await SHELLS.native([]);
  try {
    const refused = await run('licensing-sdk.mjs', ['verify', '--base-url', sim.url], { LICENSING_SDK_TOKEN: 'not-one-of-its-tokens' });
    assert.equal(refused.code, 2);
    assert.match(refused.stdout, /refused --token \(HTTP 401/);
    assert.ok(!refused.stdout.includes('not-one-of-its-tokens'));
  } finally {
    await sim.stop();
  }
});

test('the proxy: a portal works through it, each difference is logged once at its path, and its recording makes a state that answers the same reads', async () => {
  const recording = path.join(scratch, 'recording.jsonl');
  const upstream = await SHELLS.native(['--drift', 'unknown-enum']);
  const proxy = await startProxy(upstream.url, ['--record', recording]);
  let log;
  let enterprise;
  let reads;
  try {
    const client = new LicensingClient({ baseUrl: proxy.url, token: ORDER, appKey: 'app-1' });
    const [a, b] = await client.shellNums({ size: 2 });
    enterprise = (await client.createEnterprise({ crmCustomerId: 'crm-p', customerName: 'Proxy Ltd' })).enterpriseGlobalId;
    await client.batchOrder({
      channelCode: 'CH', channelOrderId: 'CO-1', syncMode: 'sync',
      orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'crm-p', enterpriseGlobalId: enterprise,
        assets: [{ assetNos: [a, b], products: [{ productUri: 'gms:1', limitConcurrent: 1 }] }] }],
    });
    const locked = await client.lockAssets({ assetNums: [a], operatorIdentity: 'ops' });
    assert.equal(locked[0].status, 5, 'the drift reaches the portal: the tolerant client passes it on');
    await client.lockAssets({ assetNums: [b], operatorIdentity: 'ops' });
    reads = [await client.listAssets({ enterpriseGlobalId: enterprise }), await client.listAssets({ enterpriseGlobalId: enterprise, extendCode: 'none' })];
    assert.equal(reads[0].length, 2);
  } finally {
    ({ log } = await proxy.stop('SIGINT'));
    await upstream.stop();
  }
  // Logged once each, at its path, with its endpoint; then the summary.
  const status = log.split('\n').filter((l) => l.startsWith('answer  lockAssets /data/*/status enum (differs)'));
  assert.equal(status.length, 1, log);
  assert.equal(log.split('\n').filter((l) => l.startsWith('answer  listAssets /data/*/licenseType enum (differs)')).length, 1, log);
  assert.match(log, /summary/);
  assert.match(log, /lockAssets +2 request\(s\), 0 invalid, 0 refused here; 2 answer\(s\), 2 differing from the spec/);
  const text = readFileSync(recording, 'utf8');
  assert.ok(!text.includes(ORDER), 'the token is in the recording');
  assert.match(text.split('\n')[0], /"format":"licensing-sdk-recording","version":1/);
  // The recording as a fixture: a simulator started from it answers the reads alike.
  const made = await run('licensing-sdk-sim.mjs', ['state', '--from-recording', recording]);
  assert.equal(made.code, 0, made.stderr);
  const state = path.join(scratch, 'state.json');
  writeFileSync(state, made.stdout);
  const replica = await startNodeSim([...TOKENS, '--state', state]);
  try {
    const client = new LicensingClient({ baseUrl: replica.url, token: ORDER });
    assert.deepEqual(await client.listAssets({ enterpriseGlobalId: enterprise }), reads[0]);
    assert.deepEqual(await client.listAssets({ enterpriseGlobalId: enterprise, extendCode: 'none' }), reads[1]);
  } finally {
    replica.stop();
  }
  // A recording that cannot be read: refused whole, with its line and pointer.
  const broken = path.join(scratch, 'broken.jsonl');
  writeFileSync(broken, `${text.split('\n')[0]}\n{"request":{"method":"GET","path":"/x","headers":{}},"response":{"status":"200"}}\n`);
  const refused = await run('licensing-sdk-sim.mjs', ['state', '--from-recording', broken]);
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /line 2: \/response\/status: expected an integer from 100 to 599/);
});

test('state --from-recording: a recording of every drift, with fields added to records, becomes a state that loads; what it leaves out is said by line', async () => {
  const recording = path.join(scratch, 'drifting.jsonl');
  const upstream = await SHELLS.node(Object.keys(DRIFTS).flatMap((d) => ['--drift', d]));
  const proxy = await startProxy(upstream.url, ['--record', recording, '--quiet']);
  try {
    await verify(proxy.url);
  } finally {
    await proxy.stop();
    await upstream.stop();
  }
  // A service that also adds fields to the records; and a proxy killed mid-line.
  const text = readFileSync(recording, 'utf8')
    .replaceAll('\\"assetNum\\":', '\\"remark\\":\\"vip\\",\\"assetNum\\":')
    .replaceAll('\\"sequence\\":', '\\"surpriseField\\":1,\\"sequence\\":');
  assert.ok(text.includes('remark') && text.includes('surpriseField'), 'the recording has asset records and batch results');
  const drifting = path.join(scratch, 'drifting-more.jsonl');
  writeFileSync(drifting, `${text}{"endpoint":"shellNums","request":{"me`);
  const report = path.join(scratch, 'state-report.json');
  const made = await run('licensing-sdk-sim.mjs', ['state', '--from-recording', drifting, '--report', report]);
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stderr, /line \d+: answer \/data\/\*\/remark: "vip" is left out/);
  assert.match(made.stderr, /line \d+: answer \/data\/\*\/customerID: .* is left out/);
  assert.match(made.stderr, /left out \d+ fields, .*; read \d+ numbers? as text; left out the last line, cut short/);
  const counts = JSON.parse(readFileSync(report, 'utf8')).counts;
  assert.ok(counts.field > 0 && counts['number-as-text'] > 0 && counts['cut-line'] === 1, JSON.stringify(counts));
  const state = path.join(scratch, 'drifting-state.json');
  writeFileSync(state, made.stdout);
  const replica = await startNodeSim([...TOKENS, '--state', state]);
  try {
    const assets = JSON.parse(made.stdout).assets;
    assert.ok(assets.length > 0 && assets.every((a) => a.record.customerId), 'the assets are kept, each with a customer');
  } finally {
    replica.stop();
  }
});

test('the proxy with --refuse answers an invalid request as the simulator would, and does not forward it', async () => {
  const upstream = await SHELLS.node([]);
  const proxy = await startProxy(upstream.url, ['--refuse', '--quiet']);
  try {
    const answer = await fetch(`${proxy.url}/order/api/order/v1/shellnums?g_nonce=r-1`, {
      method: 'POST', headers: { authorization: `Bearer ${ORDER}`, 'content-type': 'application/json' }, body: '{"size":0}',
    });
    assert.equal(answer.status, 299);
    const body = await answer.json();
    assert.equal(body.code, '13004');
    assert.match(body.message, /\/size/);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    // The same nonce again reaches the upstream, which has not seen it.
    const valid = await fetch(`${proxy.url}/order/api/order/v1/shellnums?g_nonce=r-1`, {
      method: 'POST', headers: { authorization: `Bearer ${ORDER}`, 'content-type': 'application/json' }, body: '{"size":1}',
    });
    assert.equal((await valid.json()).code, 0);
    // A preflight is answered by the proxy.
    const preflight = await fetch(`${proxy.url}/order/api/order/v1/shellnums`, {
      method: 'OPTIONS', headers: { origin: 'https://portal.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-headers'), 'authorization,content-type');
  } finally {
    await proxy.stop();
    upstream.stop();
  }
});

test("the testing guide's \"Meeting the real service\" runs as written, against a simulator for staging", async () => {
  const guide = readFileSync(path.join(ROOT, 'docs/guide/testing.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Meeting the real service'));
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.equal(blocks.length, 5, 'verify, verify --writes, the proxy, the state, the state from its HAR');
  // In a folder of the repository, where npx finds the installed package's bins.
  mkdirSync(path.join(ROOT, 'target/tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, 'target/tmp/guide-'));
  const staging = await SHELLS.native([]);
  try {
    const env = {
      ...process.env, STAGING_URL: staging.url, SANDBOX_URL: staging.url, LICENSING_SDK_TOKEN: ORDER, LICENSING_SDK_ACTIVITY_TOKEN: ACTIVITY,
      npm_config_offline: 'true',
    };
    const sh = (block) => spawnSync('bash', ['-euo', 'pipefail', '-c', block], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    const [readOnly, writes, proxy, fixtures, fromHar] = blocks;
    for (const block of [readOnly, writes]) {
      const done = sh(block);
      assert.equal(done.status, 0, `${block}\n${done.stdout}\n${done.stderr}`);
      assert.match(done.stdout, /agree, 0 differ/);
    }
    // The proxy serves until Ctrl-C: run in a process group of its own, a portal's
    // call through it, then the group's SIGINT (what Ctrl-C sends).
    const serving = spawn('bash', ['-c', proxy], { cwd: dir, env, detached: true });
    let log = '';
    serving.stderr.on('data', (d) => { log += d; });
    const ended = new Promise((r) => serving.once('exit', r));
    await new Promise((resolve) => serving.stdout.on('data', (d) => { if (/listening on/.test(String(d))) resolve(); }));
    const client = new LicensingClient({ baseUrl: 'http://127.0.0.1:8790', token: ORDER });
    assert.deepEqual(await client.queryEnterprises({ channelCode: 'CH', channelCustomerId: 'c-1', defaultCustomer: 'N' }), []);
    process.kill(-serving.pid, 'SIGINT');
    await ended;
    assert.match(log, /licensing-sdk-sim proxy: summary\n {2}queryEnterprises +1 request/);
    const made = sh(fixtures);
    assert.equal(made.status, 0, made.stderr);
    const fromItsHar = sh(fromHar);
    assert.equal(fromItsHar.status, 0, fromItsHar.stderr);
    for (const file of ['verify.json', 'verify.html', 'staging.jsonl', 'staging.har', 'staging.html', 'staging-state.json']) assert.ok(existsSync(path.join(dir, file)), file);
    for (const file of ['verify.html', 'staging.html']) {
      const page = readFileSync(path.join(dir, file), 'utf8');
      assert.match(page, /^<!doctype html>/);
      assert.ok(!page.includes(ORDER) && !page.includes(ACTIVITY), `${file}: a token`);
    }
    assert.match(readFileSync(path.join(dir, 'staging.html'), 'utf8'), /<td>queryEnterprises<\/td><td>1<\/td>/);
    const state = JSON.parse(readFileSync(path.join(dir, 'staging-state.json'), 'utf8'));
    assert.equal(state.format, 'licensing-sim-state');
    assert.deepEqual(JSON.parse(readFileSync(path.join(dir, 'staging-state-from-har.json'), 'utf8')), state, 'the HAR and the recording of one session make one state');
    assert.ok(!readFileSync(path.join(dir, 'staging.jsonl'), 'utf8').includes(ORDER));
  } finally {
    await staging.stop();
  }
});

test('a service URL with a user name or password is refused by verify and the proxy (exit 2), the password never shown', async () => {
  const secret = 's3cret-Pa55';
  for (const url of [`http://portal:${secret}@127.0.0.1:9/`, `http://${secret}@127.0.0.1:9`, `http://portal:${secret}@bad host/`]) {
    const verify = await run('licensing-sdk.mjs', ['verify', '--base-url', url, '--token', ORDER]);
    const proxy = await run('licensing-sdk-sim.mjs', ['proxy', '--upstream', url, '--listen', '127.0.0.1:0']);
    for (const [name, out] of [['verify', verify], ['proxy', proxy]]) {
      assert.equal(out.code, 2, `${name} ${url}: ${out.stdout}${out.stderr}`);
      assert.ok(!`${out.stdout}${out.stderr}`.includes(secret), `${name} showed the password: ${out.stdout}${out.stderr}`);
      assert.match(out.stderr, /--(base-url|upstream) (must not carry a user name or password|"http:\/\/\[userinfo\]@bad host\/" is not a URL)/, `${name}: ${out.stderr}`);
    }
  }
});
