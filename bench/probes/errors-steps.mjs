// The steps of `validate` on a body with errors (one payload), each timed alone,
// interleaved (bench/lib/measure.mjs), in Node: the order-by-order pass (cutBatch),
// JSON.stringify of the orders it keeps, the NaN/Infinity look (nonFinite, as the call
// takes it: on that text, a walk only when the text holds a `null`), the wasm on the
// text (validateJson), the whole call.
//   node bench/probes/errors-steps.mjs [family=wide] [orders=100]
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { timingPayloads } from '../generate.mjs';
import { measure } from '../lib/measure.mjs';

const [family = 'wide', orders = '100'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { cutBatch, nonFinite } = require('../../pkg/api.cjs');
const sdk = await import('../../pkg/node.mjs');
const { validate: ajvValidate } = await import('../build/ajv-validate.mjs');
const p = timingPayloads([Number(orders)], [family], ['errors'])[0];
const body = JSON.parse(p.text);
const cut = cutBatch(body);
const text = JSON.stringify(cut.cut);
console.log(`${family}/${orders} errors: ${cut.kept.length} orders kept, ${text.length} chars of JSON, text holds null: ${text.includes('null')}`);
const cases = [
  { id: 'pass', fn: () => cutBatch(body) },
  { id: 'stringify', fn: () => JSON.stringify(cut.cut).length },
  { id: 'nonFinite', fn: () => nonFinite(cut.cut, text) },
  { id: 'wasm', fn: () => sdk.validateJson('batchOrder', text).valid },
  { id: 'validate', fn: () => sdk.validate('batchOrder', body).valid },
  { id: 'ajv', fn: () => ajvValidate(body) },
];
const r = await measure(cases, { warmupMs: 300, rounds: 21, roundMs: 100 });
for (const c of r.cases) console.log(`${c.id.padEnd(14)} ${c.medianMs.toFixed(4)} ms [${c.minMs.toFixed(4)}–${c.maxMs.toFixed(4)}]`);
console.log(`load ${loadavg()[0].toFixed(2)}`);
