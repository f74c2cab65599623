// `make bench`: the whole benchmark in one run, written to bench/results.md (and the
// raw figures to bench/results.json).
//
//   cd bench && npm install && node bench.mjs [--quick] [--validation-only-dir=DIR] [--no-browser]
// (the validation-only size defaults to ../target/bind/validate, which make pkg builds)
//
// 1. build: ajv standalone validator, esbuild bundles of the peers (build.mjs)
// 2. agreement: ours, ajv, zod and valibot give the same verdict on every generated payload
//    and on every rule's invalid examples;
//    stops here (exit 1) if not, since the comparison would not be honest
// 3. sizes (sizes.mjs)
// 4. Node: throughput in a fresh child process per payload family and variant (valid,
//    errors), cold starts in fresh processes (run-node.mjs)
// 5. Chromium: throughput in a fresh page (and browser context) per payload family and
//    variant, cold starts (run-browser.mjs)
// 6. the report: figures, ratios, growth, targets met / not met, machine and versions
//
// Throughput runs on two payload families (generate.mjs, FAMILIES): "compact" (~4 KB
// per order) and "wide" (~8.5 KB per order: more products and features, merchandise
// trees 3–4 levels deep, long strings, CJK text); every throughput target is reported
// for both.
//
// --quick (or BENCH_QUICK=1): short timings for a smoke test; writes results-quick.md.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, PKG_DIR } from './build.mjs';
import { PEERS_LACK, runAgreement } from './agreement.mjs';
import { measureSizes, validationOnlyDir } from './sizes.mjs';
import { runBrowser } from './run-browser.mjs';
import { LICENSE_TYPES } from './lib/values.mjs';
import { interopMarkdown, runInterop } from './interop.mjs';
import { fieldMarkdown, runField } from './field.mjs';
import { CASES } from './lib/measure.mjs';
import { writeCharts } from './charts.mjs';
import { FAMILIES, FAMILY_IDS, SIZES, VARIANTS } from './generate.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const quick = argv.includes('--quick') || !!process.env.BENCH_QUICK;
const withBrowser = !argv.includes('--no-browser');
const started = Date.now();
const log = (...a) => console.error(...a);

// Targets of issue 6 (and issue 26: bodies with errors at 1 order ≥ 1× zod, in place of
// ≥ 1× ajv there; issue 78: and ≥ 1× valibot, valid bodies ≥ 1× ajv without the
// surrogate keyword too, `licensing-sdk/validate` ≥ 3× zod on valid bodies within
// its 45 KB). KB = 1000 bytes.
const TARGETS = { vsAjv: 1.0, vsAjvPlain: 1.0, vsZod: 3.0, lightVsZod: 3.0, jsonVsParseAjv: 1.5, errorsOneVsZod: 1.0, errorsOneVsValibot: 1.0, wasmFullGzipKB: 64, defaultEntryGzipKB: 84, wasmValidationOnlyGzipKB: 40, validateEntryGzipKB: 45, coldChromiumMs: 20, linearMaxRatio: 1.25 };

/** An entry's payload family (results from before the second family have none: compact). */
const familyOf = (e) => e.family ?? 'compact';
/**
 * An environment's throughput (or steps) entries in the order of a run that timed them
 * all in one sequence: family, size, variant (each group comes from its own process or page).
 */
const payloadOrder = (entries) => {
  const key = (e) => [FAMILY_IDS.indexOf(familyOf(e)), SIZES.indexOf(e.size), VARIANTS.indexOf(e.variant)];
  return [...entries].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
};
/** The families an environment's throughput has, in FAMILY_IDS order. */
const familiesIn = (env) => FAMILY_IDS.filter((id) => env.throughput.some((e) => familyOf(e) === id));
const orders = (n) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;

