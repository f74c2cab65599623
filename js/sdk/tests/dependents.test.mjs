// Which fields a change touches (`dependents` of licensing-sdk/meta; licensing-core's
// `validate::dependents`): the JavaScript gives the core's answers on every field
// of every request (tests/js/dependents-cases.json, written from the Rust), and the
// answers are sound over the seeded generator of the differential test: changing
// one field of a body changes no issue outside that field, its dependents and the
// body as a whole (path ""). The bodies are the same on every run; the test stops
// at a fixed time budget, so a busy machine checks fewer but never fails for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { validate } from 'licensing-sdk';
import { dependents, endpoints } from 'licensing-sdk/meta';
import { rng } from '../../../bench/generate.mjs';
import { hostileValue, mutate, pointers, container } from '../../../tests/js/hostile-bodies.mjs';

const CASES = JSON.parse(readFileSync(new URL('../../../tests/js/dependents-cases.json', import.meta.url), 'utf8'));
const BUDGET_MS = 6_000;

test('dependents gives licensing-core\'s answer for every field of every request', () => {
  let touching = 0;
  for (const endpoint of Object.keys(endpoints)) {
    for (const [pointer, answer] of Object.entries(CASES[endpoint])) {
      assert.deepEqual(dependents(endpoint, pointer), answer, `${endpoint} ${pointer}`);
      if (answer.length > 0) touching++;
    }
  }
  assert.ok(touching > 100, `${touching} fields touch others`);
  // Arguments it cannot read are a TypeError, as validateField's pointer is (never a quiet []).
  for (const endpoint of ['nothing', '__proto__', 'constructor', 5, null, Symbol('x')]) {
    assert.throws(() => dependents(endpoint, '/a'), /dependents: unknown endpoint .*; allowed: batchOrder, bindEnterprise/, String(endpoint));
  }
  for (const pointer of [5, null, undefined, Symbol('p'), ['/size']]) {
    assert.throws(() => dependents('shellNums', pointer), { name: 'TypeError', message: 'dependents: the pointer must be a string' });
  }
});

/** Whether an issue's path is a dependent (at or inside it; `*` any index). */
function matches(path, pattern) {
  const p = path.split('/');
  const q = pattern.split('/');
  if (p.length < q.length) return false;
  return q.every((step, i) => step === p[i] || (step === '*' && /^[0-9]+$/.test(p[i])));
}

/** `body` with the value at `pointer` replaced (or removed), as a form's code would. */
function changed(body, pointer, pick) {
  // A body with a cycle or a BigInt is copied by structuredClone too.
  const copy = structuredClone(body);
  const steps = pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = steps.pop();
  let parent = copy;
  for (const s of steps) parent = parent?.[s];
  if (!container(parent)) return null;
  if (pick() < 0.2) delete parent[last];
  else parent[last] = hostileValue(pick);
  return copy;
}

test('dependents are sound: a change moves no issue outside the field, its dependents and the body', () => {
  const started = Date.now();
  const options = { maxIssues: 1_000_000 };
  let checked = 0;
  let moved = 0;
  // Issues that moved outside the changed field: what the dependents are for.
  let elsewhere = 0;
  const endpointNames = Object.keys(endpoints);
  for (let seed = 1; Date.now() - started < BUDGET_MS && seed <= 100_000; seed++) {
    const endpoint = endpointNames[seed % endpointNames.length];
    const random = rng(seed).next;
    const body = mutate(endpoint, random);
    const all = pointers(body).filter((p) => p !== '');
    if (all.length === 0) continue;
    const pointer = all[Math.floor(random() * all.length)];
    const after = changed(body, pointer, random);
    if (after === null) continue;
    const reports = [validate(endpoint, body, options), validate(endpoint, after, options)];
    // A text that is no body at all (a cycle, nesting past the reader's bound) is
    // one issue of the body as a whole, in place of every other.
    if (reports.some((r) => r.issues.some((x) => x.code === 'invalid_json'))) continue;
    const [before, now] = reports.map((r) => new Set(r.issues.map((x) => JSON.stringify(x))));
    const deps = dependents(endpoint, pointer);
    for (const issue of [...before].filter((x) => !now.has(x)).concat([...now].filter((x) => !before.has(x)))) {
      const { path } = JSON.parse(issue);
      moved++;
      const own = path === '' || matches(path, pointer);
      if (!own && deps.some((d) => matches(path, d))) elsewhere++;
      const allowed = own || deps.some((d) => matches(path, d));
      assert.ok(allowed, `${endpoint}: changing ${pointer} moved ${issue}; its dependents: ${JSON.stringify(deps)}`);
    }
    checked++;
  }
  assert.ok(checked > 50 && elsewhere > 10, `${checked} changes checked, ${moved} issues moved, ${elsewhere} of them elsewhere`);
  console.log(`# dependents: ${checked} changes, ${moved} issues moved, ${elsewhere} at a dependent`);
});
