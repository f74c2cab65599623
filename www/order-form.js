// Builds the batch order form from a request object. Every input carries data-path (its
// JSON Pointer) and data-kind (how its text becomes a value); every container (fieldset or
// list) carries the pointer of its object or array and a .msgs slot for issues that have
// no input of their own. Add/remove buttons carry data-action and data-target.
import { h, tr, field, ptr } from './dom.js';
import { fieldOf, inputOf, isRequired, shapes } from './wire.js';
import { labelKey, orderFormFields, ORDER_FORM_SHAPES as SHAPE } from './form-fields.js';

// Which inputs each part shows (form-fields.js; the customer section: the order's
// plain fields beyond its own row, as the wire lists them).
const FIELDS = orderFormFields(shapes);

/** What the add buttons insert. */
export const TEMPLATES = {
  order: (body) => ({
    sequence: Math.max(0, ...(Array.isArray(body.orderList) ? body.orderList : []).map((o) => Number(o?.sequence) || 0)) + 1,
    orderType: 'new_buy',
    assets: [TEMPLATES.asset()],
  }),
  asset: () => ({ assetNos: [''], products: [{}] }),
  assetNo: () => '',
  product: () => ({}),
  package: () => ({ licenseOrderProductList: [{}] }),
};

export const blankOrder = () => ({ syncMode: 'sync', orderList: [TEMPLATES.order({})] });

const arr = (v) => (Array.isArray(v) ? v : []);
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

// A Long timestamp shows the date it stands for as its hint; a duration, its format.
const DATE = { hint: 'hint.millis', date: true };
const EXTRAS = { limitStartDate: DATE, limitEndDate: DATE, timeDurationExpression: { hint: 'hint.duration' } };

/** One input of the object at `base`, of shape `shape`: its kind, values and required mark from the wire. */
function f(shape, base, o, key) {
  const meta = fieldOf(shape, key);
  return field({
    path: `${base}/${key}`, label: labelKey(shape, key), wire: key, value: o[key], ...inputOf(meta), required: isRequired(meta), ...EXTRAS[key],
  });
}
/** The inputs of one part of the form (FIELDS) for the object at `base`. */
const inputs = (part, base, o) => FIELDS[part].map((key) => f(SHAPE[part], base, o, key));

function addButton(target, template, label) {
  return h('button', { type: 'button', class: 'add', 'data-action': 'add', 'data-target': target, 'data-template': template },
    '+ ', tr(label));
}
function removeButton(target, label, n) {
  return h('button', {
    type: 'button', class: 'remove', 'data-action': 'remove', 'data-target': target,
    'data-i18n-aria': label, 'data-i18n-title': label, args: { n },
  }, '✕');
}

/** A fieldset for one array element: legend, remove button, issue slot, content. */
function item(path, titleKey, n, removeKey, cls, ...content) {
  return h('fieldset', { class: `item ${cls}`, 'data-path': path },
    h('legend', { i18n: titleKey, args: { n } }),
    removeButton(path, removeKey, n),
    h('div', { class: 'msgs', 'aria-live': 'polite' }),
    ...content);
}

/** A list of array elements with a heading, an issue slot and an add button. */
function list(path, titleKey, items, addLabel, template, cls = '') {
  const headingId = `h${path.replace(/[^A-Za-z0-9]/g, '_')}`;
  return h('div', { class: `list ${cls}`, 'data-path': path, role: 'group', 'aria-labelledby': headingId },
    h('h4', { id: headingId, i18n: titleKey }),
    h('div', { class: 'msgs', 'aria-live': 'polite' }),
    ...items,
    addButton(path, template, addLabel));
}

function productFields(path, p) {
  return h('div', { class: 'grid' }, inputs('product', path, p));
}

function productList(path, products) {
  return list(path, path.endsWith('licenseOrderProductList') ? 'order.packageProducts' : 'order.products',
    arr(products).map((p, k) => item(`${path}/${k}`, 'order.product', k + 1, 'product.remove', 'product',
      productFields(`${path}/${k}`, obj(p)))),
    'product.add', 'product', 'products');
}

function packageList(path, packages, nested) {
  return list(path, nested ? 'order.children' : 'order.packages',
    arr(packages).map((m, i) => packageItem(`${path}/${i}`, obj(m), i + 1)),
    nested ? 'package.addChild' : 'package.add', 'package', 'packages');
}

function packageItem(path, m, n) {
  return item(path, 'order.package', n, 'package.remove', 'package',
    h('div', { class: 'grid' }, inputs('package', path, m)),
    productList(`${path}/licenseOrderProductList`, m.licenseOrderProductList),
    packageList(`${path}/children`, m.children, true));
}

function assetNoList(path, nos) {
  return list(path, 'order.assetNos', arr(nos).map((no, i) => field({
    path: `${path}/${i}`, label: 'order.assetNo', labelArgs: { n: i + 1 }, kind: 'item', value: no, cls: 'asset-no',
    placeholder: '8000000001', afterInput: removeButton(`${path}/${i}`, 'assetNo.remove', i + 1),
  })), 'assetNo.add', 'assetNo', 'asset-nos');
}

function assetItem(path, a, n) {
  return item(path, 'order.asset', n, 'asset.remove', 'asset',
    assetNoList(`${path}/assetNos`, a.assetNos),
    h('div', { class: 'grid' }, inputs('asset', path, a)),
    productList(`${path}/products`, a.products),
    packageList(`${path}/merchandises`, a.merchandises, false));
}

function orderItem(path, o, n, openCustomer) {
  const customerKey = `${path}/customer`;
  return item(path, 'order.order', n, 'order.remove', 'order',
    h('div', { class: 'grid' }, inputs('orderRow', path, o)),
    h('details', { class: 'customer', 'data-details': customerKey, open: openCustomer(customerKey) },
      h('summary', { i18n: 'order.customer' }),
      h('div', { class: 'grid' }, inputs('customer', path, o))),
    list(`${path}/assets`, 'order.assets', arr(o.assets).map((a, j) => assetItem(`${path}/assets/${j}`, obj(a), j + 1)),
      'asset.add', 'asset', 'assets'));
}

/**
 * The whole form's content for `body`. openCustomer(key) says whether an order's
 * customer <details> is open (kept across re-renders).
 */
export function buildOrderForm(body, { openCustomer = () => true } = {}) {
  const b = obj(body);
  return [
    h('div', { class: 'msgs', 'aria-live': 'polite' }),
    h('fieldset', { class: 'batch' },
      h('legend', { i18n: 'order.batch' }),
      h('div', { class: 'grid' }, inputs('batch', '', b))),
    list(ptr('orderList'), 'order.orders', arr(b.orderList).map((o, i) => orderItem(`/orderList/${i}`, obj(o), i + 1, openCustomer)),
      'order.add', 'order', 'orders'),
  ];
}
