// The CommonJS twin of types-check.mts: `require` reads playwright.d.cts.
import pw = require('licensing-sdk/playwright');
import type { Simulator } from 'licensing-sdk/testing';

pw.test('required', async ({ sim, serviceOrigin, context }) => {
  const own: Simulator = sim;
  // @ts-expect-error: a simulator, not `any` (which a declaration that did not resolve gives)
  const notANumber: number = sim;
  const routed = await pw.routeSimulator(context, own, { origin: serviceOrigin });
  await routed.unroute();
  pw.expect(routed.origin).toBe(serviceOrigin);
  pw.expect(notANumber).toBeUndefined();
});
