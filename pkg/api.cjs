// The package's API over wasm-bindgen's glue, for every entry: node.cjs (and
// node.mjs through it) and the two browser entries, bundled. Each entry gives
// `api()` the glue as a factory (pkg/glue.cjs, generated) and the compiled
// WebAssembly.Module (or a function that compiles it); `api()` makes the
// instance itself, on the first call that needs it.
'use strict';

// The endpoint names and the cross-field rules come from the rules' files
// (generated): this layer holds no copy of what the validator knows.
const { fastCheck, fastCheckOrder, builtinsClean, ENDPOINTS, CROSS_FIELD_RULES } = require('./fast-check.cjs');
const { hooked, wantsHooks, licensingError } = require('./hooks.cjs');

/** The vendor in `~standard.vendor`. */
const VENDOR = 'licensing-sdk';

/**
 * A wasm memory never shrinks. When a call leaves the validators' instance with
 * more than this (an outsized body: a 50 MB key, a 100 MB text), the validators
 * move to a fresh instance and the old one goes with the garbage, once no
 * LicensingClient made from it is left.
 */
const MEMORY_LIMIT = 64 << 20;

/**
 * `validateJson` over the wasm's input buffer (src/text_input.rs): the text is
 * written into wasm memory by one TextEncoder.encodeInto instead of wasm-bindgen's
 * per-character copy (5× faster for ASCII text in Node).
 */
function validateJsonOn(glue, encoder, endpoint, text, options) {
  if (typeof text !== 'string') return glue.validateJson(endpoint, text, options);
  // Room for mostly-ASCII text first; every UTF-16 unit takes at most 3 bytes.
  let capacity = text.length + (text.length >> 3) + 16;
  for (;;) {
    const at = glue.__textInput(capacity);
    const { read, written } = encoder.encodeInto(text, new Uint8Array(glue.__memory().buffer, at, capacity));
    if (read === text.length) return glue.__validateJsonInput(endpoint, written, options);
    capacity = text.length * 3;
  }
}

/** A JSON Pointer (RFC 6901) as Standard Schema path keys, array indices as numbers. */
function pathKeys(pointer) {
  if (pointer === '') return [];
  return pointer.slice(1).split('/').map((segment) => {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^(0|[1-9][0-9]{0,8})$/.test(key) ? Number(key) : key;
  });
}

/**
 * What `~standard.jsonSchema` asks for in an entry without the JSON Schemas (the
 * default browser entry and slim: the data would add ~4 KB gzip to every page).
 */
function noJsonSchemas() {
  throw new Error("licensing-sdk: this entry leaves the JSON Schemas out: import { schemas, createSchemas } from "
    + "'licensing-sdk/json-schema' for objects whose ~standard.jsonSchema has them (README: \"Standard JSON Schema\")");
}

/**
 * `createSchemas(options)`: for each endpoint, `{ '~standard': { version: 1, vendor,
 * validate, jsonSchema } }`, plain JS over `validate` (no closures in the wasm). A
 * value the fast path proves clean is `{ value }` at once; any other is validated
 * with the options and fails on errors only (warnings must not block a form).
 * `jsonSchema.input`/`output` (Standard JSON Schema) call `jsonSchemas()`'s
 * converter (pkg/json-schema.cjs), loaded on first use where the entry has it.
 */
function schemasWith(validate, jsonSchemas = noJsonSchemas) {
  return (options) => {
    const touched = touchedTest(options?.touched);
    const out = {};
    for (const name of ENDPOINTS) {
      const check = (value) => {
        if (fastCheck(name, value)) return { value };
        const report = validate(name, value, options);
        if (report.valid) return { value };
        const errors = report.issues.filter((issue) => issue.severity === 'error');
        const shown = touched ? errors.filter((issue) => touched(issue.path)) : errors;
        const issues = shown.map((issue) => ({ message: issue.message, path: pathKeys(issue.path), code: issue.code }));
        if (shown.length < errors.length) {
          const n = errors.length - shown.length;
          issues.push({ message: untouchedMessage(n, options?.locale), path: [], code: 'untouched' });
        }
        return { issues };
      };
      const convert = (o) => jsonSchemas().jsonSchema(name, options, o);
      out[name] = { '~standard': { version: 1, vendor: VENDOR, validate: check, jsonSchema: { input: convert, output: convert } } };
    }
    return out;
  };
}

