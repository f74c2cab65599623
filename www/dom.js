// Small DOM helpers shared by the portal's modules: element building, JSON Pointer
// access, issues shown next to their fields, typed errors and tables.
import { t } from './i18n.js';
import { codeMeaning, enumText, enumValues } from './wire.js';

/**
 * h('div', { class: 'x', i18n: 'key', args: {...}, onclick: fn, 'data-path': '/a' }, ...children)
 * `i18n` sets data-i18n (text that follows the locale); other keys are attributes,
 * except on* (listeners) and value/checked/disabled/selected (properties).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'i18n') {
      el.dataset.i18n = value;
      el.textContent = t(value, attrs.args ?? {});
    } else if (key === 'args') {
      el.dataset.i18nArgs = JSON.stringify(value);
    } else if (key.startsWith('on')) {
      el.addEventListener(key.slice(2), value);
    } else if (key === 'value' || key === 'checked' || key === 'selected') {
      el[key] = value;
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  if (attrs?.['data-i18n-aria']) el.setAttribute('aria-label', t(attrs['data-i18n-aria'], attrs.args ?? {}));
  if (attrs?.['data-i18n-title']) el.title = t(attrs['data-i18n-title'], attrs.args ?? {});
  el.append(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** A translated text node holder: <span data-i18n=key>. */
export const tr = (key, args) => h('span', { i18n: key, args });

let nextId = 0;
export const uid = (prefix) => `${prefix}-${++nextId}`;

/** DOM id of the input that edits a pointer (labels point at it). */
export const fieldId = (path) => `f${path.replace(/[^A-Za-z0-9]/g, '_')}`;

// ---- JSON Pointer (RFC 6901): pointer.js, re-exported for the page modules ----

export { ptr, getAt, setAt, isUnder } from './pointer.js';

// ---- Issues next to their fields ----------------------------------------------------

const SEV_ICON = { error: '✖', warning: '⚠' };

export function issueLine(issue, { showPath = true } = {}) {
  return h('p', { class: `issue-msg ${issue.severity}`, 'data-source': issue.source },
    h('span', { class: 'sev' }, `${SEV_ICON[issue.severity] ?? ''} `, tr(`sev.${issue.severity}`), ':'),
    ' ', h('span', { class: 'text' }, issue.message),
    issue.source === 'inferred' ? [' ', h('span', { class: 'src', i18n: 'src.inferred', 'data-i18n-title': 'src.inferredHelp' })] : null,
    showPath ? h('code', { class: 'where' }, issue.path || t('summary.body')) : null);
}

/** The element an issue belongs to: its own [data-path], else the nearest ancestor pointer's. */
function targetOf(root, path) {
  let p = path;
  for (;;) {
    if (p === '' || p === root.dataset.path) return root;
    const el = root.querySelector(`[data-path="${CSS.escape(p)}"]`);
    if (el && (el.matches('input, select, textarea') || el.querySelector(':scope > .msgs'))) return el;
    p = p.slice(0, p.lastIndexOf('/'));
  }
}

/**
 * Clears the previous issues under root and shows each issue at its field (an input's
 * .field wrapper) or at the nearest container with a .msgs slot. An input that is still
 * empty and was never touched (no data-touched) shows nothing yet, unless root has
 * data-show-all: its issue still counts, and still disables the buttons. Returns counts.
 */
export function showIssues(root, issues) {
  root.querySelectorAll('.issue-msg').forEach((el) => el.remove());
  root.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));
  root.querySelectorAll('.has-error, .has-warning').forEach((el) => el.classList.remove('has-error', 'has-warning'));
  const showAll = root.hasAttribute('data-show-all');
  let errors = 0;
  let warnings = 0;
  for (const issue of issues) {
    if (issue.severity === 'error') errors++; else warnings++;
    const target = targetOf(root, issue.path);
    const isInput = target.matches('input, select, textarea');
    if (isInput && !showAll && !target.hasAttribute('data-touched') && target.value === '') continue;
    const holder = isInput ? target.closest('.field') : target;
    const slot = holder?.querySelector(':scope > .msgs') ?? root.querySelector(':scope > .msgs');
    if (!slot) continue;
    slot.append(issueLine(issue, { showPath: !isInput || target.dataset.path !== issue.path }));
    holder.classList.add(issue.severity === 'error' ? 'has-error' : 'has-warning');
    if (isInput && issue.severity === 'error') target.setAttribute('aria-invalid', 'true');
  }
  return { errors, warnings };
}

