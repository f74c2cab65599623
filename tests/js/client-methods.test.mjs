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

test('a method the build lost rejects with a LicensingError, not a TypeError', async () => {
  const options = { baseUrl: 'https://licensing.test', token: 'dev-all-token' };
  // The wasm's class is the prototype of a client made without hooks.
  const wasmPrototype = Object.getPrototypeOf(new LicensingClient(options));
  const lost = Object.getOwnPropertyDescriptor(wasmPrototype, 'shellNums');
  assert.ok(lost, 'the wasm class defines shellNums');
  delete wasmPrototype.shellNums;
  try {
    const client = new LicensingClient(options);
    await assert.rejects(client.shellNums({ size: 1 }), (err) => err.name === 'LicensingError' && /lacks the call/.test(err.message));
  } finally {
    Object.defineProperty(wasmPrototype, 'shellNums', lost);
  }
});
