// The throughput page: the same payloads (same generator, same seeds) and the same
// timing core as the Node run; ours from /pkg/index.js, the peers from the esbuild
// bundles. run-browser.mjs calls window.benchPayload(i, cfg) per payload.
import * as sdk from '/pkg/index.js';
import { validate as ajvValidate } from '/bench/build/ajv-standalone.bundle.js';
import { batchOrder as zodSchema } from '/bench/build/zod.bundle.js';
import { timingPayloads } from '/bench/generate.mjs';
import { cutBatch } from '/bench/build/cut-batch.bundle.js';
import { makeCases, makeStepCases, measure, stepPayload } from '/bench/lib/measure.mjs';

const payloads = timingPayloads();
window.benchInfo = () => ({
  crossOriginIsolated: self.crossOriginIsolated,
  userAgent: navigator.userAgent,
  payloads: payloads.map((p) => ({ size: p.size, variant: p.variant, bytes: p.bytes, expectedValid: p.expectedValid })),
});
window.benchPayload = async (i, cfg) => {
  const p = payloads[i];
  const r = await measure(makeCases({ sdk, ajvValidate, zodSchema }, p), { ...cfg, expectedValid: p.expectedValid });
  return { size: p.size, variant: p.variant, bytes: p.bytes, expectedValid: p.expectedValid, cases: r.cases };
};
/** The steps of the unmet targets (see makeStepCases) for payload i, or null. */
window.benchSteps = async (i, cfg) => {
  const p = payloads[i];
  if (!stepPayload(p)) return null;
  const { steps, facts } = makeStepCases({ sdk, ajvValidate, cutBatch }, p);
  const r = await measure(steps, cfg);
  return { size: p.size, variant: p.variant, bytes: p.bytes, ...facts, cases: r.cases };
};
window.benchReady = true;
document.getElementById('status').textContent = 'ready';
