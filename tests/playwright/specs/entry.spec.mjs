// The entry as both module systems load it: `import` re-exports what `require`
// gives (one `test`, so a suite that loads it both ways registers its fixtures
// once), and its `expect` is @playwright/test's own.
import { createRequire } from 'node:module';
import { expect as playwrightExpect } from '@playwright/test';
import * as entry from 'licensing-sdk/playwright';

const { test, expect } = entry;

test('import and require give the same test, expect and routeSimulator; expect is @playwright/test\'s', () => {
  const required = createRequire(import.meta.url)('licensing-sdk/playwright');
  expect(Object.keys(entry).sort()).toEqual(['expect', 'routeSimulator', 'test']);
  expect(Object.keys(required).sort()).toEqual(['expect', 'routeSimulator', 'test']);
  for (const name of ['test', 'expect', 'routeSimulator']) expect(entry[name]).toBe(required[name]);
  expect(entry.expect).toBe(playwrightExpect);
});
