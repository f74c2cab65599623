// `licensing-sdk` for Node `require` (pkg/node.cjs; node.mjs re-exports it, so ESM
// and CJS importers share one instance): the wasm compiled synchronously from the
// bytes bundled into this file, never read from a path next to it. A bundler that
// moves this file (Next.js's server build, Bun's) moves the bytes along.
import { webcrypto } from 'node:crypto';
import createGlue from '#built/glue.js';
import WASM_HEX from '#built/wasm-hex.js';
import { use } from '../src-js/instance.js';
import { readReport } from '../src-js/report-text.js';

export * from '../src-js/api.js';

// Node 18 has Web Crypto only as node:crypto's webcrypto; the client's nonces need it global.
globalThis.crypto ??= webcrypto;
// The JSON Schemas of `~standard.jsonSchema` (src/json-schema.js) are required on
// the first input()/output(), not at start-up.
use(createGlue, new WebAssembly.Module(Buffer.from(WASM_HEX, 'hex')), () => require('../src-js/json-schema.js'), readReport);
