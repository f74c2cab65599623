// Where validateJson / validate spend their time in headless Chromium: the CPU
// profile (DevTools protocol, 50 µs sampling) of a loop over one payload, self
// time grouped by function (wasm functions by name when the wasm has a name
// section, else by index). Run: cd bench && node probes/profile-chromium.mjs [validateJson|validate|errors] [orders] [family]
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../run-browser.mjs';
import { startServer } from '../server.mjs';

const [what = 'validateJson', orders = '1000', family = 'compact'] = process.argv.slice(2);
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/bench/probes/blank.html`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await page.evaluate(async ([what, orders, family]) => {
    const sdk = await import('/pkg/index.js');
    const { timingPayloads } = await import('/bench/generate.mjs');
    const p = timingPayloads([orders], [family]).find((x) => x.variant === (what === 'errors' ? 'errors' : 'valid'));
    const run = what === 'validateJson' ? () => sdk.validateJson('batchOrder', p.text) : () => sdk.validate('batchOrder', p.body);
    for (let i = 0; i < 20; i++) run();
    globalThis.__run = run;
  }, [what, Number(orders), family]);
  await cdp.send('Profiler.start');
  const ms = await page.evaluate(() => { const t0 = performance.now(); let n = 0; while (performance.now() - t0 < 3000) { globalThis.__run(); n++; } return (performance.now() - t0) / n; });
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  for (const id of profile.samples) {
    const f = byId.get(id).callFrame;
    const key = `${f.functionName || "(anonymous)"} ${f.url.split("/").pop()}${f.lineNumber >= 0 ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  console.log(`${what}, ${orders} orders (${family}): ${ms.toFixed(3)} ms per call; self time by function:`);
  for (const [k, c] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(100 * c / total).toFixed(1).padStart(5)}%  ${k}`);
} finally {
  await browser.close();
  server.close();
}
