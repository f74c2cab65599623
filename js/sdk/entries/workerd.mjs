// `licensing-sdk` in Cloudflare Workers (export condition `workerd`): workerd
// forbids compiling wasm from bytes at run time, so the module is imported
// already compiled, as wrangler bundles a `.wasm` import (a CompiledWasm
// module): ./web/licensing_sdk_bg.wasm, beside the built file in pkg/.
import createGlue from '#built/glue.js';
import { use } from '../src-js/instance.js';
import { readReport } from '../src-js/report-text.js';
// The JSON Schemas of `~standard.jsonSchema`: imported (an ES module cannot load a
// module synchronously later); the data is strings, parsed only when asked for.
import * as jsonSchemas from '../src-js/json-schema.js';
import wasm from './web/licensing_sdk_bg.wasm';

export * from '../src-js/api.js';

use(createGlue, wasm, () => jsonSchemas, readReport);
