// The batch order rules of RULES.md as JSON Schema (draft-07) for ajv v8: every rule
// that decides validity (errors; warnings such as unknown fields, e-mail format, a
// recommended srcLicenseOrderId or a transfer on a refund do not make a body invalid,
// so they are not encoded, and additional properties are allowed).
//
// - Null counts as absent: optional fields accept null; required ones do not.
// - "Blank" is what Rust's str::trim() removes (Unicode White_Space); JavaScript's \s
//   differs (it has U+FEFF, lacks U+0085), so the class is spelt out.
// - Cross-field rules use if/then: refunds of cloud licences need srcLicenseOrderId;
//   products by orderType (new_buy: in `products` or anywhere in the merchandise tree);
//   delete_product products need productUri and, with strictMatchWhenDelete, the three
//   matched fields; a leaf merchandise lists products. `limitEndDate >= limitStartDate`
//   uses ajv's $data reference (not in the JSON Schema standard).
// - Unique `sequence` within orderList cannot be said in JSON Schema (uniqueItems
//   compares whole items): a user keyword `uniqueSequence` generates that loop.
// - Integers are JSON integers that fit in an i64, like serde_json's as_i64.
// - A string field holds whole characters (lone_surrogate): a user keyword `wellFormed`
//   generates a call to the test ours runs per string (lib/well-formed.mjs: the
//   built-in in Node, a search then the built-in elsewhere). Enumerations and the
//   asset number and duration patterns refuse surrogates already.

import { _ } from 'ajv';
import { CLOUD_TYPES, LICENSE_TYPES } from '../lib/values.mjs';
import { wellFormed as wellFormedTest } from '../lib/well-formed.mjs';

/** Options: allErrors so ajv reports every issue, as ours does. */
export const AJV_OPTIONS = {
  allErrors: true,
  $data: true,
  allowUnionTypes: true,
  strictTypes: false, // `required`/`properties` in if/then subschemas without `type`
};

/** Characters Rust's trim() removes (White_Space): a non-blank string has another one. */
export const NOT_BLANK = '[^\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';

const CLOUD = CLOUD_TYPES;
export { LICENSE_TYPES };

// i64 as a double: -2^63 and 2^63 themselves print as decimals outside i64.
const I64 = { exclusiveMinimum: -9223372036854775808, exclusiveMaximum: 9223372036854775808 };
const int = { type: 'integer', ...I64 };
const optInt = { type: ['integer', 'null'], ...I64 };
const optIntMin0 = { type: ['integer', 'null'], minimum: 0, exclusiveMaximum: I64.exclusiveMaximum };
const wellFormed = { wellFormed: true };
const optStr = { type: ['string', 'null'], ...wellFormed };
const optBool = { type: ['boolean', 'null'] };
const nonBlank = { type: 'string', pattern: NOT_BLANK, ...wellFormed };
const trial = { enum: [0, 1, null] };
const duration = { type: ['string', 'null'], pattern: '^[0-9]{1,6}-[0-9]{1,6}-[0-9]{1,6}$' };
const assetNumber = { type: 'string', pattern: '^[86][0-9]{9}$' };
const arrayOf = (ref) => ({ type: ['array', 'null'], items: { $ref: ref } });

/** limitEndDate is not before limitStartDate (when both are integers). */
const limitRange = {
  if: { required: ['limitStartDate'], properties: { limitStartDate: { type: 'integer' } } },
  then: { properties: { limitEndDate: { minimum: { $data: '1/limitStartDate' } } } },
};

