// Example: a test that starts from a fixture file instead of building its state
// call by call. fixtures/acme.json is "an enterprise with three assets, one
// locked", saved once with sim.snapshot() (make-fixture.mjs); every test
// starts from it again (sim.reset() returns to the state a simulator started from).
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';

const state = readFileSync(new URL('fixtures/acme.json', import.meta.url), 'utf8');
const sim = await createSimulator({ state });
const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: sim.fetch });

beforeEach(() => sim.reset());

describe('starting from a fixture', () => {
  it('lists the fixture\'s assets, one of them locked', async () => {
    const assets = await client.listAssets({ enterpriseGlobalId: 'EG-ACME' });
    expect(assets.map((a) => [a.assetNum, a.locked])).toEqual([
      ['8000000001', true], ['8000000002', false], ['8000000003', false],
    ]);
  });

  it('unlocks the locked one; the next test finds it locked again', async () => {
    const [result] = await client.unlockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' });
    expect(result.status).toBe(1);
    expect((await client.listAssets({ enterpriseGlobalId: 'EG-ACME' }))[0].locked).toBe(false);
  });

  it('hands out the asset numbers after the fixture\'s', async () => {
    expect(await client.shellNums({ size: 1 })).toEqual(['8000000004']);
    expect((await client.listAssets({ enterpriseGlobalId: 'EG-ACME' }))[0].locked).toBe(true);
  });
});
