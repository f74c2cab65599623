// Node CommonJS entry (node.mjs re-exports it, so ESM and CJS importers share one
// instance): the wasm compiled synchronously from the bytes that come with the
// module (wasm-hex.cjs), never read from a path next to it. A bundler that
// moves this file (Next.js's server build, Bun's) moves the bytes along.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const { api } = require('./api.cjs');
const createGlue = require('./glue.cjs');

// The JSON Schemas of `~standard.jsonSchema` (pkg/json-schema.cjs) are required on
// the first input()/output(), not at start-up.
module.exports = api(createGlue, new WebAssembly.Module(Buffer.from(require('./wasm-hex.cjs'), 'hex')),
  () => require('./json-schema.cjs'));
