// Line-level CPU profile of `validate` in headless Chromium (V8's --detailed-line-info):
// self time by function and by source line of a build made by fast-path-ab.mjs
// (bench/build/ab/NAME/), rebuilt unminified so lines read as the source.
//   node bench/probes/profile-lines.mjs [orders=1000] [family=compact] [valid|errors] [head|work]
import { readFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { defaultEntry } from '../../scripts/bundle-entries.mjs';
import { profileLoop, selfTime } from './cdp-profile.mjs';

const [orders = '1000', family = 'compact', variant = 'valid', name = 'work'] = process.argv.slice(2);
const AB = new URL('../build/ab/', import.meta.url).pathname;
const plain = `${name}-plain.js`;
await esbuild.build({ ...defaultEntry(`${AB}${name}/entry.js`, `${AB}${plain}`), minify: false, sourcemap: false, logLevel: 'warning' });
const lines = readFileSync(`${AB}${plain}`, 'utf8').split('\n');

const { ms, profile } = await profileLoop({
  jsFlags: '--detailed-line-info',
  seconds: 4,
  arg: [Number(orders), family, variant, plain],
  async setup([orders, family, variant, plain]) {
    const sdk = await import(`/bench/build/ab/${plain}`);
    const { timingPayloads } = await import('/bench/generate.mjs');
    const p = timingPayloads([orders], [family]).find((x) => x.variant === variant);
    const body = JSON.parse(p.text);
    globalThis.__run = () => sdk.validate('batchOrder', body);
    for (let i = 0; i < 50; i++) globalThis.__run();
  },
});
const total = profile.samples.length;
const fnKey = (f) => `${f.functionName || '(anon)'} ${f.url.split('/').pop()}`;
// Ticks by line: the build's own lines by number, others' with their function.
const byLine = new Map();
for (const n of profile.nodes) {
  for (const t of n.positionTicks ?? []) {
    const k = n.callFrame.url.endsWith(plain) ? t.line : `${fnKey(n.callFrame)}:${t.line}`;
    byLine.set(k, (byLine.get(k) ?? 0) + t.ticks);
  }
}
const share = (c) => `${(100 * c / total).toFixed(1).padStart(5)}%`;
console.log(`${ms.toFixed(3)} ms/call, ${total} samples`);
for (const [k, c] of selfTime(profile, fnKey).slice(0, 12)) console.log(`${share(c)} ${k}`);
console.log('--- lines');
for (const [k, c] of [...byLine].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
  console.log(`${share(c)} ${typeof k === 'number' ? `${k}: ${lines[k - 1].trim().slice(0, 110)}` : k}`);
}
