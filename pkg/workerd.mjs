// Cloudflare Workers entry (export condition `workerd`): workerd forbids
// compiling wasm from bytes at run time, so the module is imported already
// compiled, as wrangler bundles a `.wasm` import (a CompiledWasm module).
import createGlue from './glue.cjs';
import { api } from './api.cjs';
import wasm from './web/licensing_sdk_bg.wasm';
// The JSON Schemas of `~standard.jsonSchema`: imported (an ES module cannot load a
// module synchronously later); the data is strings, parsed only when asked for.
import jsonSchemas from './json-schema.cjs';

export const {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, createSchemas, exampleBody, LicensingClient, schemas,
} = api(createGlue, wasm, () => jsonSchemas);
