// Example: Playwright (playwright-core and Debian's Chromium) with no server at
// all. page.route serves the portal page and the installed licensing-sdk
// package at https://portal.test, and answers https://licensing.test with
// createSimulator's sim.fetch. Run: node --test examples/playwright/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createSimulator } from 'licensing-sdk/testing';

const HERE = path.dirname(fileURLToPath(import.meta.url));
// The installed package's folder (its files are what the page imports at /pkg/).
const PKG = path.dirname(createRequire(import.meta.url).resolve('licensing-sdk/package.json'));
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };

/** Answers a Playwright route with the simulator: the same fetch the client would make. */
async function simulate(sim, route) {
  const request = route.request();
  if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
  const response = await sim.fetch(request.url(), {
    method: request.method(),
    headers: request.headers(),
    body: request.postDataBuffer() ?? undefined,
  });
  return route.fulfill({
    status: response.status,
    headers: { ...Object.fromEntries(response.headers), ...CORS },
    body: Buffer.from(await response.arrayBuffer()),
  });
}

/** Serves the portal page at / and the package at /pkg/. */
async function serve(route) {
  const { pathname } = new URL(route.request().url());
  const file = pathname.startsWith('/pkg/') ? path.join(PKG, pathname.slice(5)) : path.join(HERE, 'portal.html');
  try {
    const body = await readFile(file);
    return route.fulfill({ status: 200, body, headers: { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' } });
  } catch {
    return route.fulfill({ status: 404, body: '' });
  }
}

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
});
after(() => browser?.close());

async function portal(sim) {
  const page = await browser.newPage();
  await page.route('https://licensing.test/**', (route) => simulate(sim, route));
  await page.route('https://portal.test/**', serve);
  await page.goto('https://portal.test/');
  return page;
}

test('the portal reserves asset numbers from the simulated service', async () => {
  const sim = await createSimulator({ seed: 100 });
  const page = await portal(sim);
  await page.click('#reserve');
  await page.waitForFunction(() => document.querySelector('#result').textContent !== '');
  assert.equal(await page.textContent('#result'), '8000000101, 8000000102');
  await page.close();
});

test('the portal shows a service failure', async () => {
  const sim = await createSimulator();
  sim.fault({ kind: 'http', status: 503 });
  const page = await portal(sim);
  await page.click('#reserve');
  await page.waitForFunction(() => document.querySelector('#result').textContent !== '');
  assert.match(await page.textContent('#result'), /^http: /);
  await page.close();
});
