// A custom `fetch` that returns anything (tests/browser/hostile-fetches.mjs):
// every call settles on time with its answer or a LicensingError, and nothing
// reaches the process as an uncaught exception or unhandled rejection (a plain
// Node script would exit with code 1). The same shapes run in Chromium and
// Firefox (tests/browser/simulator-checks.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { HOSTILE_TIMEOUT_MS, hostileFetches, runHostile } from '../../../tests/browser/hostile-fetches.mjs';

test('every hostile fetch ends in an answer or a LicensingError, on time, with nothing uncaught', async () => {
  const escaped = [];
  const onError = (err) => escaped.push(String(err?.stack ?? err));
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  try {
    const sim = await createSimulator();
    for (const [name, expected, fetch] of hostileFetches(sim)) {
      const got = await runHostile(LicensingClient, fetch);
      assert.equal(got.outcome, expected, `${name}: ${JSON.stringify(got)}`);
      if (expected !== 'ok') assert.equal(got.name, 'LicensingError', name);
      assert.ok(got.ms < HOSTILE_TIMEOUT_MS + 3000, `${name}: settled after ${got.ms} ms`);
    }
    // Let late rejections surface before the handlers go.
    await new Promise((r) => setTimeout(r, 100));
  } finally {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
  assert.deepEqual(escaped, []);
});

test('a signal that is not an AbortSignal is refused, and nothing is sent', async () => {
  let sent = 0;
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: () => { sent += 1; return new Response('{}'); } });
  for (const signal of [{ aborted: false, addEventListener() {} }, 'abort', 1]) {
    await assert.rejects(client.shellNums({ size: 1 }, { signal }), (err) => err.kind === 'validation' && /not an AbortSignal/.test(err.message));
  }
  assert.equal(sent, 0);
});
