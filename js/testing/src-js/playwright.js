// licensing-sdk/playwright: a simulator per Playwright test. The fixtures
// (`simulatorFixtures`, given to `test.extend` by js/testing/entries/playwright.cjs)
// make one with createSimulator for each test and route the test's browser
// context to it; `routeSimulator` is the routing alone, for suites with
// fixtures of their own. The portal's code is unchanged: its LicensingClient
// calls the service's origin, and Playwright hands each of those requests to
// `sim.fetch` instead of the network.

/** Where the fixtures route unless a test or the config says otherwise (`.test` is reserved: nothing real answers there). */
const DEFAULT_ORIGIN = 'https://licensing.test';
/** The header the simulator keeps a request's trace under (its `trace(id)`). */
const TRACE_HEADER = 'x-sim-trace';
/** The trace a routed request is kept under when the page sent none of its own. */
const TRACE_ID = 'playwright';

/**
 * The trace ids each simulator's routed requests carried, so that the fixture
 * attaches all of them when a test fails (the page may send ids of its own).
 * Weak: a simulator is let go with its test.
 */
const traceIds = new WeakMap();

function idsOf(sim) {
  let ids = traceIds.get(sim);
  if (ids === undefined) {
    ids = new Set([TRACE_ID]);
    traceIds.set(sim, ids);
  }
  return ids;
}

/** Every trace of `sim`'s routed requests, by id (the simulator's `trace(id)`: oldest first, tokens redacted; a shared session's are awaited). */
async function tracesOf(sim) {
  const ids = [...idsOf(sim)];
  const traces = await Promise.all(ids.map((id) => sim.trace(id)));
  return Object.fromEntries(ids.map((id, i) => [id, traces[i]]));
}

/**
 * `value` as an origin (`https://licensing.test`). A path would be dropped
 * silently by the routing (the simulator answers the service's own paths),
 * so anything past the origin is refused.
 */
function originOf(value, who) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${who}: the service's origin must be an absolute URL such as 'https://licensing.test', not ${JSON.stringify(value)}`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== ''
    || url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    throw new TypeError(`${who}: the service's origin must be scheme, host and port alone (e.g. 'https://licensing.test'), not ${JSON.stringify(value)}`);
  }
  return url.origin;
}

/**
 * What a page on another origin needs to read an answer: its origin allowed,
 * with credentials (what Playwright itself adds to a fulfilled answer that
 * names no origin, so a portal that sends cookies is not refused here either),
 * and `Retry-After` exposed (the client waits out a 503 by it; a cross-origin
 * page reads it only when listed, as licensing-sim lists it).
 */
function corsHeaders(origin) {
  if (origin === undefined) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'Retry-After',
    vary: 'Origin',
  };
}

/** The answer to a CORS preflight (`OPTIONS` asking for a method), or undefined for any other request. */
function preflightAnswer(method, headers, cors) {
  const asked = headers['access-control-request-method'];
  if (method !== 'OPTIONS' || asked === undefined) return undefined;
  const allowHeaders = headers['access-control-request-headers'];
  return {
    status: 204,
    headers: {
      ...cors,
      'access-control-allow-methods': asked,
      // Mirrored: a `*` does not cover Authorization.
      ...(allowHeaders === undefined ? {} : { 'access-control-allow-headers': allowHeaders }),
      'access-control-max-age': '600',
    },
  };
}

/** What Playwright routed as a standard Request for `sim.fetch`, traced as `playwright` unless it names a trace. */
function forwardedRequest(request, method, headers, signal) {
  const sent = new Headers();
  // HTTP/2 pseudo-headers (`:authority`) are no header a Request can carry.
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) sent.set(name, value);
  if (!sent.has(TRACE_HEADER)) sent.set(TRACE_HEADER, TRACE_ID);
  const body = method === 'GET' || method === 'HEAD' ? null : request.postDataBuffer();
  return new Request(request.url(), { method, headers: sent, body, signal });
}

/**
 * One routing of a page or browser context to a simulator: the trace ids its
 * requests carried, the answers still under way, and the signal that aborts
 * them when the routing ends (a delay, a body that stalls: no answer outlives
 * its test).
 */
class Routing {
  constructor(target, sim, origin) {
    this.target = target;
    this.sim = sim;
    this.origin = origin;
    this.url = `${origin}/**`;
    this.ids = idsOf(sim);
    this.seen = new Set([TRACE_ID]);
    this.stop = new AbortController();
    this.inFlight = new Set();
    // A test may close its page or context itself: its routes went with it.
    this.closed = false;
    this.unrouted = undefined;
    this.handler = (route) => this.track(this.answer(route));
    this.onClose = () => {
      this.closed = true;
      this.stop.abort();
    };
  }

  track(done) {
    this.inFlight.add(done);
    const forget = () => this.inFlight.delete(done);
    done.then(forget, forget);
    return done;
  }

  async fulfill(route, answer) {
    try {
      await route.fulfill(answer);
    } catch (err) {
      // Once unrouted or closed, the page is going: its requests have no one to answer.
      if (!this.stop.signal.aborted) throw err;
    }
  }

