// The validators: everything the package exports but the client, each a
// function of its own (`licensing-sdk/validate` is this module alone, over the
// validation-only wasm; api.js adds `LicensingClient`). A body the fast path
// (fast-path.js) proves clean does not cross. An entry picks the wasm
// (instance.js's `use`) and re-exports this module: its exports are the list.
// The endpoint names come from the endpoint table (generated): this layer holds
// no copy of what the core knows; what crosses into the wasm is routing.js's.
import { ENDPOINTS } from '../../generated/endpoints.js';
import { CLEAN_BATCH, checkBatch, fastCheck } from './fast-path.js';
import { bodyText, vouchedText } from './routing.js';
import { current, jsonSchemas, settle } from './instance.js';
import { pathKeys } from './paths.js';

/** The vendor in `~standard.vendor`. */
const VENDOR = 'licensing-sdk';

/**
 * Writes `text` into the wasm's input buffer (js/sdk/src/text_input.rs) with one
 * TextEncoder.encodeInto instead of wasm-bindgen's per-character copy (5×
 * faster for ASCII text in Node), then `check(length)` validates it there.
 */
function onInput(glue, encoder, text, check) {
  // Room for mostly-ASCII text first; every UTF-16 unit takes at most 3 bytes.
  let capacity = text.length + (text.length >> 3) + 16;
  for (;;) {
    const at = glue.__textInput(capacity);
    const { read, written } = encoder.encodeInto(text, new Uint8Array(glue.__memory().buffer, at, capacity));
    if (read === text.length) return check(written);
    capacity = text.length * 3;
  }
}

/**
 * `createSchemas(options)`: for each endpoint, `{ '~standard': { version: 1, vendor,
 * validate, jsonSchema } }`, plain JS over `validate` (no closures in the wasm), in
 * the options' locale and messages (checked now, by `checked`): per call, no global. A
 * value the fast path proves clean is `{ value }` at once; any other is validated
 * with the options and fails on errors only (warnings must not block a form).
 * `jsonSchema.input`/`output` (Standard JSON Schema) call `jsonSchemas()`'s
 * converter (js/sdk/src-js/json-schema.js), loaded on first use where the entry has it.
 */
