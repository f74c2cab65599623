// Panels of the other endpoints. Each is a small form validated with
// validate(endpoint, body) on every change (its buttons stay disabled while it has
// errors) whose result or typed error is shown below it.
import { validate } from '/pkg/slim.js';
import { h, tr, field, readInput, showIssues, retranslateOptions, errorBox, table, fmtTime, trackTouched } from './dom.js';
import { locale } from './i18n.js';
import { endpoints, enumText, inputOf, isRequired, requestFields } from './wire.js';
import { labelKey, titleKey, uncoveredEndpoints } from './form-fields.js';
import { rulesProfile } from './settings.js';

const yesNo = (v) => (v === undefined || v === null ? '' : tr(v ? 'yes' : 'no'));
const code = (v, cls) => (v === undefined || v === null ? '' : h('code', { class: cls }, String(v)));

/**
 * One endpoint form: an input per field of its first action's request (kinds,
 * values and required marks from the wire). spec: { id, title, help?,
 * extras: { [field]: { value?, placeholder?, hint? } }, actions: [{ id, label,
 * endpoint, call(client, body), render(result) }] }
 */
function panelForm(spec, getClient) {
  const request = endpoints[spec.actions[0].endpoint].request; // the shape its inputs fill
  const fields = requestFields(spec.actions[0].endpoint);
  const form = h('form', { class: 'panel-form card', id: `${spec.id}-form`, 'data-path': '', novalidate: true, 'aria-labelledby': `${spec.id}-title` },
    h('h3', { id: `${spec.id}-title`, i18n: spec.title }),
    spec.help ? h('p', { class: 'help', i18n: spec.help }) : null,
    h('div', { class: 'msgs', 'aria-live': 'polite' }),
    h('div', { class: 'grid' }, fields.map((meta) => {
      const input = inputOf(meta);
      const extra = spec.extras?.[meta.name] ?? {};
      return field({
        id: `${spec.id}-${meta.name}`, path: `/${meta.name}`, label: labelKey(request, meta.name), wire: meta.name, ...input,
        value: extra.value, placeholder: extra.placeholder, hint: extra.hint,
        cls: input.kind === 'lines' ? 'wide' : undefined, required: isRequired(meta),
      });
    })),
    h('div', { class: 'actions' }, spec.actions.map((a) => h('button', { type: 'button', id: `${spec.id}-${a.id}`, class: 'primary', 'data-endpoint': a.endpoint, i18n: a.label })),
      h('span', { class: 'help why', i18n: 'panel.fillRequired', hidden: true })),
    h('div', { class: 'result', id: `${spec.id}-result`, 'aria-live': 'polite' }));

  const body = () => {
    const b = {};
    for (const input of form.querySelectorAll('[data-path]')) {
      if (!input.matches('input, select, textarea')) continue;
      const v = readInput(input);
      if (v !== undefined) b[input.dataset.path.slice(1)] = v;
    }
    return b;
  };
  let busy = false;
  const refresh = () => {
    const current = body();
    const valid = {};
    for (const a of spec.actions) {
      const report = validate(a.endpoint, current, { locale: locale(), rules: rulesProfile() });
      valid[a.id] = report.valid;
      if (a === spec.actions[0]) showIssues(form, report.issues);
    }
    for (const a of spec.actions) form.querySelector(`#${spec.id}-${a.id}`).disabled = busy || !valid[a.id];
    // Disabled only because of fields not filled in yet (their issues wait for a first edit)?
    form.querySelector('.why').hidden = busy || Object.values(valid).some(Boolean) || form.querySelector('.issue-msg.error') !== null;
  };

  trackTouched(form);
  form.addEventListener('input', refresh);
  form.addEventListener('submit', (e) => e.preventDefault());
  for (const a of spec.actions) {
    form.querySelector(`#${spec.id}-${a.id}`).addEventListener('click', async () => {
      const out = form.querySelector('.result');
      busy = true;
      refresh();
      out.replaceChildren(h('p', { class: 'busy', i18n: 'busy' }));
      try {
        const result = await a.call(getClient(), body());
        out.replaceChildren(a.render(result));
      } catch (err) {
        out.replaceChildren(errorBox(err), a.renderError?.(err) ?? '');
      } finally {
        busy = false;
        refresh();
      }
    });
  }
  refresh();
  return { el: form, refresh: () => { retranslateOptions(form); refresh(); } };
}

