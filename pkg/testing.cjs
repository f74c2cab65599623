// licensing-sdk/testing for Node (CommonJS; testing-node.mjs re-exports it for
// ESM): invalidExamples, and createSimulator over the simulator's wasm read
// from disk (compiled once, an instance per simulator).
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { invalidExamples } = require('./invalid-examples.cjs');
const { makeSimulator } = require('./simulator.cjs');
const createGlue = require('./sim-glue.cjs');

let compiled;

/** A fresh in-process simulator (see testing.d.ts). */
async function createSimulator(options) {
  compiled ??= new WebAssembly.Module(readFileSync(join(__dirname, 'sim', 'licensing_sim_wasm_bg.wasm')));
  return makeSimulator(createGlue, compiled, options);
}

module.exports = { invalidExamples, createSimulator };
