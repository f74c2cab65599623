// The payloads are written by the generators, then made valid by
// licensing-sdk/testing's makeValid (the rule tables' examples and each rule's own
// repair): a rule that tightens validity adds what it needs to every payload with
// no edit to a generator. The same module in Node (the built package beside the
// bench) and in the bench's pages (the server serves pkg/ at /pkg/).
const inPage = typeof document !== 'undefined';
let testing;

/** The body made valid for `endpoint` (a JSON copy: keys in their order, what a rule adds last). */
export async function makeValid(endpoint, body) {
  testing ??= import(inPage ? '/pkg/testing.mjs' : new URL('../../pkg/testing-node.mjs', import.meta.url).href);
  return (await testing).makeValid(endpoint, body);
}