function schemasWith(validateBody, untouchedIssue, checked) {
  return (options) => {
    const touched = touchedTest(options?.touched);
    checked(options);
    const out = {};
    for (const name of ENDPOINTS) {
      const check = (value) => {
        // The fast path once: a body it cannot prove clean goes on to the wasm
        // from there (the catalogue checked again then, as `validate` does).
        const report = validateBody(name, value, options, checked);
        if (report.valid) return { value };
        const errors = report.issues.filter((issue) => issue.severity === 'error');
        const shown = touched ? errors.filter((issue) => touched(issue.path)) : errors;
        // The errors left out are counted in the core's `untouched` issue.
        if (shown.length < errors.length) shown.push(untouchedIssue(errors.length - shown.length, checked(options)));
        return { issues: shown.map((issue) => ({ message: issue.message, path: pathKeys(issue.path), code: issue.code })) };
      };
      const convert = (o) => jsonSchemas().jsonSchema(name, options, o);
      out[name] = { '~standard': { version: 1, vendor: VENDOR, validate: check, jsonSchema: { input: convert, output: convert } } };
    }
    return out;
  };
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
 * `schemas`: one per endpoint, made by `create()` on first use rather than at import
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

const encoder = new TextEncoder();

/**
 * `__validateInput`'s last argument (js/sdk/src/text_input.rs), for the calls that pass a
 * value instead of the input: the body `validate` could not serialize, what
 * `validateJson` got instead of a string, the count of a form's untouched errors,
 * a `messages` catalogue to check (in the options).
 */
const CALL_VALIDATE_VALUE = 1;
const CALL_VALIDATE_JSON_VALUE = 2;
const CALL_UNTOUCHED = 3;
const CALL_CHECK_MESSAGES = 4;
/** The input is a vouched text (routing.js's `vouchedText`), not JSON. */
const CALL_VALIDATE_VOUCHED = 5;
const call = (what, endpoint, options, value) => current().__validateInput(endpoint, 0, options, undefined, value, what);

/**
 * A `messages` catalogue is checked by the core when it is given, before the
 * fast path can answer without it: `checkMessages` throws what is wrong. An
 * object the core accepted is not sent to be checked again while it stays as
 * it was: frozen, or with the same own entries (a catalogue changed after its
 * first use is checked again, not trusted).
 */
const accepted = new WeakMap();

/** A catalogue's own entries as one string: what it was when the core accepted it. */
const entriesOf = (messages) => {
  let out = '';
  for (const key of Object.keys(messages)) out += `${key}\u0000${messages[key]}\u0000`;
  return out;
};

/** A `messages` catalogue as the core reads it: its locale and the keys it leaves in English. */
export const checkMessages = (options) => accept(options, options?.messages);

/**
 * `checkMessages`, remembered for `owner`: the catalogue the caller gave, of
 * which `options.messages` may be the plain copy `checked` made.
 */
function accept(options, owner) {
  const messages = options?.messages;
  const check = () => {
    const answer = call(CALL_CHECK_MESSAGES, undefined, options ?? {});
    // The core's refusal, naming the entry, as the error of a bad argument.
    if (typeof answer === 'string') throw new TypeError(answer);
    const [locale, ...missing] = answer;
    return { locale, missing };
  };
  if (messages === undefined || messages === null) return check();
  const known = accepted.get(owner);
  if (known !== undefined && known.given === options.locale && (known.entries === null || known.entries === entriesOf(messages))) {
    return { ...known.result, missing: [...known.result.missing] };
  }
  const result = check();
  // Only a plain object is accepted by the core.
  accepted.set(owner, { given: options.locale, entries: owner === messages && fixed(messages) ? null : entriesOf(messages), result });
  return result;
}

const fixedCatalogues = new WeakSet();

/** A catalogue whose entries cannot change: frozen, and no entry a getter (a frozen object's data never changes). */
function fixed(messages) {
  if (fixedCatalogues.has(messages)) return true;
  if (!Object.isFrozen(messages)) return false;
  for (const entry of Object.values(Object.getOwnPropertyDescriptors(messages))) if (!('value' in entry)) return false;
  fixedCatalogues.add(messages);
  return true;
}

/**
 * The options a call gives the wasm, their catalogue checked. A catalogue
 * whose entries can change (not frozen, or a getter among them; found by an
 * adversarial pass: a frozen one with a getter was trusted, and the wasm
 * silently dropped what the getter gave it later) is read once, into a plain
 * copy that is both the one checked and the one used.
 */
const checked = (options) => {
  const rules = options?.rules;
  // A profile mistyped ('STRICT') read as the default, silently less than asked.
  // The words of json-schema.js's profileOf and of the simulator's options.
  if (rules != null && rules !== 'spec' && rules !== 'recommended' && rules !== 'strict') throw new TypeError(`unknown rules profile ${JSON.stringify(rules)} (spec, recommended, strict)`);
  const messages = options?.messages;
  if (messages === undefined || messages === null) return options;
  const proto = typeof messages === 'object' ? Object.getPrototypeOf(messages) : undefined;
  if ((proto === Object.prototype || proto === null) && !fixed(messages)) {
    const copy = { ...options, messages: { ...messages } };
    accept(copy, messages);
    return copy;
  }
  accept(options, messages);
  return options;
};

/**
 * `validate` after its options' first check, or with `pointer`, `validateField`:
 * a body the fast path proves clean skips the wasm; `beforeWasm(options)`, when
 * given, runs only when the body crosses and gives the options the wasm reads
 * (the schemas check their catalogue there). The core's report comes from the body's vouched text (only the
 * failing parts cross), or, where that cannot be written, from the whole body's
 * text or the body itself.
 */
function validateBody(endpoint, body, options, beforeWasm, pointer) {
  // A batch, order by order: clean at once, or its clean orders cross vouched.
  const batch = endpoint === 'batchOrder' ? checkBatch(body) : null;
  if (batch === CLEAN_BATCH) return { valid: true, issues: [] };
  if (batch === null && fastCheck(endpoint, body)) return { valid: true, issues: [] };
  if (beforeWasm !== undefined) options = beforeWasm(options);
  const wasm = current();
  const vouched = vouchedText(endpoint, body, batch?.vouched);
  if (vouched !== null) {
    return settle(onInput(wasm, encoder, vouched, (length) => wasm.__validateInput(endpoint, length, options, pointer, undefined, CALL_VALIDATE_VOUCHED)));
  }
  const text = bodyText(body);
  if (text === null) return settle(call(CALL_VALIDATE_VALUE, endpoint, options, body));
  return settle(onInput(wasm, encoder, text, (length) => wasm.__validateInput(endpoint, length, options, pointer)));
}

/** Validates a body; a body the fast path proves clean skips the wasm. */
export const validate = (endpoint, body, options) => validateBody(endpoint, body, checked(options));

/**
 * The issues of one field (licensing-core's `validate_field_json`): those at
 * `pointer` or inside it, every issue of the body as a whole, and for a
 * field of order i of a batch, order i's cross-field issues and the later
 * orders that repeat its sequence; the cap counts these only. The body
 * crosses as `validate`'s does (its vouched text): the report is the same,
 * from the failing parts alone.
 */
export const validateField = (endpoint, pointer, body, options) => {
  if (typeof pointer !== 'string') throw new TypeError('validateField: the pointer must be a string');
  return validateBody(endpoint, body, checked(options), undefined, pointer).issues;
};

/** Validates JSON text; malformed JSON is an `invalid_json` issue, not a throw. */
export const validateJson = (endpoint, text, options) => {
  options = checked(options);
  if (typeof text !== 'string') return settle(call(CALL_VALIDATE_JSON_VALUE, endpoint, options, text));
  const wasm = current();
  return settle(onInput(wasm, encoder, text, (length) => wasm.__validateInput(endpoint, length, options)));
};

const untouchedIssue = (count, options) => settle(call(CALL_UNTOUCHED, undefined, options, count)).issues[0];

/** Standard Schema v1 objects, one per endpoint, in the options' locale, messages and rules. */
export const createSchemas = schemasWith(validateBody, untouchedIssue, checked);

/** Standard Schema v1 objects, one per endpoint (English messages). */
export const schemas = lazySchemas(() => createSchemas());

/** True for exactly 10 ASCII digits starting with 8 or 6. */
export const isAssetNumber = (value) => current().isAssetNumber(value);

/** 'domestic', 'singapore', or null. */
export const assetNumberPartition = (value) => current().assetNumberPartition(value);

/** A complete, valid example body of an endpoint. */
export const exampleBody = (endpoint) => current().exampleBody(endpoint);
