// stateFromHar and stateFromRecording of licensing-sdk/testing: a HAR (devtools',
// Playwright's, schemathesis's, the proxy's) or a proxy's recording made a
// simulator state in process, for createSimulator({ state }). The state is
// licensing-verify's (its wasm, which Node reads from pkg/verify/); this
// module hands it the text and gives back what it made.

/**
 * The two functions over `verify()`, licensing-verify's wasm instance (`null`: this
 * platform cannot load it, and they throw saying what to do instead).
 */
export function makeStateReaders(verify) {
  const made = (read, what, text) => {
    if (typeof text !== 'string') throw new TypeError(`${what}: the file's text is expected, not ${text === null ? 'null' : typeof text}`);
    const instance = verify();
    if (instance === null) {
      throw new Error(`${what} reads with licensing-verify's wasm, which loads in Node only: make the state with \`npx licensing-sdk-sim state --from-${what === 'stateFromHar' ? 'har' : 'recording'} FILE\` and pass it to createSimulator({ state })`);
    }
    const made = read(instance, text);
    try {
      return { state: JSON.parse(made.state()), notes: made.noteLines(), answers: made.answerLines() };
    } finally {
      made.free();
    }
  };
  return {
    stateFromHar: (text) => made((t, s) => t.stateFromHar(s), 'stateFromHar', text),
    stateFromRecording: (text) => made((t, s) => t.stateFromRecording(s), 'stateFromRecording', text),
  };
}