const customerTable = (rows) => (rows.length === 0 ? h('p', { i18n: 'ent.noneFound' }) : table([
  { head: 'col.customerId', cell: (r) => code(r.customerId) },
  { head: 'col.channelCode', cell: (r) => r.channelCode },
  { head: 'col.channelCustomerId', cell: (r) => r.channelCustomerId },
  { head: 'col.enterpriseGlobalId', cell: (r) => code(r.enterpriseGlobalId) },
  { head: 'col.enterpriseName', cell: (r) => r.enterpriseName },
  { head: 'col.isDefault', cell: (r) => yesNo(r.isDefault) },
], rows));

const lockTable = (rows) => table([
  { head: 'col.assetNum', cell: (r) => code(r.assetNum) },
  {
    head: 'col.status',
    cell: (r) => h('span', { class: `lock-status s${r.status}`, 'data-status': r.status },
      h('b', {}, String(r.status)), ' — ', enumText('LockStatus', r.status)),
  },
], rows, { class: 'data lock-results' });

const assetTable = (rows) => (rows.length === 0 ? h('p', { i18n: 'assets.none' }) : table([
  { head: 'col.assetNum', cell: (r) => code(r.assetNum) },
  { head: 'col.licenseType', cell: (r) => r.licenseType },
  { head: 'col.customerId', cell: (r) => code(r.customerId) },
  { head: 'col.locked', cell: (r) => yesNo(r.locked) },
  { head: 'col.freezing', cell: (r) => yesNo(r.freezing) },
  { head: 'col.keyChipType', cell: (r) => (r.keyChipType ? enumText('KeyChipType', r.keyChipType) : '') },
  { head: 'col.limits', cell: (r) => [fmtTime(r.limitStartTime), fmtTime(r.limitEndTime)].filter(Boolean).join(' → ') },
  { head: 'col.extends', cell: (r) => (r.assetExtends ?? []).map((x) => `${x.extendCode}=${x.extendValue}`).join(', ') },
  { head: 'col.createTime', cell: (r) => fmtTime(r.createTime) },
], rows, { class: 'data asset-table' }));

const claimTable = (products) => table([
  { head: 'col.productUri', cell: (p) => code(p.productUri) },
  { head: 'col.activityId', cell: (p) => p.activityId },
  { head: 'col.subActivityId', cell: (p) => p.subActivityId },
  { head: 'col.validity', cell: (p) => [p.limitStartDate, p.limitEndDate].filter(Boolean).join(' → ') },
  { head: 'col.activateType', cell: (p) => (p.activateType !== undefined && p.activateType !== null ? enumText('ActivateType', p.activateType) : '') },
], products, { class: 'data claim-table' });

/** 3002: each refusing unit's errorCode and errorMessage, from activityDtoList. */
function unitsTable(err) {
  if (err?.kind !== 'activity' || !Array.isArray(err.activities)) return null;
  const rows = err.activities.flatMap((a) => (a.engineSubActivityDtos ?? []).map((u) => ({ a, u })));
  return h('div', { class: 'units' },
    h('h4', { i18n: 'act.units' }),
    table([
      { head: 'col.activity', cell: ({ a }) => `${a.name ?? ''} (${a.id ?? ''})` },
      { head: 'col.unit', cell: ({ u }) => `${u.name ?? ''} (${u.id ?? ''})` },
      { head: 'col.errorCode', cell: ({ u }) => code(u.errorCode, 'unit-error-code') },
      { head: 'col.errorMessage', cell: ({ u }) => u.errorMessage },
    ], rows, { class: 'data units-table' }));
}

/** An answer as the service sent its data (a form of an endpoint with no page of its own). */
const answerView = (data) => (data === undefined || data === null
  ? h('p', { class: 'success', role: 'status', i18n: 'panel.noPayload' })
  : h('pre', { class: 'answer' }, JSON.stringify(data, null, 2)));

