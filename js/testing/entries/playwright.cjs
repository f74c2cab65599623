// `licensing-sdk/playwright` for Node `require` (playwright.mjs re-exports it for
// `import`, so a suite that loads it both ways has one `test`): @playwright/test's
// `test` with a simulator per test (js/testing/src-js/playwright.js), over the Node entry of
// licensing-sdk/testing (the built ./testing.cjs beside it in pkg/). @playwright/test
// is the user's own (a peer dependency): its runner knows only the `test` it made.
'use strict';
const { test: base, expect } = requirePeer('@playwright/test');
const { createSimulator, openSession } = require('./testing.cjs');
const { routeSimulator, simulatorFixtures } = require('../src-js/playwright.js');

/**
 * The user's own install of `name`. Missing, it is an error that names the peer
 * and how to add it, with Node's own as its cause (and its code, so a check of
 * `MODULE_NOT_FOUND` still holds); a module missing deeper down is Node's error
 * as it came.
 */
function requirePeer(name) {
  try {
    return require(name);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND' || !String(error.message).startsWith(`Cannot find module '${name}'`)) throw error;
    const missing = new Error(
      `licensing-sdk/playwright extends the test of ${name}, which this project does not have: ` +
      `install it beside licensing-sdk (npm install --save-dev ${name}), or use licensing-sdk/testing's ` +
      `createSimulator without Playwright`, { cause: error });
    missing.code = 'MODULE_NOT_FOUND';
    throw missing;
  }
}

module.exports = { test: base.extend(simulatorFixtures(createSimulator, openSession)), expect, routeSimulator };
