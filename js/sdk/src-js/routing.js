// The text that crosses into the wasm, and nothing more: for a body the fast
// path (fast-path.js) rejects, the body with every value it proves clean
// written as `!` (`vouchedText`), so that only the failing parts cross; where
// that text cannot be written, the whole body's (`bodyText`, over
// js/shared/serialize.js's `serialize`: one read of the body, which marks the
// NaN or ±Infinity that JSON.stringify would write as null). Every report, its
// paths and its messages are the core's.

import { serialize } from '../../shared/serialize.js';
import { plainArray, plainObject } from './fast-path.js';
import {
  FAILED_ITEMS, VOUCH_TABLES, VOUCH_STRING, VOUCH_OBJECT, VOUCH_LIST, builtinsClean, orderMode, isBlank, FAST_DEPTH, NO_ORDER,
} from '../../generated/fast-check.js';

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

/** Thrown by the writer of a vouched text where it cannot write one. */
const UNWRITTEN = Symbol();

/**
 * The longest list the writer and `mayHoldNonFinite` walk item by item. A
 * sparse array's length can be 2^32 - 1 with nothing in it: writing its holes
 * one by one ran out of memory, and walking them took minutes, where
 * JSON.stringify refuses it at once (2^28 items and more, Node 20). Past this
 * length no text is written here (`TOO_LONG` is thrown): the body goes to the
 * wasm as it is, and JSON.stringify there gives its text or says why there is
 * none, as for `validateJson(endpoint, JSON.stringify(body))`. No body the
 * service takes holds a list this long.
 */
const LIST_LIMIT = 1 << 24;
const TOO_LONG = Symbol();

/**
 * The text the wasm validates for a body the fast path rejects
 * (licensing-core's `validate_vouched_json`): the body's JSON text, but for
 * each value the fast path proves clean, written `!` (the generated
 * `VOUCH_TABLES` say which fields' values may be, and with which check). A
 * failing object is written field by field, so only the failing parts and
 * what their rules read (every number, enumeration and list length of the
 * objects around them) cross; in it a known field's key is `#i` (its index
 * in the shape), not its name (the names were 78 % of a failing order's
 * text, whose cost is its length: docs/design.md). `orders`: `checkBatch`'s
 * `vouched`, which orders of a batch cross as `!` (no other writer vouches an
 * order). `null` where the text cannot be written so: a value JSON.stringify
 * writes from a NaN or ±Infinity (`serialize` marks those for the wasm), one
 * it cannot write, or a read that throws. The caller then sends the whole
 * body.
 */
function vouchedText(endpoint, body, orders) {
  try {
    const shape = VOUCH_TABLES[endpoint];
    if (shape === undefined || !builtinsClean()) return null;
    return objectText(body, shape, 0, NO_ORDER, orders) ?? null;
  } catch {
    return null;
  } finally {
    // The checks' failing objects were this body's (or stale): none is kept.
    FAILED_ITEMS.length = 0;
  }
}

/**
 * The mode of an order whose `orderType` the fast path does not read as one of
 * the types (absent, misspelt, or a value JSON.stringify writes as one, such as
 * `new String('new_buy')`): nothing whose check depends on the order's type is
 * vouched in it, so its rules see every asset and product (js/sdk/tests/
 * validate-vouched.test.mjs, "an order type the fast path cannot read").
 */
const UNSURE_ORDER = -2;

/** A value as JSON.stringify writes it (undefined: not at all), refused when it holds a NaN or ±Infinity. */
function plainText(v) {
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      // Number's own decimal form is JSON.stringify's.
      if (v - v !== 0) throw UNWRITTEN;
      return `${v}`;
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      // A null's text is known: no walk and no JSON.stringify (the fast check and
      // the writer 0.97-0.98 of the time on one order with errors, Node 20).
      if (v === null) return 'null';
      if (mayHoldNonFinite(v, 0)) throw UNWRITTEN;
      return JSON.stringify(v);
  }
}

/**
 * A shape's keys as the vouched text writes them: field i as `#i:` (its index
 * in the shape, which the core's tables share) (`[i]`), with a vouched value
 * `#i:!` (`[n + i]`), and each after a comma (`[2n + i]`, `[3n + i]`), made
 * once per shape: a member costs one concatenation fewer (0.7 µs of the
 * compact one-order body's 7.9 in Node).
 */
