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
 * Wires the order page; getOutbox() resolves to the portal's outbox (over the
 * current LicensingClient), through which orders are sent.
 */
export function mountOrderPage({ getOutbox }) {
  const state = createOrderState({ validate, validateJson, validateField, dependents, blank: blankOrder, templates: TEMPLATES });
  const view = createOrderView();
  const { form, json, submit } = view;
  const options = () => ({ locale: locale(), rules: rulesProfile() });
  const refresh = () => {
    state.check(options());
    view.showReport(state);
  };
  /** The body changed through the form: the JSON view and the report follow. */
  const changed = () => {
    view.showJson(state.writeJson());
    refresh();
  };

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

  json.addEventListener('input', () => {
    if (state.readJson(json.value, options())) {
      view.showJsonParses();
      view.showForm(state);
    } else {
      // Not a JSON object: say why, and keep the form as it was.
      view.showJsonBroken(state.jsonIssues);
    }
    refresh();
  });

  // The issue list and the tree name pointers: a click goes to that field.
  document.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-goto]');
    if (button && button.closest('#panel-order')) view.goTo(button.dataset.goto);
  });

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

  // An order on its way when the page closed (a reload, a crash): the outbox
  // carries it on; the page shows it being checked, then how it ended.
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

  document.getElementById('order-sample').addEventListener('click', () => {
    state.replace(sampleOrder());
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
      if (state.jsonBroken) json.dispatchEvent(new Event('input'));
    },
  };
}
