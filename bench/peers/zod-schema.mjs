// The batch order rules of RULES.md in zod v4: the field types and presence as zod
// schemas, the cross-field rules in superRefine. Only rules that decide validity are
// encoded (warnings do not make a body invalid); unknown keys are allowed (z.object
// strips them from the output, the input stays valid).
//
// - Null counts as absent: optional fields are .nullish(); required ones are not.
// - "Blank" is what Rust's str::trim() removes (see ajv-schema.mjs, NOT_BLANK).
// - Integers: z.int() accepts safe integers (|n| ≤ 2^53 − 1); ours accepts any i64.
//   The generated payloads stay within the safe range.
// - A string field holds whole characters (lone_surrogate): a refinement with the test
//   ours runs per string (lib/well-formed.mjs).
// - zod runs an object's refinements only when its fields parsed without issues; the
//   verdict is the same (the body is invalid either way), fewer issues are listed.

import * as z from 'zod';
import { CLOUD_TYPES, LICENSE_TYPES } from '../lib/values.mjs';
import { wellFormed } from '../lib/well-formed.mjs';

const NOT_BLANK = /[^\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const isMissing = (v) => v == null || (typeof v === 'string' && !NOT_BLANK.test(v));

const CLOUD = new Set(CLOUD_TYPES);

const str = z.string().refine(wellFormed, 'holds half of a character');
const optStr = str.nullish();
const nonBlank = str.regex(NOT_BLANK, 'must not be blank');
const optInt = z.int().nullish();
const optIntMin0 = z.int().min(0).nullish();
const optBool = z.boolean().nullish();
const trial = z.union([z.literal(0), z.literal(1)]).nullish();
const duration = z.string().regex(/^[0-9]{1,6}-[0-9]{1,6}-[0-9]{1,6}$/).nullish();
const assetNumber = z.string().regex(/^[86][0-9]{9}$/);

/** limitEndDate is not before limitStartDate. */
function limitRange(v, ctx) {
  if (v.limitStartDate != null && v.limitEndDate != null && v.limitEndDate < v.limitStartDate) {
    ctx.addIssue({ code: 'custom', path: ['limitEndDate'], message: 'limitEndDate is before limitStartDate' });
  }
}

const productFeature = z.object({
  featureCode: optStr,
  featureName: optStr,
  featureValue: optStr,
  featureValueType: optStr,
  trial,
  trialEndDate: z.union([z.int(), str]).nullish(),
});

const product = z
  .object({
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
    passwords: z.array(str).nullish(),
    timeUnit: optStr,
    timeUnitQuantity: optIntMin0,
    timeDurationExpression: duration,
    srcLicenseOrderId: optStr,
    productFeatures: z.array(productFeature).nullish(),
  })
  .superRefine(limitRange);

const merchandise = z
  .object({
    crmProductId: optStr,
    parentCrmProductId: optStr,
    merchandiseNum: optStr,
    merchandiseName: optStr,
    parentMerchandiseNum: optStr,
    timeDurationExpression: duration,
    get children() {
      return z.array(merchandise).nullish();
    },
    licenseOrderProductList: z.array(product).nullish(),
  })
  .superRefine((m, ctx) => {
    // A lowest-level package lists products.
    const leaf = m.children == null || m.children.length === 0;
    if (leaf && !(m.licenseOrderProductList && m.licenseOrderProductList.length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['licenseOrderProductList'], message: 'a lowest-level merchandise lists products' });
    }
  });

const asset = z
  .object({
    assetNos: z.array(assetNumber).min(1),
    assetExtendList: z.array(z.object({ extendCode: optStr, extendValue: optStr })).nullish(),
    limitStartDate: optInt,
    limitEndDate: optInt,
    borrowedUsbKey: optBool,
    transferedAssetNum: optBool,
    products: z.array(product).nullish(),
    merchandises: z.array(merchandise).nullish(),
  })
  .superRefine(limitRange);

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

const order = z
  .object({
    sequence: z.int(),
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
    customerType: z.enum(['personal', 'company']).nullish(),
    branchCode: optStr,
    branchName: optStr,
    enterpriseGlobalId: optStr,
    srcLicenseOrderId: optStr,
    licenseType: z.enum(LICENSE_TYPES),
    orderType: z.enum(['new_buy', 'delete_asset', 'delete_product']),
    assets: z.array(asset).min(1),
  })
  .superRefine((o, ctx) => {
    const refund = o.orderType !== 'new_buy';
    if (refund && CLOUD.has(o.licenseType) && isMissing(o.srcLicenseOrderId)) {
      ctx.addIssue({ code: 'custom', path: ['srcLicenseOrderId'], message: 'a cloud refund needs srcLicenseOrderId' });
    }
    o.assets.forEach((a, j) => {
      const hasProducts = a.products != null && a.products.length > 0;
      if (o.orderType === 'new_buy' ? !hasProducts && !treeHasProducts(a.merchandises) : o.orderType === 'delete_product' && !hasProducts) {
        ctx.addIssue({ code: 'custom', path: ['assets', j, 'products'], message: `a ${o.orderType} asset needs products` });
      }
      if (o.orderType !== 'delete_product' || !a.products) return;
      a.products.forEach((p, k) => {
        if (isMissing(p.productUri)) {
          ctx.addIssue({ code: 'custom', path: ['assets', j, 'products', k, 'productUri'], message: 'productUri is required' });
        }
        if (p.strictMatchWhenDelete === true) {
          for (const f of ['limitStartDate', 'limitEndDate', 'limitConcurrent']) {
            if (p[f] == null) ctx.addIssue({ code: 'custom', path: ['assets', j, 'products', k, f], message: `${f} is required for a strict-match delete` });
          }
        }
      });
    });
  });

export const batchOrder = z
  .object({
    channelCode: nonBlank,
    channelOrderId: nonBlank,
    syncMode: z.enum(['sync', 'async']).nullish(),
    orderList: z.array(order).min(1),
  })
  .superRefine((b, ctx) => {
    const first = new Map();
    b.orderList.forEach((o, i) => {
      if (first.has(o.sequence)) {
        ctx.addIssue({ code: 'custom', path: ['orderList', i, 'sequence'], message: `sequence repeats order ${first.get(o.sequence)}` });
      } else first.set(o.sequence, i);
    });
  });
