// One cold start of the module at ?src= (bench/cold-probe.mjs drives it): the
// same clock as cold.mjs (import() to the first verdict of a valid one-order
// batch, the page loaded), plus every performance.mark the module made
// (instrumented variants) and its resource timing, in ms after t0. The driver
// starts the clock (window.__run()) once its own scripts are in the page, so
// that Playwright's injected script (~10 ms of parsing) never runs inside it.
// ?noop=1: the module is imported and nothing validated (a baseline).
// ?body=errors: a body with an error, which the fast path leaves to the wasm.
// ?ajv=1: the module's validate answers a boolean (ajv's standalone bundle).
// ?delay=MS: the validation MS ms after the import (what a page that imports
// at start-up and validates on input sees), timed alone as `validateMs`.
import { makeBatch } from '/bench/generate.mjs';

const q = new URLSearchParams(location.search);
const src = q.get('src');
const body = JSON.parse(JSON.stringify(makeBatch(1, 1)));
const errors = q.get('body') === 'errors';
if (errors) body.orderList[0].licenseType = 'no_such_type';
const delay = Number(q.get('delay') ?? 0);

window.__run = async () => {
  performance.mark('cold-t0');
  const t0 = performance.now();
  const m = await import(src);
  const t1 = performance.now();
  if (delay) await new Promise((r) => setTimeout(r, delay));
  const tv = performance.now();
  const valid = q.get('noop') ? true : q.get('ajv') ? m.validate(body) === !errors : m.validate('batchOrder', body).valid === !errors;
  const t2 = performance.now();
  performance.mark('cold-done');
  const marks = {};
  for (const e of performance.getEntriesByType('mark')) if (!e.name.startsWith('cold-')) marks[e.name] = e.startTime - t0;
  const res = performance.getEntriesByType('resource').find((r) => r.name.includes(src.split('?')[0]));
  if (res) Object.assign(marks, { requested: res.startTime - t0, received: res.responseEnd - t0 });
  marks.imported = t1 - t0;
  return { ms: delay ? t1 - t0 + (t2 - tv) : t2 - t0, validateMs: t2 - tv, valid, marks };
};
window.__ready = true;
