// Shared by bench/cold-probe.mjs and bench/cold-probe-trace.mjs: a static server
// of the repository root (pkg/, bench/, target/tmp/cold-variants/; the headers of
// bench/server.mjs: COOP/COEP, max-age=600, application/wasm), Chromium as
// run-browser.mjs launches it, the command line, and one timed first visit.
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ALLOWED = ['pkg/', 'bench/', 'target/tmp/cold-variants/'];
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.map': 'application/json' };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** `--runs=N name=/url ...`: the runs and the variants (a URL may carry ?noop=1, ?body=errors, ?ajv=1, ?delay=MS). */
export function parseArgs(argv, defaultRuns) {
  const runs = Number(argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? defaultRuns);
  const variants = argv.filter((a) => !a.startsWith('--')).map((a) => {
    const i = a.indexOf('=');
    return { name: a.slice(0, i), url: a.slice(i + 1) };
  });
  return { runs, variants };
}

export async function startServer() {
  const server = createServer((req, res) => {
    const rel = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(1));
    const file = join(ROOT, rel);
    let st;
    if (ALLOWED.some((p) => rel.startsWith(p)) && !rel.split(sep).includes('..') && !rel.includes('node_modules')) {
      try { st = statSync(file); } catch {}
    }
    if (!st || !st.isFile()) return res.writeHead(404).end('not found');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] || 'application/octet-stream', 'Content-Length': st.size,
      'Cache-Control': 'max-age=600', 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

export const launch = () => chromium.launch({ executablePath: process.env.BENCH_CHROMIUM || '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });

/** The probe page's URL for a variant. */
export function pageUrl(base, v) {
  const [path, query] = v.url.split('?');
  return `${base}/bench/browser/cold-probe.html?src=${encodeURIComponent(path)}${query ? '&' + query : ''}`;
}

/** Waits for the page, its first evaluations done, and 100 ms of quiet. */
export async function settle(page) {
  await page.waitForLoadState('load');
  for (let i = 0; i < 100 && !(await page.evaluate(() => window.__ready === true)); i++) await new Promise((r) => setTimeout(r, 20));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 100)));
}

/**
 * First visits, interleaved: `runs` rounds over the variants (the order rotated
 * each round), each visit in a fresh browser context (empty cache) at the probe
 * page, settled, then given to `visit(page, variant, round)`. A failure names
 * the variant and the page's own errors; `afterRound(round)` runs after each.
 */
export async function firstVisits(browser, base, variants, runs, visit, afterRound = () => {}) {
  for (let k = 0; k < runs; k++) {
    for (let j = 0; j < variants.length; j++) {
      const v = variants[(j + k) % variants.length];
      const ctx = await browser.newContext();
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(pageUrl(base, v));
        await settle(page);
        await visit(page, v, k);
      } catch (e) {
        throw new Error(`${v.name}: ${errors.join('; ') || e.message}`);
      } finally {
        await ctx.close();
      }
    }
    afterRound(k);
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n === 0 ? NaN : n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};