export const schema = {
  $id: 'batchOrder',
  type: 'object',
  required: ['channelCode', 'channelOrderId', 'orderList'],
  properties: {
    channelCode: nonBlank,
    channelOrderId: nonBlank,
    syncMode: { enum: ['sync', 'async', null] },
    orderList: { type: 'array', minItems: 1, items: { $ref: '#/$defs/order' }, uniqueSequence: 'sequence' },
  },
  $defs: {
    order: {
      type: 'object',
      required: ['sequence', 'licenseType', 'orderType', 'assets'],
      properties: {
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
        customerType: { enum: ['personal', 'company', null] },
        branchCode: optStr,
        branchName: optStr,
        enterpriseGlobalId: optStr,
        srcLicenseOrderId: optStr,
        licenseType: { enum: LICENSE_TYPES },
        orderType: { enum: ['new_buy', 'delete_asset', 'delete_product'] },
        assets: { type: 'array', minItems: 1, items: { $ref: '#/$defs/asset' } },
      },
      allOf: [
        {
          // A refund of a cloud licence names the order it refunds.
          if: {
            required: ['orderType', 'licenseType'],
            properties: { orderType: { enum: ['delete_asset', 'delete_product'] }, licenseType: { enum: CLOUD } },
          },
          then: { required: ['srcLicenseOrderId'], properties: { srcLicenseOrderId: nonBlank } },
        },
        {
          // new_buy: each asset has products, directly or in its merchandise tree.
          if: { required: ['orderType'], properties: { orderType: { const: 'new_buy' } } },
          then: { properties: { assets: { items: { $ref: '#/$defs/assetHasProducts' } } } },
        },
        {
          // delete_product: each asset has products; each names productUri; strict
          // matching needs the matched fields.
          if: { required: ['orderType'], properties: { orderType: { const: 'delete_product' } } },
          then: {
            properties: {
              assets: {
                items: {
                  required: ['products'],
                  properties: { products: { type: 'array', minItems: 1, items: { $ref: '#/$defs/deletedProduct' } } },
                },
              },
            },
          },
        },
      ],
    },
    asset: {
      type: 'object',
      required: ['assetNos'],
      properties: {
        assetNos: { type: 'array', minItems: 1, items: assetNumber },
        assetExtendList: arrayOf('#/$defs/assetExtend'),
        limitStartDate: optInt,
        limitEndDate: optInt,
        borrowedUsbKey: optBool,
        transferedAssetNum: optBool,
        products: arrayOf('#/$defs/product'),
        merchandises: arrayOf('#/$defs/merchandise'),
      },
      ...limitRange,
    },
    assetExtend: {
      type: 'object',
      properties: { extendCode: optStr, extendValue: optStr },
    },
    product: {
      type: 'object',
      properties: {
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
        passwords: { type: ['array', 'null'], items: { type: 'string', ...wellFormed } },
        timeUnit: optStr,
        timeUnitQuantity: optIntMin0,
        timeDurationExpression: duration,
        srcLicenseOrderId: optStr,
        productFeatures: arrayOf('#/$defs/productFeature'),
      },
      ...limitRange,
    },
    productFeature: {
      type: 'object',
      properties: {
        featureCode: optStr,
        featureName: optStr,
        featureValue: optStr,
        featureValueType: optStr,
        trial,
        trialEndDate: { type: ['integer', 'string', 'null'], ...I64, ...wellFormed },
      },
    },
    merchandise: {
      type: 'object',
      properties: {
        crmProductId: optStr,
        parentCrmProductId: optStr,
        merchandiseNum: optStr,
        merchandiseName: optStr,
        parentMerchandiseNum: optStr,
        timeDurationExpression: duration,
        children: arrayOf('#/$defs/merchandise'),
        licenseOrderProductList: arrayOf('#/$defs/product'),
      },
      // A lowest-level package (children null, absent or []) lists products.
      if: { properties: { children: { anyOf: [{ type: 'null' }, { type: 'array', maxItems: 0 }] } } },
      then: { required: ['licenseOrderProductList'], properties: { licenseOrderProductList: { type: 'array', minItems: 1 } } },
    },
    // A delete_product product (in the asset's `products`).
    deletedProduct: {
      required: ['productUri'],
      properties: { productUri: nonBlank },
      if: { required: ['strictMatchWhenDelete'], properties: { strictMatchWhenDelete: { const: true } } },
      then: {
        required: ['limitStartDate', 'limitEndDate', 'limitConcurrent'],
        properties: { limitStartDate: { type: 'integer' }, limitEndDate: { type: 'integer' }, limitConcurrent: { type: 'integer' } },
      },
    },
    // new_buy asset: products directly, or a merchandise tree that lists some.
    assetHasProducts: {
      anyOf: [
        { required: ['products'], properties: { products: { type: 'array', minItems: 1 } } },
        { required: ['merchandises'], properties: { merchandises: { type: 'array', contains: { $ref: '#/$defs/merchHasProducts' } } } },
      ],
    },
    merchHasProducts: {
      anyOf: [
        { required: ['licenseOrderProductList'], properties: { licenseOrderProductList: { type: 'array', minItems: 1 } } },
        { required: ['children'], properties: { children: { type: 'array', contains: { $ref: '#/$defs/merchHasProducts' } } } },
      ],
    },
  },
};