/** The root issue of `touched`, in the locale of the other messages. */
function untouchedMessage(n, locale) {
  if (locale === 'zh-CN') return `尚未填写的字段中还有 ${n} 个问题`;
  return `${n} more issue${n === 1 ? '' : 's'} in fields not touched yet`;
}

/**
 * `createSchemas({ touched })`: a Set of JSON Pointers or a predicate; an issue
 * counts when its path is a touched pointer or lies inside one.
 */
function touchedTest(touched) {
  if (touched === undefined || touched === null) return null;
  const has = typeof touched === 'function' ? (p) => Boolean(touched(p))
    : typeof touched.has === 'function' ? (p) => touched.has(p) : null;
  if (!has) throw new TypeError('createSchemas: touched must be a Set of JSON Pointers or a function');
  return (path) => {
    for (let p = path; ; p = p.slice(0, p.lastIndexOf('/'))) {
      if (has(p)) return true;
      if (p === '') return false;
    }
  };
}

/**
 * `schemas`: the ten made by `create()` on first use rather than at import
 * (making them costs a few ms of every page's start-up).
 */
function lazySchemas(create) {
  let all;
  const out = {};
  for (const name of ENDPOINTS) {
    Object.defineProperty(out, name, { enumerable: true, get: () => (all ??= create())[name] });
  }
  return Object.freeze(out);
}

/** Whether `path` is `pointer` or inside it (segment-wise: /a/1 is not inside /a/10). */
const within = (path, pointer) => path === pointer || path.startsWith(`${pointer}/`);

/**
 * A report of a batch whose `orderList` was cut down to the orders at `kept`
 * (ascending indices of the whole list), with those indices put back: in paths,
 * and in duplicate_sequence's `first` and message.
 */
function remapOrders(report, kept) {
  const remap = (path) => path.replace(/^\/orderList\/(\d+)/, (_, n) => `/orderList/${kept[Number(n)]}`);
  const issues = report.issues.map((issue) => {
    const out = { ...issue, path: remap(issue.path) };
    if (issue.code === 'duplicate_sequence' && issue.params) {
      const first = kept[Number(issue.params.first)];
      out.params = { ...issue.params, first: String(first) };
      out.message = issue.message.replace(`/orderList/${issue.params.first}`, `/orderList/${first}`);
    }
    return out;
  });
  return { ...report, issues };
}

/**
 * `value` as JSON text with every NaN and ±Infinity written as 0.5 (a number
 * that is no integer: every field then gets its `type` issue), and the JSON
 * Pointers where they were; `null` when there is none. JSON.stringify alone
 * writes `null` for them, read as absent: a form's unparsable number would be
 * dropped without a word. `text`, when the caller has it, is what
 * JSON.stringify gave: a body without a `null` in it needs no look at all.
 */
