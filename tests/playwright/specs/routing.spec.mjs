// What the routing gives a page on another origin (the portal on 127.0.0.1, the
// service at https://licensing.test): answers it may read, Retry-After among
// them, a cut connection as a network error; and routeSimulator alone, for a
// suite with fixtures of its own.
import { createSimulator } from 'licensing-sdk/testing';
import { routeSimulator } from 'licensing-sdk/playwright';
import { test, expect, openPortal } from '../portal.mjs';

test('a cross-origin page reads the answer\'s status and its Retry-After', async ({ portal, sim, serviceOrigin }) => {
  sim.fault({ kind: 'http', status: 503, retryAfter: 7, endpoint: 'shellNums' });
  // The page's own fetch, as a portal's code may make it: with Authorization, so
  // it is preflighted, and reading a header that is not CORS-safelisted.
  const seen = await portal.page.evaluate(async (service) => {
    const response = await fetch(`${service}/order/api/order/v1/shellnums?g_nonce=j76IcuKnUMdzConIWZT2pw`, {
      method: 'POST', headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' }, body: '{"size":1}',
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  }, serviceOrigin);
  expect(seen).toEqual({ status: 503, retryAfter: '7' });
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
});

test('a simulated reset reaches the page as a cut connection', async ({ portal, sim }) => {
  sim.fault({ kind: 'reset', endpoint: 'shellNums' });
  expect((await portal.call('shellNums', { size: 1 })).error).toMatchObject({ kind: 'network' });
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
});

test('a test may close its context itself: the routing went with it, and the teardown has nothing to undo', async ({ context, portal }) => {
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
  await context.close();
});

test('routeSimulator routes a context the test made, and unroutes it', async ({ browser, portalUrl }) => {
  const context = await browser.newContext();
  // What answers once the simulator's route is gone (the route added last is tried first).
  await context.route('https://licensing.example/**', (route) => route.fulfill({ status: 418, body: 'not the simulator' }));
  const sim = await createSimulator({ seed: 100 });
  const routed = await routeSimulator(context, sim, { origin: 'https://licensing.example' });
  expect(routed.origin).toBe('https://licensing.example');
  const portal = await openPortal(await context.newPage(), portalUrl, { service: 'https://licensing.example', token: 'dev-order-token' });
  expect(await portal.call('shellNums', { size: 2 })).toEqual({ data: ['8000000101', '8000000102'] });
  expect(Object.keys(routed.traces())).toEqual(['playwright']);
  expect(routed.traces().playwright.map((entry) => entry.endpoint)).toEqual(['shellNums']);
  await routed.unroute();
  expect((await portal.call('shellNums', { size: 1 })).error).toMatchObject({ status: 418 });
  expect(sim.trace('playwright')).toHaveLength(1);
  await context.close();
});

test('unroute() ends a page\'s request still under way: it fails as a cut connection does, not pending for good', async ({ browser }) => {
  const context = await browser.newContext();
  const sim = await createSimulator();
  const routed = await routeSimulator(context, sim, { origin: 'https://licensing.example' });
  await context.route('http://portal.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>portal</p>' }));
  const page = await context.newPage();
  await page.goto('http://portal.example/');
  sim.fault({ kind: 'stall-body', endpoint: 'shellNums' });
  const call = page.evaluate(() => fetch('https://licensing.example/order/api/order/v1/shellnums?g_nonce=unroute-in-flight-1', {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer dev-order-token' }, body: '{"size":1}',
  }).then((response) => `answered ${response.status}`, (error) => `failed: ${error.name}`));
  // The simulator has answered (its body stalls): the routing holds the page's request.
  await expect.poll(() => sim.trace('playwright').length).toBe(1);
  await routed.unroute();
  // Before, the page's fetch stayed pending until the test's own timeout.
  expect(await call).toBe('failed: TypeError');
  await context.close();
});

/** A page's `route`/`unroute` as routeSimulator uses them, keeping the handler it is given. */
function fakeTarget() {
  const routes = [];
  return { routes, route: async (url, handler) => routes.push({ url, handler }), unroute: async () => {} };
}

test('routeSimulator answers a CORS preflight with what it asks for', async () => {
  // Chromium's preflights are answered by Playwright before any route sees them;
  // other browsers' reach the route: its answer is checked here on a route of our own.
  const target = fakeTarget();
  await routeSimulator(target, await createSimulator(), { origin: 'https://licensing.example' });
  expect(target.routes.map((r) => r.url)).toEqual(['https://licensing.example/**']);
  let answer;
  await target.routes[0].handler({
    request: () => ({
      method: () => 'OPTIONS',
      url: () => 'https://licensing.example/order/api/order/v1/shellnums',
      allHeaders: async () => ({
        origin: 'http://127.0.0.1:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type',
      }),
      postDataBuffer: () => null,
    }),
    fulfill: async (given) => {
      answer = given;
    },
  });
  expect(answer).toEqual({
    status: 204,
    headers: {
      'access-control-allow-origin': 'http://127.0.0.1:5173',
      'access-control-allow-credentials': 'true',
      'access-control-expose-headers': 'Retry-After',
      vary: 'Origin',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-max-age': '600',
    },
  });
});

test('routeSimulator refuses an origin with a path: the simulator answers the service\'s own paths', async () => {
  const sim = await createSimulator();
  for (const origin of ['https://gateway.example/licensing', 'https://user:secret@licensing.example', 'licensing.example', undefined]) {
    await expect(routeSimulator(fakeTarget(), sim, { origin })).rejects.toThrow(TypeError);
  }
  await expect(routeSimulator({}, sim, { origin: 'https://licensing.example' })).rejects.toThrow(/Page or BrowserContext/);
});
