// stateFromHar and stateFromRecording of licensing-sdk/testing: a HAR (devtools',
// Playwright's, schemathesis's, the proxy's) or a proxy's recording made a
// simulator state in process, for createSimulator({ state }). The state is
// licensing-verify's (the tools' wasm, which Node reads from pkg/tools/); this
// module hands it the text and gives back what it made.

/**
 * The two functions over `tools()`, the tools' wasm instance (`null`: this
 * platform cannot load it, and they throw saying what to do instead).
 */
export function makeFixtures(tools) {
  const made = (read, what, text) => {
    if (typeof text !== 'string') throw new TypeError(`${what}: the file's text is expected, not ${text === null ? 'null' : typeof text}`);
    const instance = tools();
    if (instance === null) {
      throw new Error(`${what} reads with the package's tools, which load in Node only: make the state with \`npx licensing-sdk-sim state --from-${what === 'stateFromHar' ? 'har' : 'recording'} FILE\` and pass it to createSimulator({ state })`);
    }
    const fixture = read(instance, text);
    try {
      return { state: JSON.parse(fixture.state()), notes: fixture.noteLines(), answers: fixture.answerLines() };
    } finally {
      fixture.free();
    }
  };
  return {
    stateFromHar: (text) => made((t, s) => t.stateFromHar(s), 'stateFromHar', text),
    stateFromRecording: (text) => made((t, s) => t.stateFromRecording(s), 'stateFromRecording', text),
  };
}
