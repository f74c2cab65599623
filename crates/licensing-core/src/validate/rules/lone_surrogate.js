// rules/lone_surrogate.rs: a string with no lone UTF-16 surrogate (JSON.stringify
// writes one as an escape the wasm reports). The engine's own test where it has
// one (V8 11.1, Node 20, browsers since 2023: a one-byte string answers at once);
// a regular expression in Node 18.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = typeof SP.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);
