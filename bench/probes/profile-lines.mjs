// Line-level CPU profile of `validate` in headless Chromium (V8's --detailed-line-info):
// self time by function and by source line of a build made by fast-path-ab.mjs
// (bench/build/ab/NAME/), rebuilt unminified so lines read as the source.
//   node bench/probes/profile-lines.mjs [orders=1000] [family=compact] [valid|errors] [head|work]
import { chromium } from 'playwright-core';
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { defaultEntry } from '../../scripts/bundle-entries.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from '../run-browser.mjs';
import { startServer } from '../server.mjs';
const [orders = '1000', family = 'compact', variant = 'valid', name='work'] = process.argv.slice(2);
const AB = new URL('../build/ab/', import.meta.url).pathname;
const dir = `${AB}${name}/`;
await esbuild.build({ ...defaultEntry(`${dir}entry.js`, `${AB}${name}-plain.js`), minify: false, sourcemap: false, logLevel: 'warning' });
const lines = readFileSync(`${AB}${name}-plain.js`, 'utf8').split('\n');
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_ARGS, '--js-flags=--detailed-line-info'] });
const page = await browser.newPage();
await page.goto(`${server.url}/bench/probes/blank.html`);
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
await page.evaluate(async ([orders, family, variant, name]) => {
  const sdk = await import(`/bench/build/ab/${name}-plain.js`);
  const { timingPayloads } = await import('/bench/generate.mjs');
  const p = timingPayloads([orders], [family]).find((x) => x.variant === variant);
  const body = JSON.parse(p.text);
  globalThis.__run = () => sdk.validate('batchOrder', body);
  for (let i = 0; i < 50; i++) __run();
}, [Number(orders), family, variant, name]);
await cdp.send('Profiler.start');
const ms = await page.evaluate(() => { const t0 = performance.now(); let n = 0; while (performance.now() - t0 < 4000) { globalThis.__run(); n++; } return (performance.now() - t0) / n; });
const { profile } = await cdp.send('Profiler.stop');
const byLine = new Map(); const byFn = new Map(); let total = profile.samples.length;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
for (const n of profile.nodes) {
  const f = n.callFrame; const fk = `${f.functionName||'(anon)'} ${f.url.split('/').pop()}`;
  for (const t of n.positionTicks ?? []) { const k = f.url.endsWith(`${name}-plain.js`) ? t.line : `${fk}:${t.line}`; byLine.set(k, (byLine.get(k) ?? 0) + t.ticks); }
}
for (const id of profile.samples) { const f = byId.get(id).callFrame; const k = `${f.functionName||'(anon)'} ${f.url.split('/').pop()}`; byFn.set(k,(byFn.get(k)??0)+1); }
console.log(`${ms.toFixed(3)} ms/call, ${total} samples`);
for (const [k,c] of [...byFn].sort((a,b)=>b[1]-a[1]).slice(0,12)) console.log(`${(100*c/total).toFixed(1).padStart(5)}% ${k}`);
console.log('--- lines');
for (const [k,c] of [...byLine].sort((a,b)=>b[1]-a[1]).slice(0,40)) console.log(`${(100*c/total).toFixed(1).padStart(5)}% ${typeof k === 'number' ? `${k}: ${lines[k-1].trim().slice(0,110)}` : k}`);
await browser.close(); server.close();
