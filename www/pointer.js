// JSON Pointers (RFC 6901) over plain objects: pure, no DOM (the order state and
// the Node tests use them too).

export const ptr = (...parts) => parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
const split = (path) => (path === '' ? [] : path.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')));

export function getAt(obj, path) {
  let cur = obj;
  for (const key of split(path)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = cur[key];
  }
  return cur;
}

/** Sets (or with value undefined, deletes) the value at path, creating objects/arrays on the way. */
export function setAt(obj, path, value) {
  const keys = split(path);
  let cur = obj;
  keys.slice(0, -1).forEach((key, i) => {
    if (cur[key] === null || typeof cur[key] !== 'object') cur[key] = /^\d+$/.test(keys[i + 1]) ? [] : {};
    cur = cur[key];
  });
  const last = keys.at(-1);
  if (value === undefined && !Array.isArray(cur)) delete cur[last];
  else cur[last] = value;
}

/** True when `path` is `node` or lies below it (segment-wise, so /a/1 is not under /a/10). */
export const isUnder = (path, node) => path === node || path.startsWith(`${node}/`);
