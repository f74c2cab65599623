// The code under test: a portal's checkout step, written against the
// licensing-sdk client as the portal ships it (the global fetch).
import { LicensingClient } from 'licensing-sdk';

export const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'portal', retryBaseMs: 1 });

/** Reserves asset numbers and orders a new-buy licence on them; the license order id. */
export async function checkout(orderId, enterpriseGlobalId, count) {
  const assetNos = await client.shellNums({ size: count });
  const [result] = await client.batchOrder({
    channelCode: 'CH-PORTAL', channelOrderId: orderId, syncMode: 'sync',
    orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', enterpriseGlobalId,
      assets: [{ assetNos, products: [{ productUri: 'gms:1001' }] }] }],
  });
  return result.licenseOrderId;
}
