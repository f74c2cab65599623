// licensing-sdk/testing for Cloudflare Workers (export condition `workerd`):
// the simulator's wasm imported already compiled (see workerd.mjs).
import createGlue from './sim-glue.cjs';
import { makeSimulator } from './simulator.cjs';
import wasm from './sim/licensing_sim_wasm_bg.wasm';

export { invalidExamples } from './invalid-examples.cjs';

/** A fresh in-process simulator (see testing.d.ts). */
export async function createSimulator(options) {
  return makeSimulator(createGlue, wasm, options);
}
