// Next.js 16's app router with no next.config (tests/ecosystem/next/), built
// with Turbopack (the default) and with webpack: `next build`, then `next
// start`; a server component validates on each request, a client component
// in the browser after hydration (and on the server first, through the
// package's Node entry). Then `next dev`, which compiles on request.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { app, expectedVerdict, freePort, HERE, launchBrowser, readVerdict, run, seedVerdict, serve } from './harness.mjs';

const NEXT = path.join(HERE, 'node_modules/next/dist/bin/next');
const cwd = app('next');
const env = { NEXT_TELEMETRY_DISABLED: '1' };
let browser;
let expected;

before(async () => {
  seedVerdict('next', 'src');
  expected = await expectedVerdict();
  browser = await launchBrowser();
});
after(() => browser?.close());

async function pageVerdicts(url) {
  return {
    client: await readVerdict(browser, url),
    server: await readVerdict(browser, url, { selector: '#server' }),
  };
}

for (const bundler of ['turbopack', 'webpack']) {
  describe(`next 16 (${bundler})`, () => {
    test('next build, then next start', async () => {
      rmSync(path.join(cwd, '.next'), { recursive: true, force: true });
      await run(process.execPath, [NEXT, 'build', `--${bundler}`], { cwd, env, timeoutMs: 400_000 });
      const port = await freePort();
      const server = await serve(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], `http://127.0.0.1:${port}/`, { cwd, env });
      try {
        assert.deepEqual(await pageVerdicts(server.url), { client: expected, server: expected });
      } finally {
        await server.stop();
      }
    });
  });
}

test('next 16 dev (turbopack)', async () => {
  rmSync(path.join(cwd, '.next'), { recursive: true, force: true });
  const port = await freePort();
  const server = await serve(process.execPath, [NEXT, 'dev', '-p', String(port), '-H', '127.0.0.1'], `http://127.0.0.1:${port}/`, { cwd, env, timeoutMs: 300_000 });
  try {
    assert.deepEqual(await pageVerdicts(server.url), { client: expected, server: expected });
  } finally {
    await server.stop();
  }
});
