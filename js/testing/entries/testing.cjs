// `licensing-sdk/testing` for Node `require` (pkg/testing-node.mjs, written by the build, re-exports it for
// `import`): invalidExamples, and createSimulator and checkAnswer over the
// simulator's wasm (compiled once, an instance per simulator, one for checkAnswer). The bytes are bundled into this
// file and read on the first createSimulator, never from a path next to it: a
// bundler that moves this file (esbuild --platform=node, Bun) moves them along.
'use strict';
const { invalidExamples } = require('../../generated/invalid-examples.js');
const { makeSimulator, makeCheckAnswer, toolsInstance } = require('../src-js/simulator.js');
const { makeMakeValid } = require('../src-js/make-valid.js');
const { createVirtualClock } = require('../src-js/clock.js');
const createGlue = require('#built/testing-glue.js').default;
const { makeStateReaders } = require('../../verify/src-js/states.js');
const { makeOpenSession } = require('../src-js/session.js');

// licensing-verify's wasm (pkg/verify.cjs, beside the built module), loaded on the
// first stateFromHar or stateFromRecording only.
const { stateFromHar, stateFromRecording } = makeStateReaders(() => require('./verify.cjs').verify());

let compiled;
const compile = () => (compiled ??= new WebAssembly.Module(Buffer.from(require('#built/testing-hex.js').default, 'hex')));

/** A fresh in-process simulator (see testing.d.ts). */
async function createSimulator(options) {
  return makeSimulator(createGlue, compile(), options);
}

/** One instance of the simulator's wasm for checkAnswer and makeValid, made on the first call. */
const tools = toolsInstance(createGlue, compile);

/** An answer checked against the contract (see testing.d.ts). */
const checkAnswer = makeCheckAnswer(tools);

/** A body made valid by the tables and the rules' own repairs (see testing.d.ts). */
const makeValid = makeMakeValid(tools);

/** A session of a simulator a team shares (see testing.d.ts). */
const openSession = makeOpenSession({ stateFromHar, stateFromRecording });

module.exports = { invalidExamples, createSimulator, checkAnswer, makeValid, createVirtualClock, stateFromHar, stateFromRecording, openSession };
