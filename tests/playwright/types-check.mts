// licensing-sdk/playwright's declarations (playwright.d.ts) as a typed suite reads
// them, against @playwright/test's own: `tsc -p tests/playwright` (make
// test-playwright) compiles this file and its CommonJS twin, types-check.cts.
import { defineConfig, type Page } from '@playwright/test';
import {
  expect, routeSimulator, test, type RoutedSimulator, type SimulatorFixtures, type SimulatorTestOptions,
} from 'licensing-sdk/playwright';
import { createSimulator, createVirtualClock, type Simulator, type SimulatorOptions } from 'licensing-sdk/testing';

// The options in the config, typed as Playwright types its own.
export default defineConfig<SimulatorTestOptions>({
  use: { serviceOrigin: 'https://licensing.example', simOptions: { seed: 7 } },
});

test.use({ simOptions: { drift: ['number-id'], clock: 'virtual', tokens: { 'portal-token': ['auth_order'] } } });
// A clock per test: the option given as a fixture (the testing guide).
test.use({ simOptions: async ({}, use) => use({ clock: createVirtualClock() }) });
// @ts-expect-error: a drift the simulator does not know
test.use({ simOptions: { drift: ['no-such-drift'] } });
// @ts-expect-error: the origin is a string
test.use({ serviceOrigin: new URL('https://licensing.example') });

test('the fixtures beside Playwright\'s own', async ({ sim, simOptions, serviceOrigin, page, context }) => {
  const fixtures: SimulatorFixtures = { sim, simOptions, serviceOrigin };
  const options: SimulatorOptions = fixtures.simOptions;
  sim.fault({ kind: 'http', status: 503, retryAfter: 20 });
  // @ts-expect-error: a fault the simulator does not have
  sim.fault({ kind: 'explode' });
  const routed: RoutedSimulator = await routeSimulator(page, sim, { origin: serviceOrigin });
  const traces: Record<string, Record<string, unknown>[]> = routed.traces();
  await routeSimulator(context, sim, { origin: 'https://licensing.example' });
  await routed.unroute();
  expect(traces.playwright).toHaveLength(0);
  expect(options).toEqual({});
  // @ts-expect-error: the origin option is required
  await routeSimulator(page, sim, {});
});

// The fixtures under a suite's own, as a portal team extends them.
const portalTest = test.extend<{ portal: Page; ownSim: Simulator }>({
  portal: async ({ page, sim }, use) => {
    sim.drift('unknown-enum');
    await use(page);
  },
  ownSim: async ({}, use) => {
    await use(await createSimulator());
  },
});
portalTest('extended', async ({ portal, sim }) => {
  expect(portal).toBeTruthy();
  expect(sim.adminToken).toEqual(expect.any(String));
});
