// `licensing-sdk/playwright` for `import`: the CommonJS entry's exports (the
// built ./playwright.cjs beside it in pkg/), by `require` rather than `import`:
// a CommonJS module that throws while Node 20's loader imports it (no
// @playwright/test installed) also leaves an unhandled rejection behind, which
// fails a test runner that only imported it inside a try.
import { createRequire } from 'node:module';

export const { test, expect, routeSimulator } = createRequire(import.meta.url)('./playwright.cjs');
