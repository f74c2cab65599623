// Upper bound of one alternative for bodies with errors (issue 26): cutting each order
// that crosses to the wasm down to its failing assets. Not built: this only measures
// what crossing would cost then (JSON.stringify + the wasm on the smaller text) against
// what crosses today, interleaved, in Node. An asset counts as failing when its order
// with that asset alone is not proved clean by fastCheckOrder (an order whose own
// fields fail then keeps all its assets).
//   node bench/probes/errors-asset-cut.mjs [family=wide] [orders=100]
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { timingPayloads } from '../generate.mjs';
import { measure } from '../lib/measure.mjs';

const [family = 'wide', orders = '100'] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const { cutBatch } = require('../../pkg/api.cjs');
const { fastCheckOrder } = require('../../pkg/fast-check.cjs');
const sdk = await import('../../pkg/node.mjs');
const p = timingPayloads([Number(orders)], [family], ['errors'])[0];
const body = JSON.parse(p.text);
const cut = cutBatch(body);
let assetsBefore = 0;
let assetsAfter = 0;
const smaller = {
  ...cut.cut,
  orderList: cut.cut.orderList.map((o) => {
    const failing = (o.assets ?? []).filter((a) => !fastCheckOrder({ ...o, assets: [a] }));
    assetsBefore += o.assets?.length ?? 0;
    const assets = failing.length > 0 ? failing : o.assets;
    assetsAfter += assets.length;
    return { ...o, assets };
  }),
};
const text = JSON.stringify(cut.cut);
const small = JSON.stringify(smaller);
console.log(`${family}/${orders} errors: ${cut.kept.length} orders cross, ${assetsBefore} assets → ${assetsAfter}; ${text.length} → ${small.length} chars`);
const cases = [
  { id: 'today', fn: () => sdk.validateJson('batchOrder', JSON.stringify(cut.cut)).valid },
  { id: 'assetCut', fn: () => sdk.validateJson('batchOrder', JSON.stringify(smaller)).valid },
];
const r = await measure(cases, { warmupMs: 300, rounds: 21, roundMs: 100 });
for (const c of r.cases) console.log(`${c.id.padEnd(9)} stringify + wasm ${c.medianMs.toFixed(4)} ms [${c.minMs.toFixed(4)}–${c.maxMs.toFixed(4)}]`);
console.log(`load ${loadavg()[0].toFixed(2)}`);
