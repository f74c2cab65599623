// Every method the package declares (one per endpoint of the table, as meta
// lists them) answers against the simulator: resolved with the example body's
// answer or rejected with a LicensingError, never a TypeError of a method the
// build lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exampleBody, LicensingClient } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import { createSimulator } from 'licensing-sdk/testing';

for (const hooks of [undefined, { beforeRequest() {} }]) {
  test(`every declared method answers against the simulator${hooks ? ' (with hooks)' : ''}`, async () => {
    const sim = await createSimulator();
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', appKey: 'portal', fetch: sim.fetch, hooks });
    const names = Object.keys(endpoints);
    assert.ok(names.length >= 10, `meta lists ${names.length} endpoints`);
    for (const name of names) {
      assert.equal(typeof client[name], 'function', `LicensingClient.${name}`);
      try {
        await client[name](exampleBody(name));
      } catch (err) {
        assert.equal(err?.name, 'LicensingError', `${name}: ${err}`);
        assert.notEqual(err.kind, 'validation', `${name}: the example body is valid, the call is wired: ${err.message}`);
      }
    }
  });
}

test('each method is the client\'s own: taken off it, it still calls it; the wasm knows every endpoint it is named for', async () => {
  const sim = await createSimulator();
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', fetch: sim.fetch });
  const { shellNums } = client;
  assert.equal((await shellNums({ size: 2 })).length, 2);
  // The one wasm method every endpoint method calls, with a name the table
  // does not have (a package whose JS and wasm disagree): a LicensingError.
  await assert.rejects(client.__send('noSuchCall', '{}', undefined, undefined),
    (err) => err.name === 'LicensingError' && err.kind === 'validation' && /no such endpoint: noSuchCall/.test(err.message));
});
