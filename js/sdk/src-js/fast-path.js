// The fast path: the generated yes/no of js/generated/fast-check.js (true only
// when the wasm would report no issue at all) and the batch's orders it proves
// clean (`checkBatch`; routing.js's `vouchedText` writes them as `!`). It decides
// no issue: a body it is unsure of goes to the wasm, which reports. Every
// entry has it, `licensing-sdk/validate` too (docs/design.md, "The fast path
// back in the validation-only entry").
import { fastCheck, fastCheckOrder, builtinsClean } from '../../generated/fast-check.js';

/** `checkBatch`'s answer for a batch with no issue at all. */
const CLEAN_BATCH = Object.freeze({ clean: true });

/** A plain object (Object.prototype or null as its prototype, no toJSON): JSON.stringify writes its own keys. */
function plainObject(v) {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const p = Object.getPrototypeOf(v);
  return (p === Object.prototype || p === null) && v.toJSON === undefined;
}

/** A real array (Array.prototype, no toJSON): JSON.stringify writes it item by item. */
function plainArray(v) {
  return Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype && v.toJSON === undefined;
}

/** Batches this long or longer are checked order by order (shorter ones: whole). */
const SUBSET_MIN_ORDERS = 4;

/**
 * A batch checked order by order, so that when it has issues the wasm reads
 * only the orders it must: those the fast path cannot prove clean, and those
 * whose `sequence` repeats (the one rule across orders). Every other order
 * crosses vouched (`!`, `vouchedText`): a clean order with a unique sequence
 * adds no issue anywhere.
 *
 * `CLEAN_BATCH` when every order is clean, no sequence repeats and the batch's
 * own fields are clean (what `fastCheck` would prove, in one pass); `{ vouched
 * }`, whether each order may cross vouched; `null` when the batch is not a
 * plain one to check so, or reading it throws (the caller then asks
 * `fastCheck`, and no order crosses vouched whole).
 */
function checkBatch(body) {
  try {
    return checkBatchOrThrow(body);
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

function checkBatchOrThrow(body) {
  if (!plainObject(body) || !builtinsClean()) return null;
  // The fields JSON.stringify writes (own, enumerable): an `orderList` it leaves
  // out (not enumerable, inherited, hidden by a proxy) is not the batch's.
  const own = { ...body };
  const orders = own.orderList;
  if (orders !== body.orderList) return null;
  if (!plainArray(orders) || orders.length < SUBSET_MIN_ORDERS) return null;
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
  if (failing === 0 && (repeats === null || !repeats.includes(true))
    && fastCheck('batchOrder', { ...own, orderList: [orders[0]] })) return CLEAN_BATCH;
  const vouched = new Array(n);
  for (let k = 0; k < n; k++) vouched[k] = clean[k] && (repeats === null || !repeats[k]);
  return { vouched };
}

export { CLEAN_BATCH, checkBatch, fastCheck, plainArray, plainObject };
