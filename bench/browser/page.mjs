// The throughput page: the same payloads (same generator, same seeds, both families)
// and the same timing core as the Node run; ours from /pkg/index.js and /pkg/validate.js,
// the peers from the esbuild bundles. run-browser.mjs calls window.benchPayload(i, cfg) per payload.
import * as sdk from '/pkg/index.js';
import * as light from '/pkg/validate.js';
import { validate as ajvValidate } from '/bench/build/ajv-standalone.bundle.js';
import { validate as ajvPlainValidate } from '/bench/build/ajv-plain.bundle.js';
import { batchOrder as zodSchema } from '/bench/build/zod.bundle.js';
import { safeParse as valibotParse } from '/bench/build/valibot.bundle.js';
import { FAMILY_IDS, SIZES, timingPayloads, VARIANTS } from '/bench/generate.mjs';
import { checkBatch, fastCheck, fastCheckWithoutSurrogateTest, serialize, vouchedText } from '/bench/build/check-batch.bundle.js';
import { makeCases, makeLightCase, makeStepCases, measure, stepPayload } from '/bench/lib/measure.mjs';

// ?family=compact|wide: that family's payloads only; ?variant=valid|errors: that variant's
// only (run-browser.mjs opens one page, in a fresh browser context, per family and
// variant); every family and variant without them.
const query = new URLSearchParams(location.search);
const family = query.get('family');
const variant = query.get('variant');
const payloads = await timingPayloads(SIZES, family ? [family] : FAMILY_IDS, variant ? [variant] : VARIANTS);
window.benchInfo = () => ({
  crossOriginIsolated: self.crossOriginIsolated,
  userAgent: navigator.userAgent,
  payloads: payloads.map((p) => ({ family: p.family, size: p.size, variant: p.variant, bytes: p.bytes, expectedValid: p.expectedValid })),
});
window.benchPayload = async (i, cfg) => {
  const p = payloads[i];
  const r = await measure(makeCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse }, p), { ...cfg, expectedValid: p.expectedValid });
  return { family: p.family, size: p.size, variant: p.variant, bytes: p.bytes, expectedValid: p.expectedValid, cases: r.cases };
};
/** `licensing-sdk/validate` on payload i (makeLightCase): its case, timed after everything else in the page. */
window.benchLight = async (i, cfg) => {
  const p = payloads[i];
  const r = await measure(makeLightCase({ light }, p), { ...cfg, expectedValid: p.expectedValid });
  return r.cases[0];
};
/** The steps of the unmet targets (see makeStepCases) for payload i, or null. */
window.benchSteps = async (i, cfg) => {
  const p = payloads[i];
  if (!stepPayload(p)) return null;
  const { steps, facts } = makeStepCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse, checkBatch, vouchedText, serialize, fastCheck, fastCheckWithoutSurrogateTest }, p);
  const r = await measure(steps, cfg);
  return { family: p.family, size: p.size, variant: p.variant, bytes: p.bytes, ...facts, cases: r.cases };
};
window.benchReady = true;
document.getElementById('status').textContent = 'ready';
