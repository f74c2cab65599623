// Node CommonJS entry (node.mjs re-exports it, so ESM and CJS importers share one
// instance): the wasm read from disk and compiled synchronously.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { api } = require('./api.cjs');
const createGlue = require('./glue.cjs');

module.exports = api(createGlue, new WebAssembly.Module(readFileSync(join(__dirname, 'web', 'licensing_sdk_bg.wasm'))));
