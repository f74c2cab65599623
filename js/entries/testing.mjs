// Source of `pkg/testing.mjs`, licensing-sdk/testing for browsers, workers and
// bundlers (scripts/bundle-entries.mjs makes it one module): invalidExamples,
// and createSimulator over the simulator's wasm, fetched next to this module.
import createGlue from '../../pkg/sim-glue.cjs';
import { makeSimulator } from '../../pkg/simulator.cjs';
import { fetchModule } from './load.js';

export { invalidExamples } from '../../pkg/invalid-examples.cjs';

// Relative to the bundle, pkg/testing.mjs (esbuild leaves it as written). Literally
// `new URL('./sim/…', import.meta.url)`: webpack 5 and Vite copy the file.
const WASM_URL = new URL('./sim/licensing_sim_wasm_bg.wasm', import.meta.url);

let compiled;

/** A fresh in-process simulator (see testing.d.ts). */
export async function createSimulator(options) {
  // A failed load is not kept: the next call fetches again.
  compiled ??= fetchModule(WASM_URL).catch((err) => {
    compiled = undefined;
    throw err;
  });
  return makeSimulator(createGlue, await compiled, options);
}
