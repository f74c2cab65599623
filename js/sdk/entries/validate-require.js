// `licensing-sdk/validate` for Node `require` (pkg/validate.cjs; validate-node.mjs
// re-exports it): the validation-only wasm, compiled synchronously from the bytes
// bundled into this file, as node.cjs does with the full one.
import createGlue from '#built/validate-glue.js';
import WASM_HEX from '#built/validate-hex.js';
import { use } from '../src-js/instance.js';

export * from '../src-js/validation.js';

use(createGlue, new WebAssembly.Module(Buffer.from(WASM_HEX, 'hex')), () => require('../src-js/json-schema.js'));
