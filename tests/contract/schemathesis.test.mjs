// schemathesis (pinned, from PyPI: requirements.txt) against licensing-sim with
// the committed document: --checks all, every phase (examples, coverage,
// fuzzing, stateful through the document's links), bounded and seeded by
// schemathesis.toml. No failure but the documented one: joinActivity answers
// its refusals with HTTP 200 (resultCode 1001), so schemathesis reads an
// invalid request as accepted (ST201). Each call that sends a valid g_nonce
// sends a fresh one (schemathesis_hooks.py: the drawn ones repeat, and the
// simulator refuses a replay, so which writes it took hung on the seed). Its HAR
// report (`--report har`) is then made a simulator state by the package's
// `state --from-har`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOCUMENT, HERE, ROOT, VENV, startSim } from './harness.mjs';
import { endpoints } from 'licensing-sdk/meta';

const run = promisify(execFile);
const REPORTS = path.join(ROOT, 'target/contract');
let sim;

before(async () => { sim = await startSim(); });
after(async () => { await sim?.stop(); });

/** The JUnit report's test cases: { name, failures: [{ type, message, text }] }. */
function junitCases(xml) {
  const cases = [];
  for (const m of xml.matchAll(/<testcase name="([^"]*)"[^>]*?(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const failures = [...(m[2] ?? '').matchAll(/<(failure|error)([^>]*)>([\s\S]*?)<\/\1>/g)]
      .map((f) => ({ type: f[1], message: /message="([^"]*)"/.exec(f[2])?.[1] ?? '', text: f[3] }));
    cases.push({ name: m[1], failures });
  }
  return cases;
}

/** The writes (POST endpoints) a HAR shows the order module took: HTTP 200 and code 0. */
function tookWrites(harDocument) {
  const byPath = new Map(Object.entries(endpoints).filter(([, e]) => e.method === 'POST').map(([name, e]) => [e.path, name]));
  const took = new Set();
  for (const { request, response } of harDocument.log.entries) {
    const name = byPath.get(new URL(request.url).pathname);
    let code;
    try {
      code = JSON.parse(response.content?.text ?? '').code;
    } catch {
      continue;
    }
    if (name && request.method === 'POST' && response.status === 200 && code != null && Number(code) === 0) took.add(name);
  }
  return took;
}

test('schemathesis --checks all against licensing-sim: only the documented joinActivity failure', { timeout: 600_000 }, async () => {
  mkdirSync(REPORTS, { recursive: true });
  const junit = path.join(REPORTS, 'schemathesis-junit.xml');
  const har = path.join(REPORTS, 'schemathesis.har');
  const args = ['--config-file', path.join(HERE, 'schemathesis.toml'), 'run', DOCUMENT, '--url', sim.url,
    '--checks', 'all', '--continue-on-failure', '--no-color', '--report', 'junit,har', '--report-junit-path', junit,
    '--report-har-path', har];
  const started = Date.now();
  const env = { ...process.env, SCHEMATHESIS_HOOKS: path.join(HERE, 'schemathesis_hooks.py') };
  const result = await run(path.join(VENV, 'bin/schemathesis'), args, { cwd: REPORTS, env, maxBuffer: 64 << 20 })
    .catch((e) => e);
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const cases = junitCases(readFileSync(junit, 'utf8'));
  const tested = cases.filter((c) => c.name !== 'Stateful tests').map((c) => c.name).sort();
  // One case per operation of the document (`METHOD /path`).
  const document = JSON.parse(readFileSync(DOCUMENT, 'utf8'));
  const operations = Object.entries(document.paths)
    .flatMap(([where, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${where}`)).sort();
  assert.deepEqual(tested, operations, output);
  assert.ok(cases.some((c) => c.name === 'Stateful tests'), `the stateful phase ran:\n${output}`);
  const unexpected = cases.flatMap((c) => c.failures
    .filter((f) => !(c.name === 'POST /activity/services/activity' && f.type === 'failure' && f.message === 'ST201'))
    .map((f) => `${c.name}: ${f.type} ${f.message}\n${f.text}`));
  assert.deepEqual(unexpected, [], output);
  // The run's HAR, a state: every entry is the service's, the answers fuzzed
  // requests got held to the contract, and what the state cannot hold said.
  const bin = path.join(ROOT, 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
  const made = await run(process.execPath, [bin, 'state', '--from-har', har], { maxBuffer: 256 << 20 }).catch((e) => e);
  assert.equal(made.code ?? 0, 0, made.stderr);
  const state = JSON.parse(made.stdout);
  assert.equal(state.format, 'licensing-sim-state');
  // Which fuzzed writes the simulator took is the seed's draw (a batch order it
  // takes is rare: its asset numbers must have been handed out): the state
  // holds customers and orders exactly when the HAR shows such a write taken.
  const took = tookWrites(JSON.parse(readFileSync(har, 'utf8')));
  assert.ok(took.size > 0, `the simulator took some fuzzed write: ${[...took]}`);
  const makesCustomers = took.has('bindEnterprise') || took.has('createEnterprise');
  assert.equal(state.customers.length > 0, makesCustomers, `customers in the state, writes taken: ${[...took]}\n${made.stderr}`);
  assert.equal(state.orders.length > 0, took.has('batchOrder'), `orders in the state, writes taken: ${[...took]}\n${made.stderr}`);
  const summary = output.split('\n').filter((l) => /generated|Links|failures? in|passed in|error in/.test(l)).join('\n');
  console.log(`schemathesis in ${((Date.now() - started) / 1000).toFixed(0)} s\n${summary}`);
});
