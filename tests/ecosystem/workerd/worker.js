// A Cloudflare Worker using the package (workerd.test.mjs bundles it as
// wrangler does and runs it in workerd through miniflare): the validators, and
// LicensingClient against createSimulator, per request.
import * as sdk from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { verdict } from './verdict.js';

export default {
  async fetch() {
    const sim = await createSimulator({ seed: 7 });
    const client = new sdk.LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'app-1', fetch: sim.fetch });
    const numbers = await client.shellNums({ size: 2 });
    let refused;
    try {
      await client.lockAssets({ assetNums: ['7000000002'], operatorIdentity: 'ops' });
    } catch (err) {
      refused = { name: err.name, kind: err.kind, codes: err.issues.map((i) => i.code) };
    }
    return Response.json({
      verdict: verdict(sdk),
      shellNums: numbers.every((n) => sdk.isAssetNumber(n)) ? numbers.length : numbers,
      refused,
    });
  },
};
