// Cold-start probe: first visits (a fresh browser context each) of several
// variants of a module, interleaved round by round (the order rotated each
// round), in headless Chromium as run-browser.mjs drives it. Each visit loads
// bench/browser/cold-probe.html?src=URL and times import() + the first validate
// there (cold-probe-page.mjs); the clock starts when the driver says, after
// Playwright's own scripts are in the page.
//   node bench/cold-probe.mjs [--runs=N] name=/url [name=/url?noop=1 ...]
// Prints per variant: median (min-max) ms, and the median of each mark.
// PROBE_RAW=1 prints every sample too.
import { loadavg } from 'node:os';
import { firstVisits, launch, median, parseArgs, startServer } from './cold-probe-lib.mjs';

const { runs, variants } = parseArgs(process.argv.slice(2), 15);
const server = await startServer();
const browser = await launch();
const out = Object.fromEntries(variants.map((v) => [v.name, []]));
const loads = [loadavg()[0]];
try {
  await firstVisits(browser, server.url, variants, runs, async (page, v) => {
    const r = await page.evaluate(() => window.__run());
    if (r.valid !== true) throw new Error('judged otherwise than expected');
    out[v.name].push(r);
  }, () => loads.push(loadavg()[0]));
} finally {
  await browser.close();
  await server.close();
}
console.log(`chromium ${browser.version()}, ${runs} first visits each, interleaved; 1-min load avg during the run: median ${median(loads).toFixed(2)} (${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)})`);
for (const v of variants) {
  const rs = out[v.name];
  const ms = rs.map((r) => r.ms);
  const marks = Object.keys(rs[0].marks).map((k) => [k, median(rs.map((r) => r.marks[k]).filter((x) => x !== undefined))])
    .sort((a, b) => a[1] - b[1]).map(([k, x]) => `${k} ${x.toFixed(1)}`).join(', ');
  const vm = rs.map((r) => r.validateMs);
  console.log(`${v.name.padEnd(16)} ${median(ms).toFixed(1)} (${Math.min(...ms).toFixed(1)}-${Math.max(...ms).toFixed(1)})  validate ${median(vm).toFixed(2)}  marks: ${marks}`);
  if (process.env.PROBE_RAW) console.log('  ', ms.map((x) => x.toFixed(1)).join(' '));
}
