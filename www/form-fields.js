// Which wire fields the portal's forms show, each as an input labelled by its
// definition's label (licensing-sdk/meta's `label`, in English and in Chinese: no
// dictionary of the portal lists fields). No DOM and no import: the forms pass it
// licensing-sdk/meta's shapes in the browser, and the Node test
// (tests/js/portal-labels.test.mjs) the installed package's.

/** The i18n key of the label of a shape's field. */
export const labelKey = (shape, name) => `f.${shape}.${name}`;

/** The i18n key of an endpoint's title. */
export const titleKey = (endpoint) => `ep.${endpoint}`;

/**
 * The dictionaries' wire part in a locale ('en' or 'zh-CN'): every request
 * field's label (by labelKey) and every endpoint's title (by titleKey), from
 * licensing-sdk/meta.
 */
export function wireLabels({ endpoints, shapes }, locale) {
  const labels = {};
  for (const [shape, { fields }] of Object.entries(shapes)) {
    for (const f of fields) if (f.label) labels[labelKey(shape, f.name)] = f.label[locale];
  }
  for (const [name, e] of Object.entries(endpoints)) labels[titleKey(name)] = e.title[locale];
  return labels;
}

/**
 * The endpoints no page of the portal covers (batchOrder has its page, the panels
 * theirs): each gets a form of its whole request on the "More" tab, so an endpoint
 * new to the wire is in the portal with no edit here.
 */
export const uncoveredEndpoints = (endpoints, covered) => Object.keys(endpoints)
  .filter((name) => name !== 'batchOrder' && !covered.includes(name));

/** An order's own row; its other plain fields are the customer section's. */
const ORDER_ROW = ['sequence', 'licenseType', 'orderType', 'srcLicenseOrderId'];

// Lists (orderList, assets, products, …) are sections with titles of their own.
const plainFields = (shape) => shape.fields.filter((f) => f.kind !== 'array' && f.kind !== 'arrayOrNull').map((f) => f.name);

/** The shape of each part of the order form (orderFormFields). */
export const ORDER_FORM_SHAPES = {
  batch: 'BatchOrderRequest', orderRow: 'Order', customer: 'Order', asset: 'Asset', product: 'Product', package: 'Merchandise',
};

/** The fields an asset, a product and a package show first, in this order. */
const FIRST = {
  asset: ['limitStartDate', 'limitEndDate'],
  product: ['productUri', 'crmProductId', 'limitStartDate', 'limitEndDate', 'limitConcurrent', 'strictMatchWhenDelete', 'trial',
    'timeDurationExpression'],
  package: ['merchandiseNum', 'merchandiseName', 'crmProductId', 'timeDurationExpression'],
};

/**
 * The fields the order form leaves out, in this one place, each with why: every
 * other field of the wire gets an input (a field new to a shape appears after
 * the ones above, and tests/js/portal-labels.test.mjs asks for its labels).
 */
export const OUT_OF_SCOPE = {
  Asset: {
    borrowedUsbKey: 'a lending flag of the CRM, not typed by an operator',
    transferedAssetNum: 'set by the asset transfer flow, not by a new order',
  },
  Product: {
    parentCrmProductId: 'the CRM\'s product tree, carried by packages in this form',
    productName: 'the name the catalogue gives the URI',
    gmsPid: 'the licence server\'s own id, filled by the catalogue',
    appKey: 'the integrator\'s key, sent by the client (appKey option)',
    productType: 'the catalogue\'s classification of the URI',
    limitTimeDuration: 'superseded by timeDurationExpression in this form',
    trialEndDate: 'a trial\'s end is its duration here (timeDurationExpression)',
    timeUnit: 'superseded by timeDurationExpression in this form',
    timeUnitQuantity: 'superseded by timeDurationExpression in this form',
    srcLicenseOrderId: 'a product transfer (new_buy only): the order row\'s srcLicenseOrderId covers refunds',
  },
  Merchandise: {
    parentCrmProductId: 'the package tree gives the parent',
    parentMerchandiseNum: 'the package tree gives the parent',
  },
};

/** A shape's plain fields: those listed first, then every other not out of scope. */
function shown(shapes, part) {
  const shape = ORDER_FORM_SHAPES[part];
  const out = OUT_OF_SCOPE[shape] ?? {};
  const first = FIRST[part];
  return [...first, ...plainFields(shapes[shape]).filter((name) => !first.includes(name) && !Object.hasOwn(out, name))];
}

/**
 * The order form's inputs, part by part, in their order on the page. The batch
 * and the order show every plain field of theirs; an asset, a product and a
 * package every one but those OUT_OF_SCOPE lists: a field new to the wire gets
 * an input.
 */
export function orderFormFields(shapes) {
  return {
    batch: plainFields(shapes.BatchOrderRequest),
    orderRow: ORDER_ROW,
    customer: plainFields(shapes.Order).filter((name) => !ORDER_ROW.includes(name)),
    asset: shown(shapes, 'asset'),
    product: shown(shapes, 'product'),
    package: shown(shapes, 'package'),
  };
}

/**
 * Every field a form shows with a label, as { shape, name }: the order form's,
 * and every field of every other endpoint's request (panels.js gives each of
 * them a form of its whole request: its own panel, or one on the "More" tab).
 */
export function labelledFields({ endpoints, shapes }) {
  const order = Object.entries(orderFormFields(shapes))
    .flatMap(([part, names]) => names.map((name) => ({ shape: ORDER_FORM_SHAPES[part], name })));
  const panels = Object.entries(endpoints).filter(([name]) => name !== 'batchOrder')
    .flatMap(([, e]) => shapes[e.request].fields.map((f) => ({ shape: e.request, name: f.name })));
  return [...order, ...panels];
}
