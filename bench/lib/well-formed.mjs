// A string with no lone UTF-16 surrogate (the rule lone_surrogate), tested as the
// package's fast path tests it (crates/licensing-core/src/validate/rules/lone_surrogate.js),
// so that the peers pay what ours pays per string and no more: the engine's
// String.prototype.isWellFormed in Node, where it is the cheapest; elsewhere a search
// for any surrogate, the built-in only for a string holding one (docs/design.md,
// "The surrogate test, where it is spent").
const IN_NODE = typeof globalThis.process?.versions?.node === 'string';
const SURROGATE = /[\uD800-\uDFFF]/;
export const wellFormed = IN_NODE ? (s) => s.isWellFormed() : (s) => !SURROGATE.test(s) || s.isWellFormed();