/** `uniqueSequence: "<key>"`: no two items have the same integer at that key. */
export const uniqueSequenceKeyword = {
  keyword: 'uniqueSequence',
  type: 'array',
  schemaType: 'string',
  error: {
    message: ({ params: { i, j } }) => _`"must not repeat sequence of item " + ${j} + " at item " + ${i}`,
    params: ({ params: { i, j } }) => _`{i: ${i}, first: ${j}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    const valid = gen.let('valid', true);
    const seen = gen.const('seen', _`new Map()`);
    const i = gen.let('i', 0);
    const j = gen.let('j');
    cxt.setParams({ i, j });
    gen.for(_`; ${i} < ${data}.length; ${i}++`, () => {
      const item = gen.const('item', _`${data}[${i}]`);
      const seq = gen.const('seq', _`${item} !== null && typeof ${item} == "object" ? ${item}[${schema}] : undefined`);
      gen.if(_`Number.isInteger(${seq})`, () => {
        gen.if(
          _`${seen}.has(${seq})`,
          () => {
            gen.assign(j, _`${seen}.get(${seq})`);
            cxt.error(true);
            gen.assign(valid, false);
          },
          () => gen.code(_`${seen}.set(${seq}, ${i})`),
        );
      });
    });
    cxt.ok(valid);
  },
};

/**
 * `wellFormed: true`: a string holds no lone UTF-16 surrogate, tested as
 * lib/well-formed.mjs tests it, by a function of the validator's module (made once,
 * as ajv's own patterns are) that the generated code calls. Its source is written
 * out here because the standalone validator imports nothing.
 */
export const wellFormedKeyword = {
  keyword: 'wellFormed',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must not hold half of a character (a lone UTF-16 surrogate)' },
  code(cxt) {
    const test = cxt.gen.scopeValue('func', {
      ref: wellFormedTest,
      code: _`(() => { const surrogate = /[\\uD800-\\uDFFF]/; return typeof globalThis.process?.versions?.node === "string" ? (s) => s.isWellFormed() : (s) => !surrogate.test(s) || s.isWellFormed(); })()`,
    });
    cxt.fail(_`!${test}(${cxt.data})`);
  },
};

/** `s` without every `wellFormed` of its subschemas, at any depth. */
function withoutWellFormed(s) {
  if (Array.isArray(s)) return s.map(withoutWellFormed);
  if (s === null || typeof s !== 'object') return s;
  return Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'wellFormed').map(([k, v]) => [k, withoutWellFormed(v)]));
}

/**
 * The schema as ajv's users usually write it: without the lone-surrogate test
 * (no JSON Schema keyword says it, and ajv has none of its own). It accepts a
 * string holding half of a character, which ours refuses; everything else it
 * decides as `schema` does (bench/agreement.mjs holds both). The bench times it
 * beside `schema` on the valid bodies (issue 78: valid bodies ≥ 1× ajv with and
 * without the test).
 */
export const schemaWithoutSurrogateTest = withoutWellFormed(schema);

/** Adds what the schema needs to an Ajv instance. */
export function addKeywords(ajv) {
  ajv.addKeyword(uniqueSequenceKeyword);
  ajv.addKeyword(wellFormedKeyword);
  return ajv;
}
