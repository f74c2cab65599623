// Run by Bun (bun.test.mjs): the package's validators, imported as ESM and
// required as CommonJS, and LicensingClient against createSimulator, in Bun's
// own runtime. Prints one JSON line.
import { createRequire } from 'node:module';
import * as sdk from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { clientVerdict, verdict } from './verdict.js';

const cjs = createRequire(import.meta.url)('licensing-sdk');
console.log(JSON.stringify({
  runtime: typeof Bun === 'object' ? `bun ${Bun.version}` : 'not bun',
  esm: verdict(sdk),
  cjs: verdict(cjs),
  ...await clientVerdict(sdk, createSimulator),
}));
