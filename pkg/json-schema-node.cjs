// `licensing-sdk/json-schema` in Node and Bun (import and require): the Node
// entry's own `schemas` and `createSchemas`, whose ~standard.jsonSchema already
// loads the JSON Schemas on first use. (Named exports as `exports.x =`, which
// Node's ESM import of CommonJS reads.)
'use strict';
const sdk = require('./node.cjs');

exports.schemas = sdk.schemas;
exports.createSchemas = sdk.createSchemas;
