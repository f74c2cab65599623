// The batch order rules of RULES.md in valibot v1, written by hand as the zod and
// ajv peers are (a generated peer would agree with the rule tables by construction,
// and a peer is here to disagree with them): the field types and presence as
// valibot schemas, the cross-field rules as `rawCheck`s in each object's pipe. Only
// rules that decide validity are encoded (warnings do not make a body invalid);
// unknown keys are allowed (v.object strips them from the output, the input stays
// valid).
//
// - Null counts as absent: optional fields are v.nullish; required ones are not.
// - "Blank" is what Rust's str::trim() removes (see ajv-schema.mjs, NOT_BLANK).
// - Integers: v.safeInteger accepts |n| ≤ 2^53 − 1; ours accepts any i64. The
//   generated payloads stay within the safe range (as for zod's z.int()).
// - A string field holds whole characters (lone_surrogate): a check with the test
//   ours runs per string (lib/well-formed.mjs).
// - An object's checks run only when its fields parsed without issues (`typed`), as
//   zod's refinements do: the verdict is the same, fewer issues are listed.

import * as v from 'valibot';
import { CLOUD_TYPES, LICENSE_TYPES } from '../lib/values.mjs';
import { wellFormed } from '../lib/well-formed.mjs';

const NOT_BLANK = /[^\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const isMissing = (value) => value == null || (typeof value === 'string' && !NOT_BLANK.test(value));

const CLOUD = new Set(CLOUD_TYPES);

const str = v.pipe(v.string(), v.check(wellFormed, 'holds half of a character'));
const optStr = v.nullish(str);
const nonBlank = v.pipe(str, v.regex(NOT_BLANK, 'must not be blank'));
const int = v.pipe(v.number(), v.safeInteger());
const optInt = v.nullish(int);
const optIntMin0 = v.nullish(v.pipe(v.number(), v.safeInteger(), v.minValue(0)));
const optBool = v.nullish(v.boolean());
const trial = v.nullish(v.picklist([0, 1]));
const duration = v.nullish(v.pipe(v.string(), v.regex(/^[0-9]{1,6}-[0-9]{1,6}-[0-9]{1,6}$/)));
const assetNumber = v.pipe(v.string(), v.regex(/^[86][0-9]{9}$/));

/** An object's cross-field check: `rule(value, issue)` once its fields are typed. */
const crossField = (rule) => v.rawCheck(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  rule(dataset.value, (where, message) => addIssue({ message: `${where}: ${message}` }));
});

/** limitEndDate is not before limitStartDate. */
const limitRange = crossField((o, issue) => {
  if (o.limitStartDate != null && o.limitEndDate != null && o.limitEndDate < o.limitStartDate) {
    issue('limitEndDate', 'limitEndDate is before limitStartDate');
  }
});

const productFeature = v.object({
  featureCode: optStr,
  featureName: optStr,
  featureValue: optStr,
  featureValueType: optStr,
  trial,
  trialEndDate: v.nullish(v.union([int, str])),
});

const product = v.pipe(
  v.object({
    crmProductId: optStr,
    parentCrmProductId: optStr,
    productUri: optStr,
    productName: optStr,
    gmsPid: optStr,
    appKey: optStr,
    productType: optStr,
    limitStartDate: optInt,
    limitEndDate: optInt,
    limitConcurrent: optIntMin0,
    limitTimeDuration: optIntMin0,
    strictMatchWhenDelete: optBool,
    trial,
    trialEndDate: optInt,
    passwords: v.nullish(v.array(str)),
    timeUnit: optStr,
    timeUnitQuantity: optIntMin0,
    timeDurationExpression: duration,
    srcLicenseOrderId: optStr,
    productFeatures: v.nullish(v.array(productFeature)),
  }),
  limitRange,
);

