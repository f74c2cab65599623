// The fault directives are one list (licensing-sim-core's FaultDirective, in
// crates/licensing-sim-core/src/fault.rs); what is written from it is
// generated (licensing-sim's --help, js/generated/sim-faults.js, the sim
// README's table), and what is written by hand beside it is held to it here:
// the declarations of sim.fault's kinds, the testing guide's words, the
// in-process simulator taking each kind, and the recipe "Adding a fault".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createSimulator } from 'licensing-sdk/testing';
import { DRIFT_NAMES, FAULT_DIRECTIVES, FAULT_KINDS } from '../../js/generated/sim-faults.js';
import { assertRecipeNames } from './recipes.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');

test("testing.d.ts declares sim.fault's kinds as the list has them", () => {
  const types = read('js/testing/testing.d.ts');
  const spec = types.slice(types.indexOf('export interface FaultSpec'));
  const union = /\n\s*kind: ([^;]+);/.exec(spec);
  assert.ok(union, 'FaultSpec has no kind');
  const declared = [...union[1].matchAll(/'([^']+)'/g)].map((m) => m[1]);
  assert.deepEqual(declared, [...FAULT_KINDS], 'js/testing/testing.d.ts: FaultSpec.kind is not the list of kinds');
  for (const kind of FAULT_KINDS) assert.ok(spec.includes(`\`${kind}\``), `FaultSpec's doc says nothing of \`${kind}\``);
});

test('the testing guide names every kind, and the in-process simulator takes each', async () => {
  const guide = read('docs/guide/testing.md');
  for (const kind of FAULT_KINDS) assert.ok(guide.includes(kind), `docs/guide/testing.md names no ${kind}`);
  const sim = await createSimulator();
  const extra = { http: { status: 503 }, delay: { delayMs: 1 } };
  for (const kind of FAULT_KINDS) assert.doesNotThrow(() => sim.fault({ kind, ...extra[kind] }), kind);
  assert.throws(() => sim.fault({ kind: 'explode' }), new RegExp(FAULT_KINDS.join(', ')));
  assert.ok(FAULT_DIRECTIVES.length > FAULT_KINDS.length, 'the directives include those that are no kind (after, times, key)');
});

test("sim.fault's spec takes the fields testing.d.ts's FaultSpec declares, no other", async () => {
  const { FAULT_SPEC_FIELDS } = await import('../../js/testing/src-js/simulator.js');
  const types = read('js/testing/testing.d.ts');
  const start = types.indexOf('export interface FaultSpec');
  const spec = types.slice(start, types.indexOf('\n}', start));
  const declared = [...spec.matchAll(/^\s{2}(\w+)\??:/gm)].map((m) => m[1]);
  assert.deepEqual([...FAULT_SPEC_FIELDS].sort(), declared.sort());
});

test("testing.d.ts declares the drifts as licensing-sim-core's Drift has them, and the in-process simulator refuses any other (a shared session's drift: sessions.test.mjs)", async () => {
  const types = read('js/testing/testing.d.ts');
  const union = /export type Drift =([^;]+);/.exec(types);
  assert.ok(union, 'testing.d.ts has no Drift');
  assert.deepEqual([...union[1].matchAll(/'([^']+)'/g)].map((m) => m[1]), [...DRIFT_NAMES], 'js/testing/testing.d.ts: Drift is not the list of drifts');
  const sim = await createSimulator();
  for (const name of DRIFT_NAMES) assert.doesNotThrow(() => sim.drift(name), name);
  assert.throws(() => sim.drift('bogus'), /unknown drift "bogus"/);
});

test('CONTRIBUTING\'s recipe "Adding a fault" names each place and this test', () => {
  assertRecipeNames('\n**A fault**', ['crates/licensing-sim-core/src/fault.rs', 'FaultDirective', 'simulator.rs', 'cargo xtask gen',
    'js/testing/testing.d.ts', 'docs/guide/testing.md', 'tests/js/sim-faults.test.mjs', 'CHANGELOG']);
});
