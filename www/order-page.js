// The batch order page's wiring: one request object (order-state.js) edited through
// the form and the JSON textarea (kept in sync both ways), validated on every change,
// drawn as a tree, and submitted through LicensingClient.batchOrder.
import { validate, validateJson, validateField } from '/pkg/slim.js';
import {
  h, showIssues, issueLine, readInput, retranslateOptions, errorBox, table, fieldId, trackTouched, updateDatePreview,
} from './dom.js';
import { t, locale } from './i18n.js';
import { rulesProfile } from './settings.js';
import { buildOrderForm, blankOrder, TEMPLATES } from './order-form.js';
import { renderTree } from './tree.js';
import { createOrderState } from './order-state.js';

const $ = (id) => document.getElementById(id);

export function sampleOrder() {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  return {
    channelCode: 'WEB',
    channelOrderId: `CO-${stamp}`,
    syncMode: 'sync',
    orderList: [{
      sequence: 1,
      customerName: 'Acme Design Ltd',
      channelCustomerId: 'ACME-001',
      customerType: 'company',
      enterpriseGlobalId: 'EG-ACME',
      adminName: 'Li Lei',
      adminEmail: 'li.lei@acme.example',
      licenseType: 'normal_recover_usbkey',
      orderType: 'new_buy',
      assets: [{
        assetNos: ['8000000123'],
        limitStartDate: Date.UTC(2026, 0, 1),
        limitEndDate: Date.UTC(2027, 0, 1),
        products: [{ productUri: 'gms:1001', crmProductId: 'CRM-P-1', limitConcurrent: 5, trial: 0, timeDurationExpression: '1-0-0' }],
        merchandises: [{
          merchandiseNum: 'PKG-CAD', merchandiseName: 'CAD suite', timeDurationExpression: '1-0-0',
          licenseOrderProductList: [{ productUri: 'gms:1002' }],
        }],
      }],
    }],
  };
}

