// Why the wasm path passes JSON text and not serde-wasm-bindgen objects: both ways
// built from bench/interop (the same validator, one path per build), sized, and
// timed side by side in Node on the benchmark's batch orders (valid, and with
// errors, so the report coming back is not empty).
//
//   node interop.mjs [--quick]        (make bench runs it and puts the table in results.md)

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { timingPayloads } from './generate.mjs';
import { measure, timingConfig } from './lib/measure.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');
const OUT = join(HERE, 'build', 'interop');
const require = createRequire(import.meta.url);

/** Builds one path: the wasm-bindgen output for Node, and the wasm's gzip size. */
function buildPath(feature) {
  execFileSync('cargo', ['build', '-q', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'interop-bench', '--features', feature], { cwd: ROOT, stdio: 'inherit' });
  const dir = join(OUT, feature);
  mkdirSync(dir, { recursive: true });
  const wasm = join(ROOT, 'target', 'wasm32-unknown-unknown', 'release', 'interop_bench.wasm');
  execFileSync('wasm-bindgen', ['--target', 'nodejs', '--out-dir', dir, wasm], { stdio: 'inherit' });
  writeFileSync(join(dir, 'package.json'), '{ "type": "commonjs" }\n'); // bench/ is ESM
  const bytes = readFileSync(join(dir, 'interop_bench_bg.wasm'));
  return { module: require(join(dir, 'interop_bench.js')), gzip: gzipSync(bytes, { level: 9 }).length };
}

export async function runInterop({ quick = false, log = console.error } = {}) {
  log('[interop] building the text and the serde-wasm-bindgen paths');
  const text = buildPath('text');
  const serde = buildPath('serde');
  const rows = [];
  for (const p of await timingPayloads(quick ? [100] : [100, 1000])) {
    const body = JSON.parse(p.text);
    // Same report both ways (checked before timing), but for the order of the
    // issues (a serde_json::Value sorts object keys, and issues come in key order)
    // and for lone_surrogate, which only the text sees: serde-wasm-bindgen makes a
    // Rust String of a JS string, which puts U+FFFD for half of a character, so a
    // body holding one (the errors payloads may) reads as whole there. One more
    // reason the package passes text.
    const a = JSON.parse(text.module.validateText(JSON.stringify(body)));
    const b = serde.module.validateObject(body);
    const sorted = (r) => JSON.stringify([r.valid, r.issues.filter((i) => i.code !== 'lone_surrogate').map((i) => JSON.stringify(i)).sort()]);
    if (sorted(a) !== sorted(b)) throw new Error(`interop: the two paths disagree on n=${p.size} ${p.variant}`);
    const cases = [
      { id: 'textIn', fn: () => text.module.textIn(JSON.stringify(body)) > 0 },
      { id: 'objectIn', fn: () => serde.module.objectIn(body) > 0 },
      { id: 'text', fn: () => JSON.parse(text.module.validateText(JSON.stringify(body))).valid === p.expectedValid },
      { id: 'serde', fn: () => serde.module.validateObject(body).valid === p.expectedValid },
    ];
    const r = await measure(cases, { expectedValid: true, ...timingConfig(quick) });
    const ms = (id) => r.cases.find((x) => x.id === id).medianMs;
    rows.push({ size: p.size, variant: p.variant, kb: p.bytes / 1000, issues: a.issues.length, textIn: ms('textIn'), objectIn: ms('objectIn'), text: ms('text'), serde: ms('serde') });
    log(`[interop] n=${p.size} ${p.variant}: text ${ms('text').toFixed(3)} ms, serde ${ms('serde').toFixed(3)} ms`);
  }
  return { textGzip: text.gzip, serdeGzip: serde.gzip, rows };
}

export function interopMarkdown({ textGzip, serdeGzip, rows }) {
  const f = (x) => x.toFixed(3);
  const lines = [
    '## Into the wasm and back: JSON text against serde-wasm-bindgen (Node)',
    '',
    'The same validator built twice from `bench/interop` (release profile, no wasm-opt): text in and out',
    '(`JSON.stringify` → `&str`, report → `JSON.parse`), or objects through serde-wasm-bindgen',
    '(`from_value` into a `serde_json::Value`, the report back with `to_value`). Medians, ms per call;',
    '"in" is the input step alone. See docs/design.md.',
    '',
    `wasm gzip: text ${(textGzip / 1000).toFixed(1)} KB, serde-wasm-bindgen ${(serdeGzip / 1000).toFixed(1)} KB (+${((serdeGzip - textGzip) / 1000).toFixed(1)} KB)`,
    '',
    '| body | KB | issues | text in | serde in | text total | serde total | serde / text |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(`| ${r.size} orders, ${r.variant} | ${r.kb.toFixed(0)} | ${r.issues} | ${f(r.textIn)} | ${f(r.objectIn)} | ${f(r.text)} | ${f(r.serde)} | ${(r.serde / r.text).toFixed(2)}× |`);
  }
  return lines.join('\n') + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick') || !!process.env.BENCH_QUICK;
  process.stdout.write(interopMarkdown(await runInterop({ quick })));
}