const merchandise = v.pipe(
  v.object({
    crmProductId: optStr,
    parentCrmProductId: optStr,
    merchandiseNum: optStr,
    merchandiseName: optStr,
    parentMerchandiseNum: optStr,
    timeDurationExpression: duration,
    children: v.nullish(v.array(v.lazy(() => merchandise))),
    licenseOrderProductList: v.nullish(v.array(product)),
  }),
  // A lowest-level package lists products.
  crossField((m, issue) => {
    const leaf = m.children == null || m.children.length === 0;
    if (leaf && !(m.licenseOrderProductList && m.licenseOrderProductList.length > 0)) {
      issue('licenseOrderProductList', 'a lowest-level merchandise lists products');
    }
  }),
);

const asset = v.pipe(
  v.object({
    assetNos: v.pipe(v.array(assetNumber), v.minLength(1)),
    assetExtendList: v.nullish(v.array(v.object({ extendCode: optStr, extendValue: optStr }))),
    limitStartDate: optInt,
    limitEndDate: optInt,
    borrowedUsbKey: optBool,
    transferedAssetNum: optBool,
    products: v.nullish(v.array(product)),
    merchandises: v.nullish(v.array(merchandise)),
  }),
  limitRange,
);

/** Whether a merchandise tree lists a product somewhere. */
function treeHasProducts(list) {
  const stack = list ? [list] : [];
  while (stack.length) {
    for (const m of stack.pop()) {
      if (m.licenseOrderProductList && m.licenseOrderProductList.length > 0) return true;
      if (m.children) stack.push(m.children);
    }
  }
  return false;
}

/** An order's cross-field rules: a cloud refund's srcLicenseOrderId, the products each orderType needs, a strict-match delete's limits. */
function orderRules(o, issue) {
  const refund = o.orderType !== 'new_buy';
  if (refund && CLOUD.has(o.licenseType) && isMissing(o.srcLicenseOrderId)) {
    issue('srcLicenseOrderId', 'a cloud refund needs srcLicenseOrderId');
  }
  o.assets.forEach((a, j) => {
    const hasProducts = a.products != null && a.products.length > 0;
    if (o.orderType === 'new_buy' ? !hasProducts && !treeHasProducts(a.merchandises) : o.orderType === 'delete_product' && !hasProducts) {
      issue(`assets/${j}/products`, `a ${o.orderType} asset needs products`);
    }
    if (o.orderType !== 'delete_product' || !a.products) return;
    a.products.forEach((p, k) => {
      if (isMissing(p.productUri)) issue(`assets/${j}/products/${k}/productUri`, 'productUri is required');
      if (p.strictMatchWhenDelete === true) {
        for (const f of ['limitStartDate', 'limitEndDate', 'limitConcurrent']) {
          if (p[f] == null) issue(`assets/${j}/products/${k}/${f}`, `${f} is required for a strict-match delete`);
        }
      }
    });
  });
}

const order = v.pipe(
  v.object({
    sequence: int,
    customerId: optStr,
    crmCustomerId: optStr,
    customerName: optStr,
    channelCustomerId: optStr,
    adminName: optStr,
    adminAccount: optStr,
    adminEmail: optStr, // a bad format is only a warning
    adminCellNumber: optStr,
    passwordMobile: optStr,
    address: optStr,
    customerType: v.nullish(v.picklist(['personal', 'company'])),
    branchCode: optStr,
    branchName: optStr,
    enterpriseGlobalId: optStr,
    srcLicenseOrderId: optStr,
    licenseType: v.picklist(LICENSE_TYPES),
    orderType: v.picklist(['new_buy', 'delete_asset', 'delete_product']),
    assets: v.pipe(v.array(asset), v.minLength(1)),
  }),
  crossField(orderRules),
);

export const batchOrder = v.pipe(
  v.object({
    channelCode: nonBlank,
    channelOrderId: nonBlank,
    syncMode: v.nullish(v.picklist(['sync', 'async'])),
    orderList: v.pipe(v.array(order), v.minLength(1)),
  }),
  crossField((b, issue) => {
    const first = new Map();
    b.orderList.forEach((o, i) => {
      if (first.has(o.sequence)) issue(`orderList/${i}/sequence`, `sequence repeats order ${first.get(o.sequence)}`);
      else first.set(o.sequence, i);
    });
  }),
);

/** valibot's verdict on `body`, with its issues (every one: valibot's default is not to stop at the first). */
export const safeParse = (body) => v.safeParse(batchOrder, body);
