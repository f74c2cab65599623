// End-to-end tests of the demo portal (www/) in headless Chromium against a simulator
// started for the run. Run: TMPDIR=target/tmp node --test tests/e2e/
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { endpoints } from 'licensing-sdk/meta';
import { fillSample, launchBrowser, openPortalPage, startSim, until } from './harness.mjs';

let sim;
let browser;
const ADMIN = { 'x-sim-admin': 'e2e-admin' };

before(async () => {
  sim = await startSim({ args: ['--admin-token', ADMIN['x-sim-admin']] });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await sim?.stop();
});

/** A fresh page on the portal (`hash`, at `url`); `prepare(context)` runs before it loads (routes). */
const openPortal = (t, hash = '', url = sim.url, prepare = async () => {}) => openPortalPage(browser, t, url + hash, prepare);

const input = (page, path, root = '#order-form') => page.locator(`${root} [data-path="${path}"]`);

/** The issue messages shown next to an input (its aria-describedby's first id is its message slot). */
async function messagesAt(page, path) {
  const describedBy = await input(page, path).getAttribute('aria-describedby');
  return page.locator(`#${describedBy.split(' ')[0]} .issue-msg`);
}

const ASSET_NO = '/orderList/0/assets/0/assetNos/0';

test('the page preloads the wasm and the SDK takes that download (one fetch of it)', async (t) => {
  const { page, check } = await openPortal(t);
  const fetches = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((r) => r.name.endsWith('/pkg/web/licensing_sdk_bg.wasm')).map((r) => r.initiatorType));
  assert.deepEqual(fetches, ['link'], 'the preload, and no second download by the entry');
  check();
});

test('batch order: leaving orderType shows the srcLicenseOrderId issue it causes, on a field never visited', { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await fillSample(page);
  await page.locator('#order-clear').click();
  const src = '/orderList/0/srcLicenseOrderId';
  await input(page, '/orderList/0/licenseType').selectOption('cloud_account');
  assert.equal(await (await messagesAt(page, src)).count(), 0, 'nothing to say yet');
  await input(page, '/orderList/0/orderType').selectOption('delete_asset');
  const msgs = await messagesAt(page, src);
  await until(async () => (await msgs.count()) === 1, { what: 'the srcLicenseOrderId issue' });
  assert.match(await msgs.first().textContent(), /srcLicenseOrderId/);
  assert.equal(await input(page, src).getAttribute('data-touched'), '');
  check();
});

test('batch order: an invalid asset number is shown at its field, blocks submit, and the fixed order is accepted', { timeout: 40_000 }, async (t) => {
  const { page, check } = await openPortal(t);

  // The sample order (valid: makeValid keeps it so whatever the rules ask), its
  // asset number then typed anew, key by key: validation runs on every keystroke.
  await fillSample(page);
  await input(page, '/orderList/0/customerName').fill('E2E Design Ltd');
  await input(page, ASSET_NO).fill('');
  await input(page, ASSET_NO).pressSequentially('7000000001');
  const msgs = await messagesAt(page, ASSET_NO);
  await until(async () => (await msgs.count()) === 1, { what: 'one issue at the asset number field' });
  const text = await msgs.first().textContent();
  assert.match(text, /Error/);
  assert.match(text, /7000000001/);
  assert.equal(await msgs.first().getAttribute('class'), 'issue-msg error');
  assert.equal(await input(page, ASSET_NO).getAttribute('aria-invalid'), 'true');
  assert.equal(await page.locator('#order-summary').getAttribute('data-errors'), '1');
  assert.equal(await page.locator('#submit-order').isDisabled(), true, 'submit is disabled while there is an error');
  // The tree marks the failing asset (and its ancestors), not the healthy product.
  assert.match(await page.locator('[data-node="/orderList/0/assets/0"]').getAttribute('class'), /\bfailing\b/);
  assert.doesNotMatch(await page.locator('[data-node="/orderList/0/assets/0/products/0"]').getAttribute('class'), /\bfailing\b/);

  // 简体中文: the labels and the validator's message switch language.
  await page.locator('#locale').selectOption('zh-CN');
  await until(async () => /[\u4e00-\u9fff]/.test(await msgs.first().textContent()), { what: 'a Chinese message' });
  assert.match(await msgs.first().textContent(), /错误/);
  assert.match(await msgs.first().textContent(), /资产编号/);
  const channelCodeId = await input(page, '/channelCode').getAttribute('id');
  assert.match(await page.locator(`label[for="${channelCodeId}"] .text`).textContent(), /渠道编码/);
  // An enumeration value's name comes from its definition (schema/enums.rs #[zh]) through licensing-sdk/meta.
  const licenseTypeOption = input(page, '/orderList/0/licenseType').locator('option[value="normal_recover_usbkey"]');
  assert.equal(await licenseTypeOption.textContent(), 'normal_recover_usbkey — 单机可回收锁');
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-CN');
  await page.locator('#locale').selectOption('en');
  await until(async () => /Error/.test(await msgs.first().textContent()), { what: 'the English message again' });
  assert.equal(await licenseTypeOption.textContent(), 'normal_recover_usbkey — standalone, recoverable lock');

  // Fixed: no issue, submit enabled, the simulator answers with a license order id.
  await input(page, ASSET_NO).fill('8000000123');
  await until(async () => (await msgs.count()) === 0, { what: 'the asset number issue to go' });
  await until(async () => !(await page.locator('#submit-order').isDisabled()), { what: 'submit enabled' });
  assert.equal(await page.locator('#order-summary').getAttribute('data-errors'), '0');
  const json = JSON.parse(await page.locator('#order-json').inputValue());
  assert.deepEqual(json.orderList[0].assets[0].assetNos, ['8000000123'], 'the JSON view follows the form');

  await page.locator('#submit-order').click();
  const id = await until(async () => (await page.locator('#order-results').textContent()).match(/LO\d+/)?.[0],
    { what: 'a license order id in the results', timeout: 15_000 });
  assert.match(id, /^LO/);
  assert.equal(await page.locator('#order-results .error-box').count(), 0);
  check();
});

