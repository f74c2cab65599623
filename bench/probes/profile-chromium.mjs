// Where validateJson / validate spend their time in headless Chromium: the CPU
// profile (DevTools protocol, 50 µs sampling) of a loop over one payload, self
// time grouped by function (wasm functions by name when the wasm has a name
// section, else by index). Run: cd bench && node probes/profile-chromium.mjs [validateJson|validate|errors] [orders] [family]
import { profileLoop, selfTime } from './cdp-profile.mjs';

const [what = 'validateJson', orders = '1000', family = 'compact'] = process.argv.slice(2);
const { ms, profile } = await profileLoop({
  arg: [what, Number(orders), family],
  async setup([what, orders, family]) {
    const sdk = await import('/pkg/index.js');
    const { timingPayloads } = await import('/bench/generate.mjs');
    const p = timingPayloads([orders], [family]).find((x) => x.variant === (what === 'errors' ? 'errors' : 'valid'));
    const run = what === 'validateJson' ? () => sdk.validateJson('batchOrder', p.text) : () => sdk.validate('batchOrder', p.body);
    for (let i = 0; i < 20; i++) run();
    globalThis.__run = run;
  },
});
const total = profile.samples.length;
const byFunction = selfTime(profile, (f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}${f.lineNumber >= 0 ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`);
console.log(`${what}, ${orders} orders (${family}): ${ms.toFixed(3)} ms per call; self time by function:`);
for (const [k, c] of byFunction.slice(0, 25)) console.log(`${(100 * c / total).toFixed(1).padStart(5)}%  ${k}`);
