// `licensing-sdk/testing` for browsers, workers and bundlers (pkg/testing.mjs,
// one module): invalidExamples, and createSimulator and checkAnswer over the
// simulator's wasm, fetched next to this module.
import createGlue from '#built/testing-glue.js';
import { makeCheckAnswer, makeSimulator, toolsInstance } from '../src-js/simulator.js';
import { makeMakeValid } from '../src-js/make-valid.js';
import { fetchModule } from '../../shared/load.js';

export { invalidExamples } from '../../generated/invalid-examples.js';
export { createVirtualClock } from '../src-js/clock.js';
import { makeStateReaders } from '../../verify/src-js/states.js';
import { makeOpenSession } from '../src-js/session.js';

/** Node only (licensing-verify's wasm): here they throw saying what to do instead. */
export const { stateFromHar, stateFromRecording } = makeStateReaders(() => null);

/** A session of a simulator a team shares (see testing.d.ts). */
export const openSession = makeOpenSession({ stateFromHar, stateFromRecording });

// Relative to the built module, pkg/testing.mjs (esbuild leaves it as written). Literally
// `new URL('./testing/…', import.meta.url)`: webpack 5 and Vite copy the file.
const WASM_URL = new URL('./testing/licensing_testing_wasm_bg.wasm', import.meta.url);

let compiled;
/** The compiled wasm; a failed load is not kept: the next call fetches again. */
function compile() {
  compiled ??= fetchModule(WASM_URL).catch((err) => {
    compiled = undefined;
    throw err;
  });
  return compiled;
}

/** A fresh in-process simulator (see testing.d.ts). */
export async function createSimulator(options) {
  return makeSimulator(createGlue, await compile(), options);
}

/** One instance of the simulator's wasm for checkAnswer and makeValid, made on the first call. */
const tools = toolsInstance(createGlue, compile);

/** An answer checked against the contract (see testing.d.ts). */
export const checkAnswer = makeCheckAnswer(tools);

/** A body made valid by the tables and the rules' own repairs (see testing.d.ts). */
export const makeValid = makeMakeValid(tools);
