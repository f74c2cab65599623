// licensing-sdk/json-schema: the Standard Schemas of the main entry, whose
// `~standard.jsonSchema` (Standard JSON Schema v1) carries the JSON Schemas in every
// runtime. In Node, Bun and Cloudflare Workers the main entry's objects carry them
// too; in browsers the default entry leaves them out (~4 KB gzip).
export { schemas, createSchemas } from './index.js';
export type { Schemas, SchemaOptions, StandardJSONSchemaV1, StandardSchemaV1 } from './index.js';
