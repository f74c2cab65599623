// The bench's ratios as pictures: one SVG per environment (Node, Chromium), drawn
// from a run's own results (results.json), never by hand. Each row is a payload
// (family, valid or with errors, its orders), each bar ours ÷ a peer's time on it
// (above 1: ours is faster), on a log scale with the line at 1. Plain SVG text, no
// library and nothing fetched: GitHub, npm and a clone show it as it is.
//
//   node charts.mjs [results.json]   (writes charts/ratios-node.svg, charts/ratios-chromium.svg)
//
// `bench.mjs` calls `writeCharts` after each full run, beside results.md.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The peers, each with its bar's colour (colour-blind safe: Okabe–Ito). */
export const PEERS = [
  { id: 'ajv', label: 'ajv', colour: '#0072B2' },
  { id: 'zod', label: 'zod', colour: '#E69F00' },
  { id: 'valibot', label: 'valibot', colour: '#009E73' },
];

/** The scale's ends (ratios past them are drawn at the end, their figure still written). */
const MIN_RATIO = 0.03;
const MAX_RATIO = 30;
const TICKS = [0.03, 0.1, 0.3, 1, 3, 10, 30];

const BAR = 9;
const GAP = 3;
const ROW_GAP = 8;
const LEFT = 220;
const PLOT = 420;
const RIGHT = 70;
const TOP = 58;

const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fmt = (ratio) => `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
const orders = (n) => `${n.toLocaleString('en-US')} order${n === 1 ? '' : 's'}`;

/** x of a ratio on the log scale. */
function xOf(ratio) {
  const clamped = Math.min(MAX_RATIO, Math.max(MIN_RATIO, ratio));
  return LEFT + (PLOT * Math.log10(clamped / MIN_RATIO)) / Math.log10(MAX_RATIO / MIN_RATIO);
}

/** The median time of case `id` on a payload, or undefined when the run did not time it. */
const medianOf = (entry, id) => entry.cases.find((c) => c.id === id)?.medianMs;

/**
 * The rows of one environment's chart: each payload the run timed, with ours ÷
 * each peer (`undefined` for a peer the run did not time).
 */
export function ratioRows(throughput) {
  return throughput.map((e) => {
    const ours = medianOf(e, 'ours');
    const ratios = Object.fromEntries(PEERS.map((p) => {
      const peer = medianOf(e, p.id);
      return [p.id, ours && peer ? peer / ours : undefined];
    }));
    return { label: `${e.family ?? 'compact'}, ${e.variant === 'valid' ? 'valid' : 'with errors'}, ${orders(e.size)}`, ratios };
  });
}

/** One environment's chart as SVG text; every bar carries its figure in words (its `<title>`). */
export function ratioChart(name, throughput, { date = '' } = {}) {
  const rows = ratioRows(throughput);
  const rowHeight = PEERS.length * (BAR + GAP) - GAP + ROW_GAP;
  const height = TOP + rows.length * rowHeight + 34;
  const width = LEFT + PLOT + RIGHT;
  const out = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`);
  out.push(`<title>validate: ours ÷ each peer, ${escapeXml(name)}${date ? `, ${escapeXml(date)}` : ''}</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="8" y="18" font-size="13" font-weight="bold">validate in ${escapeXml(name)}: ours ÷ each peer (above 1: ours is faster; log scale)</text>`);
  PEERS.forEach((p, i) => {
    const x = LEFT + i * 90;
    out.push(`<rect x="${x}" y="28" width="10" height="10" fill="${p.colour}"/><text x="${x + 14}" y="37">${p.label}</text>`);
  });
  const bottom = TOP + rows.length * rowHeight;
  for (const tick of TICKS) {
    const x = xOf(tick).toFixed(1);
    out.push(`<line x1="${x}" y1="${TOP - 6}" x2="${x}" y2="${bottom}" stroke="${tick === 1 ? '#000' : '#ddd'}" stroke-width="${tick === 1 ? 1.5 : 1}"/>`);
    out.push(`<text x="${x}" y="${bottom + 14}" text-anchor="middle">${tick}×</text>`);
  }
  rows.forEach((row, r) => {
    const y0 = TOP + r * rowHeight;
    out.push(`<text x="${LEFT - 8}" y="${y0 + (rowHeight - ROW_GAP) / 2 + 4}" text-anchor="end">${escapeXml(row.label)}</text>`);
    PEERS.forEach((p, i) => {
      const ratio = row.ratios[p.id];
      if (ratio === undefined) return;
      const y = y0 + i * (BAR + GAP);
      const [a, b] = [xOf(1), xOf(ratio)];
      const words = `${name}, ${row.label}: ${fmt(ratio)} ${p.label}`;
      out.push(`<rect x="${Math.min(a, b).toFixed(1)}" y="${y}" width="${Math.max(1, Math.abs(b - a)).toFixed(1)}" height="${BAR}" fill="${p.colour}"><title>${escapeXml(words)}</title></rect>`);
      out.push(`<text x="${(Math.max(a, b) + 4).toFixed(1)}" y="${y + BAR - 1}" font-size="9" fill="#333">${fmt(ratio)}</text>`);
    });
  });
  out.push(`<text x="8" y="${height - 6}" font-size="9" fill="#555">Drawn by bench/charts.mjs from the run's results.json (bench/results.md has every figure).</text>`);
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** The charts of a run's results, written into `bench/charts/`: the files written. */
export function writeCharts(results, dir = join(HERE, 'charts')) {
  mkdirSync(dir, { recursive: true });
  const date = results.facts?.date?.slice(0, 10) ?? '';
  const written = [];
  for (const [name, env, file] of [['Node', results.node, 'ratios-node.svg'], ['Chromium', results.browser, 'ratios-chromium.svg']]) {
    if (!env?.throughput?.length) continue;
    writeFileSync(join(dir, file), ratioChart(name, env.throughput, { date }));
    written.push(join(dir, file));
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2] ?? join(HERE, 'results.json');
  for (const path of writeCharts(JSON.parse(readFileSync(file, 'utf8')))) console.error(`[charts] wrote ${path}`);
}
