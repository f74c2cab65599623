// `licensing-sdk/testing` in Cloudflare Workers (export condition `workerd`): the
// simulator's wasm imported already compiled (see workerd.mjs).
import createGlue from '#built/testing-glue.js';
import { makeCheckAnswer, makeSimulator, toolsInstance } from '../src-js/simulator.js';
import { makeMakeValid } from '../src-js/make-valid.js';
import wasm from './testing/licensing_testing_wasm_bg.wasm';

export { invalidExamples } from '../../generated/invalid-examples.js';
export { createVirtualClock } from '../src-js/clock.js';
import { makeStateReaders } from '../../verify/src-js/states.js';
import { makeOpenSession } from '../src-js/session.js';

/** Node only (licensing-verify's wasm): here they throw saying what to do instead. */
export const { stateFromHar, stateFromRecording } = makeStateReaders(() => null);

/** A session of a simulator a team shares (see testing.d.ts). */
export const openSession = makeOpenSession({ stateFromHar, stateFromRecording });

/** A fresh in-process simulator (see testing.d.ts). */
export async function createSimulator(options) {
  return makeSimulator(createGlue, wasm, options);
}

/** One instance of the simulator's wasm for checkAnswer and makeValid, made on the first call. */
const tools = toolsInstance(createGlue, () => wasm);

/** An answer checked against the contract (see testing.d.ts). */
export const checkAnswer = makeCheckAnswer(tools);

/** A body made valid by the tables and the rules' own repairs (see testing.d.ts). */
export const makeValid = makeMakeValid(tools);
