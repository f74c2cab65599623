// Which wire fields the portal's forms show, each as an input labelled by
// labelKey(name) in text-en.js and text-zh-CN.js. No DOM and no import: the forms
// pass it licensing-sdk/meta's shapes in the browser, and the Node test
// (tests/js/portal-labels.test.mjs) the installed package's, so a field shown
// without a label fails that test instead of showing its raw key.

/** The i18n key of a field's label. */
export const labelKey = (name) => `f.${name}`;

/** An order's own row; its other plain fields are the customer section's. */
const ORDER_ROW = ['sequence', 'licenseType', 'orderType', 'srcLicenseOrderId'];

// Lists (orderList, assets, products, …) are sections with titles of their own.
const plainFields = (shape) => shape.fields.filter((f) => f.kind !== 'array').map((f) => f.name);

/** The shape of each part of the order form (orderFormFields). */
export const ORDER_FORM_SHAPES = {
  batch: 'BatchOrderRequest', orderRow: 'Order', customer: 'Order', asset: 'Asset', product: 'Product', package: 'Merchandise',
};

/**
 * The order form's inputs, part by part, in their order on the page. The batch
 * and the order show every plain field of theirs (a field new to the wire gets an
 * input); an asset, a product and a package show the ones listed here.
 */
export function orderFormFields(shapes) {
  return {
    batch: plainFields(shapes.BatchOrderRequest),
    orderRow: ORDER_ROW,
    customer: plainFields(shapes.Order).filter((name) => !ORDER_ROW.includes(name)),
    asset: ['limitStartDate', 'limitEndDate'],
    product: ['productUri', 'crmProductId', 'limitStartDate', 'limitEndDate', 'limitConcurrent', 'strictMatchWhenDelete', 'trial',
      'timeDurationExpression'],
    package: ['merchandiseNum', 'merchandiseName', 'crmProductId', 'timeDurationExpression'],
  };
}

/**
 * Every field a form shows with a label, as { shape, name }: the order form's,
 * and every field of every other endpoint's request (panels.js gives each of
 * them a form of its whole request).
 */
export function labelledFields({ endpoints, shapes }) {
  const order = Object.entries(orderFormFields(shapes))
    .flatMap(([part, names]) => names.map((name) => ({ shape: ORDER_FORM_SHAPES[part], name })));
  const panels = Object.entries(endpoints).filter(([name]) => name !== 'batchOrder')
    .flatMap(([, e]) => shapes[e.request].fields.map((f) => ({ shape: e.request, name: f.name })));
  return [...order, ...panels];
}
