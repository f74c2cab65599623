// `licensing-sdk/testing` for Node `require` (testing-node.mjs re-exports it for
// `import`): invalidExamples, and createSimulator over the simulator's wasm
// (compiled once, an instance per simulator). The bytes are bundled into this
// file and read on the first createSimulator, never from a path next to it: a
// bundler that moves this file (esbuild --platform=node, Bun) moves them along.
'use strict';
const { invalidExamples } = require('../generated/invalid-examples.js');
const { makeSimulator } = require('../src/simulator.js');
const createGlue = require('#built/sim-glue.js').default;

let compiled;

/** A fresh in-process simulator (see testing.d.ts). */
async function createSimulator(options) {
  compiled ??= new WebAssembly.Module(Buffer.from(require('#built/sim-hex.js').default, 'hex'));
  return makeSimulator(createGlue, compiled, options);
}

module.exports = { invalidExamples, createSimulator };
