// A/B of `validate` between builds of the default entry (pkg/index.js as
// scripts/bundle-entries.mjs builds it), interleaved in one Node process and in one
// headless Chromium page, beside ajv on the same objects:
// - `head`: pkg/api.cjs and pkg/fast-check.cjs as committed at BASE (default HEAD);
// - `work`: the working tree's.
// The other pkg/*.cjs (glue, wasm) are the working tree's in both. Builds go to
// bench/build/ab/ (served as /bench/build/ab/). Needs bench/build (node bench/build.mjs).
//   node bench/probes/fast-path-ab.mjs [node|chromium|both] [sizes=100,1000]
//     [families=compact,wide] [variants=valid,errors] [rounds=21] [base=HEAD]
//     [fast=FILE]   (`work` with FILE as its fast-check.cjs; FILE.patch: the
//                    fast path at 9f7afd6 with that patch applied, the variants
//                    tried in bench/probes/variants/)
// Prints per payload: ms per call (median of rounds, min–max), ajv ÷ ours (ratio of
// the medians, and the interquartile range of the per-round ratios), the load average.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { defaultEntry } from '../../scripts/bundle-entries.mjs';
import { runAb } from './ab-lib.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const OUT = `${ROOT}bench/build/ab/`;
const args = Object.fromEntries(process.argv.slice(3).map((a) => a.split('=')));
const engine = process.argv[2] ?? 'both';
const opts = {
  sizes: (args.sizes ?? '100,1000').split(',').map(Number),
  families: (args.families ?? 'compact,wide').split(','),
  variants: (args.variants ?? 'valid,errors').split(','),
  rounds: Number(args.rounds ?? 21),
  roundMs: Number(args.roundMs ?? 100),
  warmupMs: 300,
};
const base = args.base ?? 'HEAD';

async function buildVariant(name, fromGit, fast) {
  const dir = `${OUT}${name}/`;
  mkdirSync(dir, { recursive: true });
  for (const f of readdirSync(`${ROOT}pkg`)) if (f.endsWith('.cjs')) copyFileSync(`${ROOT}pkg/${f}`, `${dir}${f}`);
  if (fromGit) {
    for (const f of ['api.cjs', 'fast-check.cjs']) {
      writeFileSync(`${dir}${f}`, execFileSync('git', ['show', `${fromGit}:pkg/${f}`], { cwd: ROOT, encoding: 'utf8' }));
    }
  }
  if (fast?.endsWith('.patch')) {
    // The variants are patches of the fast path they were tried on.
    writeFileSync(`${dir}fast-check.cjs`, execFileSync('git', ['show', '9f7afd6:pkg/fast-check.cjs'], { cwd: ROOT, encoding: 'utf8' }));
    execFileSync('patch', ['-s', `${dir}fast-check.cjs`, fast]);
  } else if (fast) copyFileSync(fast, `${dir}fast-check.cjs`);
  const src = readFileSync(`${ROOT}scripts/entries/index.js`, 'utf8')
    .replaceAll("'../../pkg/", `'${dir}`).replaceAll("'./load.js'", `'${ROOT}scripts/entries/load.js'`);
  writeFileSync(`${dir}entry.js`, src);
  await esbuild.build({ ...defaultEntry(`${dir}entry.js`, `${OUT}${name}.js`), sourcemap: false, logLevel: 'warning' });
}

await buildVariant('head', base);
await buildVariant('work', null, args.fast);

const fmt = (row, engineName, load) => {
  const parts = Object.entries(row.cases).map(([id, c]) => id === 'ajv'
    ? `ajv ${c.medianMs.toFixed(3)} ms [${c.minMs.toFixed(3)}–${c.maxMs.toFixed(3)}]`
    : `${id} ${c.medianMs.toFixed(3)} ms [${c.minMs.toFixed(3)}–${c.maxMs.toFixed(3)}] ${c.ratio.toFixed(2)}× ajv (IQR ${c.ratioLo.toFixed(2)}–${c.ratioHi.toFixed(2)})`);
  const h = row.cases.head.medianMs;
  const w = row.cases.work.medianMs;
  return `${engineName.padEnd(8)} ${row.family.padEnd(7)} ${String(row.size).padStart(4)} ${row.variant.padEnd(6)} | ${parts.join(' | ')} | work/head ${(w / h).toFixed(3)} | load ${load}`;
};
const load = () => loadavg()[0].toFixed(2);

if (engine === 'node' || engine === 'both') {
  const builds = { head: await import(pathToFileURL(`${OUT}head.js`).href), work: await import(pathToFileURL(`${OUT}work.js`).href) };
  const { validate: ajvValidate } = await import('../build/ajv-validate.mjs');
  await runAb({ builds, ajvValidate, ...opts, log: (row) => console.log(fmt(row, 'node', load())) });
}

if (engine === 'chromium' || engine === 'both') {
  const { chromium } = await import('playwright-core');
  const { CHROMIUM, CHROMIUM_ARGS } = await import('../run-browser.mjs');
  const { startServer } = await import('../server.mjs');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/bench/probes/blank.html`);
    await page.exposeFunction('__log', (row) => console.log(fmt(row, 'chromium', load())));
    await page.evaluate(async (opts) => {
      const { runAb } = await import('/bench/probes/ab-lib.mjs');
      const builds = { head: await import('/bench/build/ab/head.js'), work: await import('/bench/build/ab/work.js') };
      const { validate: ajvValidate } = await import('/bench/build/ajv-standalone.bundle.js');
      await runAb({ builds, ajvValidate, ...opts, log: (row) => globalThis.__log(row) });
    }, opts);
  } finally {
    await browser.close();
    server.close();
  }
}
