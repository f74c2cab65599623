// The suite of licensing-sdk/playwright (make test-playwright): four workers and
// every test of a file in parallel, as a portal's suite runs, so that two tests
// that would meet on a shared simulator run at once or one after the other in a
// worker. Debian's Chromium: Playwright's own browser downloads are not reachable here.
import { defineConfig } from '@playwright/test';

/** The simulator a team would share, which specs/shared.spec.mjs opens a session of per test. */
export const SHARED = { url: `http://127.0.0.1:${process.env.SHARED_SIM_PORT ?? 18931}`, adminToken: 'playwright-shared-admin' };

export default defineConfig({
  webServer: {
    command: `../../target/release/licensing-sim --listen ${new URL(SHARED.url).host} --admin-token ${SHARED.adminToken} --quiet`,
    // Its stats answer 401 without the token, which Playwright takes for up.
    url: `${SHARED.url}/__sim/stats`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
  testDir: './specs',
  workers: 4,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  // Not in the suite's folder: what a run leaves is the build's (git-ignored target/).
  outputDir: '../../target/playwright/results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
