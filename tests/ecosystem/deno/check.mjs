// Run by Deno (deno.test.mjs): the package's validators, imported as ESM and
// required as CommonJS, the Standard (JSON) Schemas, and LicensingClient
// against createSimulator, from the suite's node_modules. Prints one JSON line.
import { createRequire } from 'node:module';
import * as sdk from 'licensing-sdk';
import { schemas } from 'licensing-sdk/json-schema';
import { createSimulator } from 'licensing-sdk/testing';
import { clientVerdict, verdict } from './verdict.js';

const cjs = createRequire(import.meta.url)('licensing-sdk');
const standard = schemas.lockAssets['~standard'];
const refused = standard.validate({ assetNums: ['7000000001'], operatorIdentity: 'ops' });
console.log(JSON.stringify({
  runtime: typeof Deno === 'object' ? `deno ${Deno.version.deno}` : 'not deno',
  esm: verdict(sdk),
  cjs: verdict(cjs),
  standard: {
    codes: refused.issues.map((i) => i.code),
    jsonSchema: standard.jsonSchema.input({ target: 'draft-2020-12' }).type,
  },
  ...await clientVerdict(sdk, createSimulator),
}));
