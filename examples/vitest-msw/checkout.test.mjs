// Example: Vitest + MSW. MSW intercepts the global fetch and hands every
// request for https://licensing.test to createSimulator's sim.fetch: the
// code under test runs unchanged. Run: npx vitest run --root examples/vitest-msw
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { createSimulator } from 'licensing-sdk/testing';
import { checkout } from './checkout.mjs';

const sim = await createSimulator();
const server = setupServer(http.all('https://licensing.test/*', ({ request }) => sim.fetch(request)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => sim.reset());
afterAll(() => server.close());

describe('checkout', () => {
  it('orders the reserved asset numbers', async () => {
    const id = await checkout('CO-1', 'EG-1', 2);
    expect(typeof id).toBe('string');
    expect(sim.stats()).toMatchObject({ orders: 1, assets: 2 });
  });

  it('survives one "network exception, retry" answer', async () => {
    sim.fault({ kind: 'code500', times: 1, endpoint: 'batchOrder' });
    await expect(checkout('CO-2', 'EG-1', 1)).resolves.toBeTypeOf('string');
    expect(sim.stats().orders).toBe(1);
  });

  it('does not send an order the service would refuse', async () => {
    await expect(checkout('CO-3', 'EG-1', 0)).rejects.toMatchObject({ kind: 'validation' });
    expect(sim.stats().orders).toBe(0);
  });
});
