// Every subpath export, imported as an ES module (copied into each project as
// main.ts / main.mts by typescript.test.mjs; the .ts copy is CommonJS in a
// project whose package.json has no "type": "module", so no top-level await).
import {
  LicensingClient, validate, schemas, exampleBody,
  type BatchOrderRequest, type BatchOrderForm, type Endpoint, type Schemas, type ValidationReport,
} from 'licensing-sdk';
import { validate as validateSlim } from 'licensing-sdk/slim';
import { endpoints, shapes, type FieldMeta } from 'licensing-sdk/meta';
import { invalidExamples, createSimulator, type InvalidExample, type Simulator } from 'licensing-sdk/testing';
import { schemas as withJsonSchemas, type StandardJSONSchemaV1 } from 'licensing-sdk/json-schema';

const body: BatchOrderRequest = exampleBody('batchOrder');
const report: ValidationReport = validate('batchOrder', body);
const parsed: unknown = JSON.parse('{"size": 1}');
const fromUnknown: ValidationReport = validate('shellNums', parsed);
const name: string = 'shellNums';
const byName: ValidationReport = validate(name as Endpoint, parsed);
const form: BatchOrderForm = body;
const viaSlim: ValidationReport = validateSlim('lockAssets', { assetNums: ['8000000001'] });
const schemaSet: Schemas = schemas;
const firstField: FieldMeta | undefined = shapes[endpoints.batchOrder.request]?.fields[0];
const examples: InvalidExample[] = invalidExamples('shellNums');
const batchJsonSchema: StandardJSONSchemaV1<BatchOrderRequest> = withJsonSchemas.batchOrder;
const jsonSchema: Record<string, unknown> = schemas.shellNums['~standard'].jsonSchema.input({ target: 'draft-07' });
const client = new LicensingClient({ baseUrl: 'http://127.0.0.1:1', token: 't' });
client.free();
async function simulated(): Promise<Simulator> {
  return createSimulator({ seed: 1 });
}
// @ts-expect-error: a wrong enum value is an error
validate('batchOrder', { syncMode: 'SYNC' });

export { report, fromUnknown, byName, form, viaSlim, schemaSet, firstField, examples, simulated, batchJsonSchema, jsonSchema };
