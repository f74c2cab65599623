// The wide payload family, one dimension at a time (Node): which part of a payload's
// shape moves `validate` against ajv and `validateJson` against JSON.parse + ajv.
//
//   node dimensions.mjs [--orders=100] [--reps=5] [variant ...]     (default: every variant)
//
// Each variant runs in a fresh process (no JIT feedback from other shapes), `reps`
// times, the variants interleaved so that a busy moment of the machine hits them
// alike. A process times ours and the peer in turns (lib/measure.mjs) and keeps the
// fastest round of each (on a shared machine, less disturbed than the median); the
// report is, per variant, the median over the processes and the range.
//
// Every variant is a valid body: the wide family's timed batch (generate-wide.mjs)
// changed in one way, or the compact family's, for comparison. Some variants stay
// valid but have warnings (an unknown field, a refund without srcLicenseOrderId):
// `validate` then sends those orders to the wasm as text.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeBatch, FAMILIES } from './generate.mjs';
import { measure, median } from './lib/measure.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Free-text string fields (not enums, ids with rules, asset numbers or dates). */
const RULED = new Set(['assetNos', 'licenseType', 'orderType', 'syncMode', 'customerType', 'timeDurationExpression', 'productUri', 'gmsPid', 'appKey', 'channelCode', 'channelOrderId', 'adminEmail', 'srcLicenseOrderId']);
function mapStrings(v, f, key = '') {
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f, key));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f, k)]));
  return typeof v === 'string' && !RULED.has(key) ? f(v) : v;
}
/** Every object's keys sorted, or only those of the objects `pick` selects. */
const sortKeys = (b, pick = () => true) => JSON.parse(JSON.stringify(b, (k, v) => (v !== null && typeof v === 'object' && !Array.isArray(v) && pick(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v)));
const leavesOf = (ms, out = []) => {
  for (const m of ms) {
    if (Array.isArray(m.children) && m.children.length) leavesOf(m.children, out);
    else out.push(m);
  }
  return out;
};
function eachAsset(b, f) {
  for (const o of b.orderList) for (const a of o.assets) f(a, o);
  return b;
}
const utf8 = (s) => new TextEncoder().encode(s).length;

export const VARIANTS = {
  compact: { what: 'the compact family (for comparison)', make: (n) => makeBatch(n, FAMILIES.compact.timingSeed(n)) },
  wide: { what: 'the wide family as timed', change: (b) => b },
  ascii: { what: 'non-ASCII characters of free text → "x" (same length in UTF-16; fewer bytes)', change: (b) => mapStrings(b, (s) => s.replace(/[^\x00-\x7f]/g, 'x')) },
  asciiBytes: { what: 'non-ASCII characters of free text → as many "x" as their UTF-8 bytes (same bytes)', change: (b) => mapStrings(b, (s) => s.replace(/[^\x00-\x7f]/gu, (c) => 'x'.repeat(utf8(c)))) },
  short: { what: 'free text cut to 12 characters', change: (b) => mapStrings(b, (s) => s.slice(0, 12)) },
  noEscapes: { what: 'no quote, backslash or newline in free text (nothing to escape)', change: (b) => mapStrings(b, (s) => s.replace(/["\\\n]/g, '')) },
  flat: { what: 'merchandise trees 2 levels deep (each root lists its leaves)', change: (b) => eachAsset(b, (a) => { if (a.merchandises) a.merchandises = a.merchandises.map((m) => ({ ...m, children: leavesOf([m]).map((l) => ({ ...l, children: null })), licenseOrderProductList: [] })); }) },
  noMerch: { what: 'no merchandise trees', change: (b) => eachAsset(b, (a) => delete a.merchandises) },
  fewFeatures: { what: 'at most 2 features per product', change: (b) => JSON.parse(JSON.stringify(b, (k, v) => (k === 'productFeatures' && Array.isArray(v) ? v.slice(0, 2) : v))) },
  sorted: { what: 'every object\'s keys in alphabetical order (not the spec\'s)', change: (b) => sortKeys(b) },
  sortedProducts: { what: 'products\' keys in alphabetical order', change: (b) => sortKeys(b, (o) => 'productUri' in o) },
  compactSorted: { what: 'the compact family, keys in alphabetical order', make: (n) => sortKeys(makeBatch(n, FAMILIES.compact.timingSeed(n))) },
  remark50: { what: 'an unknown field `remark` on 1 order in 50 (a warning)', change: (b) => (b.orderList.forEach((o, i) => i % 50 === 3 && (o.remark = '客户要求在月底前完成部署。')), b) },
  noSrc: { what: 'refunds of non-cloud licences without srcLicenseOrderId (a warning; about 1 order in 4)', change: (b) => (b.orderList.forEach((o) => { if (o.orderType !== 'new_buy' && !o.licenseType.startsWith('cloud')) delete o.srcLicenseOrderId; }), b) },
};

function payloadOf(name, n) {
  const v = VARIANTS[name];
  const body = v.make ? v.make(n) : v.change(FAMILIES.wide.makeBatch(n, FAMILIES.wide.timingSeed(n)));
  return JSON.stringify(body);
}

async function child(name, n) {
  const sdk = await import('../pkg/node.mjs');
  const { validate: ajvValidate } = await import('./build/ajv-validate.mjs');
  const text = payloadOf(name, n);
  const body = JSON.parse(text);
  const r = await measure([
    { id: 'ours', fn: () => sdk.validate('batchOrder', body).valid },
    { id: 'ajv', fn: () => ajvValidate(body) },
    { id: 'oursJson', fn: () => sdk.validateJson('batchOrder', text).valid },
    { id: 'parseAjv', fn: () => ajvValidate(JSON.parse(text)) },
  ], { warmupMs: 200, rounds: 11, roundMs: 60, expectedValid: true });
  const t = Object.fromEntries(r.cases.map((c) => [c.id, c.minMs]));
  process.stdout.write(JSON.stringify({ name, bytes: utf8(text), ...t }) + '\n');
}

async function main() {
  const args = process.argv.slice(2);
  const opt = (k, d) => Number(args.find((a) => a.startsWith(`--${k}=`))?.split('=')[1] ?? d);
  const n = opt('orders', 100);
  const childName = args.find((a) => a.startsWith('--child='))?.slice(8);
  if (childName) return child(childName, n);
  const names = args.filter((a) => !a.startsWith('--'));
  const list = names.length ? names : Object.keys(VARIANTS);
  for (const name of list) if (!VARIANTS[name]) throw new Error(`unknown variant ${name}; known: ${Object.keys(VARIANTS).join(', ')}`);
  await (await import('./build.mjs')).build({ quiet: true });
  const reps = opt('reps', 5);
  const got = Object.fromEntries(list.map((k) => [k, []]));
  for (let i = 0; i < reps; i++) {
    for (const name of list) {
      const line = execFileSync(process.execPath, [fileURLToPath(import.meta.url), `--child=${name}`, `--orders=${n}`], { encoding: 'utf8', cwd: HERE });
      got[name].push(JSON.parse(line));
    }
    console.error(`[dimensions] round ${i + 1} of ${reps}`);
  }
  console.log(`${n} orders; per variant the median over ${reps} fresh processes (range), each the fastest of 11 rounds\n`);
  console.log('| variant | KB/order | validate ÷ ajv | ours ms | ajv ms | validateJson ÷ (JSON.parse + ajv) | validateJson MB/s | change |');
  console.log('|---|---|---|---|---|---|---|---|');
  const fx = (xs) => `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
  for (const name of list) {
    const rs = got[name];
    const bytes = rs[0].bytes;
    console.log(`| ${name} | ${(bytes / n / 1000).toFixed(1)} | ${fx(rs.map((r) => r.ajv / r.ours))} | ${median(rs.map((r) => r.ours)).toFixed(3)} | ${median(rs.map((r) => r.ajv)).toFixed(3)} | ${fx(rs.map((r) => r.parseAjv / r.oursJson))} | ${median(rs.map((r) => bytes / 1e3 / r.oursJson)).toFixed(0)} | ${VARIANTS[name].what} |`);
  }
}

await main();
