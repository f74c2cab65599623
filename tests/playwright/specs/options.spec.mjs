// The fixtures' options reach what they configure: `simOptions` is what each
// test's simulator is made with (a state to start from, the tokens it accepts),
// `serviceOrigin` the origin whose requests it answers.
import { test, expect } from '../portal.mjs';

// A customer of CRM customer CRM-FIXTURE, and the domestic asset numbers handed
// out up to 8000000041 (the simulator's state format, version 1).
const STATE = {
  format: 'licensing-sim-state',
  version: 1,
  lastId: 7,
  nextAssetNumbers: { domestic: 42, singapore: 1 },
  customers: [{
    record: { customerId: 'C000007', enterpriseGlobalId: 'EG000006', enterpriseName: 'Fixture Co', isDefault: true },
    crmCustomerId: 'CRM-FIXTURE',
    customerName: 'Fixture Co',
  }],
  orders: [],
  batches: [],
  assets: [],
  claims: [],
};

test.describe('simOptions: { state }', () => {
  test.use({ simOptions: { state: STATE } });

  test('the portal meets the state the simulator was made with', async ({ portal }) => {
    // The state's customer is found again, not created anew; the numbers go on from the state's.
    const created = await portal.call('createEnterprise', { crmCustomerId: 'CRM-FIXTURE', customerName: 'Fixture Co' });
    expect(created.data?.enterpriseGlobalId).toBe('EG000006');
    expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000042'] });
  });
});

test.describe('simOptions: { tokens }', () => {
  test.use({ simOptions: { tokens: { 'portal-token': ['auth_order'] } } });

  test.describe('a token it was given', () => {
    test.use({ portalToken: 'portal-token' });
    test('is accepted', async ({ portal }) => {
      expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
    });
  });

  test.describe('a default token', () => {
    test.use({ portalToken: 'dev-order-token' });
    test('is refused: the tokens replace the defaults', async ({ portal }) => {
      expect((await portal.call('shellNums', { size: 1 })).error).toMatchObject({ kind: 'http', status: 401 });
    });
  });
});

test.describe('serviceOrigin', () => {
  test.use({ serviceOrigin: 'http://licensing.internal.example:8080' });

  test('is the origin routed to the simulator', async ({ portal, sim }) => {
    expect(await portal.call('shellNums', { size: 2 })).toEqual({ data: ['8000000001', '8000000002'] });
    expect(sim.trace('playwright').map((entry) => entry.endpoint)).toEqual(['shellNums']);
  });
});

test('without options: a simulator as createSimulator() makes it, at https://licensing.test', async ({ portal, serviceOrigin, simOptions }) => {
  expect(serviceOrigin).toBe('https://licensing.test');
  expect(simOptions).toEqual({});
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
});
