// Shared by the portal's e2e tests and scripts/screenshot.mjs: starts the simulator
// (serving www/ and pkg/) on a free port and launches Debian's headless Chromium.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { freePort, portAnswers } from '../ports.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIM = path.join(ROOT, 'target/release/licensing-sim');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Chromium leaves temp dirs behind: unless told otherwise, keep them under target/tmp.
process.env.TMPDIR = process.env.TMPDIR ? path.resolve(process.env.TMPDIR) : path.join(ROOT, 'target/tmp');
mkdirSync(process.env.TMPDIR, { recursive: true });

export { freePort };

/**
 * `npx licensing-sdk-sim` of the installed package on a free port, with extra
 * `args`; resolves once it printed its address: { url, child, stop() }.
 */
export function startNodeSim(args = []) {
  const bin = path.join(ROOT, 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
  const child = spawn(process.execPath, [bin, '--listen', '127.0.0.1:0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)\//.exec(out);
      if (m) resolve({ url: m[1], child, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`licensing-sdk-sim exited (${code}): ${out}`)));
  });
}

/**
 * A bin of the installed package (`licensing-sdk.mjs`, `licensing-sdk-sim.mjs`)
 * run to its end with `args` (`node`: options for its Node, `env`: more
 * environment): resolves to { code, stdout, stderr }.
 */
export function runBin(bin, args, { node = [], env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...node, path.join(ROOT, 'node_modules/licensing-sdk/bin', bin), ...args],
      { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npx licensing-sdk-sim proxy` of the installed package in front of
 * `upstream` on a free port, with extra `args` (`node`: options for its Node,
 * `env`: more environment); resolves once it printed its address: { url,
 * child, log(), logged(pattern) (resolves once its stderr matches), stop(signal)
 * (resolves to { code, signal, log } once it exited) }.
 */
export function startProxy(upstream, args = [], { node = [], env = {} } = {}) {
  const bin = path.join(ROOT, 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
  const child = spawn(process.execPath, [...node, bin, 'proxy', '--upstream', upstream, '--listen', '127.0.0.1:0', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let log = '';
  const waiting = new Set();
  child.stderr.on('data', (d) => {
    log += d;
    for (const wait of waiting) if (wait.pattern.test(log)) wait.resolve(log);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, log })));
  const logged = (pattern) => new Promise((resolve) => {
    const wait = { pattern, resolve: (text) => { waiting.delete(wait); resolve(text); } };
    waiting.add(wait);
    if (pattern.test(log)) wait.resolve(log);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)\//.exec(out);
      if (m) {
        resolve({ url: m[1], child, log: () => log, logged, stop: (signal = 'SIGTERM') => { child.kill(signal); return exited; } });
      }
    });
    exited.then(({ code }) => reject(new Error(`the proxy exited (${code}): ${out}${log}`)));
  });
}

/**
 * Starts licensing-sim on a free port (or `port`) with extra `args` (e.g. `--rules spec`),
 * serving www/ and pkg/ unless `statics` is false, waits until it answers and returns
 * { url, stop() }. stop() kills exactly that process.
 */
export async function startSim({ port, args = [], statics = true } = {}) {
  if (!existsSync(SIM)) throw new Error(`${SIM} is missing: build it with cargo build --release -p licensing-sim`);
  const p = port ?? await freePort();
  const files = statics ? ['--static', '/=www', '--static', '/pkg=pkg'] : [];
  const child = spawn(SIM, ['--listen', `127.0.0.1:${p}`, ...files, '--quiet', ...args],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });
  const deadline = Date.now() + 15_000;
  while (!(await portAnswers(p))) {
    if (exited) throw new Error(`licensing-sim exited early (${JSON.stringify(exited)}): ${stderr}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`licensing-sim did not answer on port ${p}: ${stderr}`); }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${p}/`,
    /** SIGTERM, then SIGKILL if it has not exited after `killAfterMs`. */
    async stop({ killAfterMs = 3000 } = {}) {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** Polls fn until it returns a truthy value (returned) or the time is up (last error thrown). */
export async function until(fn, { timeout = 10_000, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
      last = new Error(`${what}: got ${JSON.stringify(v)}`);
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${last?.message}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The portal's sample order in its form: "Fill a sample order" makes it with
 * licensing-sdk/testing's makeValid (loaded on the first click), so the click
 * returns before the form is filled; this waits for the JSON view to hold it
 * (its channel order number, `CO-` and a 14-digit stamp).
 */
export async function fillSample(page) {
  await page.locator('#order-sample').click();
  const sample = async () => /^CO-\d{14}$/.test(JSON.parse(await page.locator('#order-json').inputValue()).channelOrderId ?? '');
  await until(sample, { what: 'the sample order in the form' });
}

/**
 * A fresh page of the portal at `url` in a context of its own (closed after
 * the test `t`), once the portal is ready; page errors fail the test at the
 * end (`check()`). `prepare(context)` runs before the page loads (routes).
 */
export async function openPortalPage(browser, t, url, prepare = async () => {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(5_000);
  t.after(() => context.close());
  await prepare(context);
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  return { page, check: () => assert.deepEqual(problems, [], 'no errors in the page') };
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  });
}
