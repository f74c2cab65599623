// The batch order page's state, apart from its drawing (order-view.js) and its
// wiring (order-page.js): the request being edited, which fields the user has
// touched, which customer sections they closed, whether the JSON text parses,
// whether a submit is under way, and the last report. No DOM: the Node tests drive
// it with the package's own `validate`.
//
//   const state = createOrderState({ validate, validateJson, blank, templates });
//   state.edit('/orderList/0/orderType', 'delete_asset');
//   state.check({ locale: 'en', rules: 'recommended' }).valid;   // the report
import { getAt, setAt } from './pointer.js';

/**
 * @param {object} deps
 * @param {Function} deps.validate      the package's validate
 * @param {Function} deps.validateJson  the package's validateJson
 * @param {Function} deps.validateField the package's validateField
 * @param {Function} [deps.dependents] licensing-sdk/meta's dependents
 * @param {() => object} deps.blank     a new empty request
 * @param {Record<string, (body: object) => unknown>} deps.templates  new list items by name
 */
export function createOrderState({ validate, validateJson, validateField, dependents, blank, templates }) {
  const state = {
    body: blank(),
    /** Pointers of the inputs the user has changed. */
    touched: new Set(),
    /** The JSON text does not hold an object (the form keeps the last good body). */
    jsonBroken: false,
    /** Issues of the JSON text itself, when it is broken. */
    jsonIssues: [],
    /** After a paste or a sample: every issue shows, touched or not. */
    showAll: false,
    sending: false,
    report: { valid: true, issues: [] },
    /** Keys of the customer sections the user closed (they stay closed when the form is rebuilt). */
    closed: new Set(),

    /** Validates the body; the report is kept and returned. */
    check(options) {
      state.report = validate('batchOrder', state.body, options);
      return state.report;
    },

    /** Whether the body may be sent now. */
    canSubmit() {
      return state.report.valid && !state.jsonBroken && !state.sending;
    },

    /**
     * What the summary says of the last report: `status` is 'jsonBroken' (the text
     * does not parse: the report is the last good body's), 'none', 'errors' or
     * 'warnings' (only).
     */
    summary() {
      const errors = state.report.issues.filter((i) => i.severity === 'error').length;
      const warnings = state.report.issues.length - errors;
      const status = state.jsonBroken ? 'jsonBroken' : errors ? 'errors' : warnings ? 'warnings' : 'none';
      return { status, errors, warnings };
    },

    /**
     * Sends a copy of the body (later edits do not change what was sent)
     * through the portal's outbox (licensing-sdk/outbox): stored before it is
     * sent, so a reload does not lose it. Resolves to its answer's rows.
     */
    async send(outbox) {
      state.sending = true;
      try {
        return await state.follow(await outbox.batchOrder(structuredClone(state.body)));
      } finally {
        state.sending = false;
      }
    },

    /** Waits for an outbox job (one a reload found on its way, say): its answer's rows. */
    async follow(job) {
      state.sending = true;
      try {
        return await job.settled;
      } finally {
        state.sending = false;
      }
    },

    /** The user changed the input of a pointer (undefined: the field is unset). */
    edit(path, value) {
      state.touched.add(path);
      setAt(state.body, path, value);
    },

    /**
     * The user left the input of a pointer after changing it: the field is touched,
     * and so is every field an issue of its (validateField: its own, and the
     * cross-field ones it causes, such as an order's srcLicenseOrderId when its
     * orderType changes), so those issues show though their fields were never
     * visited. Returns those issues.
     */
    leave(path, options) {
      const issues = validateField('batchOrder', path, state.body, options);
      state.touched.add(path);
      for (const issue of issues) state.touched.add(issue.path);
      // The fields whose issues this change may move (licensing-sdk/meta's
      // `dependents`, from the rules): touched too, so that an issue the change
      // causes there later (a product's strict-match fields once
      // strictMatchWhenDelete is set) shows without a visit.
      if (dependents) {
        for (const pattern of dependents('batchOrder', path)) {
          for (const pointer of expand(state.body, pattern)) state.touched.add(pointer);
        }
      }
      return issues;
    },

    /** The user opened or closed the customer section `key`. */
    setOpen(key, open) {
      if (open) state.closed.delete(key); else state.closed.add(key);
    },

    /** Adds a new item (from a template) to the list at `target`; its index. */
    add(target, template) {
      const make = templates[template];
      if (!make) throw new Error(`no template ${template}`);
      const list = getAt(state.body, target);
      const items = Array.isArray(list) ? list : [];
      if (!Array.isArray(list)) setAt(state.body, target, items);
      items.push(make(state.body));
      return items.length - 1;
    },

    /** Removes the list item at `target` (`…/list/3`); the list's pointer. */
    remove(target) {
      const parent = target.slice(0, target.lastIndexOf('/'));
      const index = Number(target.slice(target.lastIndexOf('/') + 1));
      const list = getAt(state.body, parent);
      if (Array.isArray(list) && Number.isInteger(index)) list.splice(index, 1);
      return parent;
    },

    /**
     * Reads the JSON text: an object becomes the body (every issue shows); else the
     * body stays and the text's own issues (`invalid_json`, `type`) are kept.
     */
    readJson(text, options) {
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        state.body = parsed;
        state.jsonBroken = false;
        state.jsonIssues = [];
        state.showAll = true;
        return true;
      }
      state.jsonBroken = true;
      state.jsonIssues = validateJson('batchOrder', text, options).issues.filter((i) => i.path === '');
      return false;
    },

    /** The body as the JSON view shows it (and the view is no longer broken). */
    writeJson() {
      state.jsonBroken = false;
      state.jsonIssues = [];
      return JSON.stringify(state.body, null, 2);
    },

    /** Replaces the body (a sample): every issue shows. */
    replace(body) {
      state.body = body;
      state.showAll = true;
    },

    /** Back to an empty request, nothing touched. */
    reset() {
      state.body = blank();
      state.touched.clear();
      state.showAll = false;
    },
  };
  return state;
}

/** The pointers of `body` a pattern names (`*`: every index of an array there). */
function expand(body, pattern) {
  let found = [['', body]];
  for (const step of pattern.slice(1).split('/')) {
    const next = [];
    for (const [at, value] of found) {
      if (step === '*') {
        if (Array.isArray(value)) value.forEach((item, i) => next.push([`${at}/${i}`, item]));
      } else if (value !== null && typeof value === 'object') {
        next.push([`${at}/${step}`, value[step]]);
      }
    }
    found = next;
  }
  return found.map(([at]) => at);
}
