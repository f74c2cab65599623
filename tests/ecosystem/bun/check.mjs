// Run by Bun (bun.test.mjs): the package's validators, imported as ESM and
// required as CommonJS, and LicensingClient against createSimulator, in Bun's
// own runtime. Prints one JSON line.
import { createRequire } from 'node:module';
import * as sdk from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { verdict } from './verdict.js';

const cjs = createRequire(import.meta.url)('licensing-sdk');
const sim = await createSimulator({ seed: 7 });
const client = new sdk.LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'app-1', fetch: sim.fetch });
const numbers = await client.shellNums({ size: 2 });
let refused;
try {
  await client.lockAssets({ assetNums: ['7000000002'], operatorIdentity: 'ops' });
} catch (err) {
  refused = { name: err.name, kind: err.kind, codes: err.issues.map((i) => i.code) };
}
console.log(JSON.stringify({
  runtime: typeof Bun === 'object' ? `bun ${Bun.version}` : 'not bun',
  esm: verdict(sdk),
  cjs: verdict(cjs),
  shellNums: numbers.every((n) => sdk.isAssetNumber(n)) ? numbers.length : numbers,
  refused,
}));
