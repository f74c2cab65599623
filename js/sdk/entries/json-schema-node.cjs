// `licensing-sdk/json-schema` in Node and Bun `require` (json-schema-node.mjs
// re-exports it for `import`): the Node entry's own `schemas` and
// `createSchemas` (the built ./node.cjs beside it in pkg/), whose
// ~standard.jsonSchema already loads the JSON Schemas on first use.
'use strict';
const sdk = require('./node.cjs');

module.exports = { schemas: sdk.schemas, createSchemas: sdk.createSchemas };
