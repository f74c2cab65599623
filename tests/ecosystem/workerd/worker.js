// A Cloudflare Worker using the package (workerd.test.mjs bundles it as
// wrangler does and runs it in workerd through miniflare): the validators, and
// LicensingClient against createSimulator, per request.
import * as sdk from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';
import { clientVerdict, verdict } from './verdict.js';

export default {
  async fetch() {
    return Response.json({ verdict: verdict(sdk), ...await clientVerdict(sdk, createSimulator) });
  },
};
