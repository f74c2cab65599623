// The tools the package's commands drive (`npx licensing-sdk verify`,
// `npx licensing-sdk-sim proxy` and `state --from-recording`): licensing-verify's
// wasm (js/tools-wasm), read from pkg/tools/ by Node. Not
// an export of the package: a page's `licensing-sdk/testing` carries none of it.
'use strict';
const { readFileSync } = require('node:fs');
const path = require('node:path');
const createGlue = require('#built/tools-glue.js').default;

let glue;

/** The tools' wasm instance (VerifyRun, ProxyInspector, stateFromRecording, recordingHeader), made on first use. */
function tools() {
  if (!glue) {
    const bytes = readFileSync(path.join(__dirname, 'tools', 'licensing_tools_wasm_bg.wasm'));
    glue = createGlue();
    glue.initSync({ module: new WebAssembly.Module(bytes) });
  }
  return glue;
}

module.exports = { tools };
