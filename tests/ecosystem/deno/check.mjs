// Run by Deno (deno.test.mjs): the package's validators, imported as ESM and
// required as CommonJS, the Standard (JSON) Schemas, and LicensingClient
// against createSimulator, from the suite's node_modules. Prints one JSON line.
import { createRequire } from 'node:module';
import * as sdk from 'licensing-sdk';
import { schemas } from 'licensing-sdk/json-schema';
import { createSimulator } from 'licensing-sdk/testing';
import { fileStorage, openOutbox } from 'licensing-sdk/outbox';
import { clientVerdict, verdict } from './verdict.js';

const cjs = createRequire(import.meta.url)('licensing-sdk');

/**
 * licensing-sdk/outbox over a file: a job stored and settled, then the file
 * opened again (a restart) finds it; the jobs in the file as the format says.
 */
async function outboxVerdict() {
  const sim = await createSimulator();
  const client = new sdk.LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch: sim.fetch });
  const file = await Deno.makeTempFile({ suffix: '.json' });
  await Deno.remove(file);
  const outbox = await openOutbox({ client, storage: fileStorage(file) });
  const job = await outbox.shellNums({ size: 2 });
  const numbers = await job.settled;
  await outbox.close();
  const again = await openOutbox({ client, storage: fileStorage(file) });
  const kept = JSON.parse(await Deno.readTextFile(file));
  await Deno.remove(file);
  return { numbers, reopened: again.jobs().map((j) => [j.endpoint, j.state]), format: kept.format, storage: again.storage.kind };
}
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
  outbox: await outboxVerdict(),
}));