function writtenKeys(shape) {
  const keys = shape.keys.map((_, i) => `#${i}:`);
  const members = [...keys, ...keys.map((k) => `${k}!`)];
  return (shape.written = [...members, ...members.map((k) => `,${k}`)]);
}

/** An object of `shape` at depth `d` in an order of mode `m`, its clean values vouched. */
function objectText(o, shape, d, m, orders) {
  if (!plainObject(o) || d > FAST_DEPTH) return plainText(o);
  // An order's type is read once: the text written and what is vouched under
  // it are then of one state of the order, even where a getter answers each
  // read differently.
  const order = shape.order === true;
  let type;
  if (order) {
    type = o.orderType;
    m = orderMode(type);
    if (m === NO_ORDER) m = UNSURE_ORDER;
  }
  const { keys, index, entries } = shape;
  const written = shape.written ?? writtenKeys(shape);
  let out = '{';
  let first = true;
  // The fields' order in the table first, as the fast path reads them.
  let h = 0;
  for (const k in o) {
    const v = order && k === 'orderType' ? type : o[k];
    const i = k === keys[h] ? h : index[k];
    if (i === undefined) {
      const text = plainText(v);
      if (text === undefined) continue;
      out += `${first ? '' : ','}${JSON.stringify(k)}:${text}`;
    } else {
      h = i + 1;
      const entry = entries[i];
      const text = orders !== undefined && k === 'orderList' ? listText(v, entry[1], d, NO_ORDER, orders)
        : valueText(v, entry, d, entry[3] === true ? m : NO_ORDER);
      if (text === undefined) continue;
      const at = first ? i : 2 * keys.length + i;
      out += text === '!' ? written[keys.length + at] : written[at] + text;
    }
    first = false;
  }
  return `${out}}`;
}

/** A field's value (or a list's item) as its vouch entry says, in an object at depth `d` (undefined: JSON.stringify writes nothing). */
function valueText(v, entry, d, m) {
  switch (entry[0]) {
    case VOUCH_STRING:
      return typeof v === 'string' && entry[1](v) && !isBlank(v) ? '!' : plainText(v);
    case VOUCH_OBJECT:
      // An object a check already failed is not asked again (FAILED_ITEMS).
      return entry[1] !== null && m !== UNSURE_ORDER && !FAILED_ITEMS.includes(v) && entry[1](v, d + 1, m)
        ? '!' : objectText(v, entry[2], d + 1, m);
    case VOUCH_LIST:
      return listText(v, entry[1], d, m);
    default:
      return plainText(v);
  }
}

/** A list whose items are vouched as `item` says (`vouched`: which items cross as `!`, for a batch's orders). */
function listText(v, item, d, m, vouched) {
  if (!plainArray(v)) return plainText(v);
  if (v.length > LIST_LIMIT) throw TOO_LONG;
  let out = '[';
  for (let i = 0, n = v.length; i < n; i++) {
    const x = v[i];
    // What JSON.stringify writes as nothing (undefined, a function) is null in a list.
    const text = vouched !== undefined && vouched[i] ? '!' : valueText(x, item, d, m) ?? 'null';
    out += (i === 0 ? '' : ',') + text;
  }
  return out + ']';
}

/** Deeper than this, the walk gives up and `serialize` writes the text. */
const WALK_DEPTH = 64;

/**
 * False only when JSON.stringify would meet no NaN or ±Infinity in `v`: every
 * number it would write is finite. True when one is found, and whenever
 * unsure: a toJSON (what it returns is not walked), or deeper than WALK_DEPTH.
 * It reads what JSON.stringify reads, and more (for-in also lists inherited
 * keys): more can only make it unsure. Throws `TOO_LONG` at a list longer
 * than LIST_LIMIT.
 */
function mayHoldNonFinite(v, depth) {
  if (typeof v === 'number') return v - v !== 0;
  if (v === null || typeof v !== 'object') return false;
  if (depth > WALK_DEPTH || typeof v.toJSON === 'function') return true;
  if (Array.isArray(v)) {
    if (v.length > LIST_LIMIT) throw TOO_LONG;
    for (let i = 0, n = v.length; i < n; i++) if (mayHoldNonFinite(v[i], depth + 1)) return true;
    return false;
  }
  for (const k in v) if (mayHoldNonFinite(v[k], depth + 1)) return true;
  return false;
}

export { bodyText, vouchedText };
