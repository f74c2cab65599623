// `licensing-sdk/testing` in Cloudflare Workers (export condition `workerd`): the
// simulator's wasm imported already compiled (see workerd.mjs).
import createGlue from '#built/sim-glue.js';
import { makeCheckAnswer, makeSimulator } from '../src/simulator.js';
import wasm from './sim/licensing_sim_wasm_bg.wasm';

export { invalidExamples } from '../generated/invalid-examples.js';
export { createVirtualClock } from '../src/clock.js';
import { makeFixtures } from '../src/fixtures.js';
import { makeOpenSession } from '../src/session.js';

/** Node only (the tools' wasm): here they throw saying what to do instead. */
export const { stateFromHar, stateFromRecording } = makeFixtures(() => null);

/** A session of a simulator a team shares (see testing.d.ts). */
export const openSession = makeOpenSession({ stateFromHar, stateFromRecording });

/** A fresh in-process simulator (see testing.d.ts). */
export async function createSimulator(options) {
  return makeSimulator(createGlue, wasm, options);
}

/** An answer checked against the contract (see testing.d.ts). */
export const checkAnswer = makeCheckAnswer(createGlue, () => wasm);
