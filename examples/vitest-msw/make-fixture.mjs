// Writes fixtures/acme.json: "an enterprise with three assets, one locked",
// built once through the API and saved with sim.snapshot(). Run again when the
// state format's version changes: node examples/vitest-msw/make-fixture.mjs
import { writeFileSync } from 'node:fs';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';

const sim = await createSimulator();
const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'app-1', fetch: sim.fetch });
const assetNos = await client.shellNums({ size: 3 });
await client.batchOrder({
  channelCode: 'CH-1', channelOrderId: 'CO-ACME-1', syncMode: 'sync',
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-ACME',
    enterpriseGlobalId: 'EG-ACME', assets: [{ assetNos, products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
});
await client.lockAssets({ assetNums: [assetNos[0]], operatorIdentity: 'ops' });
writeFileSync(new URL('fixtures/acme.json', import.meta.url), `${JSON.stringify(sim.snapshot(), null, 2)}\n`);
