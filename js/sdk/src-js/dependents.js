// `dependents(endpoint, pointer)` of `licensing-sdk/meta`: which fields a change
// touches, from the cross-field rules' declarations (`depends`, generated from
// the rule files' `RuleDef::depends`) and the request shapes. The same reading
// as licensing-core's `validate::dependents` (crates/licensing-core/src/validate/
// dependents.rs), held to it by js/sdk/tests/dependents.test.mjs on every field of
// every request (tests/js/dependents-cases.json, written from the Rust).
import { depends, endpoints, shapes } from '../../generated/meta.js';

const INDEX = /^[0-9]+$/;

/** A step of a pointer: `{ key }`, `{ index }` or `{ any: true }`. */
function steps(pointer) {
  if (!pointer.startsWith('/')) return [];
  return pointer.slice(1).split('/').map((raw) => {
    const s = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (s === '*') return { any: true };
    return INDEX.test(s) ? { index: s } : { key: s };
  });
}

/** Whether a step of a declared path (`*` or a key) can be this one. */
const fits = (step, declared) => (step.key !== undefined ? declared === step.key : declared === '*');

const write = (step) => `/${step.any ? '*' : (step.key ?? step.index).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** The objects with a role along the steps: [role, steps to it]. */
function scopes(request, path) {
  const found = [[shapes[request].role ?? null, 0]];
  let kind = { kind: 'object', shape: request };
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (kind.kind === 'object' && step.key !== undefined) {
      const field = shapes[kind.shape].fields.find((f) => f.name === step.key);
      if (field === undefined) break;
      kind = field;
    } else if ((kind.kind === 'array' || kind.kind === 'arrayOrNull') && step.key === undefined) {
      kind = kind.items;
    } else break;
    if (kind.kind === 'object') found.push([shapes[kind.shape].role ?? null, i + 1]);
  }
  return found;
}

/** The fields whose issues may change when the field at `pointer` changes (meta.d.ts). */
export function dependents(endpoint, pointer) {
  // As validateField: a pointer that is no string is the caller's mistake, not a field with no dependents.
  if (typeof pointer !== 'string') throw new TypeError('dependents: the pointer must be a string');
  if (typeof endpoint !== 'string' || !Object.hasOwn(endpoints, endpoint)) {
    throw new TypeError(`dependents: unknown endpoint ${JSON.stringify(String(endpoint))}; allowed: ${Object.keys(endpoints).join(', ')}`);
  }
  const meta = endpoints[endpoint];
  const path = steps(pointer);
  const found = scopes(meta.request, path);
  const out = new Set();
  for (const d of depends) {
    const scope = d.scope === null ? [null, 0] : found.findLast(([role]) => role === d.scope);
    if (scope === undefined) continue;
    const start = scope[1];
    const rest = path.slice(start);
    for (const declared of d.reads) {
      const subtree = declared.endsWith('/**');
      const read = (subtree ? declared.slice(0, -3) : declared).split('/');
      const n = Math.min(rest.length, read.length);
      let ok = true;
      for (let i = 0; i < n; i++) ok &&= fits(rest[i], read[i]);
      if (!ok || (rest.length > read.length && !subtree)) continue;
      for (const atPath of d.at) {
        const at = atPath.split('/');
        let p = path.slice(0, start).map(write).join('');
        for (let i = 0; i < at.length; i++) {
          const same = !d.across && read.slice(0, i + 1).join('/') === at.slice(0, i + 1).join('/');
          if (at[i] === '*' && same && i < rest.length) p += write(rest[i]);
          else if (at[i] === '*') p += '/*';
          else p += write({ key: at[i] });
        }
        out.add(p);
      }
    }
  }
  const own = path.map(write).join('');
  return [...out].filter((p) => p !== own && !p.startsWith(`${own}/`)).sort();
}
