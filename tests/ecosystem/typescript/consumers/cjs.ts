// Every subpath export from a CommonJS file (`require` calls): each must
// resolve to CommonJS declarations (no TS1479/TS1471), and a type-only import
// must not need a resolution-mode attribute (no TS1541). `licensing-sdk/slim`
// is the exception by design: its module has a top-level await, so Node cannot
// `require` it (ERR_REQUIRE_ASYNC_MODULE); CommonJS loads it with import().
import sdk = require('licensing-sdk');
import meta = require('licensing-sdk/meta');
import testing = require('licensing-sdk/testing');
import jsonSchemas = require('licensing-sdk/json-schema');
import type { BatchOrderRequest, ValidationIssue, ValidationReport } from 'licensing-sdk';
import type { FieldMeta } from 'licensing-sdk/meta';
import type { InvalidExample, Simulator } from 'licensing-sdk/testing';

const body: BatchOrderRequest = sdk.exampleBody('batchOrder');
const report: ValidationReport = sdk.validate('batchOrder', body);
const issues: ValidationIssue[] = sdk.validate('shellNums', { size: 1 }).issues;
async function slimReport(): Promise<ValidationReport> {
  const slim = await import('licensing-sdk/slim');
  return slim.validate('shellNums', { size: 1 });
}
const firstField: FieldMeta | undefined = meta.shapes[meta.endpoints.batchOrder.request]?.fields[0];
const examples: InvalidExample[] = testing.invalidExamples('shellNums');
const simulator: Promise<Simulator> = testing.createSimulator({ seed: 1 });
const jsonSchema: Record<string, unknown> = jsonSchemas.schemas.lockAssets['~standard'].jsonSchema.input({ target: 'openapi-3.0' });

export { report, issues, slimReport, firstField, examples, simulator, jsonSchema };
