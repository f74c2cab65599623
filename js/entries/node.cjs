// `licensing-sdk` for Node `require` (node.mjs re-exports it, so ESM and CJS
// importers share one instance): the wasm compiled synchronously from the bytes
// bundled into this file, never read from a path next to it. A bundler that
// moves this file (Next.js's server build, Bun's) moves the bytes along.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const { api } = require('../src/api.js');
const createGlue = require('#built/glue.js').default;

// The JSON Schemas of `~standard.jsonSchema` (src/json-schema.js) are required on
// the first input()/output(), not at start-up.
module.exports = api(createGlue, new WebAssembly.Module(Buffer.from(require('#built/wasm-hex.js').default, 'hex')),
  () => require('../src/json-schema.js'));