/**
 * Moves the focus to the input of a pointer, or to the first control of its
 * container, else of the nearest ancestor pointer's; opens its <details> and
 * scrolls it into view.
 */
export function focusPointer(root, path) {
  let p = path;
  for (;;) {
    const el = root.querySelector(`[data-path="${CSS.escape(p)}"]`);
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

/** Marks inputs as touched once edited (their issues show from then on, even when emptied). */
export function trackTouched(root) {
  root.addEventListener('input', (e) => {
    const el = e.target;
    if (el.matches?.('input, select, textarea') && el.dataset.path !== undefined) el.setAttribute('data-touched', '');
  }, true);
}

// ---- Fields -------------------------------------------------------------------------

/**
 * A labelled input bound to a pointer: { id?, path, label (i18n key), kind: 'text'|'int'|'enum'|'intEnum'|'bool'|'lines'|'item',
 * enumName (the enumeration of an 'enum'/'intEnum' select, from licensing-sdk/meta), value, hint (i18n key), wire (wire name) }.
 */
export function field({ id: givenId, path, label, labelArgs, kind = 'text', enumName, value, hint, wire, unset = true, cls,
  placeholder, afterInput, required = false, date = false }) {
  const id = givenId ?? fieldId(path);
  const msgsId = `${id}-msgs`;
  const hintId = hint ? `${id}-hint` : null;
  const common = {
    id, 'data-path': path, 'data-kind': kind, 'data-date': date, 'aria-required': required ? 'true' : null,
    'aria-describedby': [msgsId, hintId].filter(Boolean).join(' '),
  };
  let input;
  if (['enum', 'intEnum', 'bool'].includes(kind)) {
    const name = kind === 'bool' ? 'bool' : enumName;
    const values = kind === 'bool' ? ['true', 'false'] : enumValues(enumName);
    input = h('select', { ...common, 'data-enum': name },
      unset ? h('option', { value: '', i18n: 'unset' }) : null,
      values.map((v) => h('option', { value: v }, optionText(v, name))));
    const current = value === undefined || value === null ? '' : String(value);
    if (current !== '' && !values.includes(current)) {
      input.append(h('option', { value: current, 'data-invalid': '' }, `${current} ${t('invalidValue')}`));
    }
    input.value = current;
  } else if (kind === 'textarea' || kind === 'lines') {
    input = h('textarea', { ...common, rows: 4, spellcheck: 'false' });
    input.value = value ?? '';
  } else {
    input = h('input', {
      ...common, type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder,
      inputmode: kind === 'int' || kind === 'item' ? 'numeric' : null,
    });
    input.value = value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
  const el = h('div', { class: `field${cls ? ` ${cls}` : ''}` },
    h('label', { for: id },
      h('span', { class: 'name' },
        h('span', { class: 'text', i18n: label, args: labelArgs }),
        required ? h('abbr', { class: 'req', 'data-i18n-title': 'required' }, '*') : null),
      wire ? h('code', { class: 'wire' }, wire) : null),
    input,
    afterInput ?? null,
    hint ? h('small', { id: hintId, class: 'hint', i18n: hint }) : null,
    h('div', { class: 'msgs', id: msgsId, 'aria-live': 'polite' }));
  if (date) updateDatePreview(input, el);
  return el;
}

/** The hint of a millisecond timestamp input shows the date it stands for. */
export function updateDatePreview(input, scope = document) {
  const hint = scope.querySelector(`#${CSS.escape(input.id)}-hint`);
  if (!hint) return;
  const v = readInput(input);
  if (typeof v !== 'number') hint.textContent = t('hint.millis');
  else hint.textContent = Math.abs(v) > DATE_RANGE_MS ? t('hint.noDate') : `= ${fmtTime(v)} UTC`;
}

/** Option text: the exact wire value, then its meaning in the current language. */
function optionText(value, enumName) {
  return `${value} — ${enumName === 'bool' ? t(`enum.bool.${value}`) : enumText(enumName, value)}`;
}

/** Re-translates the option labels of selects built by field() (options are plain text). */
export function retranslateOptions(root) {
  for (const select of root.querySelectorAll('select[data-enum]')) {
    for (const opt of select.options) {
      if (opt.value === '' || opt.hasAttribute('data-invalid')) continue;
      opt.textContent = optionText(opt.value, select.dataset.enum);
    }
  }
}

/** The value an input stands for, by its data-kind; undefined means "absent". */
export function readInput(input) {
  const raw = input.value;
  switch (input.dataset.kind) {
    case 'int': {
      const s = raw.trim();
      if (s === '') return undefined;
      return /^-?\d+$/.test(s) && Number.isSafeInteger(Number(s)) ? Number(s) : s;
    }
    case 'bool': return raw === '' ? undefined : raw === 'true';
    case 'intEnum': return raw === '' ? undefined : Number(raw);
    case 'enum': return raw === '' ? undefined : raw;
    case 'item': return raw;
    case 'lines': return raw.trim() === '' ? undefined : raw.split(/[\s,;]+/).filter(Boolean);
    default: return raw === '' ? undefined : raw;
  }
}

// ---- Results and errors -------------------------------------------------------------

/** columns: [{ head: i18n key, cell: (row) => string | Node }] */
export function table(columns, rows, attrs = {}) {
  return h('table', { class: 'data', ...attrs },
    h('thead', {}, h('tr', {}, columns.map((c) => h('th', { scope: 'col', i18n: c.head })))),
    h('tbody', {}, rows.map((row) => h('tr', {}, columns.map((c) => {
      const v = c.cell(row);
      return h('td', {}, v === undefined || v === null ? '' : v instanceof Node ? v : String(v));
    })))));
}

/** A LicensingError shown plainly: kind (and what it means), code, message, status, issues. */
export function errorBox(err) {
  // A LicensingError has a kind; anything else thrown is this page's own (drawing an answer), not the network's.
  const kind = err?.kind ?? 'page';
  const meaning = err?.code === undefined ? undefined : codeMeaning(kind, err.code);
  const rows = [
    ['err.kind', h('span', {}, h('code', {}, kind), ' — ', tr(`err.kind.${kind}`))],
    err?.code !== undefined ? ['err.code', h('span', {}, h('code', { class: 'err-code' }, err.code),
      ...(meaning ? [' — ', h('span', { class: 'err-code-meaning' }, meaning)] : []))] : null,
    ['err.message', h('span', { class: 'err-message' }, err?.message ?? String(err))],
    err?.status !== undefined ? ['err.status', String(err.status)] : null,
    err?.check !== undefined ? ['err.check', h('span', { class: 'err-check' }, err.check)] : null,
  ].filter(Boolean);
  return h('div', { class: 'error-box', role: 'alert', 'data-kind': kind },
    h('h4', { i18n: 'err.title' }),
    h('dl', {}, rows.map(([k, v]) => [h('dt', { i18n: k }), h('dd', {}, v)])),
    kind === 'validation' && err.issues?.length
      ? [h('p', { i18n: 'err.issues' }), h('div', { class: 'issue-list' }, err.issues.map((i) => issueLine(i)))]
      : null);
}

/** The last instant a Date holds, either side of 1970 (ECMAScript's time range). */
const DATE_RANGE_MS = 8.64e15;

/**
 * A millisecond timestamp as `YYYY-MM-DD hh:mm` (UTC); a number no Date holds
 * as itself (a valid request may carry one: the spec sets no upper bound),
 * never an exception (toISOString throws on it, and the form stopped redrawing
 * half-way: it showed one order and sent another); '' for no number.
 */
export const fmtTime = (ms) => {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (Math.abs(ms) > DATE_RANGE_MS) return String(ms);
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
};
