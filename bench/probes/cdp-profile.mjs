// The CPU profile of a loop in headless Chromium (DevTools protocol), for the
// profiling probes (profile-chromium.mjs, profile-lines.mjs): a blank page from
// bench/server.mjs, `setup(arg)` evaluated in it (it must set globalThis.__run and
// warm it up), then __run called over and over for `seconds` while sampling every
// `intervalUs` µs.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../run-browser.mjs';
import { startServer } from '../server.mjs';

/** `{ ms, profile }`: ms per call of __run, and the Profiler.stop profile. */
export async function profileLoop({ setup, arg, seconds = 3, jsFlags, intervalUs = 50 }) {
  const server = await startServer();
  const args = jsFlags ? [...CHROMIUM_ARGS, `--js-flags=${jsFlags}`] : CHROMIUM_ARGS;
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/bench/probes/blank.html`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
    await page.evaluate(setup, arg);
    await cdp.send('Profiler.start');
    const ms = await page.evaluate((budget) => {
      const t0 = performance.now();
      let n = 0;
      while (performance.now() - t0 < budget) { globalThis.__run(); n++; }
      return (performance.now() - t0) / n;
    }, seconds * 1000);
    const { profile } = await cdp.send('Profiler.stop');
    return { ms, profile };
  } finally {
    await browser.close();
    server.close();
  }
}

/** Samples by `key(callFrame)` of each sample's own frame, most first: `[key, count]`. */
export function selfTime(profile, key) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) {
    const k = key(byId.get(id).callFrame);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}
