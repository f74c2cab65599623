// Node CommonJS entry: wasm-bindgen's nodejs build loads its wasm synchronously.
'use strict';
// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= require('node:crypto').webcrypto;
const { api } = require('./api.cjs');

module.exports = api(require('./node/licensing_sdk.js'));
