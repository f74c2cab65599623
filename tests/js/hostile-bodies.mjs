// The seeded generator of hostile bodies the differential tests share
// (differential.test.mjs, dependents.test.mjs): each endpoint's example body
// with fields replaced by what a form's code puts there, removed, made holes
// or cycles.
import { exampleBody } from 'licensing-sdk';

/** Arrays and plain objects: what a mutation may write into. */
export const container = (v) => Array.isArray(v)
  || (v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v)));

/** The JSON Pointers of a value (own enumerable keys, array indices): 20 levels, 300 at most (cycles). */
export function pointers(value, at = '', out = [], depth = 0) {
  if (out.length >= 300) return out;
  out.push(at);
  if (container(value) && depth < 20) {
    for (const k of Object.keys(value)) {
      pointers(value[k], `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out, depth + 1);
    }
  }
  return out;
}

/** The values a form's code puts where a field's value should be. */
export function hostileValue(pick) {
  const values = [
    () => null, () => undefined, () => '', () => ' ', () => 'x', () => '\ud800', () => -1, () => 0.5,
    () => Number.NaN, () => Infinity, () => 2 ** 63, () => -(2 ** 63), () => 10n, () => new Number(1),
    () => new String('8000000001'), () => [], () => [1, , 3], () => ({}), () => true,
    () => JSON.parse('{"__proto__": {"x": 1}}'), () => '8000000001', () => 7,
    () => { let deep = {}; for (let i = 0; i < 600; i++) deep = { deep }; return deep; },
  ];
  return values[Math.floor(pick() * values.length)]();
}

/** A body of `endpoint` with 1–4 fields replaced, removed, duplicated as holes or cycles. */
export function mutate(endpoint, pick) {
  const body = exampleBody(endpoint);
  if (endpoint === 'batchOrder' && pick() < 0.5) {
    for (let i = 0, n = Math.floor(pick() * 6); i < n; i++) body.orderList.push(structuredClone(body.orderList[0]));
  }
  for (let n = 1 + Math.floor(pick() * 4); n > 0; n--) {
    const all = pointers(body).filter((p) => p !== '');
    if (all.length === 0) break;
    const at = all[Math.floor(pick() * all.length)];
    const steps = at.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = steps.pop();
    let parent = body;
    for (const s of steps) parent = parent?.[s];
    if (!container(parent)) continue;
    const roll = pick();
    if (roll < 0.15) delete parent[last];
    else if (roll < 0.2 && Array.isArray(parent)) parent.length += 1; // a hole at the end
    else if (roll < 0.22) parent[last] = body; // a cycle
    else parent[last] = hostileValue(pick);
  }
  return body;
}

