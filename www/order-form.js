// Builds the batch order form from a request object. Every input carries data-path (its
// JSON Pointer) and data-kind (how its text becomes a value); every container (fieldset or
// list) carries the pointer of its object or array and a .msgs slot for issues that have
// no input of their own. Add/remove buttons carry data-action and data-target.
import { validate } from '/pkg/index.js';
import { h, tr, field, ptr } from './dom.js';

export const LICENSE_TYPES = [
  'normal_unrecover_usbkey', 'normal_recover_usbkey', 'normal_unrecover_lan_usbkey', 'normal_recover_lan_usbkey',
  'identity_usbkey', 'identity_lan_usbkey', 'softkey', 'lan_softkey', 'product_entity',
  'cloud_account', 'cloud_customer', 'cloud_personal', 'lk_product_usbkey', 'lk_auth_usbkey',
];
export const ORDER_TYPES = ['new_buy', 'delete_asset', 'delete_product'];
export const SYNC_MODES = ['sync', 'async'];
export const CUSTOMER_TYPES = ['personal', 'company'];

const CUSTOMER_FIELDS = ['customerId', 'crmCustomerId', 'customerName', 'channelCustomerId', 'customerType',
  'enterpriseGlobalId', 'adminName', 'adminAccount', 'adminEmail', 'adminCellNumber', 'passwordMobile',
  'address', 'branchCode', 'branchName'];

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

// Fields the validator requires (asked once, of a skeleton order): marked * in the form.
const REQUIRED = new Set(validate('batchOrder', { orderList: [{ assets: [{}] }] }).issues
  .filter((i) => i.code === 'required' || i.code === 'empty').map((i) => i.path.split('/').pop()));

const arr = (v) => (Array.isArray(v) ? v : []);
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});

/** One input of the object at `base`. */
function f(base, o, key, kind = 'text', extra = {}) {
  const options = { licenseType: LICENSE_TYPES, orderType: ORDER_TYPES, syncMode: SYNC_MODES, customerType: CUSTOMER_TYPES }[key];
  return field({
    path: `${base}/${key}`, label: `f.${key}`, wire: key, kind, value: o[key],
    options, optionPrefix: options ? `enum.${key}` : undefined, required: REQUIRED.has(key), ...extra,
  });
}
const dateField = (base, o, key) => f(base, o, key, 'int', { hint: 'hint.millis', date: true });

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
  return h('div', { class: 'grid' },
    f(path, p, 'productUri'), f(path, p, 'crmProductId'),
    dateField(path, p, 'limitStartDate'), dateField(path, p, 'limitEndDate'),
    f(path, p, 'limitConcurrent', 'int'), f(path, p, 'strictMatchWhenDelete', 'bool'),
    f(path, p, 'trial', 'trial'), f(path, p, 'timeDurationExpression', 'text', { hint: 'hint.duration' }));
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
    h('div', { class: 'grid' },
      f(path, m, 'merchandiseNum'), f(path, m, 'merchandiseName'), f(path, m, 'crmProductId'),
      f(path, m, 'timeDurationExpression', 'text', { hint: 'hint.duration' })),
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
    h('div', { class: 'grid' }, dateField(path, a, 'limitStartDate'), dateField(path, a, 'limitEndDate')),
    productList(`${path}/products`, a.products),
    packageList(`${path}/merchandises`, a.merchandises, false));
}

function orderItem(path, o, n, openCustomer) {
  const customerKey = `${path}/customer`;
  return item(path, 'order.order', n, 'order.remove', 'order',
    h('div', { class: 'grid' },
      f(path, o, 'sequence', 'int'), f(path, o, 'licenseType', 'enum'), f(path, o, 'orderType', 'enum'),
      f(path, o, 'srcLicenseOrderId')),
    h('details', { class: 'customer', 'data-details': customerKey, open: openCustomer(customerKey) },
      h('summary', { i18n: 'order.customer' }),
      h('div', { class: 'grid' }, CUSTOMER_FIELDS.map((key) => f(path, o, key, key === 'customerType' ? 'enum' : 'text')))),
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
      h('div', { class: 'grid' }, f('', b, 'channelCode'), f('', b, 'channelOrderId'), f('', b, 'syncMode', 'enum'))),
    list(ptr('orderList'), 'order.orders', arr(b.orderList).map((o, i) => orderItem(`/orderList/${i}`, obj(o), i + 1, openCustomer)),
      'order.add', 'order', 'orders'),
  ];
}
