// Tests that would collide on a shared simulator: each creates the enterprise of
// CRM customer CRM-SHARED and asks for an asset number, and expects what a fresh
// simulator hands out first (EG000001, 8000000001). On one simulator for two of
// them, the second would get 8000000002 and see the other's customer. Three here
// and three in isolation-b.spec.mjs: six tests for four workers, so at least one
// worker runs two of them one after the other (a simulator per worker would fail
// there), while the others run beside it (one per suite would fail anywhere).
import { test, expect } from '../portal.mjs';

for (const run of [1, 2, 3]) {
  test(`portal A, run ${run}: the first enterprise and the first asset number are this test's`, async ({ portal, sim }) => {
    const created = await portal.call('createEnterprise', { crmCustomerId: 'CRM-SHARED', customerName: 'Portal A' });
    expect(created.data?.enterpriseGlobalId).toBe('EG000001');
    expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
    expect(sim.snapshot().customers.map((c) => c.customerName)).toEqual(['Portal A']);
  });
}
