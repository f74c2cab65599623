// The steps of `validate` on a body with errors (one payload), each timed alone,
// interleaved (bench/lib/measure.mjs), in Node: the order-by-order pass (cutBatch),
// JSON.stringify of the orders it keeps, the NaN/Infinity look (nonFinite's walk, taken
// only when that text holds a `null`), the wasm on the text (validateJson), the whole call.
//   node bench/probes/errors-steps.mjs [family=wide] [orders=100]
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { timingPayloads } from '../generate.mjs';
import { measure } from '../lib/measure.mjs';

const [family = 'wide', orders = '100'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { cutBatch } = require('../../pkg/api.cjs');
const sdk = await import('../../pkg/node.mjs');
const { validate: ajvValidate } = await import('../build/ajv-validate.mjs');
const p = timingPayloads([Number(orders)], [family], ['errors'])[0];
const body = JSON.parse(p.text);
const cut = cutBatch(body);
const text = JSON.stringify(cut.cut);
const walk = (v, depth) => {
  if (typeof v === 'number') return v - v !== 0;
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) { for (let i = 0; i < v.length; i++) if (walk(v[i], depth + 1)) return true; return false; }
  for (const k in v) if (walk(v[k], depth + 1)) return true;
  return false;
};
console.log(`${family}/${orders} errors: ${cut.kept.length} orders kept, ${text.length} chars of JSON, text holds null: ${text.includes('null')}`);
const cases = [
  { id: 'pass', fn: () => cutBatch(body) },
  { id: 'stringify', fn: () => JSON.stringify(cut.cut).length },
  { id: 'nonFiniteWalk', fn: () => walk(cut.cut, 0) },
  { id: 'wasm', fn: () => sdk.validateJson('batchOrder', text).valid },
  { id: 'validate', fn: () => sdk.validate('batchOrder', body).valid },
  { id: 'ajv', fn: () => ajvValidate(body) },
];
const r = await measure(cases, { warmupMs: 300, rounds: 21, roundMs: 100 });
for (const c of r.cases) console.log(`${c.id.padEnd(14)} ${c.medianMs.toFixed(4)} ms [${c.minMs.toFixed(4)}–${c.maxMs.toFixed(4)}]`);
console.log(`load ${loadavg()[0].toFixed(2)}`);
