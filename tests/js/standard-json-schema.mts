// Compiled with `tsc --noEmit` in `make test-js`: the objects of `schemas` and
// `createSchemas` are Standard Schemas and Standard JSON Schemas as
// @standard-schema/spec 1.1 types them (and so what MCP's registerTool takes,
// their intersection).
import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec';
import { schemas, createSchemas, type BatchOrderRequest, type LockRequest } from 'licensing-sdk';
import { schemas as withData } from 'licensing-sdk/json-schema';

const lock: StandardJSONSchemaV1 = schemas.lockAssets;
const lockTyped: StandardJSONSchemaV1<LockRequest> = schemas.lockAssets;
const lockValidator: StandardSchemaV1<LockRequest> = schemas.lockAssets;
const both: { readonly '~standard': StandardSchemaV1.Props<BatchOrderRequest> & StandardJSONSchemaV1.Props<BatchOrderRequest> } =
  createSchemas({ rules: 'spec' }).batchOrder;
const fromSubpath: StandardJSONSchemaV1<LockRequest> = withData.lockAssets;

const options: StandardJSONSchemaV1.Options = { target: 'draft-07', libraryOptions: { refPrefix: '#/components/schemas/' } };
const schema: Record<string, unknown> = lock['~standard'].jsonSchema.input(options);
const output: Record<string, unknown> = both['~standard'].jsonSchema.output({ target: 'openapi-3.0' });
const future: Record<string, unknown> = schemas.shellNums['~standard'].jsonSchema.input({ target: 'draft-2030' });
// @ts-expect-error: the target is required
schemas.shellNums['~standard'].jsonSchema.input({});

export { lockTyped, lockValidator, fromSubpath, schema, output, future };
