// `licensing-sdk/playwright` for `import`: the CommonJS entry's exports (the
// built ./playwright.cjs beside it in pkg/).
import playwright from './playwright.cjs';

export const { test, expect, routeSimulator } = playwright;
