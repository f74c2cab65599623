// `licensing-sdk/playwright` for Node `require` (playwright.mjs re-exports it for
// `import`, so a suite that loads it both ways has one `test`): @playwright/test's
// `test` with a simulator per test (js/src/playwright.js), over the Node entry of
// licensing-sdk/testing (the built ./testing.cjs beside it in pkg/). @playwright/test
// is the user's own (a peer dependency): its runner knows only the `test` it made.
'use strict';
const { test: base, expect } = require('@playwright/test');
const { createSimulator } = require('./testing.cjs');
const { routeSimulator, simulatorFixtures } = require('../src/playwright.js');

module.exports = { test: base.extend(simulatorFixtures(createSimulator)), expect, routeSimulator };
