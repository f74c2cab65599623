// The tests specs/trace.spec.mjs runs and reads the report of (never run by the
// suite itself: its testDir is specs/). The suite's settings, one worker, and a
// folder of its own for what the run leaves: Playwright empties its outputDir
// first, and the suite's own run is still writing to its one.
import { defineConfig } from '@playwright/test';
import suite from '../playwright.config.mjs';

export default defineConfig({
  ...suite,
  testDir: '.',
  workers: 1,
  outputDir: '../../../target/playwright/nested-results',
});
