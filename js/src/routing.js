// What the package's JavaScript decides before anything crosses into the
// wasm, and nothing more: which orders of a batch cross (`cutBatch`,
// `withOrderOf`), the text that crosses (`serialize`, `bodyText`: one read of
// the body) and where it held the NaN or ±Infinity that JSON.stringify would
// write as null. Every report, its paths and its messages are the core's.
import { fastCheck, fastCheckOrder, builtinsClean } from '../generated/fast-check.js';

/**
 * `value` as the JSON text that crosses into the wasm, read once (by one
 * JSON.stringify: a getter or a Proxy cannot make what is validated differ
 * from what is sent), with every NaN and ±Infinity written as 0.5 (a number
 * that is no integer: every known field then gets its `type` issue) and
 * `nonFinite`, the JSON Pointers where they were. JSON.stringify alone writes
 * `null` for them, read as absent: a form's unparsable number would be
 * dropped without a word. Throws what JSON.stringify throws (a cycle, a
 * BigInt, a throwing getter or `toJSON`); `undefined` and functions are `null`.
 */
function serialize(value) {
  let mark;
  const text = JSON.stringify(value, function replace(key, v) {
    if (typeof v !== 'number' || v - v === 0) return v;
    // A string no caller writes, found again in the text below: this pass
    // stays as light as a replacer can be (1.7x a plain JSON.stringify, where
    // tracking every object's path was 5x).
    return (mark ??= `\u0000licensing-sdk non-finite ${Math.random()}`);
  }) ?? 'null';
  if (mark === undefined) return { text, nonFinite: [] };
  return { text: text.split(JSON.stringify(mark)).join('0.5'), nonFinite: pointersTo(JSON.parse(text), mark) };
}

/** The JSON Pointers of the places in `root` (parsed JSON) that hold `mark`, in document order. */
function pointersTo(root, mark) {
  const found = [];
  // Depth first by hand: the text can nest deeper than the call stack allows.
  const stack = [[root, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop();
    if (v === mark) found.push(at);
    if (v === null || typeof v !== 'object') continue;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push([v[keys[i]], `${at}/${keys[i].replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return found;
}

/** A plain object (Object.prototype or null as its prototype, no toJSON): JSON.stringify writes its own keys. */
const plainObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
  && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null) && v.toJSON === undefined;

/** Batches this long or longer are checked order by order (shorter ones: whole). */
const SUBSET_MIN_ORDERS = 4;

/** `cutBatch`'s answer for a batch with no issue at all. */
const CLEAN_BATCH = Object.freeze({ clean: true });

/**
 * A batch checked order by order, so that when it has issues the wasm sees
 * only the orders it must for the whole report: those the fast path cannot
 * prove clean, and those whose `sequence` repeats (the one rule across orders).
 * A clean order with a unique sequence adds no issue anywhere, so leaving it
 * out changes nothing but the indices, which the core writes back itself
 * (`__validateInput` with the orders' indices, licensing-core's `validate_orders_json`).
 *
 * `CLEAN_BATCH` when every order is clean, no sequence repeats and the batch's
 * own fields are clean (what `fastCheck` would prove, in one pass); `{ cut,
 * kept }`, the batch to validate instead and the indices it keeps; `null` when
 * the batch is not a plain one to cut, a cut would save little, or reading it
 * throws (the caller then goes the whole-body way, and the wasm reports).
 */
function cutBatch(body) {
  try {
    return cutBatchOrThrow(body);
  } catch {
    return null;
  }
}

/** A sequence as the wasm reads it from JSON.stringify's text (5, 5.0 and new Number(5) are one). */
function sequenceKey(s) {
  if (typeof s === 'number') return s;
  const text = JSON.stringify(s);
  return text !== undefined && /^-?[0-9]/.test(text) ? Number(text) : `json:${text}`;
}

function cutBatchOrThrow(body) {
  if (!plainObject(body) || !builtinsClean()) return null;
  const orders = body.orderList;
  if (!Array.isArray(orders) || Object.getPrototypeOf(orders) !== Array.prototype || orders.toJSON !== undefined
    || orders.length < SUBSET_MIN_ORDERS) return null;
  const n = orders.length;
  const clean = new Array(n);
  let failing = 0;
  // Sequences strictly increasing as numbers cannot repeat (arr_order's test too).
  let increasing = true;
  let prev = -Infinity;
  for (let k = 0; k < n; k++) {
    if (!(k in orders)) return null; // a hole: JSON.stringify writes null
    const o = orders[k];
    clean[k] = fastCheckOrder(o);
    if (!clean[k]) failing += 1;
    const s = o !== null && typeof o === 'object' ? o.sequence : undefined;
    if (typeof s === 'number' && s > prev) prev = s;
    else increasing = false;
  }
  let repeats = null;
  if (!increasing) {
    const count = new Map();
    repeats = new Array(n);
    for (let k = 0; k < n; k++) {
      const o = orders[k];
      repeats[k] = sequenceKey(o !== null && typeof o === 'object' ? o.sequence : undefined);
      count.set(repeats[k], (count.get(repeats[k]) ?? 0) + 1);
    }
    for (let k = 0; k < n; k++) repeats[k] = count.get(repeats[k]) > 1;
  }
  const kept = [];
  for (let k = 0; k < n; k++) {
    if (!clean[k] || (repeats !== null && repeats[k])) {
      // An order with its own toJSON would be asked for its JSON with another index.
      if (orders[k] !== null && typeof orders[k] === 'object' && orders[k].toJSON !== undefined) return null;
      kept.push(k);
    }
  }
  // The batch's own fields, with one (clean) order standing in for the list.
  const head = kept.length === 0 ? { ...body, orderList: [orders[0]] } : null;
  if (head !== null && fastCheck('batchOrder', head)) return CLEAN_BATCH;
  if (failing * 2 > n || kept.length * 2 > n) return null;
  if (kept.length === 0) return { cut: head, kept: [0] };
  return { cut: { ...body, orderList: kept.map((k) => orders[k]) }, kept };
}

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
 * cannot be serialized: the wasm's own `validate` then says why.
 */
function bodyText(body) {
  try {
    return serialize(body).text;
  } catch {
    return null;
  }
}

export { CLEAN_BATCH, bodyText, withOrderOf, cutBatch, serialize };
