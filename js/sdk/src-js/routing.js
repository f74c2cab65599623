// What the package's JavaScript decides before anything crosses into the
// wasm, and nothing more: whether anything crosses at all and which orders of
// a batch cross (fast-path.js), the orders a field's check adds (`withOrderOf`), the
// text that crosses (`bodyText`, over js/shared/serialize.js's `serialize`: one
// read of the body) and where it held the NaN or ±Infinity that JSON.stringify
// would write as null. Every report, its paths and its messages are the core's.

import { serialize } from '../../shared/serialize.js';

/**
 * The orders of a cut batch to send for a field: those `validate` would send,
 * and the field's own order (`/orderList/i/…`) if it has one, ascending.
 */
function withOrderOf(pointer, kept, length) {
  const m = /^\/orderList\/(0|[1-9][0-9]*)(?:\/|$)/.exec(pointer);
  const i = m === null ? -1 : Number(m[1]);
  if (i < 0 || i >= length || kept.includes(i)) return kept;
  return [...kept, i].sort((a, b) => a - b);
}

/**
 * A body as the text the wasm validates (`serialize`'s); `null` when it
 * cannot be serialized: the wasm's own `validate` then says why. A body that a
 * walk finds no NaN or ±Infinity in is written by a plain JSON.stringify:
 * `serialize`'s replacer keeps JSON.stringify off its fast path, 3x its time
 * in Chromium, and the walk costs a fraction of that (docs/design.md, "A body's
 * text without a replacer"). The validators read a body more than once anyway
 * (the fast path reads it first); the client's send reads it once, through
 * `serialize` alone.
 */
function bodyText(body) {
  try {
    if (!mayHoldNonFinite(body, 0)) return JSON.stringify(body) ?? 'null';
    return serialize(body).text;
  } catch {
    return null;
  }
}

/** Deeper than this, the walk gives up and `serialize` writes the text. */
const WALK_DEPTH = 64;

/**
 * False only when JSON.stringify would meet no NaN or ±Infinity in `v`: every
 * number it would write is finite. True when one is found, and whenever
 * unsure: a toJSON (what it returns is not walked), or deeper than WALK_DEPTH.
 * It reads what JSON.stringify reads, and more (for-in also lists inherited
 * keys): more can only make it unsure.
 */
function mayHoldNonFinite(v, depth) {
  if (typeof v === 'number') return v - v !== 0;
  if (v === null || typeof v !== 'object') return false;
  if (depth > WALK_DEPTH || typeof v.toJSON === 'function') return true;
  if (Array.isArray(v)) {
    for (let i = 0, n = v.length; i < n; i++) if (mayHoldNonFinite(v[i], depth + 1)) return true;
    return false;
  }
  for (const k in v) if (mayHoldNonFinite(v[k], depth + 1)) return true;
  return false;
}

export { bodyText, withOrderOf };
