// The batch order page drawn from its state (order-state.js): the form, the issues
// at their fields, the summary, the issue list, the tree, the JSON view, the submit
// button and the results. It listens to nothing: order-page.js wires the events.
import {
  h, showIssues, issueLine, retranslateOptions, errorBox, table, fieldId, updateDatePreview, focusPointer,
} from './dom.js';
import { t } from './i18n.js';
import { buildOrderForm } from './order-form.js';
import { renderTree } from './tree.js';

const $ = (id) => document.getElementById(id);

const SUMMARY_CLASS = { jsonBroken: 'summary bad', errors: 'summary bad', warnings: 'summary warn', none: 'summary ok' };

function summaryText({ status, errors, warnings }) {
  if (status === 'jsonBroken') return t('summary.jsonBroken');
  if (status === 'none') return `✓ ${t('summary.none')}`;
  return t('summary.counts', { errors, warnings });
}

const resultsTable = (rows) => table([
  { head: 'col.sequence', cell: (r) => r.sequence },
  { head: 'col.licenseOrderId', cell: (r) => h('code', { class: 'license-order-id' }, r.licenseOrderId ?? '') },
  { head: 'col.customerId', cell: (r) => r.customerId },
], rows, { id: 'order-results-table' });

/** The last report of `state` drawn: at the fields of `form`, in the summary, the issue list and the tree; `submit` enabled or not. */
function drawReport(form, submit, state) {
  const { report } = state;
  form.toggleAttribute('data-show-all', state.showAll);
  showIssues(form, report.issues);
  // A closed customer section with an issue inside opens so the message is visible.
  for (const d of form.querySelectorAll('details.customer:not([open])')) {
    if (d.querySelector('.has-error, .has-warning')) d.open = true;
  }
  const summary = $('order-summary');
  const said = state.summary();
  summary.dataset.errors = String(said.errors);
  summary.dataset.warnings = String(said.warnings);
  summary.className = SUMMARY_CLASS[said.status];
  summary.textContent = summaryText(said);
  $('order-issues').replaceChildren(...report.issues.map((issue) => h('li', {},
    h('button', { type: 'button', class: 'link', 'data-goto': issue.path }, issueLine(issue)))));
  $('order-issues-box').hidden = report.issues.length === 0;
  $('order-tree').replaceChildren(renderTree(state.body, report.issues));
  submit.disabled = !state.canSubmit();
}

/** The order page's elements and how each is drawn. */
export function createOrderView() {
  const form = $('order-form');
  const json = $('order-json');
  const submit = $('submit-order');
  const results = $('order-results');
  const jsonMessages = $('order-json-msgs');
  const markTouched = (path) => form.querySelector(`[data-path="${CSS.escape(path)}"]`)?.setAttribute('data-touched', '');

  const view = {
    form, json, submit, markTouched,

    /** Rebuilds the form from the body, keeping touched marks and closed customer sections. */
    showForm(state) {
      form.replaceChildren(...buildOrderForm(state.body, { openCustomer: (key) => !state.closed.has(key) }));
      for (const path of state.touched) markTouched(path);
      form.toggleAttribute('data-show-all', state.showAll);
    },

    /** The last report: the issues at their fields, the summary, the issue list, the tree and the submit button. */
    showReport: (state) => drawReport(form, submit, state),

    /** The JSON view shows `text` (the body's). */
    showJson(text) {
      json.value = text;
      view.showJsonParses();
    },

    /** The JSON text holds an object: no message. */
    showJsonParses() {
      jsonMessages.replaceChildren();
      json.removeAttribute('aria-invalid');
    },

    /** The JSON text holds no object: why (its own issues, `invalid_json` or `type`). */
    showJsonBroken(issues) {
      json.setAttribute('aria-invalid', 'true');
      jsonMessages.replaceChildren(...issues.map((i) => issueLine(i, { showPath: false })));
    },

    showSending() {
      submit.disabled = true;
      results.replaceChildren(h('p', { class: 'busy', i18n: 'order.sending' }));
    },

    /** An order found on its way after a reload: its request back in view, and what is being done. */
    showChecking(job) {
      submit.disabled = true;
      results.replaceChildren(h('p', { class: 'busy', role: 'status', i18n: 'order.checking', args: { id: job.key ?? job.id } }));
    },

    showSent(rows) {
      results.replaceChildren(h('p', { class: 'success', role: 'status', i18n: 'order.sent', args: { n: rows.length } }), resultsTable(rows));
    },

    showFailure(err) {
      results.replaceChildren(errorBox(err));
    },

    clearResults() {
      results.replaceChildren();
    },

    /** Focus on the input of a pointer (or the nearest thing there is), scrolled to. */
    goTo(path) {
      focusPointer(form, path);
    },

    /** Focus on the add button of the list at `path` (after one of its items went). */
    focusAdd(path) {
      form.querySelector(`button[data-action="add"][data-target="${CSS.escape(path)}"]`)?.focus();
    },

    /** Focus on the input of a pointer, as it is (no scrolling). */
    focusInput(path) {
      document.getElementById(fieldId(path))?.focus();
    },

    /** After a locale switch: the option texts and the dates' hints (the report is drawn again by the caller). */
    relocalize() {
      retranslateOptions(form);
      form.querySelectorAll('[data-date]').forEach((input) => updateDatePreview(input, form));
    },
  };
  return view;
}
