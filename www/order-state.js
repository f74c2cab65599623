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
 * The page's state in explicit fields, with what it does to them as methods.
 * What it reads of the package (the validators, `dependents`) and of the page
 * (a blank request, the list items' templates) it is given.
 */
class OrderState {
  /** Pointers of the inputs the user has changed. */
  touched = new Set();
  /** The JSON text does not hold an object (the form keeps the last good body). */
  jsonBroken = false;
  /** Issues of the JSON text itself, when it is broken. */
  jsonIssues = [];
  /** After a paste or a sample: every issue shows, touched or not. */
  showAll = false;
  sending = false;
  report = { valid: true, issues: [] };
  /** Keys of the customer sections the user closed (they stay closed when the form is rebuilt). */
  closed = new Set();

  constructor(deps) {
    this.deps = deps;
    this.body = deps.blank();
  }

  /** Validates the body; the report is kept and returned. */
  check(options) {
    this.report = this.deps.validate('batchOrder', this.body, options);
    return this.report;
  }

  /** Whether the body may be sent now. */
  canSubmit() {
    return this.report.valid && !this.jsonBroken && !this.sending;
  }

  /**
   * What the summary says of the last report: `status` is 'jsonBroken' (the text
   * does not parse: the report is the last good body's), 'none', 'errors' or
   * 'warnings' (only).
   */
  summary() {
    const errors = this.report.issues.filter((i) => i.severity === 'error').length;
    const warnings = this.report.issues.length - errors;
    const status = this.jsonBroken ? 'jsonBroken' : errors ? 'errors' : warnings ? 'warnings' : 'none';
    return { status, errors, warnings };
  }

  /**
   * Sends a copy of the body (later edits do not change what was sent)
   * through the portal's outbox (licensing-sdk/outbox): stored before it is
   * sent, so a reload does not lose it. Resolves to its answer's rows.
   */
  async send(outbox) {
    this.sending = true;
    try {
      return await this.follow(await outbox.batchOrder(structuredClone(this.body)));
    } finally {
      this.sending = false;
    }
  }

  /** Waits for an outbox job (one a reload found on its way, say): its answer's rows. */
  async follow(job) {
    this.sending = true;
    try {
      return await job.settled;
    } finally {
      this.sending = false;
    }
  }

  /** The user changed the input of a pointer (undefined: the field is unset). */
  edit(path, value) {
    this.touched.add(path);
    setAt(this.body, path, value);
  }

  /**
   * The user left the input of a pointer after changing it: the field is touched,
   * and so is every field an issue of its (validateField: its own, and the
   * cross-field ones it causes, such as an order's srcLicenseOrderId when its
   * orderType changes), so those issues show though their fields were never
   * visited. Returns those issues.
   */
  leave(path, options) {
    const issues = this.deps.validateField('batchOrder', path, this.body, options);
    this.touched.add(path);
    for (const issue of issues) this.touched.add(issue.path);
    // The fields whose issues this change may move (licensing-sdk/meta's
    // `dependents`, from the rules): touched too, so that an issue the change
    // causes there later (a product's strict-match fields once
    // strictMatchWhenDelete is set) shows without a visit.
    if (this.deps.dependents) {
      for (const pattern of this.deps.dependents('batchOrder', path)) {
        for (const pointer of expand(this.body, pattern)) this.touched.add(pointer);
      }
    }
    return issues;
  }

  /** The user opened or closed the customer section `key`. */
  setOpen(key, open) {
    if (open) this.closed.delete(key); else this.closed.add(key);
  }

  /** Adds a new item (from a template) to the list at `target`; its index. */
  add(target, template) {
    const make = this.deps.templates[template];
    if (!make) throw new Error(`no template ${template}`);
    const list = getAt(this.body, target);
    const items = Array.isArray(list) ? list : [];
    if (!Array.isArray(list)) setAt(this.body, target, items);
    items.push(make(this.body));
    return items.length - 1;
  }

  /** Removes the list item at `target` (`…/list/3`); the list's pointer. */
  remove(target) {
    const parent = target.slice(0, target.lastIndexOf('/'));
    const index = Number(target.slice(target.lastIndexOf('/') + 1));
    const list = getAt(this.body, parent);
    if (Array.isArray(list) && Number.isInteger(index)) list.splice(index, 1);
    return parent;
  }

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
      this.body = parsed;
      this.jsonBroken = false;
      this.jsonIssues = [];
      this.showAll = true;
      return true;
    }
    this.jsonBroken = true;
    this.jsonIssues = this.deps.validateJson('batchOrder', text, options).issues.filter((i) => i.path === '');
    return false;
  }

  /** The body as the JSON view shows it (and the view is no longer broken). */
  writeJson() {
    this.jsonBroken = false;
    this.jsonIssues = [];
    return JSON.stringify(this.body, null, 2);
  }

  /** Replaces the body (a sample): every issue shows. */
  replace(body) {
    this.body = body;
    this.showAll = true;
  }

  /** Back to an empty request, nothing touched. */
  reset() {
    this.body = this.deps.blank();
    this.touched.clear();
    this.showAll = false;
  }
}

/**
 * @param {object} deps
 * @param {Function} deps.validate      the package's validate
 * @param {Function} deps.validateJson  the package's validateJson
 * @param {Function} deps.validateField the package's validateField
 * @param {Function} [deps.dependents] licensing-sdk/meta's dependents
 * @param {() => object} deps.blank     a new empty request
 * @param {Record<string, (body: object) => unknown>} deps.templates  new list items by name
 */
export function createOrderState(deps) {
  return new OrderState(deps);
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
