// The trace attachment as a report shows it: nested/outcomes.spec.mjs (a test for
// each way a test ends) runs in a Playwright of its own with the JSON reporter,
// and each test's attachments are read from the report. A check inside the
// failing test itself could not see them: the fixture attaches the trace at its
// teardown, after the test and its hooks.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';

const SUITE = fileURLToPath(new URL('..', import.meta.url));
const CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Runs the nested suite: its JSON report (it exits 1, as two of its tests fail). */
function runNested() {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, 'test', '--config', 'nested/playwright.config.mjs', '--reporter=json'],
      { cwd: SUITE, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
        try {
          resolve(JSON.parse(stdout));
        } catch {
          reject(new Error(`the nested run gave no JSON report (${error?.message ?? 'no error'}):\n${stdout}\n${stderr}`));
        }
      });
  });
}

/** Each test of the report by its title: its outcome and its `licensing-sim-trace` attachments, parsed. */
function byTitle(report) {
  const out = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const [result] = spec.tests[0].results;
      const traces = result.attachments.filter((a) => a.name === 'licensing-sim-trace');
      out[spec.title] = {
        status: result.status,
        expectedStatus: spec.tests[0].expectedStatus,
        traces: traces.map((a) => ({ contentType: a.contentType, body: JSON.parse(Buffer.from(a.body, 'base64').toString('utf8')) })),
        text: traces.map((a) => Buffer.from(a.body, 'base64').toString('utf8')).join(''),
      };
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  return out;
}

test('a test that fails gets the simulator\'s trace attached; one that passes, or fails as marked, gets none', async () => {
  // A run of its own: a browser started, four tests; time for a loaded machine.
  test.setTimeout(180_000);
  const tests = byTitle(await runNested());
  expect(Object.keys(tests).sort()).toEqual(['fails after a call', 'fails after two calls', 'fails as it is marked to', 'passes']);

  const failed = tests['fails after two calls'];
  expect(failed.status).toBe('failed');
  expect(failed.traces).toHaveLength(1);
  expect(failed.traces[0].contentType).toBe('application/json');
  // Both calls, under the id the routing gives a request that carried none.
  expect(Object.keys(failed.traces[0].body)).toEqual(['playwright']);
  expect(failed.traces[0].body.playwright.map((e) => [e.endpoint, e.method, e.authorization])).toEqual([
    ['shellNums', 'POST', 'Bearer [redacted]'],
    ['shellNums', 'POST', 'Bearer [redacted]'],
  ]);
  expect(failed.text).not.toContain('dev-all-token');

  // The portal's own id is kept, and attached beside the routing's (empty here).
  const own = tests['fails after a call'];
  expect(own.status).toBe('failed');
  expect(Object.keys(own.traces[0].body).sort()).toEqual(['checkout', 'playwright']);
  expect(own.traces[0].body.checkout.map((e) => e.endpoint)).toEqual(['shellNums']);
  expect(own.traces[0].body.playwright).toEqual([]);

  expect(tests.passes).toMatchObject({ status: 'passed', traces: [] });
  expect(tests['fails as it is marked to']).toMatchObject({ status: 'failed', expectedStatus: 'failed', traces: [] });
});
