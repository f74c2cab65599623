// rules/lone_surrogate.rs: a string with no lone UTF-16 surrogate (JSON.stringify
// writes one as an escape the wasm reports). The whole test is the engine's own where
// it has one (V8 11.1, Node 20, browsers since 2023), a regular expression in Node 18.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormedWhole = typeof SP.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);
// The same answer from a search for any surrogate at all, which hands the whole test
// only a string holding one (an emoji, or a broken one). It is the test on nearly
// every string of a body, so its cost per call is the fast path's (docs/design.md,
// "The surrogate test, where it is spent"): per string of the bench's bodies,
// Chromium 156 runs the built-in in ~40 ns, a charCodeAt scan in ~30 ns and this
// search in ~14-25 ns; Node 20 the built-in in ~6 ns. So the search where there is no
// process.versions.node (Deno has one).
const SURROGATE = /[\uD800-\uDFFF]/;
function wellFormedSearch(s) {
  return !SURROGATE.test(s) || wellFormedWhole(s);
}
const IN_NODE = typeof globalThis.process?.versions?.node === 'string';
const wellFormed = IN_NODE ? wellFormedWhole : wellFormedSearch;
