// licensing-sdk/playwright: a simulator per Playwright test.
// - test: @playwright/test's `test` with the fixtures `sim`, `simOptions` and `serviceOrigin`;
// - expect: @playwright/test's, re-exported;
// - routeSimulator(pageOrContext, sim, { origin }): the routing alone, for suites with fixtures of their own.
// @playwright/test (1.40 or later) is a peer dependency: the suite's own install.
import type {
  BrowserContext, Page, PlaywrightTestArgs, PlaywrightTestOptions, PlaywrightWorkerArgs, PlaywrightWorkerOptions, TestType,
} from '@playwright/test';
import type { Simulator, SimulatorOptions } from './testing.js';

export { expect } from '@playwright/test';

/** The options of the fixtures, set with `test.use({ … })` or in the config's `use`. */
export interface SimulatorTestOptions {
  /**
   * What each test's simulator is made with: `createSimulator(simOptions)` of
   * `licensing-sdk/testing` (`state`, `drift`, `clock`, `tokens`, `seed`, …). Default: `{}`.
   */
  simOptions: SimulatorOptions;
  /**
   * The origin the portal's `LicensingClient` calls (its `baseUrl`): every request
   * to `${serviceOrigin}/**` from the test's browser context is answered by the
   * test's simulator. Scheme, host and port alone. Default: `'https://licensing.test'`.
   */
  serviceOrigin: string;
  /**
   * A simulator the team shares (`licensing-sim`, `npx licensing-sdk-sim`): each
   * test gets a fresh session of it (`openSession`, made with `simOptions`,
   * deleted after the test) instead of a simulator in process. `sim` is then a
   * `SharedSession`: the same methods, each a promise (a test that awaits them
   * runs either way). Default: none.
   */
  sharedSimulator?: { url: string; adminToken: string };
}

/** The fixtures `test` adds to Playwright's own. */
export interface SimulatorFixtures extends SimulatorTestOptions {
  /**
   * The test's own simulator, made before its first page opens. The test's browser
   * context (`context`, and so `page`) is routed to it, and unrouted after the test.
   * When the test does not end as expected (`testInfo.status !==
   * testInfo.expectedStatus`), its traces are attached to the report as
   * `licensing-sim-trace` (JSON: each trace id the routed requests carried, `playwright`
   * for those that carried none, with `sim.trace(id)`).
   */
  sim: Simulator;
}

/**
 * @playwright/test's `test`, extended with a simulator per test: tests share no
 * state, whatever the number of workers and whichever worker runs them.
 */
export declare const test: TestType<PlaywrightTestArgs & PlaywrightTestOptions & SimulatorFixtures, PlaywrightWorkerArgs & PlaywrightWorkerOptions>;

/** What `routeSimulator` is given. */
export interface RouteSimulatorOptions {
  /** The origin the portal calls (`'https://licensing.test'`): scheme, host and port alone. */
  origin: string;
}

/** A page's or context's routing to a simulator. */
export interface RoutedSimulator {
  /** The origin routed, as `new URL(origin).origin` writes it. */
  readonly origin: string;
  /**
   * Removes the route, ends the simulator's work still under way for it, and waits
   * for that: a page's request still waiting (a delay, a stalled body) fails as a
   * connection cut short does.
   */
  unroute(): Promise<void>;
  /** The simulator's trace of each id this routing's requests carried (`playwright` for those that carried none; over a shared session, each a promise). */
  traces(): Record<string, Record<string, unknown>[]>;
}

/**
 * Routes every request of `target` to `${origin}/**` to `sim.fetch`: each made a
 * standard Request (method, URL, headers, body), its answer given back as it came
 * (status, headers, body bytes) with what a page on another origin needs to read it
 * (`Access-Control-Allow-Origin`, `Retry-After` exposed); a CORS preflight is
 * answered with what it asks for. A request without an `x-sim-trace` header is
 * traced as `playwright` (`sim.trace('playwright')`). A simulated `reset` fault cuts
 * the page's request as a lost connection does. Playwright fulfils a route with a whole
 * body, so a `stall-body` fault gives the page nothing, not even the status, until the
 * route ends (a page that must see headers and then a stall: the simulator over HTTP,
 * `npx licensing-sdk-sim`). Rejects with a TypeError for an origin with a path, a query
 * or credentials.
 */
export declare function routeSimulator(target: Page | BrowserContext, sim: Simulator | import('./testing.js').SharedSession, options: RouteSimulatorOptions): Promise<RoutedSimulator>;
