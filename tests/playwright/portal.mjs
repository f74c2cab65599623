// The suite's own fixtures over licensing-sdk/playwright's `test`, as a portal
// team writes theirs: a page of the portal served from 127.0.0.1 (a worker's
// static server: the page and the installed package's files, so the page loads
// the package's ES modules over HTTP as a portal does), configured to call
// `serviceOrigin` with `portalToken` (and `portalTrace` as its x-sim-trace id).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from 'licensing-sdk/playwright';

export { expect };

const PAGE = fileURLToPath(new URL('./portal.html', import.meta.url));
// The installed package's folder (tests/install-locked.sh installs the packed tarball).
const PKG = path.dirname(createRequire(import.meta.url).resolve('licensing-sdk/package.json'));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

/** `/` is the portal's page, `/pkg/…` the package's files; nothing else. */
async function serve(request, response) {
  const { pathname } = new URL(request.url, 'http://127.0.0.1');
  const file = pathname === '/' ? PAGE : pathname.startsWith('/pkg/') ? path.join(PKG, decodeURIComponent(pathname.slice('/pkg/'.length))) : undefined;
  if (file === undefined || (file !== PAGE && !file.startsWith(PKG + path.sep))) {
    response.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}

/**
 * Opens the portal in `page`, its client calling `service` with `token` (and
 * `trace`, if given, as its x-sim-trace header); resolves to `{ page, call }`:
 * `call(method, body)` is the portal's client calling `method`, read back as
 * `{ data }` or `{ error: { name, kind, status, message } }`.
 */
export async function openPortal(page, portalUrl, { service, token, trace }) {
  const query = new URLSearchParams({ service, token, ...(trace ? { trace } : {}) });
  await page.goto(`${portalUrl}?${query}`);
  await page.waitForFunction(() => window.portal !== undefined);
  return { page, call: (method, body) => page.evaluate(([m, b]) => window.portal.call(m, b), [method, body]) };
}

export const test = base.extend({
  portalToken: ['dev-all-token', { option: true }],
  portalTrace: ['', { option: true }],
  // 127.0.0.1: Chromium's Local Network Access refuses a public page that calls
  // loopback; a loopback page may call any origin (and the service's is routed).
  portalUrl: [async ({}, use) => {
    const server = createServer(serve);
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    await use(`http://127.0.0.1:${server.address().port}/`);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }, { scope: 'worker' }],
  portal: async ({ page, portalUrl, serviceOrigin, portalToken, portalTrace }, use) => {
    await use(await openPortal(page, portalUrl, { service: serviceOrigin, token: portalToken, trace: portalTrace }));
  },
});
