// Saves the docs' screenshots, each from the product as built:
// - docs/portal.png: the demo portal with a sample order whose asset number is
//   invalid, so a validation error shows at its field, in the summary and in the tree;
// - docs/panel.png: its devtools panel (licensing-sdk/panel) after a call retried
//   after a code 500 and a body the rules refuse;
// - docs/verify-report.png: `npx licensing-sdk verify --html` of a simulator with a drift.
// Starts its own simulators (www/ and pkg/ as built) and Debian's headless Chromium.
//   TMPDIR=target/tmp node scripts/screenshot.mjs [output-folder]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSim, launchBrowser, runBin, ROOT } from '../tests/e2e/harness.mjs';

const folder = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs'));
mkdirSync(folder, { recursive: true });
const saved = (name) => {
  console.log(`saved ${path.relative(process.cwd(), path.join(folder, name))}`);
  return path.join(folder, name);
};

async function portal(browser, sim) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(10_000);
  await page.goto(sim.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.locator('#order-sample').click();
  // Collapse the customer block so the assets are in view.
  await page.locator('details.customer > summary').first().click();
  const assetNo = page.locator('#order-form [data-path="/orderList/0/assets/0/assetNos/0"]');
  await assetNo.fill('');
  await assetNo.pressSequentially('7000000001');
  await page.locator('.field.has-error .issue-msg.error').first().waitFor();
  await page.mouse.move(0, 0);
  await page.evaluate(() => document.activeElement?.blur());
  await page.screenshot({ path: saved('portal.png') });
  await page.close();
}

async function panel(browser, sim, admin) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(10_000);
  await page.goto(`${sim.url}#locks`);
  await page.waitForSelector('body[data-ready="true"]');
  await fetch(`${sim.url}__sim/fault?fault=${encodeURIComponent('code500;times=1')}&endpoint=lockAssets`, { method: 'POST', headers: { 'x-sim-admin': admin } });
  await page.evaluate(async () => {
    const { LicensingClient } = await import('/pkg/slim.js');
    const client = new LicensingClient({ baseUrl: location.origin, token: 'dev-all-token' });
    await client.lockAssets({ assetNums: ['8999999999'], operatorIdentity: 'ops' });
    await client.lockAssets({ assetNums: [], operatorIdentity: '' }).catch(() => {});
  });
  const calls = page.locator('licensing-panel details');
  await page.locator('licensing-panel details[data-state="failed"]').waitFor();
  for (const call of await calls.all()) await call.evaluate((d) => { d.open = true; });
  await page.locator('licensing-panel').screenshot({ path: saved('panel.png') });
  await page.close();
}

async function verifyReport(browser) {
  const sim = await startSim({ args: ['--token', 'tok-order=auth_order', '--token', 'tok-activity=auth_activity', '--drift', 'unknown-enum'], statics: false });
  const html = path.join(process.env.TMPDIR, 'verify-report.html');
  try {
    await runBin('licensing-sdk.mjs', ['verify', '--base-url', sim.url.replace(/\/$/, ''), '--token', 'tok-order', '--activity-token', 'tok-activity',
      '--writes', '--activity-label', 'partner-bonus', '--html', html]);
  } finally {
    await sim.stop();
  }
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 }, colorScheme: 'light' });
  await page.goto(pathToFileURL(html).href);
  await page.evaluate(() => document.querySelector('h3:has(.verdict.differs)')?.scrollIntoView());
  await page.screenshot({ path: saved('verify-report.png') });
  await page.close();
}

const ADMIN = 'screenshot-admin';
const sim = await startSim({ args: ['--admin-token', ADMIN] });
let browser;
try {
  browser = await launchBrowser();
  await portal(browser, sim);
  await panel(browser, sim, ADMIN);
  await verifyReport(browser);
} finally {
  await browser?.close();
  await sim.stop();
}
