// The order the "Fill a sample order" button loads: one order with every level of
// the tree (asset, product, package and its product), and a channel order number
// new each time (the service answers a number it has seen with that batch's results).
// Written once here, then made valid by licensing-sdk/testing's makeValid (the rule
// tables' examples and each rule's own repair): a rule that tightens validity adds
// what it needs to the sample without an edit here. The testing wing is the demo's,
// not a portal's: it loads on the first click only.

export async function sampleOrder() {
  const { makeValid } = await import('/pkg/testing.mjs');
  return makeValid('batchOrder', writtenOrder());
}

function writtenOrder() {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return {
    channelCode: 'WEB',
    channelOrderId: `CO-${stamp}`,
    syncMode: 'sync',
    orderList: [{
      sequence: 1,
      customerName: 'Acme Design Ltd',
      channelCustomerId: 'ACME-001',
      customerType: 'company',
      enterpriseGlobalId: 'EG-ACME',
      adminName: 'Li Lei',
      adminEmail: 'li.lei@acme.example',
      licenseType: 'normal_recover_usbkey',
      orderType: 'new_buy',
      assets: [{
        assetNos: ['8000000123'],
        limitStartDate: Date.UTC(2026, 0, 1),
        limitEndDate: Date.UTC(2027, 0, 1),
        products: [{ productUri: 'gms:1001', crmProductId: 'CRM-P-1', limitConcurrent: 5, trial: 0, timeDurationExpression: '1-0-0' }],
        merchandises: [{
          merchandiseNum: 'PKG-CAD', merchandiseName: 'CAD suite', timeDurationExpression: '1-0-0',
          licenseOrderProductList: [{ productUri: 'gms:1002' }],
        }],
      }],
    }],
  };
}
