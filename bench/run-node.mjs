// The Node run: throughput of the cases of lib/measure.mjs on every timed payload of both families
// (compact and wide, generate.mjs), the steps of the unmet targets (lib/measure.mjs,
// makeStepCases), then cold starts in fresh processes.
// Prints the results as JSON on stdout (progress on stderr).
//   node run-node.mjs            (BENCH_QUICK=1 for the smoke settings)
// bench.mjs runs it as a child process per payload family and variant (valid, errors), so
// each starts with a clean heap and a JIT that has seen only those payloads' shapes.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { FAMILY_IDS, SIZES, timingPayloads, VARIANTS } from './generate.mjs';
import { makeCases, makeLightCase, makeStepCases, measure, median, stepPayload, timingConfig } from './lib/measure.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
export const COLD_IMPLS = ['ours', 'ajv-standalone', 'ajv-runtime', 'zod', 'noop'];

export async function runNodeThroughput({ quick, log = console.error, families = FAMILY_IDS, variants = VARIANTS }) {
  const sdk = await import('../pkg/node.mjs');
  const { validate: ajvValidate } = await import('./build/ajv-validate.mjs');
  const { validate: ajvPlainValidate } = await import('./build/ajv-plain-validate.mjs');
  const { batchOrder: zodSchema } = await import('./peers/zod-schema.mjs');
  const { safeParse: valibotParse } = await import('./peers/valibot-schema.mjs');
  const cfg = timingConfig(quick);
  const out = [];
  for (const p of await timingPayloads(SIZES, families, variants)) {
    const r = await measure(makeCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse }, p), { ...cfg, expectedValid: p.expectedValid });
    out.push({ family: p.family, size: p.size, variant: p.variant, bytes: p.bytes, expectedValid: p.expectedValid, cases: r.cases });
    log(`[node] ${p.family}, ${p.size} orders ${p.variant} (${(p.bytes / 1e6).toFixed(3)} MB): ` + r.cases.map((c) => `${c.id} ${c.medianMs.toFixed(3)} ms`).join(', '));
  }
  return out;
}

/**
 * `licensing-sdk/validate` on every payload (makeLightCase), last: its case is
 * added to each payload's entry of `throughput`.
 */
export async function runNodeLight(throughput, { quick, log = console.error, families = FAMILY_IDS, variants = VARIANTS }) {
  const light = await import('../pkg/validate-node.mjs');
  const cfg = timingConfig(quick);
  for (const p of await timingPayloads(SIZES, families, variants)) {
    const r = await measure(makeLightCase({ light }, p), { ...cfg, expectedValid: p.expectedValid });
    throughput.find((e) => e.family === p.family && e.size === p.size && e.variant === p.variant).cases.push(...r.cases);
    log(`[node] ${p.family}, ${p.size} orders ${p.variant}: oursLight ${r.cases[0].medianMs.toFixed(3)} ms`);
  }
}

/** The steps of the unmet targets (see makeStepCases), after the throughput. */
export async function runNodeSteps({ quick, log = console.error, families = FAMILY_IDS, variants = VARIANTS }) {
  const sdk = await import('../pkg/node.mjs');
  // The package's order-by-order pass and its serializer, as the entry bundles them.
  const { checkBatch } = await import('../js/sdk/src-js/fast-path.js');
  const { vouchedText } = await import('../js/sdk/src-js/routing.js');
  const { fastCheck } = await import('../js/generated/fast-check.js');
  const { fastCheck: fastCheckWithoutSurrogateTest } = await import('./build/fast-check-without-surrogate-test.mjs');
  const { validate: ajvPlainValidate } = await import('./build/ajv-plain-validate.mjs');
  const { serialize } = await import('../js/shared/serialize.js');
  const { validate: ajvValidate } = await import('./build/ajv-validate.mjs');
  const { batchOrder: zodSchema } = await import('./peers/zod-schema.mjs');
  const { safeParse: valibotParse } = await import('./peers/valibot-schema.mjs');
  const cfg = timingConfig(quick);
  const out = [];
  for (const p of (await timingPayloads(SIZES, families, variants)).filter(stepPayload)) {
    const { steps, facts } = makeStepCases({ sdk, ajvValidate, ajvPlainValidate, zodSchema, valibotParse, checkBatch, vouchedText, serialize, fastCheck, fastCheckWithoutSurrogateTest }, p);
    const r = await measure(steps, cfg);
    out.push({ family: p.family, size: p.size, variant: p.variant, bytes: p.bytes, ...facts, cases: r.cases });
    log(`[node] steps, ${p.family}, ${p.size} orders ${p.variant}: ` + r.cases.map((c) => `${c.id} ${c.medianMs.toFixed(3)} ms`).join(', '));
  }
  return out;
}

export function runNodeCold({ runs, log = console.error }) {
  const samples = Object.fromEntries(COLD_IMPLS.map((i) => [i, []]));
  for (let k = 0; k < runs; k++) {
    for (const impl of COLD_IMPLS) {
      const line = execFileSync(process.execPath, [join(HERE, 'cold-node.mjs'), impl], { encoding: 'utf8' });
      const r = JSON.parse(line);
      if (r.valid !== true) throw new Error(`cold start ${impl}: the valid one-order batch was judged invalid`);
      samples[impl].push(r.ms);
    }
  }
  const out = Object.fromEntries(COLD_IMPLS.map((i) => [i, { medianMs: median(samples[i]), minMs: Math.min(...samples[i]), maxMs: Math.max(...samples[i]), samples: samples[i] }]));
  log('[node] cold start (median ms): ' + COLD_IMPLS.map((i) => `${i} ${out[i].medianMs.toFixed(1)}`).join(', '));
  return out;
}

// BENCH_FAMILIES=compact,wide: the payload families (all by default); BENCH_VARIANTS=
// valid,errors: the variants (both by default). bench.mjs runs one process per family
// and variant, so that what the JIT learnt on one group's shapes does not carry over to
// the next (timed after the bodies with errors in the same process, ajv ran the valid
// 1,000-order body 1.5-2x slower). BENCH_NO_COLD=1: no cold starts.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = !!process.env.BENCH_QUICK;
  const families = process.env.BENCH_FAMILIES ? process.env.BENCH_FAMILIES.split(',') : FAMILY_IDS;
  const variants = process.env.BENCH_VARIANTS ? process.env.BENCH_VARIANTS.split(',') : VARIANTS;
  for (const v of variants) if (!VARIANTS.includes(v)) throw new Error(`BENCH_VARIANTS: unknown variant ${v}`);
  if (!process.env.BENCH_BUILT) await (await import('./build.mjs')).build();
  const throughput = await runNodeThroughput({ quick, families, variants });
  const steps = await runNodeSteps({ quick, families, variants });
  await runNodeLight(throughput, { quick, families, variants });
  const cold = process.env.BENCH_NO_COLD ? null : runNodeCold({ runs: quick ? 3 : 9 });
  process.stdout.write(JSON.stringify({ node: process.version, throughput, steps, cold }) + '\n');
}
