// licensing-sdk/json-schema in a browser library (library.test.mjs bundles it
// with esbuild and Rollup and loads it in Chromium): the default entry's objects
// say where the JSON Schemas are; the subpath's carry them, over the same instance.
import * as sdk from 'licensing-sdk';
import { schemas, createSchemas } from 'licensing-sdk/json-schema';

export function check() {
  let error;
  try {
    sdk.schemas.lockAssets['~standard'].jsonSchema.input({ target: 'draft-07' });
  } catch (err) {
    error = err.message;
  }
  return {
    error,
    draft07: schemas.lockAssets['~standard'].jsonSchema.input({ target: 'draft-07' }),
    openapi: createSchemas({ rules: 'spec' }).shellNums['~standard'].jsonSchema.input({ target: 'openapi-3.0' }),
    refused: schemas.lockAssets['~standard'].validate({ assetNums: ['7000000002'], operatorIdentity: 'ops' }).issues.map((i) => i.path.join('/')),
  };
}