  async answer(route) {
    const request = route.request();
    const method = request.method();
    const headers = await request.allHeaders();
    const cors = corsHeaders(headers.origin);
    const preflight = preflightAnswer(method, headers, cors);
    if (preflight !== undefined) return this.fulfill(route, preflight);
    const forwarded = forwardedRequest(request, method, headers, this.stop.signal);
    const traceId = forwarded.headers.get(TRACE_HEADER);
    this.seen.add(traceId);
    this.ids.add(traceId);
    let response;
    let bytes;
    try {
      response = await this.sim.fetch(forwarded);
      bytes = Buffer.from(await response.arrayBuffer());
    } catch (err) {
      // The routing ended with this answer under way (a delay, a stalled body): the page's request fails as
      // a connection cut short does, rather than waiting for good (a page gone takes its request with it).
      if (this.stop.signal.aborted) return route.abort('connectionaborted').catch(() => {});
      // The simulator's `reset` fault rejects as fetch does when a connection
      // is cut (a TypeError): the page's fetch fails the same way.
      if (err instanceof TypeError) return route.abort('connectionreset');
      await route.abort('failed');
      throw err;
    }
    const answered = {};
    response.headers.forEach((value, name) => {
      answered[name] = value;
    });
    return this.fulfill(route, { status: response.status, headers: { ...answered, ...cors }, body: bytes });
  }

  unroute() {
    this.unrouted ??= (async () => {
      if (typeof this.target.off === 'function') this.target.off('close', this.onClose);
      try {
        if (!this.closed) await this.target.unroute(this.url, this.handler);
      } catch (err) {
        if (!this.closed) throw err;
      }
      this.stop.abort();
      await Promise.allSettled([...this.inFlight]);
    })();
    return this.unrouted;
  }

  traces() {
    // A shared session's traces are promises (they cross the network).
    return Object.fromEntries([...this.seen].map((id) => [id, this.sim.trace(id)]));
  }
}

/**
 * Routes `${origin}/**` of a page or browser context to `sim.fetch`: each
 * request made a standard Request (method, URL, headers, body) and its answer
 * given back as it came (status, headers, body bytes), with the headers a
 * cross-origin page needs; a CORS preflight is answered with what it asks
 * for. A request without an `x-sim-trace` header is traced as `playwright`.
 */
async function routeSimulator(target, sim, options) {
  if (target === null || typeof target !== 'object' || typeof target.route !== 'function' || typeof target.unroute !== 'function') {
    throw new TypeError('routeSimulator: the first argument must be a Playwright Page or BrowserContext');
  }
  if (sim === null || typeof sim !== 'object' || typeof sim.fetch !== 'function' || typeof sim.trace !== 'function') {
    throw new TypeError('routeSimulator: the second argument must be a simulator (createSimulator of licensing-sdk/testing)');
  }
  const routing = new Routing(target, sim, originOf(options?.origin, 'routeSimulator'));
  await target.route(routing.url, routing.handler);
  if (typeof target.once === 'function') target.once('close', routing.onClose);
  return { origin: routing.origin, unroute: () => routing.unroute(), traces: () => routing.traces() };
}

/**
 * The fixtures `test.extend` is given (`createSimulator` and `openSession` are
 * the Node entry's): `simOptions`, `serviceOrigin` and `sharedSimulator`
 * (options a test or the config sets with `use`), `sim` (a simulator of its
 * own for each test: in process, or with `sharedSimulator: { url, adminToken
 * }` a fresh session of that shared simulator, deleted after the test; its
 * traces attached to the report when the test did not end as expected), and
 * `context` (the test's browser context, routed to `sim` before the test's
 * first page opens, unrouted after its last). Playwright reads which fixtures
 * each one needs from the text of its first parameter: each stays an object
 * pattern.
 */
function simulatorFixtures(createSimulator, openSession) {
  return {
    simOptions: [{}, { option: true }],
    serviceOrigin: [DEFAULT_ORIGIN, { option: true }],
    sharedSimulator: [undefined, { option: true }],
    sim: async ({ simOptions, sharedSimulator }, use, testInfo) => {
      const sim = sharedSimulator === undefined
        ? await createSimulator(simOptions)
        : await openSession(sharedSimulator.url, { ...simOptions, adminToken: sharedSimulator.adminToken });
      try {
        await use(sim);
        if (testInfo.status !== testInfo.expectedStatus) {
          await testInfo.attach('licensing-sim-trace', { body: JSON.stringify(await tracesOf(sim), null, 2), contentType: 'application/json' });
        }
      } finally {
        await sim.close?.();
      }
    },
    context: async ({ context, sim, serviceOrigin }, use) => {
      const routed = await routeSimulator(context, sim, { origin: originOf(serviceOrigin, 'serviceOrigin') });
      await use(context);
      await routed.unroute();
    },
  };
}

export { routeSimulator, simulatorFixtures };
