// The heavy batch orders the abuse probes send, as JSON text: one definition for
// the native simulator's lock-hold probe (simulator.test.mjs) and the in-process
// simulator's event-loop probe (in-process.test.mjs), so both time the same work.

/** `count` domestic asset numbers from sequence `from`. */
export const numbers = (from, count) => Array.from({ length: count }, (_, k) => `8${String(from + k).padStart(9, '0')}`);

/** A one-order new_buy of one asset; `extra` is spread into the order. */
export const newBuy = (id, enterprise, assetNos, products, extra = {}) => ({ channelCode: 'AB', channelOrderId: id, orderList: [{ sequence: 1,
  licenseType: 'softkey', orderType: 'new_buy', enterpriseGlobalId: enterprise, assets: [{ assetNos, products }], ...extra }] });

/** A one-order delete_product of `products` on `assetNos`. */
export const deleteProducts = (id, assetNos, products) => ({ channelCode: 'AB', channelOrderId: id, orderList: [{ sequence: 1,
  licenseType: 'softkey', orderType: 'delete_product', assets: [{ assetNos, products }] }] });

/** 3,000 numbers x 3,000 products in one new_buy (130 KB), enterprise EG-W. */
export const wideBuy = () => JSON.stringify(newBuy('wide', 'EG-W', numbers(200_000, 3000),
  Array.from({ length: 3000 }, (_, k) => ({ productUri: `gms:${k}` }))));

/** 2,000 orders, each with a new customer. */
export const newCustomers = () => JSON.stringify({ channelCode: 'AB', channelOrderId: 'customers', orderList: Array.from({ length: 2000 }, (_, k) => ({
  sequence: k + 1, licenseType: 'softkey', orderType: 'new_buy', customerId: `C-${k}`, crmCustomerId: `crm-${k}`, customerName: 'x',
  enterpriseGlobalId: `EG-C${k}`, assets: [{ assetNos: numbers(600_000 + k, 1), products: [{ productUri: 'gms:1' }] }] })) });

/** At the 1 MiB body limit: 40,000 numbers x 20,000 products, enterprise EG-M. */
export const maxBuy = () => JSON.stringify(newBuy('max', 'EG-M', numbers(1_000_000, 40_000),
  Array.from({ length: 20_000 }, (_, k) => ({ productUri: `g:${k}` }))));

/** At --max-delete-pairs (250,000): 500 of maxBuy's products off 500 of its numbers. */
export const maxDelete = () => JSON.stringify(deleteProducts('max-del', numbers(1_000_000, 500),
  Array.from({ length: 500 }, (_, k) => ({ productUri: `g:${k * 7}` }))));
