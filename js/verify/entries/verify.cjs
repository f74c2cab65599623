// licensing-verify, which the package's commands drive (`npx licensing-sdk verify`,
// `npx licensing-sdk-sim proxy` and `state --from-recording`): licensing-verify's
// wasm (js/verify/, its crate), read from pkg/verify/ by Node. Not
// an export of the package: a page's `licensing-sdk/testing` carries none of it.
'use strict';
const { readFileSync } = require('node:fs');
const path = require('node:path');
const createGlue = require('#built/verify-glue.js').default;

let glue;

/** licensing-verify's wasm instance (VerifyRun, ProxyInspector, stateFromRecording, recordingHeader), made on first use. */
function verify() {
  if (!glue) {
    const bytes = readFileSync(path.join(__dirname, 'verify', 'licensing_verify_wasm_bg.wasm'));
    glue = createGlue();
    glue.initSync({ module: new WebAssembly.Module(bytes) });
  }
  return glue;
}

module.exports = { verify };
