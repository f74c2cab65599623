// The tests specs/trace.spec.mjs runs and reads the report of (never run by the
// suite itself: its testDir is specs/). The suite's settings, and a folder of
// its own for what the run leaves: Playwright empties its outputDir first, and
// the suite's own run is still writing to its one. Each test in a worker of its
// own: a test that fails ends its worker, and the next one's browser would
// start only then (one worker: 34 s of the suite's 37).
import { defineConfig } from '@playwright/test';
import suite from '../playwright.config.mjs';

export default defineConfig({
  ...suite,
  // The suite's shared simulator is the suite's run's: this run starts none.
  webServer: undefined,
  testDir: '.',
  workers: 4,
  fullyParallel: true,
  outputDir: '../../../target/playwright/nested-results',
});
