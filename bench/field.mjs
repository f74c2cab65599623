// validateField per keystroke: one field of a 1,000-order batch, in Node, on a
// clean order and on an order with an issue (the body has scattered errors), with
// whole-body validate beside it. `make bench` puts the table in results.md.
//
//   node field.mjs [--quick]

import { fileURLToPath } from 'node:url';
import { scattered, makeBatch } from './generate.mjs';
import { measure, timingConfig } from './lib/measure.mjs';

export async function runField({ quick = false, log = console.error } = {}) {
  const sdk = await import('../pkg/node.mjs');
  const rows = [];
  const clean = await makeBatch(1000, 3);
  const withErrors = (await scattered(1000, 3)).body;
  const badOrders = sdk.validate('batchOrder', withErrors).issues
    .map((i) => /^\/orderList\/(\d+)\//.exec(i.path)).filter(Boolean).map((m) => Number(m[1]));
  const badOrder = badOrders[badOrders.length >> 1] ?? 0;
  for (const [what, body, order] of [['clean batch, order 500', clean, 500], [`batch with errors, order ${badOrder} (has an issue)`, withErrors, badOrder]]) {
    const pointer = `/orderList/${order}/orderType`;
    const cases = [
      { id: 'field', fn: () => Array.isArray(sdk.validateField('batchOrder', pointer, body)) },
      { id: 'whole', fn: () => typeof sdk.validate('batchOrder', body).valid === 'boolean' },
    ];
    const r = await measure(cases, { expectedValid: true, ...timingConfig(quick) });
    const ms = (id) => r.cases.find((x) => x.id === id).medianMs;
    rows.push({ what, fieldUs: ms('field') * 1000, wholeMs: ms('whole') });
    log(`[field] ${what}: validateField ${(ms('field') * 1000).toFixed(1)} µs, validate ${ms('whole').toFixed(2)} ms`);
  }
  return { rows };
}

export function fieldMarkdown({ rows }) {
  const lines = [
    '## validateField per keystroke (Node, 1,000 orders)',
    '',
    '`validateField(\'batchOrder\', \'/orderList/i/orderType\', body)`: that field\'s issues and the cross-field ones of its order; beside it, `validate` of the whole body. Medians. Target: ≤ 50 µs.',
    '',
    '| body | validateField | whole validate |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.what} | ${r.fieldUs.toFixed(1)} µs | ${r.wholeMs.toFixed(2)} ms |`),
  ];
  return lines.join('\n') + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.argv.includes('--quick') || !!process.env.BENCH_QUICK;
  process.stdout.write(fieldMarkdown(await runField({ quick })));
}
