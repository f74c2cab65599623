// The Chromium run (playwright-core driving Debian's /usr/bin/chromium, headless):
// throughput of the cases of lib/measure.mjs on every timed payload, one page (in a fresh browser
// context) per payload family and variant (valid, errors), the steps of the unmet targets
// (lib/measure.mjs, makeStepCases) in that page, then cold starts,
// each in a fresh browser context (empty cache), plus a second visit in the same
// context (HTTP cache warm). Prints the results as JSON on stdout.
//   node run-browser.mjs         (BENCH_QUICK=1 for the smoke settings)

import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';
import { median, timingConfig } from './lib/measure.mjs';
import { FAMILY_IDS, VARIANTS } from './generate.mjs';

export const CHROMIUM = process.env.BENCH_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const COLD_IMPLS = ['ours', 'ours-inline', 'ours-inline-error', 'ours-steps', 'ajv-standalone', 'ajv-runtime', 'zod', 'noop'];

function stats(xs) {
  return { medianMs: median(xs), minMs: Math.min(...xs), maxMs: Math.max(...xs), samples: xs };
}

/** Loads a cold-start page and reads its `window.__cold`, whose verdict must be the right one. */
async function coldVisit(page, url, what) {
  await page.goto(url);
  const r = await (await page.waitForFunction(() => window.__cold, null, { timeout: 30_000 })).jsonValue();
  if (r.valid !== true) throw new Error(`${what}: the one-order batch got the wrong verdict`);
  return r;
}

export async function runBrowser({ quick, log = console.error, families = FAMILY_IDS }) {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const version = browser.version();
    const cfg = timingConfig(quick);

    // Throughput: one page per payload family and variant (a fresh context, hence a
    // fresh renderer process, so what the JIT learnt on one group's shapes does not carry
    // over to the next: after the bodies with errors, ajv ran the valid ones slower),
    // every payload of that group, then the steps of the unmet targets, then
    // licensing-sdk/validate, in that page.
    const throughput = [];
    const steps = [];
    let info;
    for (const [family, variant] of families.flatMap((f) => VARIANTS.map((v) => [f, v]))) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pageErrors = [];
      page.on('pageerror', (e) => pageErrors.push(String(e)));
      await page.goto(`${server.url}/bench/browser/page.html?family=${family}&variant=${variant}`);
      await page.waitForFunction(() => window.benchReady === true || undefined, null, { timeout: 60_000 }).catch((e) => {
        throw new Error(`bench page did not load: ${pageErrors.join('; ') || e.message}`);
      });
      info = await page.evaluate(() => window.benchInfo());
      for (let i = 0; i < info.payloads.length; i++) {
        const r = await page.evaluate(([i, cfg]) => window.benchPayload(i, cfg), [i, cfg]);
        throughput.push(r);
        log(`[chromium] ${r.family}, ${r.size} orders ${r.variant} (${(r.bytes / 1e6).toFixed(3)} MB): ` + r.cases.map((c) => `${c.id} ${c.medianMs.toFixed(3)} ms`).join(', '));
      }
      for (let i = 0; i < info.payloads.length; i++) {
        const r = await page.evaluate(([i, cfg]) => window.benchSteps(i, cfg), [i, cfg]);
        if (r === null) continue;
        steps.push(r);
        log(`[chromium] steps, ${r.family}, ${r.size} orders ${r.variant}: ` + r.cases.map((c) => `${c.id} ${c.medianMs.toFixed(3)} ms`).join(', '));
      }
      // licensing-sdk/validate last (lib/measure.mjs, makeLightCase): its garbage weighs on what runs after it.
      for (let i = 0; i < info.payloads.length; i++) {
        const c = await page.evaluate(([i, cfg]) => window.benchLight(i, cfg), [i, cfg]);
        const p = info.payloads[i];
        throughput.find((e) => e.family === p.family && e.size === p.size && e.variant === p.variant).cases.push(c);
        log(`[chromium] ${p.family}, ${p.size} orders ${p.variant}: oursLight ${c.medianMs.toFixed(3)} ms`);
      }
      await context.close();
    }

    // Cold starts: a new context per load (first visit), then the same URL again.
    const runs = quick ? 3 : 9;
    const first = Object.fromEntries(COLD_IMPLS.map((i) => [i, []]));
    const phases = [];
    const inlineSteps = [];
    const repeat = Object.fromEntries(COLD_IMPLS.map((i) => [i, []]));
    for (let k = 0; k < runs; k++) {
      for (const impl of COLD_IMPLS) {
        const ctx = await browser.newContext();
        const p = await ctx.newPage();
        for (const bucket of [first, repeat]) {
          const r = await coldVisit(p, `${server.url}/bench/browser/cold.html?impl=${impl}`, `cold start ${impl}`);
          bucket[impl].push(r.ms);
          if (bucket === first && r.phases) phases.push(r.phases);
          if (bucket === first && r.steps) inlineSteps.push(r.steps);
        }
        await ctx.close();
      }
    }
    // A page that imports licensing-sdk/slim as it loads, with and without preload
    // hints for the wasm: navigation start to the first verdict, first visits.
    const nav = { plain: [], hints: [] };
    for (let k = 0; k < runs; k++) {
      for (const [name, file] of [['plain', 'cold-nav.html'], ['hints', 'cold-nav-hints.html']]) {
        const ctx = await browser.newContext();
        const p = await ctx.newPage();
        const r = await coldVisit(p, `${server.url}/bench/browser/${file}`, file);
        // A preload the entry's fetch did not take would download the wasm twice.
        if (r.wasmFetches !== 1) throw new Error(`${file}: the wasm was fetched ${r.wasmFetches} times`);
        nav[name].push(r.ms);
        await ctx.close();
      }
    }
    const cold = Object.fromEntries(COLD_IMPLS.map((i) => [i, { first: stats(first[i]), repeat: stats(repeat[i]) }]));
    cold.navigation = { plain: stats(nav.plain), hints: stats(nav.hints) };
    // The default entry's first visits, phase by phase (medians of each mark).
    if (phases.length) cold.ours.phases = Object.fromEntries(Object.keys(phases[0]).map((k) => [k, median(phases.map((p) => p[k]))]));
    // The default entry's parts, step by step (medians of each step).
    if (inlineSteps.length) cold['ours-steps'].steps = Object.fromEntries(Object.keys(inlineSteps[0]).map((k) => [k, median(inlineSteps.map((s) => s[k]))]));
    log('[chromium] cold start, first visit (median ms): ' + COLD_IMPLS.map((i) => `${i} ${cold[i].first.medianMs.toFixed(1)}`).join(', '));
    log('[chromium] cold start, repeat visit (median ms): ' + COLD_IMPLS.map((i) => `${i} ${cold[i].repeat.medianMs.toFixed(1)}`).join(', '));
    log(`[chromium] from navigation, a page importing licensing-sdk/slim (median ms): no hints ${cold.navigation.plain.medianMs.toFixed(1)}, preload hints ${cold.navigation.hints.medianMs.toFixed(1)}`);
    return { version, userAgent: info.userAgent, crossOriginIsolated: info.crossOriginIsolated, throughput, steps, cold };
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!process.env.BENCH_BUILT) await (await import('./build.mjs')).build();
  const r = await runBrowser({ quick: !!process.env.BENCH_QUICK });
  process.stdout.write(JSON.stringify(r) + '\n');
}
