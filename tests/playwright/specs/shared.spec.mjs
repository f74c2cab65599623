// The same tests as isolation-a/b.spec.mjs, each given a fresh session of one
// simulator the suite shares (licensing-sim, started by the config's
// webServer) instead of one in process: `test.use({ sharedSimulator })`, the
// one option. Six tests on four workers at once: each still gets the first
// enterprise and the first asset number, and sees only its own customer.
import { test, expect } from '../portal.mjs';
import { SHARED } from '../playwright.config.mjs';

test.use({ sharedSimulator: SHARED });

for (const run of [1, 2, 3, 4, 5, 6]) {
  test(`shared simulator, run ${run}: the first enterprise and the first asset number are this session's`, async ({ portal, sim }) => {
    expect(sim.url).toMatch(/\/s\/[0-9a-f]{32}$/);
    const created = await portal.call('createEnterprise', { crmCustomerId: 'CRM-SHARED', customerName: `Shared ${run}` });
    expect(created.data?.enterpriseGlobalId).toBe('EG000001');
    expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
    expect((await sim.snapshot()).customers.map((c) => c.customerName)).toEqual([`Shared ${run}`]);
  });
}

test('a fault set on a shared session reaches that session alone', async ({ portal, sim }) => {
  await sim.fault({ kind: 'code500', endpoint: 'shellNums', times: 5 });
  const refused = await portal.call('shellNums', { size: 1 });
  expect(refused.error?.kind).toBe('business');
  expect((await sim.stats()).orders).toBe(0);
});