/** Wires the order page (its state is order-state.js); getClient() returns the current LicensingClient (or throws). */
export function mountOrderPage({ getClient }) {
  const form = $('order-form');
  const json = $('order-json');
  const submit = $('submit-order');
  const closedCustomer = new Set();
  const state = createOrderState({ validate, validateJson, validateField, blank: blankOrder, templates: TEMPLATES });
  const options = () => ({ locale: locale(), rules: rulesProfile() });

  function renderForm() {
    form.replaceChildren(...buildOrderForm(state.body, { openCustomer: (key) => !closedCustomer.has(key) }));
    for (const path of state.touched) form.querySelector(`[data-path="${CSS.escape(path)}"]`)?.setAttribute('data-touched', '');
    form.toggleAttribute('data-show-all', state.showAll);
  }

  /** Validates the current body and refreshes issues, summary, tree and the submit button. */
  function refresh() {
    const report = state.check(options());
    form.toggleAttribute('data-show-all', state.showAll);
    const counts = showIssues(form, report.issues);
    // A closed customer section with an issue inside opens so the message is visible.
    for (const d of form.querySelectorAll('details.customer:not([open])')) {
      if (d.querySelector('.has-error, .has-warning')) d.open = true;
    }
    const summary = $('order-summary');
    summary.dataset.errors = String(counts.errors);
    summary.dataset.warnings = String(counts.warnings);
    summary.className = state.jsonBroken ? 'summary bad' : counts.errors ? 'summary bad' : counts.warnings ? 'summary warn' : 'summary ok';
    summary.textContent = state.jsonBroken ? t('summary.jsonBroken')
      : report.issues.length === 0 ? `✓ ${t('summary.none')}` : t('summary.counts', counts);
    $('order-issues').replaceChildren(...report.issues.map((issue) => h('li', {},
      h('button', { type: 'button', class: 'link', 'data-goto': issue.path }, issueLine(issue)))));
    $('order-issues-box').hidden = report.issues.length === 0;
    $('order-tree').replaceChildren(renderTree(state.body, report.issues));
    submit.disabled = !state.canSubmit();
  }

  /** The JSON view from the body, and its messages cleared. */
  function writeJson() {
    json.value = state.writeJson();
    $('order-json-msgs').replaceChildren();
    json.removeAttribute('aria-invalid');
  }

  function changed() {
    writeJson();
    refresh();
  }

  /** Moves the focus to the input (or first input of the container) of a pointer. */
  function goTo(path) {
    let p = path;
    for (;;) {
      const el = form.querySelector(`[data-path="${CSS.escape(p)}"]`);
      if (el) {
        const details = el.closest('details');
        if (details) details.open = true;
        const input = el.matches('input, select, textarea') ? el : el.querySelector('input, select, textarea, button');
        (input ?? el).focus();
        (input ?? el).scrollIntoView({ block: 'center', behavior: 'smooth' });
        return;
      }
      if (p === '') return;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  }

  form.addEventListener('submit', (e) => e.preventDefault());
  trackTouched(form);
  form.addEventListener('input', (e) => {
    const input = e.target;
    if (!input.matches('input, select, textarea') || input.dataset.path === undefined) return;
    state.edit(input.dataset.path, readInput(input));
    if (input.dataset.date !== undefined) updateDatePreview(input, form);
    changed();
  });
  // A field left after a change (a select: once chosen): its issues, and the
  // cross-field ones it causes elsewhere, show from now on.
  form.addEventListener('change', (e) => {
    const input = e.target;
    if (!input.matches('input, select, textarea') || input.dataset.path === undefined) return;
    for (const path of [input.dataset.path, ...state.leave(input.dataset.path, options()).map((i) => i.path)]) {
      form.querySelector(`[data-path="${CSS.escape(path)}"]`)?.setAttribute('data-touched', '');
    }
    refresh();
  });
  form.addEventListener('toggle', (e) => {
    const key = e.target.dataset?.details;
    if (!key) return;
    if (e.target.open) closedCustomer.delete(key); else closedCustomer.add(key);
  }, true);
  form.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) return;
    const target = button.dataset.target;
    if (button.dataset.action === 'add') {
      const index = state.add(target, button.dataset.template);
      renderForm();
      changed();
      goTo(`${target}/${index}`);
    } else {
      const parent = state.remove(target);
      renderForm();
      changed();
      form.querySelector(`button[data-action="add"][data-target="${CSS.escape(parent)}"]`)?.focus();
    }
  });

  json.addEventListener('input', () => {
    if (state.readJson(json.value, options())) {
      $('order-json-msgs').replaceChildren();
      json.removeAttribute('aria-invalid');
      renderForm();
      refresh();
      return;
    }
    // Not a JSON object: say why (the validator's invalid_json / type issue), keep the form.
    json.setAttribute('aria-invalid', 'true');
    $('order-json-msgs').replaceChildren(...state.jsonIssues.map((i) => issueLine(i, { showPath: false })));
    refresh();
  });

  document.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-goto]');
    if (button && button.closest('#panel-order')) goTo(button.dataset.goto);
  });

  submit.addEventListener('click', async () => {
    if (submit.disabled) return;
    const results = $('order-results');
    state.sending = true;
    submit.disabled = true;
    results.replaceChildren(h('p', { class: 'busy', i18n: 'order.sending' }));
    try {
      const rows = await getClient().batchOrder(structuredClone(state.body));
      results.replaceChildren(
        h('p', { class: 'success', role: 'status', i18n: 'order.sent', args: { n: rows.length } }),
        table([
          { head: 'col.sequence', cell: (r) => r.sequence },
          { head: 'col.licenseOrderId', cell: (r) => h('code', { class: 'license-order-id' }, r.licenseOrderId ?? '') },
          { head: 'col.customerId', cell: (r) => r.customerId },
        ], rows, { id: 'order-results-table' }));
    } catch (err) {
      results.replaceChildren(errorBox(err));
    } finally {
      state.sending = false;
      refresh();
    }
  });

  $('order-sample').addEventListener('click', () => { state.replace(sampleOrder()); renderForm(); changed(); });
  $('order-clear').addEventListener('click', () => {
    state.reset();
    $('order-results').replaceChildren();
    renderForm();
    changed();
    document.getElementById(fieldId('/channelCode'))?.focus();
  });

  renderForm();
  changed();

  return {
    /** After a locale switch: option texts, messages, tree. */
    relocalize() {
      retranslateOptions(form);
      form.querySelectorAll('[data-date]').forEach((input) => updateDatePreview(input, form));
      refresh();
      if (state.jsonBroken) json.dispatchEvent(new Event('input'));
    },
  };
}
