// The wasm instance behind the package's functions. Each entry says which wasm
// it ships (`use`: the glue factory and the compiled module of the full wasm or
// of the validation-only one, and where the JSON Schemas come from) and then
// re-exports the API (`export * from` api.js or validation.js), whose functions
// make the instance here on the first call that needs it: a body the fast path
// proves clean needs none. Not part of the package's API.

/**
 * A wasm memory never shrinks. When a call leaves the instance with more than
 * this (an outsized body: a 50 MB key, a 100 MB text), the package moves to a
 * fresh instance and the old one goes with the garbage, once no LicensingClient
 * made from it is left.
 */
const MEMORY_LIMIT = 64 << 20;

let createGlue;
let wasmModule;
let module;
let glue;
let schemasModule;
let readReport;
const onInstanceHooks = [];

/**
 * The entry's wasm: `glueFactory()` makes wasm-bindgen's glue (target/js/*glue.js,
 * generated); `wasm` is a WebAssembly.Module, or a function that makes one (the
 * default entries compile their embedded wasm then); `jsonSchemas()` gives
 * js/sdk/src-js/json-schema.js where the entry has it; `reader` reads the
 * reports the full wasm gives as JSON text (report-text.js's `readReport`;
 * `JSON.parse` without it; the validation-only wasm gives objects).
 */
export function use(glueFactory, wasm, jsonSchemas, reader) {
  createGlue = glueFactory;
  wasmModule = wasm;
  module = typeof wasm === 'function' ? undefined : wasm;
  glue = undefined;
  schemasModule = jsonSchemas;
  readReport = reader;
}

/** `hook(glue)` is told of each instance made (api.js joins its client class to it). */
export function onInstance(hook) {
  onInstanceHooks.push(hook);
}

function instantiate() {
  const fresh = createGlue();
  fresh.initSync({ module: (module ??= wasmModule()) });
  for (const hook of onInstanceHooks) hook(fresh);
  return fresh;
}

/** The instance, made on first need. */
export const current = () => (glue ??= instantiate());

/**
 * After a call: its report as an object (its text read), and an outsized memory
 * given back by moving to a fresh instance.
 */
export function settle(result) {
  if (glue !== undefined && glue.__memory().buffer.byteLength > MEMORY_LIMIT) glue = instantiate();
  return typeof result === 'string' ? (readReport ?? JSON.parse)(result) : result;
}

/**
 * js/sdk/src-js/json-schema.js, where the entry has it. The default browser entry and
 * slim leave it out (the data would add ~4 KB gzip to every page).
 */
export function jsonSchemas() {
  if (schemasModule !== undefined) return schemasModule();
  throw new Error("licensing-sdk: this entry leaves the JSON Schemas out: import { schemas, createSchemas } from "
    + "'licensing-sdk/json-schema' for objects whose ~standard.jsonSchema has them (README: \"More entries\")");
}
