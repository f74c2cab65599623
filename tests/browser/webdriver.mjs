// A minimal W3C WebDriver client (new session, navigate, run a script, quit)
// over chromedriver, geckodriver and WebKitWebDriver, so one browser test runs
// in headless Chromium, headless Firefox and WebKit alike (Playwright drives only Chromium here:
// its Firefox needs a build of its own, which cannot be downloaded).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/harness.mjs';

const BROWSERS = {
  chromium: {
    driver: process.env.CHROMEDRIVER ?? '/usr/bin/chromedriver',
    args: (port) => [`--port=${port}`],
    capabilities: () => ({
      browserName: 'chrome',
      'goog:chromeOptions': { binary: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless=new', '--no-sandbox', '--disable-gpu'] },
    }),
  },
  // WebKitGTK's driver starts its MiniBrowser (Safari's engine); it needs a
  // display: the Makefile runs the suite under xvfb-run.
  webkit: {
    driver: process.env.WEBKITDRIVER ?? 'WebKitWebDriver',
    args: (port) => [`--port=${port}`],
    capabilities: () => ({}),
  },
  firefox: {
    driver: process.env.GECKODRIVER ?? 'geckodriver',
    args: (port) => ['--port', String(port)],
    capabilities: (profile) => ({
      browserName: 'firefox',
      'moz:firefoxOptions': { binary: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', args: ['-headless', '-profile', profile] },
    }),
  },
};

async function call(base, method, route, body) {
  const response = await fetch(`${base}${route}`, {
    method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`WebDriver ${method} ${route}: ${JSON.stringify(answer.value ?? answer).slice(0, 500)}`);
  return answer.value;
}

/**
 * A session of the headless `browser`: `navigate(url)` (a reload, when it is
 * the page's own URL), `until(script, timeoutMs)` (the first non-null value
 * of `script`, a function body run in the page, polled every 100 ms), and
 * `quit()`.
 */
export async function session(browser) {
  const spec = BROWSERS[browser];
  const port = await freePort();
  const driver = spawn(spec.driver, spec.args(port), { stdio: 'ignore' });
  const profile = mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', `wd-${browser}-`));
  const base = `http://127.0.0.1:${port}`;
  let id;
  const quit = async () => {
    if (id) await call(base, 'DELETE', `/session/${id}`).catch(() => {});
    driver.kill();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i += 1) {
      try {
        await call(base, 'GET', '/status');
        break;
      } catch (err) {
        if (i > 100 || driver.exitCode !== null) throw new Error(`${spec.driver} did not start: ${err.message}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    id = (await call(base, 'POST', '/session', { capabilities: { alwaysMatch: spec.capabilities(profile) } })).sessionId;
  } catch (err) {
    await quit();
    throw err;
  }
  return {
    navigate: (url) => call(base, 'POST', `/session/${id}/url`, { url }),
    /**
     * Runs `body` (an async function's body) in the page; resolves to what it
     * returns (through JSON), rejects with what it throws.
     */
    async run(body) {
      const script = `const done = arguments[arguments.length - 1];
        (async () => { ${body} })().then((v) => done(JSON.stringify({ ok: true, v: v ?? null })), (e) => done(JSON.stringify({ ok: false, e: String(e && e.stack || e) })));`;
      const out = JSON.parse(await call(base, 'POST', `/session/${id}/execute/async`, { script, args: [] }));
      if (!out.ok) throw new Error(`${browser}: ${out.e}`);
      return out.v;
    },
    /** Opens a new tab and makes it current; resolves to its handle. */
    async newTab() {
      const { handle } = await call(base, 'POST', `/session/${id}/window/new`, { type: 'tab' });
      await call(base, 'POST', `/session/${id}/window`, { handle });
      return handle;
    },
    /** The handle of the current tab. */
    current: () => call(base, 'GET', `/session/${id}/window`),
    /** Makes the tab `handle` current. */
    switchTo: (handle) => call(base, 'POST', `/session/${id}/window`, { handle }),
    /** Closes the current tab (then switch to another before using the session). */
    closeTab: () => call(base, 'DELETE', `/session/${id}/window`),
    async until(script, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await call(base, 'POST', `/session/${id}/execute/sync`, { script, args: [] });
        if (value !== null && value !== undefined) return value;
        if (Date.now() > deadline) throw new Error(`${browser}: no result within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    quit,
  };
}

/**
 * Opens `url` in the headless `browser` ('chromium' | 'firefox' | 'webkit') and
 * resolves to the first non-null value of `script` (a function body run in the
 * page), polled every 100 ms until `timeoutMs`.
 */
export async function resultOf(browser, url, script, timeoutMs = 60_000) {
  const s = await session(browser);
  try {
    await s.navigate(url);
    return await s.until(script, timeoutMs);
  } finally {
    await s.quit();
  }
}
