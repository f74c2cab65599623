// Saves docs/portal.png: the demo portal with a sample order whose asset number is
// invalid, so a validation error shows at its field, in the summary and in the tree.
// Starts its own simulator (www/ and pkg/ as built) and Debian's headless Chromium.
//   TMPDIR=target/tmp node scripts/screenshot.mjs [output.png]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startSim, launchBrowser, ROOT } from '../tests/e2e/harness.mjs';

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs/portal.png'));
mkdirSync(path.dirname(out), { recursive: true });

const sim = await startSim();
let browser;
try {
  browser = await launchBrowser();
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
  await page.screenshot({ path: out });
  console.log(`saved ${path.relative(process.cwd(), out)}`);
} finally {
  await browser?.close();
  await sim.stop();
}