test('batch order: reloaded while the order is on its way, the page shows it being checked, then its result; the service holds one order', { timeout: 60_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  // Every text the results area shows, across the reload.
  await page.addInitScript(() => {
    window.__shown = [];
    new MutationObserver(() => {
      const text = document.getElementById('order-results')?.textContent ?? '';
      if (text && text !== window.__shown.at(-1)) window.__shown.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await fillSample(page);
  const { channelOrderId } = JSON.parse(await page.locator('#order-json').inputValue());
  const orders = async () => (await (await fetch(`${sim.url}__sim/state`, { headers: ADMIN })).json())
    .orders.filter((o) => o.channelOrderId === channelOrderId).length;
  // The service does the work and holds its answer back, long past the reload.
  const fault = await fetch(`${sim.url}__sim/fault?fault=after;delay=30000&endpoint=batchOrder`, { method: 'POST', headers: ADMIN });
  assert.equal(fault.status, 200);
  await until(async () => !(await page.locator('#submit-order').isDisabled()), { what: 'submit enabled' });
  await page.locator('#submit-order').click();
  await until(async () => (await orders()) === 1, { what: 'the service to do the work', timeout: 15_000 });
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15_000 });
  const id = await until(async () => (await page.locator('#order-results').textContent()).match(/LO\d+/)?.[0],
    { what: 'the recovered order\'s license order id', timeout: 15_000 });
  assert.match(id, /^LO/);
  const shown = await page.evaluate(() => window.__shown);
  assert.ok(shown.some((text) => text.includes(`Checking order ${channelOrderId}`)), JSON.stringify(shown));
  assert.equal(JSON.parse(await page.locator('#order-json').inputValue()).channelOrderId, channelOrderId, 'the order checked is back in the form');
  assert.equal(await orders(), 1, 'never a second order');
  // Submitted again: the same order, answered from the outbox's job, still one order.
  await until(async () => !(await page.locator('#submit-order').isDisabled()), { what: 'submit enabled again' });
  await page.locator('#submit-order').click();
  await until(async () => (await page.locator('#order-results').textContent()).includes(id), { what: 'the same license order id' });
  assert.equal(await orders(), 1);
  check();
});

test('batch order: the JSON view edits the form, and unparsable JSON is reported without touching the form', { timeout: 20_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  const json = page.locator('#order-json');
  const body = JSON.parse(await json.inputValue());
  body.channelCode = 'FROM-JSON';
  await json.fill(JSON.stringify(body, null, 2));
  await until(async () => (await input(page, '/channelCode').inputValue()) === 'FROM-JSON', { what: 'the form to follow the JSON' });

  await json.fill('{"channelCode": "BROKEN",');
  const jsonMsgs = page.locator('#order-json-msgs .issue-msg.error');
  await until(async () => (await jsonMsgs.count()) === 1, { what: 'the invalid JSON error' });
  assert.equal(await input(page, '/channelCode').inputValue(), 'FROM-JSON', 'the form keeps its last good state');
  assert.equal(await page.locator('#submit-order').isDisabled(), true);
  check();
});

test('batch order: a date past what a Date holds is shown as such, and the form still shows the order Submit sends', { timeout: 20_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await fillSample(page);
  const json = page.locator('#order-json');
  const body = JSON.parse(await json.inputValue());
  body.orderList[0].assets[0].limitStartDate = 8.64e15 + 2;
  body.orderList[0].assets[0].limitEndDate = 9e15;
  body.orderList[0].assets[0].assetNos = ['8000000999'];
  await json.fill(JSON.stringify(body, null, 2));
  // Before, drawing the date's hint threw half-way: the form kept the old asset number, and Submit sent the new one.
  await until(async () => (await input(page, ASSET_NO).inputValue()) === '8000000999', { what: 'the form to follow the JSON' });
  const hint = page.locator(`#${await input(page, '/orderList/0/assets/0/limitStartDate').getAttribute('id')}-hint`);
  assert.match(await hint.textContent(), /past the last date a browser holds/);
  check();
});

test('batch order: add/remove buttons change the request and the tree; tabs work from the keyboard', { timeout: 20_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  const json = async () => JSON.parse(await page.locator('#order-json').inputValue());
  const add = (target) => page.locator(`#order-form button[data-action="add"][data-target="${target}"]`);

  await add('/orderList/0/assets/0/assetNos').click();
  assert.deepEqual((await json()).orderList[0].assets[0].assetNos, ['', '']);
  // The new input has the focus, so typing goes straight into it.
  await page.keyboard.type('8000000002');
  assert.deepEqual((await json()).orderList[0].assets[0].assetNos, ['', '8000000002']);

  await add('/orderList/0/assets/0/merchandises').click();
  await add('/orderList/0/assets/0/merchandises/0/children').click();
  await input(page, '/orderList/0/assets/0/merchandises/0/children/0/merchandiseNum').fill('PKG-CHILD');
  const tree = page.locator('#order-tree');
  assert.equal(await tree.locator('[data-node="/orderList/0/assets/0/merchandises/0/children/0"]').count(), 1);
  assert.match(await tree.textContent(), /PKG-CHILD/);

  await add('/orderList').click();
  assert.equal((await json()).orderList.length, 2);
  assert.equal((await json()).orderList[1].sequence, 2);
  await page.locator('#order-form button[data-action="remove"][data-target="/orderList/1"]').click();
  assert.equal((await json()).orderList.length, 1);
  await page.locator('#order-form button[data-action="remove"][data-target="/orderList/0/assets/0/merchandises/0"]').click();
  assert.equal((await json()).orderList[0].assets[0].merchandises.length, 0);

  await page.locator('#tab-order').focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#tab-enterprise').getAttribute('aria-selected'), 'true');
  assert.equal(await page.locator('#panel-enterprise').isVisible(), true);
  assert.equal(await page.locator('#panel-order').isVisible(), false);
  await page.keyboard.press('End');
  const last = page.locator('[role="tab"]:visible').last(); // "More" when some endpoint has no page of its own
  assert.equal(await last.getAttribute('aria-selected'), 'true');
  assert.equal(await page.locator(`#${await last.getAttribute('aria-controls')}`).isVisible(), true);
  check();
});

// An endpoint new to the wire, as licensing-sdk/meta would state it once its table
// entry and its shapes exist: the portal gives it a form on "More", labelled from meta.
// Its name is one no table holds (an endpoint's name is letters alone), so a real
// endpoint can never stand in for it; the test checks that meta lacks it first.
const FAKE = '__e2eOnly';
const NEW_ENDPOINT = `
if ('${FAKE}' in endpoints) throw new Error('meta already has ${FAKE}');
endpoints.${FAKE} = { ...endpoints.listAssets, request: 'LicenseOrderDetailRequest', pathParam: 'licenseOrderId',
  title: { en: 'Get a license order', 'zh-CN': '查询授权订单' } };
shapes.LicenseOrderDetailRequest = { doc: 'Path of ${FAKE}.', side: 'request', fields: [
  { name: 'licenseOrderId', kind: 'string', presence: 'nonEmpty', doc: 'license order id', label: { en: 'License order', 'zh-CN': '授权订单' } }] };
`;

test('an endpoint with no page of its own gets a form on "More", titled and labelled from meta', { timeout: 20_000 }, async (t) => {
  const plain = await openPortal(t);
  const sent = await plain.page.locator('[data-endpoint]').evaluateAll((buttons) => buttons.map((b) => b.dataset.endpoint));
  assert.deepEqual(['batchOrder', ...sent].sort(), Object.keys(endpoints).sort(), 'every endpoint of the wire has one form');
  const more = await plain.page.locator('#panel-more [data-endpoint]').count();
  assert.equal(await plain.page.locator('#tab-more').isVisible(), more > 0, '"More" shows when some endpoint has no page of its own');
  plain.check();

  const { page, check } = await openPortal(t, '#more', sim.url, (context) => context.route('**/pkg/meta.mjs', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: (await response.text()) + NEW_ENDPOINT });
  }));
  assert.equal(await page.locator('#panel-more').isVisible(), true, '#more opens the tab');
  assert.ok(!(FAKE in endpoints), `licensing-sdk/meta has an endpoint named ${FAKE}`);
  const form = page.locator(`#ep-${FAKE}-form`);
  assert.equal(await form.locator('h3').textContent(), 'Get a license order');
  const label = form.locator(`label[for="ep-${FAKE}-licenseOrderId"] .text`);
  assert.equal(await label.textContent(), 'License order');
  await page.locator('#locale').selectOption('zh-CN');
  await until(async () => (await form.locator('h3').textContent()) === '查询授权订单', { what: 'the title in Chinese' });
  assert.equal(await label.textContent(), '授权订单');
  await page.locator('#tab-order').focus();
  await page.keyboard.press('End');
  assert.equal(await page.locator('#tab-more').getAttribute('aria-selected'), 'true', 'End reaches "More"');
  check();
});

