// The batch order page's wiring: each event changes the state (order-state.js) and
// the view (order-view.js) draws it. One request object, edited through the form
// and the JSON textarea (kept in sync both ways), validated on every change and
// submitted through LicensingClient.batchOrder.
import { validate, validateJson, validateField } from '/pkg/slim.js';
import { dependents } from '/pkg/meta.mjs';
import { readInput, trackTouched, updateDatePreview } from './dom.js';
import { locale } from './i18n.js';
import { rulesProfile } from './settings.js';
import { blankOrder, TEMPLATES } from './order-form.js';
import { createOrderState } from './order-state.js';
import { createOrderView } from './order-view.js';
import { sampleOrder } from './sample-order.js';

/** The input that edits a pointer, when the event comes from one. */
const pointerInput = (e) => (e.target.matches('input, select, textarea') && e.target.dataset.path !== undefined ? e.target : null);

/**
 * What the page's event handlers share: the state, the view, the options of
 * the moment, and the two redraws (`refresh`: the report; `changed`: the
 * JSON view and the report, after the body changed through the form).
 */
function orderPage(getOutbox) {
  const state = createOrderState({ validate, validateJson, validateField, dependents, blank: blankOrder, templates: TEMPLATES });
  const view = createOrderView();
  const options = () => ({ locale: locale(), rules: rulesProfile() });
  const refresh = () => {
    state.check(options());
    view.showReport(state);
  };
  const changed = () => {
    view.showJson(state.writeJson());
    refresh();
  };
  return { state, view, options, refresh, changed, getOutbox };
}

/** The form: edits, fields left, sections opened and closed, items added and removed. */
function wireForm({ state, view, options, refresh, changed }) {
  const { form } = view;
  form.addEventListener('submit', (e) => e.preventDefault());
  trackTouched(form);
  form.addEventListener('input', (e) => {
    const input = pointerInput(e);
    if (!input) return;
    state.edit(input.dataset.path, readInput(input));
    if (input.dataset.date !== undefined) updateDatePreview(input, form);
    changed();
  });
  // A field left after a change (a select: once chosen): its issues, and the
  // cross-field ones it causes elsewhere, show from now on.
  form.addEventListener('change', (e) => {
    const input = pointerInput(e);
    if (!input) return;
    view.markTouched(input.dataset.path);
    for (const issue of state.leave(input.dataset.path, options())) view.markTouched(issue.path);
    refresh();
  });
  form.addEventListener('toggle', (e) => {
    const key = e.target.dataset?.details;
    if (key) state.setOpen(key, e.target.open);
  }, true);
  form.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) return;
    const target = button.dataset.target;
    if (button.dataset.action === 'add') {
      const index = state.add(target, button.dataset.template);
      view.showForm(state);
      changed();
      view.goTo(`${target}/${index}`);
    } else {
      const list = state.remove(target);
      view.showForm(state);
      changed();
      view.focusAdd(list);
    }
  });
}

/** The JSON text: an object becomes the body; anything else says why and leaves the form as it was. */
function wireJson({ state, view, options, refresh }) {
  const { json } = view;
  json.addEventListener('input', () => {
    if (state.readJson(json.value, options())) {
      view.showJsonParses();
      view.showForm(state);
    } else {
      view.showJsonBroken(state.jsonIssues);
    }
    refresh();
  });
}

/** The submit button: the order sent through the outbox, its answer or its failure shown. */
function wireSubmit({ state, view, refresh, getOutbox }) {
  const { submit } = view;
  submit.addEventListener('click', async () => {
    if (submit.disabled) return;
    view.showSending();
    try {
      view.showSent(await state.send(await getOutbox()));
    } catch (err) {
      view.showFailure(err);
    } finally {
      refresh();
    }
  });
}

/**
 * An order on its way when the page closed (a reload, a crash): the outbox
 * carries it on; the page shows it being checked, then how it ended.
 */
function resumeOpenOrders({ state, view, refresh, changed, getOutbox }) {
  getOutbox().then(async (outbox) => {
    const open = outbox.jobs().filter((j) => j.endpoint === 'batchOrder' && (j.state === 'queued' || j.state === 'sending'));
    for (const job of open) {
      state.replace(job.request);
      view.showForm(state);
      changed();
      view.showChecking(job);
      try {
        view.showSent(await state.follow(job));
      } catch (err) {
        view.showFailure(err);
      } finally {
        refresh();
      }
    }
  }, (err) => view.showFailure(err));
}

/**
 * Wires the order page; getOutbox() resolves to the portal's outbox (over the
 * current LicensingClient), through which orders are sent.
 */
export function mountOrderPage({ getOutbox }) {
  const page = orderPage(getOutbox);
  const { state, view, refresh, changed } = page;
  wireForm(page);
  wireJson(page);
  wireSubmit(page);
  // The issue list and the tree name pointers: a click goes to that field.
  document.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-goto]');
    if (button && button.closest('#panel-order')) view.goTo(button.dataset.goto);
  });
  resumeOpenOrders(page);
  document.getElementById('order-sample').addEventListener('click', async () => {
    let order;
    try {
      order = await sampleOrder();
    } catch (error) {
      console.error('the sample order could not be made', error);
      return;
    }
    state.replace(order);
    view.showForm(state);
    changed();
  });
  document.getElementById('order-clear').addEventListener('click', () => {
    state.reset();
    view.clearResults();
    view.showForm(state);
    changed();
    view.focusInput('/channelCode');
  });

  view.showForm(state);
  changed();

  return {
    /** After a locale or rules switch: option texts, messages, tree. */
    relocalize() {
      view.relocalize();
      refresh();
      if (state.jsonBroken) view.json.dispatchEvent(new Event('input'));
    },
  };
}
