// Loading that explains itself: the browser entries (the default, slim, and
// licensing-sdk/validate's two) under a strict
// Content-Security-Policy and behind a server that answers the wasm's URL
// with HTML (an SPA fallback) or 404. Each failure is one error naming the URL
// and the fix, after one request for the wasm (never a second download). In
// Chromium and in WebKit.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { app, HERE, launchBrowser, readVerdict, readVerdictWebKit } from './harness.mjs';

const PKG = path.join(HERE, 'node_modules/licensing-sdk');
const WASM = '/pkg/web/licensing_sdk_bg.wasm';
const PAGE = '<!doctype html><meta charset="utf-8"><pre id="verdict"></pre><script type="module" src="/probe.js"></script>';
let browser;
let server;
let base;
let mode; // { csp, wasm: 'ok' | 'html' | 404 }
let wasmRequests = 0;

before(async () => {
  browser = await launchBrowser();
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    const headers = mode.csp ? { 'content-security-policy': mode.csp } : {};
    if (url.pathname === '/') return res.writeHead(200, { ...headers, 'content-type': 'text/html' }).end(PAGE);
    if (url.pathname === '/probe.js') {
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(path.join(app('loading'), 'probe.js')));
    }
    if (url.pathname === WASM) {
      wasmRequests += 1;
      if (mode.wasm === 'html') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      if (mode.wasm === 404) return res.writeHead(404).end('not found');
    }
    try {
      const body = await readFile(path.join(PKG, url.pathname.replace(/^\/pkg\//, '')));
      const type = url.pathname.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
      res.writeHead(200, { 'content-type': type }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${server.address().port}/`;
});
after(async () => { await new Promise((r) => server?.close(r)); await browser?.close(); });

/** The verdict of the probe page in an engine: Chromium (Playwright) or WebKit (WebDriver). */
async function load(entry, m, engine = 'chromium') {
  mode = m;
  wasmRequests = 0;
  const url = `${base}?entry=${entry}`;
  return engine === 'webkit' ? readVerdictWebKit(url) : readVerdict(browser, url);
}

const STRICT = "default-src 'self'; script-src 'self'";

for (const engine of ['chromium', 'webkit']) {
  test(`${engine}: the four browser entries load under a CSP that allows wasm-unsafe-eval`, async () => {
    for (const entry of ['index', 'slim', 'validate', 'validate-slim']) {
      assert.deepEqual(await load(entry, { csp: `${STRICT} 'wasm-unsafe-eval'`, wasm: 'ok' }, engine), { ok: true }, entry);
    }
  });

  test(`${engine}: a CSP without wasm-unsafe-eval: one error that names the fix, one download`, async () => {
    for (const entry of ['index', 'validate']) {
      const inline = await load(entry, { csp: STRICT, wasm: 'ok' }, engine);
      assert.equal(inline.name, 'LicensingLoadError', entry);
      assert.match(inline.message, /Content-Security-Policy.*'wasm-unsafe-eval'/, entry);
      assert.equal(wasmRequests, 0, `${entry}: an entry with the wasm inside requests none`);
    }
    const slim = await load('slim', { csp: STRICT, wasm: 'ok' }, engine);
    assert.equal(slim.name, 'LicensingLoadError');
    assert.match(slim.message, /'wasm-unsafe-eval'/);
    assert.match(slim.url, /\/pkg\/web\/licensing_sdk_bg\.wasm$/);
    assert.equal(wasmRequests, 1, 'one request for the wasm');
  });

  test(`${engine}: a wasm URL answered with HTML (an SPA fallback): the URL, what came instead, one download`, async () => {
    const got = await load('slim', { wasm: 'html' }, engine);
    assert.equal(got.name, 'LicensingLoadError');
    assert.match(got.message, /licensing_sdk_bg\.wasm is not WebAssembly \(content-type text\/html, it starts "<!doctype html>/);
    assert.match(got.message, /optimizeDeps\.exclude/);
    assert.equal(wasmRequests, 1);
  });

  test(`${engine}: a wasm URL answered with 404: the URL and the status`, async () => {
    const got = await load('slim', { wasm: 404 }, engine);
    assert.match(got.message, /licensing_sdk_bg\.wasm answered HTTP 404/);
    assert.equal(wasmRequests, 1);
  });
}