function nonFinite(value, text) {
  if ((typeof text === 'string' && !text.includes('null')) || !mayHoldNonFinite(value, 0)) return null;
  const paths = [];
  const where = new Map();
  const substituted = JSON.stringify(value, function replace(key, v) {
    const parent = where.get(this);
    const at = parent === undefined ? '' : `${parent}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (v !== null && typeof v === 'object') where.set(v, at);
    if (typeof v === 'number' && !Number.isFinite(v)) {
      paths.push(at);
      return 0.5;
    }
    return v;
  });
  return paths.length === 0 ? null : { text: substituted, paths };
}

/**
 * Whether a NaN or ±Infinity may be in `value`: a plain walk (4× faster than
 * the replacer pass, which then finds where). An object with its own `toJSON`
 * may write anything: yes.
 */
function mayHoldNonFinite(v, depth) {
  if (typeof v === 'number') return v - v !== 0;
  if (v === null || typeof v !== 'object') return false;
  if (depth > 256 || typeof v.toJSON === 'function') return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (mayHoldNonFinite(v[i], depth + 1)) return true;
    return false;
  }
  for (const k in v) if (mayHoldNonFinite(v[k], depth + 1)) return true;
  return false;
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
 * out changes nothing but the indices, which `remapOrders` puts back.
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
 * `validateField(endpoint, pointer, body, options)`: the issues at `pointer` (or
 * inside it), and those of the cross-field rules that involve it: for a field of
 * order i of a batch, every cross-field issue of that order and the repeats of its
 * `sequence`. Only what they need is validated: the order itself (with the orders
 * that share its sequence) instead of the whole batch, so it is cheap enough per
 * keystroke. The issues are those `validate` gives for the whole body; an issue
 * of the body as a whole (path "") is always among them.
 */
function fieldValidatorWith(validate) {
  // An issue of the whole body (not JSON, not an object, an unknown endpoint)
  // concerns every field of it.
  // Whether an issue concerns the field at `pointer` (in order `scope`, if any).
  const concerns = (i, pointer, scope) => within(i.path, pointer) || (i.path === '' && i.code !== 'too_many_issues')
    || (scope !== null && within(i.path, scope) && CROSS_FIELD_RULES.has(i.rule));
  const pick = (report, pointer) => report.issues.filter((i) => concerns(i, pointer, null));
  return function validateField(endpoint, pointer, body, options) {
    if (typeof pointer !== 'string') throw new TypeError('validateField: the pointer must be a string');
    const orders = endpoint === 'batchOrder' && body !== null && typeof body === 'object' ? body.orderList : undefined;
    const m = Array.isArray(orders) ? /^\/orderList\/(0|[1-9][0-9]*)(?:\/|$)/.exec(pointer) : null;
    const i = m ? Number(m[1]) : -1;
    if (!Array.isArray(orders) || pointer === '' || pointer === '/orderList' || (m && i >= orders.length)) {
      return pick(validate(endpoint, body, options), pointer);
    }
    if (!m) {
      // A field of the batch itself: the orders play no part.
      return pick(validate(endpoint, { ...body, orderList: [] }, options), pointer);
    }
    // Order i, and the orders that share its sequence (the rule compares them), in order.
    const seq = orders[i] !== null && typeof orders[i] === 'object' ? orders[i].sequence : undefined;
    const kept = [];
    orders.forEach((o, k) => {
      if (k === i || (Number.isInteger(seq) && o !== null && typeof o === 'object' && o.sequence === seq)) kept.push(k);
    });
    // The batch's own fields are not asked about: valid stand-ins let a clean
    // order take the fast path, and keep their issues out of the way.
    const report = validate(endpoint, { channelCode: 'x', channelOrderId: 'x', orderList: kept.map((k) => orders[k]) }, options);
    const { issues } = remapOrders(report, kept);
    // Every repeat in this report is of order i's sequence: the other orders
    // validated are the ones that share it.
    return issues.filter((x) => concerns(x, pointer, `/orderList/${i}`) || x.code === 'duplicate_sequence');
  };
}

/**
 * The package's exports, over instances of `wasmModule` made with `createGlue`;
 * `jsonSchemas()` gives pkg/json-schema.cjs where the entry has it. `wasmModule`
 * is a WebAssembly.Module, or a function that makes one (the default entry
 * compiles its embedded wasm then). The glue and its instance are made by the
 * first call that needs them: a body the fast path proves clean needs neither.
 */
function api(createGlue, wasmModule, jsonSchemas) {
  /**
   * The exported class: `new LicensingClient(options)` makes the client in the
   * current instance (which then lives as long as the client); every such client
   * is an `instanceof` this class.
   */
  class LicensingClient {
    constructor(options) {
      // With hooks or a token provider: JavaScript around each attempt's fetch (pkg/hooks.cjs).
      const client = wantsHooks(options)
        ? Object.assign(Object.create(LicensingClient.prototype),
          hooked(options, (o) => new (current().LicensingClient)(o), ENDPOINTS))
        : new (current().LicensingClient)(options);
      // NaN and ±Infinity: refused before the wasm's JSON.stringify could send them as null.
      for (const name of ENDPOINTS) {
        const send = client[name];
        Object.defineProperty(client, name, {
          configurable: true,
          writable: true,
          value(body, callOptions) {
            let found = null;
            try {
              found = nonFinite(body); // the walk alone: the wasm stringifies the body itself
            } catch {
              // Not serializable: the wasm says why.
            }
            if (found === null) return send.call(client, body, callOptions);
            const { issues } = validate(name, body, { locale: options?.locale, rules: options?.rules });
            const message = `invalid ${name} request: NaN or Infinity at ${found.paths.join(', ')}, which JSON cannot carry`;
            return Promise.reject(licensingError('validation', message, { issues }));
          },
        });
      }
      return client;
    }
  }
  let module = typeof wasmModule === 'function' ? undefined : wasmModule;
  function instantiate() {
    const fresh = createGlue();
    fresh.initSync({ module: (module ??= wasmModule()) });
    Object.setPrototypeOf(fresh.LicensingClient.prototype, LicensingClient.prototype);
    return fresh;
  }
  let glue;
  /** The instance, made on first need. */
  const current = () => (glue ??= instantiate());
  /** After a call: an outsized memory is given back by moving to a fresh instance. */
  function settle(result) {
    if (glue !== undefined && glue.__memory().buffer.byteLength > MEMORY_LIMIT) glue = instantiate();
    return result;
  }
  const encoder = new TextEncoder();
  const validate = (endpoint, body, options) => {
    // A batch, order by order: clean at once, or only the orders with issues
    // (and those their sequences tie them to) cross to the wasm, as text.
    const batch = endpoint === 'batchOrder' ? cutBatch(body) : null;
    if (batch === CLEAN_BATCH) return { valid: true, issues: [] };
    const target = batch !== null ? batch.cut : body;
    if (batch === null && fastCheck(endpoint, body)) return { valid: true, issues: [] };
    let text;
    try {
      text = JSON.stringify(target);
    } catch {
      return settle(current().validate(endpoint, body, options)); // the wasm says why
    }
    if (text === undefined) return settle(current().validate(endpoint, body, options));
    try {
      text = nonFinite(target, text)?.text ?? text;
    } catch {
      return settle(current().validate(endpoint, body, options)); // a getter that throws the second time
    }
    const report = settle(validateJsonOn(current(), encoder, endpoint, text, options));
    return batch !== null ? remapOrders(report, batch.kept) : report;
  };
  const createSchemas = schemasWith(validate, jsonSchemas);
  return {
    /** The issues of one field, and of the cross-field rules that involve it. */
    validateField: fieldValidatorWith(validate),
    /** Validates a body; a body the generated fast path proves clean skips the wasm. */
    validate,
    validateJson: (endpoint, text, options) => settle(validateJsonOn(current(), encoder, endpoint, text, options)),
    isAssetNumber: (value) => current().isAssetNumber(value),
    assetNumberPartition: (value) => current().assetNumberPartition(value),
    createSchemas,
    exampleBody: (endpoint) => current().exampleBody(endpoint),
    LicensingClient,
    /** Standard Schema v1 objects, one per endpoint (English messages). */
    schemas: lazySchemas(() => createSchemas()),
  };
}

exports.api = api;
exports.pathKeys = pathKeys;
// Internal: the differential tests check when the cut is taken; the bench's
// probes time these steps of `validate` alone.
exports.cutBatch = cutBatch;
exports.nonFinite = nonFinite;
exports.MEMORY_LIMIT = MEMORY_LIMIT;
