// Shared by the ecosystem suite: the apps' folders, the verdict each app must
// show, free ports, servers started and stopped, and a page read in Debian's
// headless Chromium (the same launch as the e2e suite).
import { spawn } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchBrowser } from '../e2e/harness.mjs';
import { resultOf } from '../browser/webdriver.mjs';
import { verdict } from './verdict.js';

export { freePort, launchBrowser };
export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const app = (name) => path.join(HERE, name);

/** The installed package as this suite's apps resolve it (tests/ecosystem/node_modules). */
export function installedSdk() {
  return import('licensing-sdk');
}

/** What every page must show: the verdict computed in Node on the same packed package. */
export async function expectedVerdict() {
  const v = verdict(await installedSdk());
  // A verdict with nothing in it would let a broken page pass: the example's two issues must be there.
  if (!v.issues.some((line) => line.startsWith('asset_number_partition /orderList/0/assets/0/assetNos/1'))) {
    throw new Error(`the reference verdict lacks the example's issue: ${JSON.stringify(v)}`);
  }
  return v;
}

/** Copies the shared verdict into an app's source folder (each toolchain bundles its own copy). */
export function seedVerdict(name, dir = 'src') {
  copyFileSync(path.join(HERE, 'verdict.js'), path.join(app(name), dir, 'verdict.js'));
}

/**
 * Runs a command to its end; rejects with its output when it fails.
 * `timeoutMs` bounds it (a hung build fails the test instead of the run).
 */
export function run(cmd, args, { cwd, env, timeoutMs = 300_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} failed (${code ?? signal}):\n${out.slice(-6000)}`));
    });
  });
}

/**
 * Starts a long-running server command and waits until `url` answers 200;
 * returns { url, output(), stop() }.
 */
export async function serve(cmd, args, url, { cwd, env, timeoutMs = 120_000 } = {}) {
  const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  child.stderr.on('data', (d) => { out += d; });
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });
  const stop = async () => {
    if (exited) return;
    const gone = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
    const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 5000);
    await gone;
    clearTimeout(timer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`${cmd} ${args.join(' ')} exited (${JSON.stringify(exited)}):\n${out.slice(-6000)}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) { await stop(); throw new Error(`${url} did not answer in ${timeoutMs} ms:\n${out.slice(-6000)}`); }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, output: () => out, stop };
}

/**
 * Opens `url` in `browser` and waits for the page to write its JSON verdict
 * into `selector`; returns it, or throws with the page's errors and console.
 */
export async function readVerdict(browser, url, { selector = '#verdict', timeoutMs = 90_000 } = {}) {
  const page = await browser.newPage();
  const log = [];
  page.on('pageerror', (e) => log.push(`pageerror: ${e.message}`));
  page.on('console', (m) => log.push(`console.${m.type()}: ${m.text()}`));
  page.on('requestfailed', (r) => log.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
  try {
    await page.goto(url);
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.length > 0, selector, { timeout: timeoutMs });
    return JSON.parse(await page.textContent(selector));
  } catch (err) {
    throw new Error(`${url}: ${err.message}\n${log.join('\n')}`);
  } finally {
    await page.close();
  }
}

/**
 * `readVerdict` in WebKit (Safari's engine), driven by WebKitWebDriver: the
 * suite runs under xvfb-run (the Makefile), as WebKitGTK needs a display.
 */
export async function readVerdictWebKit(url, { selector = '#verdict', timeoutMs = 90_000 } = {}) {
  const script = `const t = document.querySelector(${JSON.stringify(selector)})?.textContent; return t ? t : null;`;
  return JSON.parse(await resultOf('webkit', url, script, timeoutMs));
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.map': 'application/json' };

/**
 * A static file server on 127.0.0.1: `routes` maps a URL prefix to a folder,
 * first match wins; `/` serves index.html. Returns { url, close() }.
 */
export async function staticServer(routes) {
  const http = await import('node:http');
  const { readFile } = await import('node:fs/promises');
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    for (const [prefix, dir] of routes) {
      if (!pathname.startsWith(prefix)) continue;
      const rel = pathname.slice(prefix.length) || 'index.html';
      if (rel.split('/').includes('..')) break;
      try {
        const body = await readFile(path.join(dir, rel));
        res.writeHead(200, { 'content-type': TYPES[path.extname(rel)] ?? 'application/octet-stream' });
        res.end(body);
        return;
      } catch { /* next route */ }
    }
    res.writeHead(404).end('not found');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) };
}