// ---------- facts about the machine and versions ----------

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}
function pkgVersion(name) {
  try {
    return readJson(join(HERE, 'node_modules', name, 'package.json')).version;
  } catch {
    return 'not installed';
  }
}
function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    return line ? line.split(':')[1].trim() : cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model ?? 'unknown';
  }
}
function nproc() {
  try {
    return Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    return cpus().length;
  }
}
function git(args) {
  try {
    return execFileSync('git', ['-C', join(HERE, '..'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
function machineFacts() {
  const wasm = join(PKG_DIR, 'web', 'licensing_sdk_bg.wasm');
  const status = git(['status', '--porcelain']);
  return {
    date: new Date().toISOString(),
    cpu: cpuModel(),
    nproc: nproc(),
    memGiB: totalmem() / 2 ** 30,
    kernel: release(),
    loadStart: loadavg(),
    node: process.version,
    versions: { ajv: pkgVersion('ajv'), zod: pkgVersion('zod'), valibot: pkgVersion('valibot'), esbuild: pkgVersion('esbuild'), 'playwright-core': pkgVersion('playwright-core') },
    sdk: {
      version: readJson(join(PKG_DIR, 'package.json')).version,
      commit: git(['rev-parse', '--short', 'HEAD']),
      dirty: status === null ? null : status.length > 0,
      wasmSha256: createHash('sha256').update(readFileSync(wasm)).digest('hex').slice(0, 16),
      wasmBuilt: statSync(wasm).mtime.toISOString(),
    },
  };
}

// ---------- formatting ----------

const f = (x, d = 2) => (x === undefined || x === null || Number.isNaN(x) ? '–' : x.toFixed(d));
function num(x) {
  if (x >= 1000) return Math.round(x).toLocaleString('en-US');
  if (x >= 100) return x.toFixed(0);
  if (x >= 10) return x.toFixed(1);
  return x.toFixed(2);
}
function ms(x) {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3);
}
const kb = (b) => (b / 1000).toFixed(1);
const ratio = (x) => `${f(x, 2)}×`;
const table = (head, rows) => [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** Whether the run timed case `id` on this payload (ajvPlain: the valid ones only). */
const timedOn = (entry, id) => entry.cases.some((c) => c.id === id);

function opsOf(entry, id) {
  const c = entry.cases.find((c) => c.id === id);
  return { ms: c.medianMs, ops: 1000 / c.medianMs, mbps: entry.bytes / 1e6 / (c.medianMs / 1000), min: c.minMs, max: c.maxMs, iters: c.iters };
}

function throughputTable(entries) {
  const rows = [];
  for (const e of entries) {
    for (const c of CASES.filter((c) => timedOn(e, c.id))) {
      const o = opsOf(e, c.id);
      rows.push([`${e.size.toLocaleString('en-US')}`, f(e.bytes / 1e6, 3), c.label, ms(o.ms), num(o.ops), num(o.mbps), `${ms(o.min)}–${ms(o.max)}`]);
    }
  }
  return table(['orders', 'MB', 'case', 'ms/op (median)', 'ops/s', 'MB/s', 'min–max ms/op'], rows);
}

function ratiosOf(e) {
  const t = (id) => opsOf(e, id).ms;
  // A case the run did not time on this payload gives no ratio (undefined).
  const over = (peer, ours) => (timedOn(e, peer) && timedOn(e, ours) ? t(peer) / t(ours) : undefined);
  return {
    vsAjv: t('ajv') / t('ours'), vsAjvPlain: over('ajvPlain', 'ours'), vsZod: t('zod') / t('ours'), vsValibot: t('valibot') / t('ours'),
    jsonVsParseAjv: t('parseAjv') / t('oursJson'), lightVsZod: over('zod', 'oursLight'),
  };
}

function growthOf(entries, id) {
  const a = entries.find((e) => e.size === 100);
  const b = entries.find((e) => e.size === 1000);
  if (!a || !b || !timedOn(a, id) || !timedOn(b, id)) return null;
  const time = opsOf(b, id).ms / opsOf(a, id).ms;
  const bytes = b.bytes / a.bytes;
  return { t100: opsOf(a, id).ms, t1000: opsOf(b, id).ms, time, bytes, normalized: time / bytes };
}

// ---------- the run ----------

async function main() {
  if (argv.includes('--render')) {
    // The report again from the last run's figures (after a change to its wording).
    const base = quick ? 'results-quick' : 'results';
    const results = readJson(join(HERE, `${base}.json`));
    writeFileSync(join(HERE, `${base}.md`), report(results));
    if (!quick) writeCharts(results);
    log(`[bench] wrote bench/${base}.md${quick ? '' : ' and bench/charts/'} again from bench/${base}.json (no measurement)`);
    return;
  }
  log(`[bench] ${quick ? 'QUICK smoke run' : 'full run'}; results go to ${quick ? 'results-quick.md' : 'results.md'}`);
  const facts = machineFacts();
  const built = await build();

  const agreement = await runAgreement({ quick, log });
  if (!agreement.ok) {
    log('[bench] the peers do not agree with ours on every payload: no timing (the comparison would not be honest)');
    process.exit(1);
  }

  const sizes = await measureSizes({ validationOnly: validationOnlyDir(process.argv), log });

  // One child process per payload family and variant (a clean heap, and no JIT feedback
  // from another group's shapes: timed after the bodies with errors in the same process,
  // ajv ran the valid 1,000-order body 1.5-2x slower); cold starts in the first one.
  const node = { throughput: [], steps: [] };
  const groups = FAMILY_IDS.flatMap((family) => VARIANTS.map((variant) => [family, variant]));
  for (const [k, [family, variant]] of groups.entries()) {
    log(`[bench] Node run, ${family} payloads, ${variant} (child process)…`);
    const out = execFileSync(process.execPath, [join(HERE, 'run-node.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, BENCH_QUICK: quick ? '1' : '', BENCH_BUILT: '1', BENCH_FAMILIES: family, BENCH_VARIANTS: variant, BENCH_NO_COLD: k === 0 ? '' : '1' },
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const part = JSON.parse(out.trim().split('\n').pop());
    node.node = part.node;
    node.throughput.push(...part.throughput);
    node.steps.push(...part.steps);
    if (part.cold) node.cold = part.cold;
  }
  node.throughput = payloadOrder(node.throughput);
  node.steps = payloadOrder(node.steps);

  let browser = null;
  if (withBrowser) {
    log('[bench] Chromium run…');
    browser = await runBrowser({ quick, log });
    browser.throughput = payloadOrder(browser.throughput);
    browser.steps = payloadOrder(browser.steps);
    for (const e of browser.throughput) {
      const n = node.throughput.find((x) => familyOf(x) === familyOf(e) && x.size === e.size && x.variant === e.variant);
      if (!n || n.bytes !== e.bytes) throw new Error(`payload ${familyOf(e)} ${e.size} ${e.variant} differs between Node and Chromium`);
    }
  }
  log('[bench] JSON text against serde-wasm-bindgen (Node)…');
  const interop = await runInterop({ quick, log });
  log('[bench] validateField per keystroke (Node)…');
  const field = await runField({ quick, log });
  facts.loadEnd = loadavg();
  facts.elapsedS = (Date.now() - started) / 1000;
  facts.esbuild = built.esbuildVersion;

  const results = { quick, facts, agreement: { ...agreement, disagreements: agreement.disagreements.length }, sizes, node, browser, interop, field };
  const md = report(results);
  const base = quick ? 'results-quick' : 'results';
  writeFileSync(join(HERE, `${base}.md`), md);
  writeFileSync(join(HERE, `${base}.json`), JSON.stringify(results, null, 1));
  // The ratios as pictures (docs/benchmarks.md shows them), from a full run only.
  if (!quick) writeCharts(results);
  log(`[bench] wrote bench/${base}.md${quick ? '' : ', bench/charts/'} and bench/${base}.json in ${f(facts.elapsedS, 0)} s`);
  log('\n' + md.split('\n## ')[1].replace(/^/, '## '));
}

// ---------- the report ----------

/**
 * "Where the time goes": the unmet targets' steps, timed alone in the same run
 * (lib/measure.mjs, makeStepCases), with what they add up to.
 */
function stepsMarkdown(envs) {
  const out = [];
  out.push('## Where the time goes: the steps of the targets not met');
  out.push('');
  out.push('Each step of the call timed alone, beside the whole call and the peer, in the same harness and run (medians; `lib/measure.mjs`, `makeStepCases`). The steps are the ones the call makes, on the same payload; timed alone they are warmer than inside the call, so they add up to a little less.');
  for (const [name, env] of envs) {
    for (const e of env.steps ?? []) {
      const t = Object.fromEntries(e.cases.map((c) => [c.id, c.medianMs]));
      out.push('');
      out.push(`**${name}, ${familyOf(e)} payloads, ${orders(e.size)}, ${e.variant === 'valid' ? 'valid (`validateJson`; `validate` against ajv without the surrogate keyword)' : 'with errors (`validate`)'}**`);
      out.push('');
      out.push(table(['step', 'ms (median)', 'min–max'], e.cases.map((c) => [c.label, ms(c.medianMs), `${ms(c.minMs)}–${ms(c.maxMs)}`])));
      out.push('');
      if (e.variant === 'valid') {
        const peer = t.parse + t.ajv;
        const budget = peer / TARGETS.jsonVsParseAjv;
        out.push(`validateJson ${ms(t.oursJson)} ms = the copy ${ms(t.copy)} + the walk and the report ≈ ${ms(t.oursJson - t.copy)}. JSON.parse + ajv: ${ms(peer)} ms, so ${f(TARGETS.jsonVsParseAjv, 1)}× needs ≤ ${ms(budget)} ms: the copy alone takes ${f((100 * t.copy) / budget, 0)} % of that, and the walk ${f((100 * (t.oursJson - t.copy)) / budget, 0)} %.`);
        if (t.fastNoTest !== undefined) {
          out.push('');
          out.push(`The test for half of a character (\`validate\` ${ms(t.ours)} ms, ${ratio(t.ajvPlain / t.ours)} ajv without the surrogate keyword): the fast path alone takes ${ms(t.fast)} ms, and ${ms(t.fastNoTest)} ms with that test turned off, so the test is ${f((100 * (t.fast - t.fastNoTest)) / t.fast, 0)} % of it; the keyword is ${f((100 * (t.ajv - t.ajvPlain)) / t.ajv, 0)} % of ajv's ${ms(t.ajv)} ms (without it ${ms(t.ajvPlain)} ms). Without the test the fast path would be ${ratio(t.ajvPlain / t.fastNoTest)} ajv without the keyword, which checks no string for it: a string rule that refuses anything but ASCII (an asset number's pattern, an enumeration, a date) already skips the test; every other string can hold one.`);
        }
        if (t.oursPart !== undefined && e.partBytes) {
          const perMB = (msPerCall, bytes) => msPerCall / (bytes / 1e6);
          const ours = perMB(t.oursWhole, e.bytes) / perMB(t.oursPart, e.partBytes);
          const ajv = perMB(t.ajv, e.bytes) / perMB(t.ajvPart, e.partBytes);
          out.push('');
          out.push(`Growth (\`validate\`): ${ms(perMB(t.oursWhole, e.bytes))} ms per MB on the whole batch, ${ms(perMB(t.oursPart, e.partBytes))} on its first 100 orders, the same objects in memory: ×${f(ours, 2)} per byte (ajv ×${f(ajv, 2)}). Same code, same objects; what differs is how much memory one call walks (${f(e.bytes / 1e6, 1)} MB against ${f(e.partBytes / 1e6, 1)} MB).`);
        }
      } else {
        const wasm = t.ours - t.pass - t.vouched;
        const peers = t.zod !== undefined ? `zod ${ms(t.zod)} ms, valibot ${ms(t.valibot)} ms, ajv ${ms(t.ajv)} ms` : `ajv ${ms(t.ajv)} ms`;
        out.push(`validate ${ms(t.ours)} ms = the fast path's pass ${ms(t.pass)} + the vouched text ${ms(t.vouched)} + the wasm on it and the rest ≈ ${ms(wasm)} (of which the report's JSON.parse ${ms(t.reportParse)}); ${peers}. The way it replaced, the whole body's text (${ms(t.serialize)}) and the wasm on that (${ms(t.wasm)}), would take ${ms(t.pass + t.serialize + t.wasm)} ms.`);
      }
    }
  }
  out.push('');
  return out.join('\n');
}

function report(r) {
  const { facts, sizes, node, browser, agreement } = r;
  const envs = [['Node', node], ...(browser ? [['Chromium', browser]] : [])];
  // An environment's entries of one family (and variant).
  const valid = (env, fam) => env.throughput.filter((e) => e.variant === 'valid' && familyOf(e) === fam);
  const errors = (env, fam) => env.throughput.filter((e) => e.variant === 'errors' && familyOf(e) === fam);
  const families = FAMILY_IDS.filter((id) => envs.some(([, env]) => familiesIn(env).includes(id)));

  // Targets, each with its figure: [target, payloads, figure, status].
  const targets = [];
  const mark = (ok) => (ok === null ? 'not measured' : ok ? '**met**' : '**not met**');
  for (const fam of families) {
    for (const [name, env] of envs) {
      for (const e of valid(env, fam).filter((e) => e.size >= 100)) {
        const q = ratiosOf(e);
        targets.push([`validate ≥ ${f(TARGETS.vsAjv, 1)}× ajv, ${orders(e.size)}, ${name}`, fam, ratio(q.vsAjv), mark(q.vsAjv >= TARGETS.vsAjv)]);
        targets.push([`validate ≥ ${f(TARGETS.vsAjvPlain, 1)}× ajv without the surrogate keyword, ${orders(e.size)}, ${name}`, fam, q.vsAjvPlain === undefined ? 'not timed' : ratio(q.vsAjvPlain), mark(q.vsAjvPlain === undefined ? null : q.vsAjvPlain >= TARGETS.vsAjvPlain)]);
        targets.push([`validate ≥ ${f(TARGETS.vsZod, 0)}× zod, ${orders(e.size)}, ${name}`, fam, ratio(q.vsZod), mark(q.vsZod >= TARGETS.vsZod)]);
        targets.push([`\`licensing-sdk/validate\` validate ≥ ${f(TARGETS.lightVsZod, 0)}× zod, ${orders(e.size)}, ${name}`, fam, q.lightVsZod === undefined ? 'not timed' : ratio(q.lightVsZod), mark(q.lightVsZod === undefined ? null : q.lightVsZod >= TARGETS.lightVsZod)]);
        targets.push([`validateJson ≥ ${f(TARGETS.jsonVsParseAjv, 1)}× JSON.parse + ajv, ${orders(e.size)}, ${name}`, fam, ratio(q.jsonVsParseAjv), mark(q.jsonVsParseAjv >= TARGETS.jsonVsParseAjv)]);
      }
      // Bodies with errors (the form being typed, the bulk import): zod at one order
      // (ajv's figure beside it), ajv with allErrors at 100 and 1,000.
      for (const e of errors(env, fam)) {
        const q = ratiosOf(e);
        if (e.size === 1) {
          targets.push([`validate ≥ ${f(TARGETS.errorsOneVsZod, 1)}× zod on a body with errors, 1 order, ${name}`, fam, `${ratio(q.vsZod)} (ajv: ${ratio(q.vsAjv)})`, mark(q.vsZod >= TARGETS.errorsOneVsZod)]);
          targets.push([`validate ≥ ${f(TARGETS.errorsOneVsValibot, 1)}× valibot on a body with errors, 1 order, ${name}`, fam, ratio(q.vsValibot), mark(q.vsValibot >= TARGETS.errorsOneVsValibot)]);
        } else targets.push([`validate ≥ ${f(TARGETS.vsAjv, 1)}× ajv on a body with errors, ${orders(e.size)}, ${name}`, fam, ratio(q.vsAjv), mark(q.vsAjv >= TARGETS.vsAjv)]);
      }
      for (const id of ['ours', 'oursJson']) {
        const g = growthOf(valid(env, fam), id);
        if (!g) continue;
        const label = id === 'ours' ? 'validate' : 'validateJson';
        targets.push([`${label} time linear in size (100 → 1,000 orders), ${name}`, fam, `time ×${f(g.time, 1)} for bytes ×${f(g.bytes, 1)} (ratio ${f(g.normalized, 2)})`, mark(g.normalized <= TARGETS.linearMaxRatio)]);
      }
    }
  }
  const full = sizes.full;
  targets.push([`wasm (after wasm-opt) ≤ ${TARGETS.wasmFullGzipKB} KB gzip, full package`, '–', full.built ? `${kb(full.wasm.gzip)} KB (${full.wasm.gzip.toLocaleString('en-US')} B)` : 'missing', mark(full.built ? full.wasm.gzip <= TARGETS.wasmFullGzipKB * 1000 : null)]);
  if (sizes.inline) {
    const v = sizes.inline.gzip;
    targets.push([`the default entry \`licensing-sdk\` ≤ ${TARGETS.defaultEntryGzipKB} KB gzip (one module, wasm inside)`, '–', `${kb(v)} KB (${v.toLocaleString('en-US')} B)`, mark(v <= TARGETS.defaultEntryGzipKB * 1000)]);
  }
  const vo = sizes.validationOnly;
  targets.push([`wasm ≤ ${TARGETS.wasmValidationOnlyGzipKB} KB gzip, validation-only`, '–', vo.built ? `${kb(vo.wasm.gzip)} KB (${vo.wasm.gzip.toLocaleString('en-US')} B)` : 'not built', mark(vo.built ? vo.wasm.gzip <= TARGETS.wasmValidationOnlyGzipKB * 1000 : null)]);
  if (sizes.validateEntry) {
    const v = sizes.validateEntry.gzip;
    targets.push([`everything \`licensing-sdk/validate\` loads ≤ ${TARGETS.validateEntryGzipKB} KB gzip (one module, wasm and fast path inside)`, '–', `${kb(v)} KB (${v.toLocaleString('en-US')} B)`, mark(v <= TARGETS.validateEntryGzipKB * 1000)]);
  }
  if (sizes.validateSlim && vo.built) {
    const v = sizes.validateSlim.gzip + vo.wasm.gzip;
    targets.push([`everything \`licensing-sdk/validate/slim\` loads ≤ ${TARGETS.validateEntryGzipKB} KB gzip (module + the wasm it fetches)`, '–', `${kb(v)} KB (${v.toLocaleString('en-US')} B)`, mark(v <= TARGETS.validateEntryGzipKB * 1000)]);
  }
  if (browser) {
    // 'ours-inline' is the default entry (`licensing-sdk`, one module with the
    // wasm inside), 'ours' is slim.
    const ci = browser.cold['ours-inline'].first.medianMs;
    targets.push([`cold start ≤ ${TARGETS.coldChromiumMs} ms in Chromium (first visit, median), default entry \`licensing-sdk\``, '–', `${f(ci, 1)} ms`, mark(ci <= TARGETS.coldChromiumMs)]);
    const c = browser.cold.ours.first.medianMs;
    targets.push([`cold start ≤ ${TARGETS.coldChromiumMs} ms in Chromium (first visit, median), \`licensing-sdk/slim\` (fetches its .wasm)`, '–', `${f(c, 1)} ms`, mark(c <= TARGETS.coldChromiumMs)]);
  } else targets.push([`cold start ≤ ${TARGETS.coldChromiumMs} ms in Chromium`, '–', 'not run', mark(null)]);
  const metCount = targets.filter((t) => t[3] === '**met**').length;
  const metOf = (fam) => {
    const of = targets.filter((t) => t[1] === fam);
    return `${of.filter((t) => t[3] === '**met**').length} of ${of.length}`;
  };

  const variantName = (e) => (e.variant === 'valid' ? 'valid' : 'scattered errors');
  const ratioRows = [];
  for (const fam of families) {
    for (const [name, env] of envs) {
      for (const e of env.throughput.filter((e) => familyOf(e) === fam)) {
        const q = ratiosOf(e);
        ratioRows.push([name, fam, variantName(e), e.size.toLocaleString('en-US'), ratio(q.vsAjv), ratio(q.vsZod), ratio(q.vsValibot), ratio(q.jsonVsParseAjv), q.vsAjvPlain === undefined ? '–' : ratio(q.vsAjvPlain)]);
      }
    }
  }
  const growthRows = [];
  for (const fam of families) {
    for (const [name, env] of envs) {
      for (const variant of ['valid', 'errors']) {
        for (const c of CASES) {
          const g = growthOf(env.throughput.filter((e) => e.variant === variant && familyOf(e) === fam), c.id);
          if (g) growthRows.push([name, fam, variant === 'valid' ? 'valid' : 'scattered errors', c.label, ms(g.t100), ms(g.t1000), `×${f(g.time, 2)}`, `×${f(g.bytes, 2)}`, f(g.normalized, 2)]);
        }
      }
    }
  }
  const coldNames = { ours: 'ours, `licensing-sdk/slim` (load + fetch and instantiate wasm + first validate)', 'ours-inline': 'ours, default entry `licensing-sdk` (one module, wasm inside)', 'ours-inline-error': 'ours, default entry, the order with one error (the first call decodes, compiles and instantiates the wasm inside)', 'ours-steps': 'ours, the default entry\'s parts as one module, the same order, its steps timed one by one (below)', 'ajv-standalone': 'ajv standalone validator (load + first validate)', 'ajv-runtime': 'ajv + schema (load + compile + first validate)', zod: 'zod + schema (load + first safeParse)', noop: 'baseline: import of a tiny module, no validation' };
  const range = (s) => `${f(s.medianMs, 1)} (${f(s.minMs, 1)}–${f(s.maxMs, 1)})`;
  const coldRows = Object.keys(coldNames).map((k) => [coldNames[k], node.cold[k] ? range(node.cold[k]) : '–', browser?.cold[k] ? range(browser.cold[k].first) : '–', browser?.cold[k] ? range(browser.cold[k].repeat) : '–']);

  const sizeRows = [];
  const ours = (s, what) => {
    if (!s.built) {
      sizeRows.push([s.label, 'not built', '', '']);
      return;
    }
    sizeRows.push([`${s.label}: wasm`, `${s.wasm.raw.toLocaleString('en-US')}`, `${s.wasm.gzip.toLocaleString('en-US')}`, `${kb(s.wasm.gzip)} KB`]);
    sizeRows.push([`${s.label}: JS glue as wasm-bindgen writes it`, `${s.glue.raw.toLocaleString('en-US')}`, `${s.glue.gzip.toLocaleString('en-US')}`, `${kb(s.glue.gzip)} KB`]);
    sizeRows.push([`${s.label}: JS glue minified (esbuild)`, `${s.glueMin.raw.toLocaleString('en-US')}`, `${s.glueMin.gzip.toLocaleString('en-US')}`, `${kb(s.glueMin.gzip)} KB`]);
    sizeRows.push([`${s.label}: **wasm + minified glue**`, `${(s.wasm.raw + s.glueMin.raw).toLocaleString('en-US')}`, `${(s.wasm.gzip + s.glueMin.gzip).toLocaleString('en-US')}`, `**${kb(s.wasm.gzip + s.glueMin.gzip)} KB**`]);
  };
  ours(sizes.full);
  if (sizes.entryJsMin) {
    const e = sizes.entryJsMin;
    sizeRows.push(['ours: `licensing-sdk/slim` (`pkg/slim.js`: glue + generated fast path + entry; it fetches the wasm), minified (esbuild)', e.raw.toLocaleString('en-US'), e.gzip.toLocaleString('en-US'), `${kb(e.gzip)} KB`]);
    if (sizes.full.built) {
      const raw = sizes.full.wasm.raw + e.raw;
      const gz = sizes.full.wasm.gzip + e.gzip;
      sizeRows.push(['ours: **everything `licensing-sdk/slim` loads** (wasm + that module)', raw.toLocaleString('en-US'), gz.toLocaleString('en-US'), `**${kb(gz)} KB**`]);
    }
  }
  if (sizes.inline) sizeRows.push(['ours: **the default entry `licensing-sdk`** (`pkg/index.js`: one minified module, wasm inside as printable text)', sizes.inline.raw.toLocaleString('en-US'), sizes.inline.gzip.toLocaleString('en-US'), `${kb(sizes.inline.gzip)} KB`]);
  if (sizes.testing) {
    const t = sizes.testing;
    sizeRows.push(['ours, apart: `licensing-sdk/testing` simulator wasm (createSimulator; loaded by tests only)', t.wasm.raw.toLocaleString('en-US'), t.wasm.gzip.toLocaleString('en-US'), `${kb(t.wasm.gzip)} KB`]);
    sizeRows.push(['ours, apart: `licensing-sdk/testing` module (`pkg/testing.mjs`: simulator glue + invalid examples), minified', t.jsMin.raw.toLocaleString('en-US'), t.jsMin.gzip.toLocaleString('en-US'), `${kb(t.jsMin.gzip)} KB`]);
  }
  ours(sizes.validationOnly);
  if (sizes.validateEntry) {
    const v = sizes.validateEntry;
    sizeRows.push(['ours: **`licensing-sdk/validate`** (`pkg/validate.js`: one minified module, the validation-only wasm inside as printable text)', v.raw.toLocaleString('en-US'), v.gzip.toLocaleString('en-US'), `**${kb(v.gzip)} KB**`]);
  }
  if (sizes.validateSlim && sizes.validationOnly.built) {
    const m = sizes.validateSlim;
    const w = sizes.validationOnly.wasm;
    sizeRows.push(['ours: `licensing-sdk/validate/slim` (`pkg/validate-slim.js`, minified; it fetches the wasm)', m.raw.toLocaleString('en-US'), m.gzip.toLocaleString('en-US'), `${kb(m.gzip)} KB`]);
    sizeRows.push(['ours: **everything `licensing-sdk/validate/slim` loads** (that module + `validate/licensing_sdk_bg.wasm`)', (m.raw + w.raw).toLocaleString('en-US'), (m.gzip + w.gzip).toLocaleString('en-US'), `**${kb(m.gzip + w.gzip)} KB**`]);
  }
  if (sizes.outbox) {
    const o = sizes.outbox;
    if (o.wasm) sizeRows.push(['ours, apart: `licensing-sdk/outbox` wasm (licensing-client\'s recovery; inside the module below)', o.wasm.raw.toLocaleString('en-US'), o.wasm.gzip.toLocaleString('en-US'), `${kb(o.wasm.gzip)} KB`]);
    sizeRows.push(['ours, apart: **`licensing-sdk/outbox`** (`pkg/outbox.mjs`: one minified module, its wasm inside as printable text; on top of an entry with the client)', o.entry.raw.toLocaleString('en-US'), o.entry.gzip.toLocaleString('en-US'), `**${kb(o.entry.gzip)} KB**`]);
  }
  const where = [sizes.full, sizes.validationOnly].filter((s) => s.built).map((s) => `${s.label}: \`${relative(join(HERE, '..'), s.dir) || '.'}\`, wasm built ${s.wasmBuilt}`);
  for (const p of sizes.peers) sizeRows.push([`${p.label} (esbuild bundle, minified)`, p.raw.toLocaleString('en-US'), p.gzip.toLocaleString('en-US'), `${kb(p.gzip)} KB`]);

  // The summary: the figures a README needs, all from this run.
  const sum = [];
  for (const fam of families) {
    for (const [name, env] of envs) {
      if (!familiesIn(env).includes(fam)) continue;
      const parts = valid(env, fam).filter((e) => e.size >= 100).map((e) => {
        const q = ratiosOf(e);
        return `${orders(e.size)}: validate ${num(opsOf(e, 'ours').mbps)} MB/s = ${ratio(q.vsAjv)} ajv (${q.vsAjvPlain === undefined ? 'not timed' : ratio(q.vsAjvPlain)} without the surrogate keyword), ${ratio(q.vsZod)} zod; validateJson ${ratio(q.jsonVsParseAjv)} JSON.parse + ajv`;
      });
      const errs = errors(env, fam).map((e) => {
        const q = ratiosOf(e);
        return e.size === 1 ? `1 order ${ratio(q.vsZod)} zod, ${ratio(q.vsValibot)} valibot (${ratio(q.vsAjv)} ajv)` : `${orders(e.size)} ${ratio(q.vsAjv)} ajv`;
      });
      const growth = ['ours', 'oursJson'].map((id) => [id, growthOf(valid(env, fam), id)]).filter(([, g]) => g)
        .map(([id, g]) => `${id === 'ours' ? 'validate' : 'validateJson'} ${f(g.normalized, 2)}`);
      // The validation-only entry, with the fast path (issue 78).
      const light = valid(env, fam).map((e) => {
        const o = opsOf(e, 'oursLight');
        return `${orders(e.size)} ${e.size === 1 ? `${ms(o.ms)} ms` : `${num(o.mbps)} MB/s`} = ${ratio(opsOf(e, 'zod').ms / o.ms)} zod`;
      });
      sum.push(`- **${name}, ${fam} payloads** — ${parts.join('; ')}. Bodies with errors, validate: ${errs.join(', ')}.` + (growth.length ? ` Time ÷ bytes from 100 to 1,000 orders: ${growth.join(', ')}.` : '')
        + ` \`licensing-sdk/validate\`, valid bodies: ${light.join(', ')}.`);
    }
  }
  sum.push(`- **Cold start** (load + first validate, median): Node ${f(node.cold.ours.medianMs, 1)} ms` + (browser ? `, Chromium default entry ${f(browser.cold['ours-inline'].first.medianMs, 1)} ms first visit / ${f(browser.cold['ours-inline'].repeat.medianMs, 1)} ms repeat visit, \`licensing-sdk/slim\` ${f(browser.cold.ours.first.medianMs, 1)} / ${f(browser.cold.ours.repeat.medianMs, 1)} ms` : '') +
    ` (ajv standalone: Node ${f(node.cold['ajv-standalone'].medianMs, 1)} ms` + (browser ? `, Chromium ${f(browser.cold['ajv-standalone'].first.medianMs, 1)} ms` : '') + `; zod: Node ${f(node.cold.zod.medianMs, 1)} ms` + (browser ? `, Chromium ${f(browser.cold.zod.first.medianMs, 1)} ms` : '') + ').');
  sum.push(`- **Size** (gzip -9): our wasm ${full.built ? `${kb(full.wasm.gzip)} KB` : 'missing'} full` + (vo.built ? `, ${kb(vo.wasm.gzip)} KB validation-only` : ', validation-only not built') +
    `, + ${full.built ? kb(full.glueMin.gzip) : '–'} KB minified glue; ajv standalone validator ${kb(sizes.peers[0].gzip)} KB, ajv + schema ${kb(sizes.peers[1].gzip)} KB, zod + schema ${kb(sizes.peers[2].gzip)} KB, valibot + schema ${kb(sizes.peers[3].gzip)} KB.`);
  sum.push(`- **Targets**: ${metCount} of ${targets.length} met (table below): ` + families.map((fam) => `${metOf(fam)} on the ${fam} payloads`).join(', ') + `, ${metOf('–')} of size and cold start.`);

  const machine = table(['', ''], [
    ['date', facts.date],
    ['mode', (r.quick ? '**QUICK smoke run** (3 short rounds; not representative)' : 'full run (9 rounds per case)') + `, payload families: ${families.join(', ')} (the same rounds for each)`],
    ['CPU', `${facts.cpu}, nproc ${facts.nproc}`],
    ['memory', `${f(facts.memGiB, 1)} GiB`],
    ['kernel', facts.kernel],
    ['load average (1, 5, 15 min) at start / end', `${facts.loadStart.map((x) => f(x, 2)).join(', ')} / ${facts.loadEnd.map((x) => f(x, 2)).join(', ')}`],
    ['Node', facts.node],
    ['Chromium', browser ? `${browser.version} (headless, /usr/bin/chromium via playwright-core ${facts.versions['playwright-core']}; cross-origin isolated: ${browser.crossOriginIsolated})` : 'not run'],
    ['licensing-sdk', `${facts.sdk.version}, commit ${facts.sdk.commit}${facts.sdk.dirty ? ' (work tree with changes)' : ''}; wasm sha256 ${facts.sdk.wasmSha256}…, built ${facts.sdk.wasmBuilt}`],
    ['peers', `ajv ${facts.versions.ajv} (standalone code), zod ${facts.versions.zod}, valibot ${facts.versions.valibot}`],
    ['bundler', `esbuild ${facts.esbuild}`],
    ['run time', `${f(facts.elapsedS, 0)} s`],
  ]);

  const out = [];
  out.push('# Benchmark: licensing-sdk vs ajv, zod and valibot');
  out.push('');
  out.push(`Generated by \`bench/bench.mjs\` (\`cd bench && npm install && node bench.mjs\`) on ${facts.date}.` + (r.quick ? ' **Quick smoke run: the numbers are not representative.**' : '') + ' Every figure below comes from this run.');
  out.push('');
  out.push('## Summary');
  out.push('');
  out.push(sum.join('\n'));
  out.push('');
  out.push('Ratios are ops/s of ours ÷ ops/s of the peer (above 1: ours is faster). MB = 10⁶ bytes of the payload\'s JSON text (UTF-8); KB = 1000 bytes.');
  out.push('');
  out.push('## Targets');
  out.push('');
  out.push(table(['target', 'payloads', 'figure', 'status'], targets));
  out.push('');
  out.push(`Every throughput target on both payload families (Method: compact, ~4 KB per order; wide, ~8.5 KB per order). Ratios on the valid payloads, but for the rows "on a body with errors" (the payloads with scattered errors): at one order the target is zod's figure (issue 26; ajv's beside it, and in the Ratios table), at 100 and 1,000 orders ajv's. "Linear" means the time per op grows no more than ${TARGETS.linearMaxRatio}× faster than the payload bytes from 100 to 1,000 orders. The cold-start target is the Chromium first visit (fresh browser context, empty cache).`);
  out.push('');
  out.push('## Machine and versions');
  out.push('');
  out.push(machine);
  out.push('');
  out.push('## Agreement');
  out.push('');
  const agreedFamilies = agreement.byFamily ? Object.entries(agreement.byFamily).map(([fam, c]) => `${fam} ${c.total} (${c.valid} valid)`).join(', ') : null;
  out.push(`${agreement.total} generated payloads (${agreement.valid} valid, ${agreement.invalid} invalid${agreedFamilies ? `; ${agreedFamilies}` : ''}): ours (\`validate('batchOrder', p).valid\`), ajv, zod and valibot gave the same verdict on every one, and it was the verdict the generator built the payload for. ${agreement.mutations.length} kinds of change (below), each alone in batches of 1, 10 and 100 orders (wide: 1 and 10), and mixed ("scattered") in batches of 100 and 1,000; the timed payloads too. The same full ajv and zod schemas take both families.` +
    (agreement.examples !== undefined ? ` And on each of the ${agreement.examples} invalid examples of batchOrder that \`licensing-sdk/testing\` holds (every rule file's), the peers gave our verdict (but ${Object.keys(PEERS_LACK).map((c) => `\`${c}\``).join(', ')}: ${Object.values(PEERS_LACK).join('; ')}).` : ''));
  out.push('');
  for (const fam of families) {
    for (const [name, env] of envs) {
      if (!familiesIn(env).includes(fam)) continue;
      out.push(`## Throughput: ${name}, ${fam} payloads, valid`);
      out.push('');
      out.push(throughputTable(valid(env, fam)));
      out.push('');
    }
    for (const [name, env] of envs) {
      if (!familiesIn(env).includes(fam)) continue;
      out.push(`## Throughput: ${name}, ${fam} payloads with scattered errors`);
      out.push('');
      out.push('About one error per 25 orders (at least one), of the kinds in the agreement table, plus a few warnings. All three report every error (ajv with `allErrors`).');
      out.push('');
      out.push(throughputTable(errors(env, fam)));
      out.push('');
    }
  }
  out.push('## Ratios');
  out.push('');
  out.push(table(['environment', 'family', 'payload', 'orders', 'validate ÷ ajv', 'validate ÷ zod', 'validate ÷ valibot', 'validateJson ÷ (JSON.parse + ajv)', 'validate ÷ ajv without the surrogate keyword (valid bodies)'], ratioRows));
  out.push('');
  out.push('## Growth from 100 to 1,000 orders');
  out.push('');
  out.push(table(['environment', 'family', 'payload', 'case', 'ms/op at 100', 'ms/op at 1,000', 'time', 'bytes', 'time ÷ bytes'], growthRows));
  out.push('');
  if (node.steps || browser?.steps) out.push(stepsMarkdown(envs));
  out.push('## Cold start');
  out.push('');
  out.push('Median (min–max) in ms of load + instantiate (or compile) + the first validation of a valid one-order batch (but for the row that gives the order one error: a valid body is answered by the fast path, with no wasm). Node: a fresh `node` process per run, timed from just before the `import()` to the verdict (Node\'s own start-up excluded). Chromium: a page per run, timed the same way inside the page once it has loaded (load event + 50 ms, so the page’s own loading does not overlap); "first visit" is a new browser context (empty HTTP cache), "repeat visit" the same URL again in that context (HTTP cache and V8’s code cache warm). The baseline row is the cost of any dynamic import there. The payload is made before the clock starts.');
  out.push('');
  out.push(table(['what', 'Node, fresh process', 'Chromium, first visit', 'Chromium, repeat visit'], coldRows));
  const ph = browser?.cold.ours.phases;
  if (ph) {
    out.push('');
    out.push('Where `licensing-sdk/slim`\'s first visit goes in Chromium (medians of resource-timing marks, ms after `import()` starts; the default entry makes one request, and its wasm is made by the first call that needs it):');
    out.push('');
    out.push(table(['phase', 'from', 'to', 'ms'], [
      ['the module (`pkg/slim.js`) requested', '0', f(ph.moduleRequested, 1), f(ph.moduleRequested, 1)],
      ['the module downloaded', f(ph.moduleRequested, 1), f(ph.moduleReceived, 1), f(ph.moduleReceived - ph.moduleRequested, 1)],
      ['the module parsed and run until it asks for the wasm', f(ph.moduleReceived, 1), f(ph.wasmRequested, 1), f(ph.wasmRequested - ph.moduleReceived, 1)],
      ['the wasm downloaded (compiled as it streams)', f(ph.wasmRequested, 1), f(ph.wasmReceived, 1), f(ph.wasmReceived - ph.wasmRequested, 1)],
      ['compile finished, instantiate, first validate', f(ph.wasmReceived, 1), f(ph.done, 1), f(ph.done - ph.wasmReceived, 1)],
    ]));
  }
  const st = browser?.cold['ours-steps']?.steps;
  if (st) {
    out.push('');
    out.push('Where the default entry\'s first call with an error goes in Chromium, first visits (medians of each step, ms): the entry\'s parts (the glue, the validators, the wasm as printable text and its decoder: `bench/build/cold-steps.bundle.js`, built by `build.mjs`) as one module, each step the entry takes timed alone by the page (`browser/cold.mjs`, `ours-steps`). A valid order needs only the import: the fast path answers it.');
    out.push('');
    const sum = st.import + st.decode + st.compile + st.instantiate + st.firstCall;
    out.push(table(['step', 'ms'], [
      ['import the module (download, parse, run)', f(st.import, 1)],
      ['decode the printable text into the wasm\'s bytes', f(st.decode, 1)],
      ['compile (`new WebAssembly.Module`, synchronous)', f(st.compile, 1)],
      ['instantiate (the glue\'s `initSync`)', f(st.instantiate, 1)],
      ['the first `validate` (the fast path, the text, the walk, the report)', f(st.firstCall, 1)],
      ['the steps together', f(sum, 1)],
    ]));
  }
  const nav = browser?.cold.navigation;
  if (nav) {
    out.push('');
    out.push('A page that imports `licensing-sdk/slim` as it loads (`bench/browser/cold-nav*.html`: static imports, no wait for the load event), timed from navigation start to the first verdict, first visits (median, min–max ms). With the two hints the wasm downloads with the page instead of after the module has run; the entry\'s own fetch takes the preloaded response (checked: one fetch of the wasm).');
    out.push('');
    out.push(table(['the page', 'Chromium, first visit'], [
      ['no hints', range(nav.plain)],
      ['`<link rel="modulepreload" href=".../index.js">` and `<link rel="preload" href=".../licensing_sdk_bg.wasm" as="fetch" type="application/wasm" crossorigin>`', range(nav.hints)],
    ]));
  }
  out.push('');
  out.push('## Sizes');
  out.push('');
  out.push('Bytes, raw and gzip -9 (zlib). Ours: `pkg/web/licensing_sdk_bg.wasm` (after `wasm-opt -Oz`) and its glue as wasm-bindgen writes it (`target/bind/web/licensing_sdk.js`); the validation-only build is the crate built with `--no-default-features` (no client), the one `licensing-sdk/validate` ships in `pkg/validate/` (measured with its glue in `target/bind/validate/`) (or another given to the benchmark with `--validation-only-dir=DIR` or `BENCH_VALIDATION_ONLY_DIR`). Peers: bundled by esbuild (bundle, minify, platform browser, esm) from an entry that exports the validator.');
  out.push('');
  out.push(table(['artefact', 'raw B', 'gzip B', 'gzip'], sizeRows));
  out.push('');
  out.push(where.map((w) => `- ${w}`).join('\n'));
  out.push('');
  const built = [r.sizes.full, r.sizes.validationOnly].filter((w) => w.built && w.sections);
  if (built.length > 0) {
    out.push('Where the wasms\' bytes go: each part alone, raw and gzip -9 (gzip finds less in a part alone, so the parts add up to a little more than the whole). Code is the functions; data, the messages in both locales, the schema and rule tables and the examples; the rest, the types, imports, exports and tables. What was tried to make the full wasm smaller, with its figures: docs/design.md ("The package\'s wasm toolchain", "The budget moved again").');
    out.push('');
    const part = { code: 'code', data: 'data', rest: 'the rest' };
    out.push(table(['wasm', 'part', 'raw B', 'gzip B', 'share of the whole\'s gzip'], built.flatMap((w) => Object.entries(part).map(([k, name]) =>
      [w.label, name, w.sections[k].raw.toLocaleString('en-US'), w.sections[k].gzip.toLocaleString('en-US'), `${Math.round((100 * w.sections[k].gzip) / w.wasm.gzip)} %`]))));
    out.push('');
  }
  if (r.field) out.push(fieldMarkdown(r.field));
  if (r.interop) out.push(interopMarkdown(r.interop));
  out.push('## Method');
  out.push('');
  out.push([
    '- **Payloads** (`generate.mjs`, deterministic seeds, the same module in Node and Chromium): batch orders of 1, 100 and 1,000 orders, in two families. **compact** (`makeBatch`, ~4 KB per order): customer fields, one of ' + LICENSE_TYPES.length + ' licence types, new_buy (60 %), delete_asset or delete_product, 1–3 assets with 1–3 asset numbers, extensions and limits; new_buy assets have 1–2 full products with 1–3 features and, half of them, a merchandise tree 2–3 levels deep whose leaves list products; delete_product assets have 1–2 products reduced to the delete fields, half with strict matching. **wide** (`generate-wide.mjs`, `makeWideBatch`, ~8.5 KB per order; 8.8 KB for its one-order payload): new_buy (70 %), delete_asset (10 %), delete_product (20 %); 2–3 assets of 2–6 asset numbers, each with 2–4 extensions, one a remark of 30–140 CJK characters (the spec has no remark field: an unknown field would be a warning); new_buy assets have 1–2 full products (every field) with 3–6 features and, 40 % of them, a merchandise tree 3–4 levels deep (1–2 packages under the root, mostly 1 below); Chinese company names, addresses, person, product, package and feature names, some Japanese and Korean, full-width punctuation, feature values with JSON-ish text (quotes to escape), the odd newline in a remark. Both families are valid with no issue at all (no warning either), so `validate` takes its fast path on the valid ones.',
    '- **Our design** (what the figures measure): `validate` (object input) first runs a JavaScript fast path generated from the Rust schema tables (`js/generated/fast-check.js`, by `xtask/src/fast_check.rs`), which answers a body it can prove clean without entering the wasm; any other body (one issue, even a warning, or a value it does not handle) is serialized with `JSON.stringify` and read by the wasm validator, which builds the report. So the valid payloads time the fast path and the payloads with errors time the fast path up to the first issue plus the wasm. `validateJson` (text input) always runs the wasm: a one-pass streaming validator over the text (no tree).',
    '- **Cases**: `validate(\'batchOrder\', body)` vs `ajvValidate(body)` (and, on the valid bodies, ajv without the surrogate keyword: `peers/ajv-schema.mjs`\'s `schemaWithoutSurrogateTest`, the schema as ajv\'s users usually write it, which passes half of a character) vs `zodSchema.safeParse(body)` vs valibot\'s `safeParse(batchOrder, body)` on the same parsed object; `validateJson(\'batchOrder\', text)` vs `ajvValidate(JSON.parse(text))` on the same text. Default options for ours (English messages, up to 100 issues); ajv with `allErrors: true`; each call\'s verdict is checked before timing.',
    '- **Timing** (`lib/measure.mjs`, the same code in both environments): each payload family\'s valid bodies and its bodies with errors are timed in their own Node process and their own Chromium page (a fresh browser context), since what the JIT learns on one group slows the next (timed after the bodies with errors in the same process, ajv took 1.5–2× as long on the valid 1,000-order body). Per payload, each case is warmed up for ' + (r.quick ? '40' : '250') + ' ms (which also sets how many calls make a round of about ' + (r.quick ? '30' : '200') + ' ms), then ' + (r.quick ? '3' : '9') + ' rounds in which the cases take turns (order rotated each round). The figure is the median time per call over the rounds; min–max shows the spread.',
    '- **Peers** (`peers/`): ajv v8 with a JSON Schema of the batch order (draft-07, `if`/`then` for the cross-field rules, ajv\'s `$data` for end ≥ start, a user keyword for unique `sequence`, which JSON Schema cannot express), compiled to standalone code; zod v4 with `superRefine` for the cross-field rules; valibot v1 with a `rawCheck` in each object\'s pipe for them (written by hand as the other two are; `safeParse` with its default, every issue). All three encode every rule that decides validity; warnings (unknown fields, e-mail format, recommended srcLicenseOrderId, transfer on a refund) do not, and unknown fields are allowed. Known limits: zod\'s `z.int()` stops at ±(2⁵³ − 1) where ours and the ajv schema accept any i64 (not generated); zod skips an object\'s refinements once its fields have issues, and so does the valibot schema (its checks read only typed objects), so they list fewer issues on invalid bodies (same verdict); valibot\'s `safeInteger` stops where zod\'s `z.int()` does.',
    '- **Noise**: 2 cores; see the load average above. Medians over rounds damp but do not remove the effect of other processes.',
  ].join('\n'));
  out.push('');
  out.push('## Appendix: kinds of change in the agreement check');
  out.push('');
  out.push('"Our report has it": in how many of the payloads with that change our report listed that code (or, for "no issue", no issue at all).');
  out.push('');
  const byFam = (m) => (m.byFamily ? ` (${Object.values(m.byFamily).join(' + ')})` : '');
  out.push(table(['change', 'our code', 'makes the body', `payloads${agreement.byFamily ? ` (${Object.keys(agreement.byFamily).join(' + ')})` : ''}`, 'our report has it'], agreement.mutations.map((m) => [m.name, m.code ? `\`${m.code}\`` : '(no issue)', m.error ? 'invalid' : 'valid', `${m.payloads}${byFam(m)}`, `${m.codeSeen}/${m.payloads}`])));
  out.push('');
  return out.join('\n');
}

await main();
