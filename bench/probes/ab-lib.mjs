// Shared by bench/probes/fast-path-ab.mjs in Node and in the Chromium page (no Node
// APIs): `validate` of builds of the default entry side by side with ajv, on the same
// objects, interleaved by bench/lib/measure.mjs (cases take turns within a round, the
// order rotated each round). Every build must give the same report as the first.
import { timingPayloads } from '../generate.mjs';
import { measure } from '../lib/measure.mjs';

export async function runAb({ builds, ajvValidate, sizes, families, variants, rounds, roundMs, warmupMs, log = () => {} }) {
  const out = [];
  for (const p of timingPayloads(sizes, families, variants)) {
    const body = JSON.parse(p.text);
    const reports = Object.entries(builds).map(([name, sdk]) => [name, JSON.stringify(sdk.validate('batchOrder', body))]);
    for (const [name, r] of reports) {
      if (r !== reports[0][1]) throw new Error(`${p.family}/${p.size}/${p.variant}: ${name} reports otherwise than ${reports[0][0]}`);
    }
    const cases = Object.entries(builds).map(([name, sdk]) => ({ id: name, fn: () => sdk.validate('batchOrder', body).valid }));
    cases.push({ id: 'ajv', fn: () => ajvValidate(body) });
    const r = await measure(cases, { warmupMs, rounds, roundMs, expectedValid: p.variant === 'valid' });
    const ajv = r.cases.find((c) => c.id === 'ajv');
    const row = { family: p.family, size: p.size, variant: p.variant, cases: {} };
    for (const c of r.cases) {
      // Per round, ajv's time over this case's (rounds are interleaved, so a noisy
      // round hits both): the median of those ratios, and their range.
      const ratios = c.samples.map((s, i) => ajv.samples[i] / s).sort((a, b) => a - b);
      row.cases[c.id] = {
        medianMs: c.medianMs, minMs: c.minMs, maxMs: c.maxMs,
        ratio: ajv.medianMs / c.medianMs, ratioLo: ratios[Math.floor(ratios.length / 4)], ratioHi: ratios[Math.ceil(3 * ratios.length / 4) - 1],
      };
    }
    log(row);
    out.push(row);
  }
  return out;
}
