// rules/lone_surrogate.rs: a string with no lone UTF-16 surrogate (JSON.stringify
// writes one as an escape the wasm reports). The whole test is the engine's own where
// it has one (V8 11.1, Node 20, browsers since 2023), a regular expression in Node 18.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormedWhole = typeof SP.isWellFormed === 'function'
  ? (s) => s.isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);
// The same answer from a scan that hands the whole test only a string holding a
// surrogate at all. Which is faster depends on the engine, not on the input (1,000
// valid orders, 55 strings each; docs/design.md): Chromium 156 2.1 ms by the built-in,
// 0.95 ms by the scan; WebKit 1.0 / 0.85; Firefox 153 and Deno 2.9 even; Node 20
// 0.81 / 1.27 and Node 24 1.17 / 1.38. So the scan where there is no
// process.versions.node (Deno has one).
function wellFormedScan(s) {
  for (let i = 0, n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) return wellFormedWhole(s);
  }
  return true;
}
const IN_NODE = typeof globalThis.process?.versions?.node === 'string';
const wellFormed = IN_NODE ? wellFormedWhole : wellFormedScan;