/** Builds every panel into its tab; returns { relocalize }. */
export function mountPanels({ getClient }) {
  const panels = [];
  const covered = [];
  const mount = (containerId, spec) => {
    const p = panelForm(spec, getClient);
    document.getElementById(containerId).append(p.el);
    panels.push(p);
    covered.push(...spec.actions.map((a) => a.endpoint));
  };

  mount('panel-enterprise', {
    id: 'bind', title: 'ent.bind',
    actions: [{ id: 'go', label: 'ent.bindGo', endpoint: 'bindEnterprise', call: (c, b) => c.bindEnterprise(b), render: (r) => customerTable([r]) }],
  });
  mount('panel-enterprise', {
    id: 'create', title: 'ent.create',
    actions: [{
      id: 'go', label: 'ent.createGo', endpoint: 'createEnterprise', call: (c, b) => c.createEnterprise(b),
      render: (r) => h('dl', { class: 'kv' },
        h('dt', { i18n: 'col.enterpriseGlobalId' }), h('dd', {}, code(r.enterpriseGlobalId)),
        h('dt', { i18n: 'col.defaultType' }), h('dd', {}, yesNo(r.defaultType)),
        h('dt', { i18n: 'col.members' }), h('dd', {}, (r.members ?? []).map((m) => `${m.memberIdentity} (${m.memberGlobalId})`).join(', '))),
    }],
  });
  mount('panel-enterprise', {
    id: 'query', title: 'ent.query',
    extras: { defaultCustomer: { value: 'N' } },
    actions: [{ id: 'go', label: 'ent.queryGo', endpoint: 'queryEnterprises', call: (c, b) => c.queryEnterprises(b), render: customerTable }],
  });
  mount('panel-enterprise', {
    id: 'update', title: 'ent.update',
    actions: [{ id: 'go', label: 'ent.updateGo', endpoint: 'updateEnterprise', call: (c, b) => c.updateEnterprise(b),
      render: () => h('p', { class: 'success', i18n: 'ent.updated' }) }],
  });
  mount('panel-locks', {
    id: 'locks', title: 'locks.title', help: 'locks.help',
    extras: { assetNums: { placeholder: '8000000001\n8000000002', hint: 'hint.assetNums' }, operatorIdentity: { hint: 'hint.operatorIdentity' } },
    actions: [
      { id: 'lock', label: 'locks.lock', endpoint: 'lockAssets', call: (c, b) => c.lockAssets(b), render: lockTable },
      { id: 'unlock', label: 'locks.unlock', endpoint: 'unlockAssets', call: (c, b) => c.unlockAssets(b), render: lockTable },
    ],
  });
  mount('panel-assets', {
    id: 'assets', title: 'assets.title',
    actions: [{ id: 'go', label: 'assets.go', endpoint: 'listAssets', call: (c, b) => c.listAssets(b), render: assetTable }],
  });
  mount('panel-shellnums', {
    id: 'shellnums', title: 'shell.title',
    extras: { size: { value: 5 } },
    actions: [{
      id: 'go', label: 'shell.go', endpoint: 'shellNums', call: (c, b) => c.shellNums(b),
      render: (nums) => h('div', {}, h('p', { i18n: 'shell.got', args: { n: nums.length } }),
        h('ol', { class: 'numbers' }, nums.map((n) => h('li', {}, code(n))))),
    }],
  });
  mount('panel-activity', {
    id: 'activity', title: 'act.title',
    extras: {
      identity: { placeholder: 'someone@example.com', hint: 'hint.identity' }, activityLabel: { value: 'spring-trial' },
      source: { value: 'portal' }, branch: { value: 'BJ' },
    },
    actions: [{
      id: 'go', label: 'act.go', endpoint: 'joinActivity', call: (c, b) => c.joinActivity(b),
      render: (detail) => h('div', {}, h('p', { class: 'success', role: 'status', i18n: 'act.claimed', args: { n: detail?.products?.length ?? 0 } }),
        claimTable(detail?.products ?? [])),
      renderError: unitsTable,
    }],
  });

  // Every endpoint without a page of its own: a form of its request on "More".
  for (const endpoint of uncoveredEndpoints(endpoints, covered)) {
    mount('panel-more', {
      id: `ep-${endpoint}`, title: titleKey(endpoint),
      actions: [{ id: 'go', label: 'panel.send', endpoint, call: (c, b) => c[endpoint](b), render: answerView }],
    });
    document.getElementById('tab-more').hidden = false;
  }

  return { relocalize: () => panels.forEach((p) => p.refresh()) };
}
