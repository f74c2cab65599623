// A Cloudflare Worker using the package (workerd.test.mjs bundles it as
// wrangler does and runs it in workerd through miniflare): the validators, and
// LicensingClient against createSimulator, per request; the JSON Schemas, which
// the workerd entry carries (licensing-sdk/json-schema is the same objects there).
import * as sdk from 'licensing-sdk';
import * as light from 'licensing-sdk/validate';
import { createSimulator } from 'licensing-sdk/testing';
import { schemas as withJsonSchemas } from 'licensing-sdk/json-schema';
import { clientVerdict, verdict } from './verdict.js';

export default {
  async fetch() {
    return Response.json({
      verdict: verdict(sdk),
      validateEntry: verdict(light),
      ...await clientVerdict(sdk, createSimulator),
      jsonSchema: sdk.schemas.batchOrder['~standard'].jsonSchema.input({ target: 'openapi-3.0' }),
      sameSchemas: withJsonSchemas === sdk.schemas,
    });
  },
};
