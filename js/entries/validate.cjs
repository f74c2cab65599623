// `licensing-sdk/validate` for Node `require` (validate-node.mjs re-exports it,
// so ESM and CJS importers share one instance): the validation-only wasm
// compiled synchronously from the bytes bundled into this file, as node.cjs
// does for the full one.
'use strict';
const { validation } = require('../src/validation.js');
const createGlue = require('#built/validate-glue.js').default;

// The JSON Schemas of `~standard.jsonSchema` (src/json-schema.js) are required on
// the first input()/output(), not at start-up.
module.exports = validation(createGlue, new WebAssembly.Module(Buffer.from(require('#built/validate-hex.js').default, 'hex')),
  () => require('../src/json-schema.js')).exports;
