// `licensing-sdk/json-schema` in Cloudflare Workers (export condition `workerd`):
// the workerd entry's own `schemas` and `createSchemas`, which carry the JSON Schemas.
export { schemas, createSchemas } from './workerd.mjs';