test('no text shows its raw i18n key, in either language', { timeout: 20_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await fillSample(page); // every level of the order tree, with its inputs
  for (const lang of ['zh-CN', 'en']) {
    await page.locator('#locale').selectOption(lang);
    await until(async () => (await page.locator('html').getAttribute('lang')) === lang, { what: `the page in ${lang}` });
    const raw = await page.evaluate(() => [...document.querySelectorAll('[data-i18n]')]
      .filter((el) => el.textContent === el.dataset.i18n).map((el) => el.dataset.i18n));
    assert.deepEqual(raw, [], `${lang}: elements that show their key (add it to www/text-en.js and www/text-zh-CN.js)`);
  }
  check();
});

test('activity: claiming twice with one identity shows the 3002 refusal with unit errorCode 14005', { timeout: 30_000 }, async (t) => {
  const { page, check } = await openPortal(t);
  await page.locator('#tab-activity').click();
  await page.locator('#activity-identity').fill(`e2e-${Date.now()}@example.com`);
  await page.locator('#activity-activityLabel').fill('spring-trial');
  await page.locator('#activity-source').fill('portal');
  await page.locator('#activity-branch').fill('BJ');
  const go = page.locator('#activity-go');
  const result = page.locator('#activity-result');

  let claimedOnce = false;
  let refused = false;
  for (let attempt = 1; attempt <= 3 && !refused; attempt++) {
    await until(async () => !(await go.isDisabled()), { what: 'the claim button enabled' });
    await go.click();
    await until(async () => (await result.locator('.claim-table, .error-box').count()) > 0, { what: `claim ${attempt} answered` });
    if (await result.locator('.claim-table').count()) {
      assert.match(await result.textContent(), /gms:1001/);
      claimedOnce = true;
    } else {
      assert.equal(await result.locator('.error-box').getAttribute('data-kind'), 'activity');
      refused = (await result.locator('.err-code').textContent()) === '3002';
    }
  }
  assert.ok(claimedOnce, 'the first claim succeeded');
  assert.ok(refused, 'a later claim was refused with 3002');
  // What the code means, from licensing-sdk/meta's businessCodes (licensing-core's table).
  assert.equal(await result.locator('.err-code-meaning').textContent(), 'the participant does not meet the conditions');
  const units = result.locator('.units-table tbody tr');
  assert.ok((await units.count()) >= 1);
  assert.equal(await units.first().locator('.unit-error-code').textContent(), '14005');
  assert.match(await units.first().textContent(), /claim count exceeded/);
  check();
});

