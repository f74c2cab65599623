// licensing-sdk/testing for Node (CommonJS; testing-node.mjs re-exports it for
// ESM): invalidExamples, and createSimulator over the simulator's wasm
// (compiled once, an instance per simulator). The bytes come from a module
// (sim-hex.cjs, required on the first createSimulator), never from a path next
// to this file: a bundler that moves this file (esbuild --platform=node, Bun)
// moves the bytes along, as node.cjs does with wasm-hex.cjs.
'use strict';
const { invalidExamples } = require('./invalid-examples.cjs');
const { makeSimulator } = require('./simulator.cjs');
const createGlue = require('./sim-glue.cjs');

let compiled;

/** A fresh in-process simulator (see testing.d.ts). */
async function createSimulator(options) {
  compiled ??= new WebAssembly.Module(Buffer.from(require('./sim-hex.cjs'), 'hex'));
  return makeSimulator(createGlue, compiled, options);
}

module.exports = { invalidExamples, createSimulator };
