// `licensing-sdk/validate` in Cloudflare Workers (export condition `workerd`):
// the validation-only wasm imported already compiled (workerd forbids compiling
// from bytes at run time), ./validate/licensing_sdk_bg.wasm beside the built file.
import createGlue from '#built/validate-glue.js';
import { use } from '../src-js/instance.js';
// The JSON Schemas of `~standard.jsonSchema`, as workerd.mjs has them.
import * as jsonSchemas from '../src-js/json-schema.js';
import wasm from './validate/licensing_sdk_bg.wasm';

export * from '../src-js/validation.js';

use(createGlue, wasm, () => jsonSchemas);