test('an answer that differs from the contract is read as sent, and the page says so', { timeout: 30_000 }, async (t) => {
  // A service whose lock status is outside its enumeration (the simulator's drift unknown-enum: status 5).
  const drifting = await startSim({ args: ['--drift', 'unknown-enum'] });
  t.after(() => drifting.stop());
  const { page, check } = await openPortal(t, '#locks', drifting.url);
  const warnings = page.locator('#answer-warnings');
  assert.equal(await warnings.isHidden(), true, 'nothing to say before an answer');
  await page.locator('#locks-assetNums').fill('8999999999');
  await page.locator('#locks-operatorIdentity').fill('e2e-operator');
  const lock = page.locator('#locks-lock');
  await until(async () => !(await lock.isDisabled()), { what: 'the lock button enabled' });
  await lock.click();
  await until(async () => (await page.locator('#locks-result .lock-results [data-status]').count()) === 1, { what: 'the lock result, as sent' });
  await until(async () => !(await warnings.isHidden()), { what: 'the warnings line' });
  assert.match(await warnings.textContent(), /lockAssets differed from the contract .*\/data\/0\/status: /);
  check();
});

test('locks: locking an unknown lock shows status 2, lock does not exist', { timeout: 20_000 }, async (t) => {
  const { page, check } = await openPortal(t, '#locks');
  assert.equal(await page.locator('#panel-locks').isVisible(), true);
  const lock = page.locator('#locks-lock');
  assert.equal(await lock.isDisabled(), true, 'disabled while the form is empty');
  await page.locator('#locks-assetNums').fill('8999999999');
  await page.locator('#locks-operatorIdentity').fill('e2e-operator');
  await until(async () => !(await lock.isDisabled()), { what: 'the lock button enabled' });
  await lock.click();
  const status = page.locator('#locks-result .lock-results [data-status]');
  await until(async () => (await status.count()) === 1, { what: 'one lock result' });
  assert.equal(await status.getAttribute('data-status'), '2');
  assert.match(await status.textContent(), /lock does not exist/);
  assert.match(await page.locator('#locks-result').textContent(), /8999999999/);
  check();
});

