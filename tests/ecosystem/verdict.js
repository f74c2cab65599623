// What every app of the ecosystem suite computes with the package, in its own
// toolchain (copied into each app as src/verdict.js by harness.mjs before a
// build; the test compares it with the same function run in Node on the
// packed package). A README example: one bad asset number, one missing
// srcLicenseOrderId; then a complete valid body (the JS fast path) and
// malformed JSON text (the wasm alone).
export function verdict(sdk) {
  const bad = {
    channelCode: 'CH01', channelOrderId: 'CO-1', syncMode: 'sync',
    orderList: [{ sequence: 1, licenseType: 'cloud_account', orderType: 'delete_asset',
      assets: [{ assetNos: ['8000000001', '7000000002'] }] }],
  };
  return {
    issues: sdk.validate('batchOrder', bad).issues.map((i) => `${i.code} ${i.path}`),
    exampleValid: sdk.validate('batchOrder', sdk.exampleBody('batchOrder')).valid,
    malformed: sdk.validateJson('shellNums', '{"size": 0').issues.map((i) => i.code),
    partition: sdk.assetNumberPartition('6000000001'),
  };
}

/**
 * What the server-side runtimes also run (Bun, workerd): LicensingClient over
 * createSimulator's fetch, a call that succeeds and one the validator refuses.
 */
export async function clientVerdict(sdk, createSimulator) {
  const sim = await createSimulator({ seed: 7 });
  const client = new sdk.LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'app-1', fetch: sim.fetch });
  const numbers = await client.shellNums({ size: 2 });
  let refused;
  try {
    await client.lockAssets({ assetNums: ['7000000002'], operatorIdentity: 'ops' });
  } catch (err) {
    refused = { name: err.name, kind: err.kind, codes: err.issues.map((i) => i.code) };
  }
  return { shellNums: numbers.every((n) => sdk.isAssetNumber(n)) ? numbers.length : numbers, refused };
}
