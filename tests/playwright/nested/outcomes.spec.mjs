// A test for each way a test ends, for specs/trace.spec.mjs: it runs them with
// Playwright's JSON reporter and reads which have the simulator's trace attached.
// Two fail on purpose.
import { test, expect } from '../portal.mjs';

test('fails after two calls', async ({ portal }) => {
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
  // The second number is 8000000002: this fails, on purpose.
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
});

test.describe('a portal that sends its own trace id', () => {
  test.use({ portalTrace: 'checkout' });
  test('fails after a call', async ({ portal }) => {
    expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000002'] });
  });
});

test('passes', async ({ portal }) => {
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000001'] });
});

test('fails as it is marked to', async ({ portal }) => {
  test.fail();
  expect(await portal.call('shellNums', { size: 1 })).toEqual({ data: ['8000000002'] });
});