test('rules: under "Spec only" an inferred rule is a warning, and the request goes out', { timeout: 30_000 }, async (t) => {
  // A simulator as lenient as the spec: it processes what only the SDK's inferences refuse.
  const lenient = await startSim({ args: ['--rules', 'spec'] });
  t.after(() => lenient.stop());
  const { page, check } = await openPortal(t, '#activity', lenient.url);
  await page.locator('#activity-identity').fill(`e2e-spec-${Date.now()}@example.com`);
  await page.locator('#activity-activityLabel').fill('spring-trial');
  await page.locator('#activity-source').fill('portal');
  const go = page.locator('#activity-go');
  // `branch` left empty (touched, so its issue shows): required by inference, so an
  // error under the default rules.
  await page.locator('#activity-branch').fill('x');
  await page.locator('#activity-branch').fill('');
  await until(async () => (await page.locator('#activity-form .issue-msg.error[data-source="inferred"]').count()) === 1,
    { what: 'the inferred branch error' });
  assert.equal(await go.isDisabled(), true);
  assert.match(await page.locator('#activity-form .issue-msg.error .src').textContent(), /SDK inference/);

  await page.locator('#rules').selectOption('spec');
  await until(async () => (await page.locator('#activity-form .issue-msg.warning[data-source="inferred"]').count()) === 1,
    { what: 'the branch issue as a warning' });
  assert.equal(await page.locator('#activity-form .issue-msg.error').count(), 0);
  await until(async () => !(await go.isDisabled()), { what: 'the claim button enabled under spec rules' });
  await go.click();
  const result = page.locator('#activity-result');
  await until(async () => (await result.locator('.claim-table, .error-box').count()) > 0, { what: 'the claim answered' });
  assert.match(await result.textContent(), /gms:1001/, 'the lenient simulator granted the claim');
  check();
});
