// The shared hook scenarios (crates/licensing-client/tests/hook-scenarios.json)
// run by the npm package over createSimulator: what each hook sees and how the
// call ends, line by line. The Rust client runs the same table
// (crates/licensing-client/tests/native/scenarios.rs): the two carry out the
// same steps (licensing-client's `call`), and this holds their waiting to it.
// Each scenario's `events` are what a watcher (`watch`) is told, the lines the
// Rust client's `on_event` is told too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LicensingClient, watch } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';

const TOKEN = 'dev-all-token';
const { scenarios } = JSON.parse(
  readFileSync(new URL('../../../crates/licensing-client/tests/hook-scenarios.json', import.meta.url), 'utf8'),
);

/** A watcher's line for `event`, as `events` in the table writes it. */
function eventLine(e) {
  switch (e.type) {
    case 'call':
      return `call ${e.endpoint}`;
    case 'token':
      return `token ${e.attempt} ${e.refused}`;
    case 'request':
      return `request ${e.attempt} ${e.method}`;
    case 'response':
      return `response ${e.attempt} ${e.status} ${e.code ?? '-'}`;
    case 'retry':
      return `retry ${e.attempt} ${e.error.kind}`;
    case 'hook':
      return `hook ${e.hook} ${e.attempt} ${e.ended}`;
    case 'failed':
      return `failed ${e.attempts} ${e.error.kind}`;
    case 'done':
      return `done ${e.attempts}`;
    default:
      return `${e.type} (not in the table's lines)`;
  }
}

for (const scenario of scenarios) {
  test(scenario.name, async () => {
    const sim = await createSimulator({ seed: 7 });
    const log = [];
    const boom = (hook, attempt) => {
      if (scenario.throws === hook && scenario.throwsOn === attempt) throw new Error('boom');
    };
    const hooks = {
      beforeRequest: ({ attempt }) => {
        log.push(`request ${attempt}`);
        boom('beforeRequest', attempt);
        return scenario.fault !== undefined && scenario.faultOn.includes(attempt) ? { 'x-sim-fault': scenario.fault } : undefined;
      },
      afterResponse: ({ attempt, status, code }) => {
        log.push(`response ${attempt} ${status} ${code ?? '-'}`);
        boom('afterResponse', attempt);
      },
      beforeRetry: ({ attempt, error }) => {
        log.push(`retry ${attempt} ${error.kind}`);
        boom('beforeRetry', attempt);
      },
      onError: ({ attempts, error }) => {
        log.push(`error ${attempts} ${error.kind}`);
      },
    };
    const token =
      scenario.token === 'refused first'
        ? ({ attempt, refused }) => {
            log.push(`token ${attempt} ${refused}`);
            return refused ? TOKEN : 'not-the-token';
          }
        : TOKEN;
    const client = new LicensingClient({
      baseUrl: 'https://licensing.test',
      token,
      appKey: 'app-scenarios',
      retryBaseMs: 5,
      ...(scenario.maxRetries === undefined ? {} : { maxRetries: scenario.maxRetries }),
      fetch: sim.fetch,
      hooks,
    });
    const watched = [];
    const stop = watch((event) => watched.push(eventLine(event)));
    try {
      await client[scenario.endpoint](scenario.body);
      log.push('ok');
    } catch (error) {
      log.push(`failed ${error.kind} ${error.status ?? '-'} sent=${error.sent}`);
    } finally {
      stop();
    }
    assert.deepEqual(log, scenario.expect);
    assert.deepEqual(watched, scenario.events, 'what a watcher is told');
  });
}
