// Payload generator of the benchmark: batch orders (`batchOrder` bodies) of any size,
// valid, or with errors and warnings put in on purpose. Deterministic: the same seed
// gives the same payload in Node and in the browser (this module runs in both).
//
// - makeBatch(n, seed): a valid batch of n orders, each with a few assets, products
//   (with features), nested merchandise packages, extensions and limits. new_buy,
//   delete_asset and delete_product orders, every licence type. No issue at all:
//   written here, then made valid by licensing-sdk/testing's makeValid (lib/make-valid.mjs),
//   so a new rule's own repair keeps it valid (async for that).
// - MUTATIONS: one named change each, with the code our validator reports for it and
//   whether it is an error (the body becomes invalid) or only a warning (still valid).
// - FAMILIES: the two payload families, "compact" (makeBatch, about 4 KB per order) and
//   "wide" (makeWideBatch in generate-wide.mjs, about 8 KB per order: more products and
//   features, merchandise trees 3–4 levels deep, long strings, CJK text).
// - timingPayloads(sizes, families, variants): the payloads that are timed (1, 100 and
//   1,000 orders; valid, and with scattered errors), per family.
// - agreementCorpus({ families }): every payload the peers are checked against.

import { makeWideBatch } from './generate-wide.mjs';
import { CLOUD_TYPES, LICENSE_TYPES } from './lib/values.mjs';
import { rng } from './lib/rng.mjs';
import { makeValid } from './lib/make-valid.mjs';

export { rng, LICENSE_TYPES, CLOUD_TYPES };
export const NON_CLOUD_TYPES = LICENSE_TYPES.filter((t) => !CLOUD_TYPES.includes(t));

const DAY = 86_400_000;
const EPOCH = 1_700_000_000_000;
const NAMES = ['Acme Ltd', '星海科技有限公司', 'Northwind', '华东设计院', 'Contoso', 'Globex', '云帆软件'];
const BRANCHES = [['BJ', '北京分公司'], ['SH', '上海分公司'], ['SZ', 'Shenzhen branch'], ['SG', 'Singapore']];
const PRODUCTS = ['gms:1001', 'gms:1002', 'gms:2001', 'app:cad-pro', 'app:render', 'app:bim-viewer'];
const FEATURES = ['max_users', 'export_pdf', 'render_nodes', 'cloud_storage', 'api_calls'];

function assetNo(r) {
  return (r.chance(0.8) ? '8' : '6') + r.digits(9);
}

function limits(r) {
  const start = EPOCH + r.int(0, 400) * DAY;
  return { start, end: start + r.pick([30, 90, 365, 730]) * DAY };
}

function feature(r) {
  const f = {
    featureCode: r.pick(FEATURES),
    featureName: 'feature ' + r.int(1, 99),
    featureValue: String(r.int(1, 500)),
    featureValueType: r.pick(['int', 'bool', 'string']),
  };
  if (r.chance(0.5)) {
    f.trial = r.int(0, 1);
    f.trialEndDate = EPOCH + r.int(1, 60) * DAY;
  }
  return f;
}

/** A product as a new purchase carries it (most fields filled). */
function fullProduct(r, parent) {
  const { start, end } = limits(r);
  const uri = r.pick(PRODUCTS);
  const p = {
    crmProductId: 'CP' + r.digits(8),
    parentCrmProductId: parent,
    productUri: uri,
    productName: 'Product ' + uri,
    gmsPid: uri.startsWith('gms:') ? uri : undefined,
    appKey: uri.startsWith('app:') ? uri.slice(4) : undefined,
    productType: r.pick(['software', 'service', 'bundle']),
    limitStartDate: start,
    limitEndDate: end,
    limitConcurrent: r.int(1, 50),
    limitTimeDuration: r.int(0, 10_000),
    strictMatchWhenDelete: false,
    trial: r.int(0, 1),
    trialEndDate: end,
    passwords: r.chance(0.3) ? [r.digits(8), r.digits(8)] : [],
    timeUnit: r.pick(['year', 'month', 'day']),
    timeUnitQuantity: r.int(1, 3),
    timeDurationExpression: `${r.int(0, 3)}-${r.int(0, 11)}-${r.int(0, 30)}`,
    productFeatures: Array.from({ length: r.int(1, 3) }, () => feature(r)),
  };
  if (p.gmsPid === undefined) delete p.gmsPid;
  if (p.appKey === undefined) delete p.appKey;
  return p;
}

/** A product reduced to the delete fields (delete_product orders). */
function deleteProduct(r) {
  const { start, end } = limits(r);
  return {
    crmProductId: 'CP' + r.digits(8),
    productUri: r.pick(PRODUCTS),
    limitStartDate: start,
    limitEndDate: end,
    limitConcurrent: r.int(1, 50),
    strictMatchWhenDelete: r.chance(0.5),
  };
}

/** A merchandise package; depth 0 is a leaf (children null or []) listing products. */
function merchandise(r, depth, parentNum) {
  const num = 'M' + r.digits(6);
  const m = {
    crmProductId: 'CM' + r.digits(8),
    merchandiseNum: num,
    merchandiseName: 'Package ' + num,
    timeDurationExpression: `${r.int(0, 2)}-0-0`,
  };
  if (parentNum) m.parentMerchandiseNum = parentNum;
  if (depth === 0) {
    m.children = r.chance(0.7) ? null : [];
    m.licenseOrderProductList = Array.from({ length: r.int(1, 2) }, () => fullProduct(r, m.crmProductId));
  } else {
    m.children = Array.from({ length: r.int(1, 2) }, () => merchandise(r, depth - 1, num));
  }
  return m;
}

function asset(r, orderType) {
  const { start, end } = limits(r);
  const a = {
    assetNos: Array.from({ length: r.int(1, 3) }, () => assetNo(r)),
    assetExtendList: Array.from({ length: r.int(0, 2) }, () => ({
      extendCode: r.pick(['region', 'seat', 'site']),
      extendValue: r.pick(['east', 'west', '12', 'HQ']),
    })),
    limitStartDate: start,
    limitEndDate: end,
    borrowedUsbKey: r.chance(0.1),
    transferedAssetNum: false,
  };
  if (orderType === 'new_buy') {
    a.products = Array.from({ length: r.int(1, 2) }, () => fullProduct(r, 'CA' + r.digits(6)));
    if (r.chance(0.5)) a.merchandises = [merchandise(r, r.int(1, 2), null)];
  } else if (orderType === 'delete_product') {
    a.products = Array.from({ length: r.int(1, 2) }, () => deleteProduct(r));
  }
  return a;
}

function order(r, i) {
  const orderType = r.next() < 0.6 ? 'new_buy' : r.chance(0.5) ? 'delete_asset' : 'delete_product';
  const [branchCode, branchName] = r.pick(BRANCHES);
  const o = {
    sequence: i + 1,
    customerId: 'C' + r.digits(6),
    crmCustomerId: 'CRM' + r.digits(6),
    customerName: r.pick(NAMES),
    channelCustomerId: 'CC' + r.digits(6),
    adminName: 'Admin ' + r.int(1, 999),
    adminAccount: 'admin' + r.digits(4),
    adminEmail: `admin${r.digits(4)}@example.com`,
    adminCellNumber: '13' + r.digits(9),
    passwordMobile: '13' + r.digits(9),
    address: r.int(1, 999) + ' Century Avenue',
    customerType: r.pick(['personal', 'company']),
    branchCode,
    branchName,
    enterpriseGlobalId: 'E' + r.digits(8),
    licenseType: r.pick(LICENSE_TYPES),
    orderType,
    assets: Array.from({ length: r.int(1, 3) }, () => asset(r, orderType)),
  };
  if (orderType !== 'new_buy') o.srcLicenseOrderId = 'LO' + r.digits(6);
  return o;
}

/** A valid batch order of n orders: no error and no warning. */
export async function makeBatch(n, seed = 1) {
  return makeValid('batchOrder', writtenBatch(n, seed));
}

/** The batch as written here (`makeBatch` makes it valid). */
function writtenBatch(n, seed) {
  const r = rng(seed);
  return {
    channelCode: 'CH' + r.digits(2),
    channelOrderId: 'CO-' + seed + '-' + n,
    syncMode: r.pick(['sync', 'async']),
    orderList: Array.from({ length: n }, (_, i) => order(r, i)),
  };
}

// ---- walking helpers for the mutations ----

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** The orders that are objects (a mutation may have put other values in the list). */
function ords(b) {
  return b.orderList.filter(isObject);
}
function assetsOf(b, pred = () => true) {
  const out = [];
  for (const o of ords(b)) if (pred(o) && Array.isArray(o.assets)) for (const a of o.assets) if (isObject(a)) out.push({ o, a });
  return out;
}
/** Assets with a non-empty assetNos array. */
function numbered(b) {
  return assetsOf(b).filter(({ a }) => Array.isArray(a.assetNos) && a.assetNos.length > 0);
}
function merchTree(list, out = []) {
  for (const m of list || []) {
    out.push(m);
    if (Array.isArray(m.children)) merchTree(m.children, out);
  }
  return out;
}
/** Every product: in asset products and in merchandise lists. */
function allProducts(b) {
  const out = [];
  for (const { o, a } of assetsOf(b)) {
    for (const p of a.products || []) out.push({ o, a, p, direct: true });
    for (const m of merchTree(a.merchandises)) for (const p of m.licenseOrderProductList || []) out.push({ o, a, p, direct: false });
  }
  return out;
}
function leaves(b) {
  const out = [];
  for (const { o, a } of assetsOf(b)) {
    for (const m of merchTree(a.merchandises)) {
      if (m.children == null || (Array.isArray(m.children) && m.children.length === 0)) out.push({ o, a, m });
    }
  }
  return out;
}
function pickOr(r, list) {
  return list.length ? r.pick(list) : undefined;
}
/** Calls f(asset, order) on a random asset; false when the batch has none. */
function withAsset(b, r, f) {
  const x = pickOr(r, assetsOf(b));
  if (!x) return false;
  f(x.a, x.o);
  return true;
}

/**
 * Mutations: `apply(batch, r)` changes the batch in place and returns false when the
 * batch has nothing it applies to. `code` is what our validator reports, `error` whether
 * that makes the body invalid.
 */
export const MUTATIONS = [
  // enums
  { name: 'enum licenseType', code: 'enum', error: true, apply: (b, r) => ((r.pick(ords(b)).licenseType = r.pick(['cloud_acount', 'CLOUD_ACCOUNT', 'usbkey', ''])), true) },
  { name: 'enum orderType', code: 'enum', error: true, apply: (b, r) => ((r.pick(ords(b)).orderType = r.pick(['NEW_BUY', 'refund', 'new-buy'])), true) },
  { name: 'enum syncMode', code: 'enum', error: true, apply: (b, r) => ((b.syncMode = r.pick(['Sync', 'batch'])), true) },
  { name: 'enum customerType', code: 'enum', error: true, apply: (b, r) => ((r.pick(ords(b)).customerType = 'business'), true) },
  { name: 'enum product trial', code: 'enum', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b)); if (!x) return false; x.p.trial = r.pick([2, -1]); return true; } },
  { name: 'enum feature trial', code: 'enum', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.p.productFeatures)); if (!x) return false; r.pick(x.p.productFeatures).trial = 3; return true; } },
  // asset numbers
  { name: 'asset number format', code: 'asset_number_format', error: true, apply: (b, r) => { const x = pickOr(r, numbered(b)); if (!x) return false; const { a } = x; a.assetNos[r.int(0, a.assetNos.length - 1)] = r.pick(['80000001', '80000000011', '８000000001', '8000000001 ', '80000x0001']); return true; } },
  { name: 'asset number partition', code: 'asset_number_partition', error: true, apply: (b, r) => { const x = pickOr(r, numbered(b)); if (!x) return false; const { a } = x; a.assetNos[r.int(0, a.assetNos.length - 1)] = r.pick(['7', '1', '0', '9']) + r.digits(9); return true; } },
  // cross-field rules
  { name: 'cloud refund without srcLicenseOrderId', code: 'src_license_order_required', error: true, apply: (b, r) => { const o = pickOr(r, ords(b).filter((o) => o.orderType !== 'new_buy')); if (!o) return false; o.licenseType = r.pick(CLOUD_TYPES); const v = r.int(0, 2); if (v === 0) delete o.srcLicenseOrderId; else o.srcLicenseOrderId = v === 1 ? null : '  '; return true; } },
  { name: 'duplicate sequence', code: 'duplicate_sequence', error: true, apply: (b, r) => { const os = ords(b).filter((o) => Number.isInteger(o.sequence)); if (os.length < 2) return false; const i = r.int(1, os.length - 1); os[i].sequence = os[r.int(0, i - 1)].sequence; return true; } },
  { name: 'strict-match field missing', code: 'strict_match_field_required', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.o.orderType === 'delete_product' && x.direct)); if (!x) return false; x.p.strictMatchWhenDelete = true; const f = r.pick(['limitStartDate', 'limitEndDate', 'limitConcurrent']); if (r.chance(0.5)) delete x.p[f]; else x.p[f] = null; return true; } },
  { name: 'asset end before start', code: 'limit_end_before_start', error: true, apply: (b, r) => { const x = pickOr(r, assetsOf(b).filter(({ a }) => Number.isInteger(a.limitStartDate))); if (!x) return false; const { a } = x; a.limitEndDate = a.limitStartDate - r.pick([1, DAY]); return true; } },
  { name: 'product end before start', code: 'limit_end_before_start', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => Number.isInteger(x.p.limitStartDate))); if (!x) return false; x.p.limitEndDate = x.p.limitStartDate - 1; return true; } },
  { name: 'leaf merchandise without products', code: 'leaf_products_required', error: true, apply: (b, r) => { const x = pickOr(r, leaves(b)); if (!x) return false; const v = r.int(0, 2); if (v === 0) delete x.m.licenseOrderProductList; else x.m.licenseOrderProductList = v === 1 ? null : []; return true; } },
  { name: 'new_buy asset without products', code: 'products_required', error: true, apply: (b, r) => { const x = pickOr(r, assetsOf(b, (o) => o.orderType === 'new_buy')); if (!x) return false; if (r.chance(0.5)) delete x.a.products; else x.a.products = []; delete x.a.merchandises; return true; } },
  { name: 'delete_product asset without products', code: 'products_required', error: true, apply: (b, r) => { const x = pickOr(r, assetsOf(b, (o) => o.orderType === 'delete_product')); if (!x) return false; const v = r.int(0, 2); if (v === 0) delete x.a.products; else x.a.products = v === 1 ? null : []; return true; } },
  { name: 'delete_product product without productUri', code: 'required', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.o.orderType === 'delete_product' && x.direct)); if (!x) return false; const v = r.int(0, 2); if (v === 0) delete x.p.productUri; else x.p.productUri = v === 1 ? null : ' \t'; return true; } },
  // JSON types
  { name: 'type: sequence as string', code: 'type', error: true, apply: (b, r) => { const o = r.pick(ords(b)); o.sequence = String(o.sequence); return true; } },
  { name: 'type: sequence not an integer', code: 'type', error: true, apply: (b, r) => { const o = r.pick(ords(b)); o.sequence += 0.5; return true; } },
  { name: 'type: limitConcurrent as string', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b)); if (!x) return false; x.p.limitConcurrent = String(x.p.limitConcurrent); return true; } },
  { name: 'type: boolean as string', code: 'type', error: true, apply: (b, r) => withAsset(b, r, (a) => (a.borrowedUsbKey = 'true')) },
  { name: 'type: date as string', code: 'type', error: true, apply: (b, r) => withAsset(b, r, (a) => (a.limitStartDate = '2024-01-01')) },
  { name: 'type: assetNos not an array', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, numbered(b)); if (!x) return false; const { a } = x; a.assetNos = a.assetNos[0]; return true; } },
  { name: 'type: password not a string', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.p.passwords)); if (!x) return false; x.p.passwords = [12345678]; return true; } },
  { name: 'type: children not an array', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, leaves(b)); if (!x) return false; x.m.children = 'none'; return true; } },
  { name: 'type: feature trialEndDate boolean', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.p.productFeatures)); if (!x) return false; r.pick(x.p.productFeatures).trialEndDate = true; return true; } },
  { name: 'type: order not an object', code: 'type', error: true, apply: (b, r) => (b.orderList.splice(r.int(0, b.orderList.length), 0, r.pick(['x', 7, null, []])), true) },
  { name: 'type: productFeatures not an array', code: 'type', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.p.productFeatures)); if (!x) return false; x.p.productFeatures = {}; return true; } },
  // presence
  { name: 'required licenseType', code: 'required', error: true, apply: (b, r) => { const o = r.pick(ords(b)); if (r.chance(0.5)) delete o.licenseType; else o.licenseType = null; return true; } },
  { name: 'required orderType', code: 'required', error: true, apply: (b, r) => { const o = r.pick(ords(b)); if (r.chance(0.5)) delete o.orderType; else o.orderType = null; return true; } },
  { name: 'required sequence', code: 'required', error: true, apply: (b, r) => (delete r.pick(ords(b)).sequence, true) },
  { name: 'required channelCode', code: 'required', error: true, apply: (b) => (delete b.channelCode, true) },
  { name: 'empty channelOrderId', code: 'empty', error: true, apply: (b, r) => ((b.channelOrderId = r.pick(['', '   ', '\u3000', '\u0085'])), true) },
  { name: 'empty assets', code: 'empty', error: true, apply: (b, r) => ((r.pick(ords(b)).assets = []), true) },
  { name: 'empty assetNos', code: 'empty', error: true, apply: (b, r) => withAsset(b, r, (a) => (a.assetNos = [])) },
  { name: 'empty orderList', code: 'empty', error: true, apply: (b) => ((b.orderList = []), true) },
  // minimums and formats
  { name: 'minimum limitConcurrent', code: 'minimum', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b)); if (!x) return false; x.p.limitConcurrent = -1; return true; } },
  { name: 'minimum timeUnitQuantity', code: 'minimum', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => 'timeUnitQuantity' in x.p)); if (!x) return false; x.p.timeUnitQuantity = -5; return true; } },
  { name: 'duration expression (product)', code: 'duration_expression', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => 'timeDurationExpression' in x.p)); if (!x) return false; x.p.timeDurationExpression = r.pick(['1-0', 'P1Y', '1-0-0 ', '1234567-0-0', '-1-0-0', '1--0']); return true; } },
  { name: 'duration expression (merchandise)', code: 'duration_expression', error: true, apply: (b, r) => { const ms = assetsOf(b).flatMap(({ a }) => merchTree(a.merchandises)); if (!ms.length) return false; r.pick(ms).timeDurationExpression = '1y'; return true; } },
  { name: 'lone surrogate in a name', code: 'lone_surrogate', error: true, apply: (b, r) => { const x = pickOr(r, allProducts(b)); if (!x) return false; x.p.productName = r.pick(['cut \ud83d', '\ude00 half', 'a\udc00b']); return true; } },

  // warnings and edge cases that stay valid
  { name: 'unknown field (order)', code: 'unknown_field', error: false, apply: (b, r) => ((r.pick(ords(b))[r.pick(['x-remark', 'Sequence', 'x-colour'])] = 'x'), true) },
  { name: 'unknown field (asset, product)', code: 'unknown_field', error: false, apply: (b, r) => withAsset(b, r, (a) => { a.assetNo = ['1']; const x = pickOr(r, allProducts(b)); if (x) x.p.limitconcurrent = 'not checked'; }) },
  { name: 'bad e-mail', code: 'email', error: false, apply: (b, r) => ((r.pick(ords(b)).adminEmail = r.pick(['not-an-email', 'a@b', 'x y@example.com'])), true) },
  { name: 'non-cloud refund without srcLicenseOrderId', code: 'src_license_order_recommended', error: false, apply: (b, r) => { const o = pickOr(r, ords(b).filter((o) => o.orderType !== 'new_buy')); if (!o) return false; o.licenseType = r.pick(NON_CLOUD_TYPES); delete o.srcLicenseOrderId; return true; } },
  { name: 'product transfer on a refund', code: 'transfer_only_on_new_buy', error: false, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.o.orderType === 'delete_product' && x.direct)); if (!x) return false; x.p.srcLicenseOrderId = 'LO123456'; return true; } },
  { name: 'nulls for optional fields', code: null, error: false, apply: (b, r) => withAsset(b, r, (a, o) => { o.customerName = null; o.adminEmail = null; b.syncMode = null; a.assetExtendList = null; a.limitEndDate = null; }) },
  { name: 'strict false without limits', code: null, error: false, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.o.orderType === 'delete_product' && x.direct)); if (!x) return false; x.p.strictMatchWhenDelete = r.pick([false, null]); delete x.p.limitStartDate; delete x.p.limitConcurrent; return true; } },
  { name: 'equal limit dates', code: null, error: false, apply: (b, r) => withAsset(b, r, (a) => (a.limitEndDate = a.limitStartDate)) },
  { name: 'BOM-only channelCode (not blank)', code: null, error: false, apply: (b) => ((b.channelCode = '\ufeff'), true) },
  { name: 'emoji in a name (a whole pair)', code: null, error: false, apply: (b, r) => { const x = pickOr(r, allProducts(b)); if (!x) return false; x.p.productName = 'Product \ud83d\ude00'; return true; } },
  { name: 'feature trialEndDate as string', code: null, error: false, apply: (b, r) => { const x = pickOr(r, allProducts(b).filter((x) => x.p.productFeatures)); if (!x) return false; r.pick(x.p.productFeatures).trialEndDate = '2025-12-31'; return true; } },
  { name: 'new_buy products only in merchandise', code: null, error: false, apply: (b, r) => { const x = pickOr(r, assetsOf(b, (o) => o.orderType === 'new_buy').filter(({ a }) => a.merchandises)); if (!x) return false; x.a.products = r.pick([[], null]); return true; } },
  { name: 'delete_asset with products', code: null, error: false, apply: (b, r) => { const x = pickOr(r, assetsOf(b, (o) => o.orderType === 'delete_asset')); if (!x) return false; x.a.products = r.pick([[], [{ crmProductId: 'CP1' }]]); return true; } },
  { name: 'refund licenseType invalid and no srcLicenseOrderId', code: 'enum', error: true, apply: (b, r) => { const o = pickOr(r, ords(b).filter((o) => o.orderType !== 'new_buy')); if (!o) return false; o.licenseType = 'cloud'; delete o.srcLicenseOrderId; return true; } },
];

export const ERROR_MUTATIONS = MUTATIONS.filter((m) => m.error);
export const WARNING_MUTATIONS = MUTATIONS.filter((m) => !m.error);

function clone(v) {
  return JSON.parse(JSON.stringify(v));
}

/** Applies `m` to a copy of `base`; undefined when it does not apply. */
export function mutated(base, m, seed) {
  const b = clone(base);
  return m.apply(b, rng(seed)) ? b : undefined;
}

/**
 * A batch of n orders with scattered errors: about one error per `every` orders (at
 * least one), of kinds drawn from ERROR_MUTATIONS, plus a few warnings. Mutations that
 * empty or restructure the whole batch (`empty orderList`) are left out.
 */
export async function scattered(n, seed, every = 25, family = 'compact') {
  const r = rng(seed ^ 0x5eed);
  const b = await FAMILIES[family].makeBatch(n, seed);
  const kinds = ERROR_MUTATIONS.filter((m) => m.name !== 'empty orderList');
  const applied = [];
  const count = Math.max(1, Math.round(n / every));
  // Warnings first: some of them set fields an error mutation may have spoilt.
  for (let k = 0; k < Math.max(1, Math.round(n / (every * 2))); k++) {
    const m = r.pick(WARNING_MUTATIONS);
    if (m.apply(b, r)) applied.push(m.name);
  }
  for (let k = 0; k < count; k++) {
    const m = r.pick(kinds);
    if (m.apply(b, r)) applied.push(m.name);
  }
  // At least one error: when none of the kinds drawn applied (a one-order batch has no
  // second sequence to repeat, a new_buy order no refund fields), draw again.
  for (let tries = 0; tries < 100 && !applied.some((name) => MUTATIONS.find((m) => m.name === name).error); tries++) {
    const m = r.pick(kinds);
    if (m.apply(b, r)) applied.push(m.name);
  }
  return { body: b, applied, expectedValid: !applied.some((name) => MUTATIONS.find((m) => m.name === name).error) };
}

export function utf8Bytes(text) {
  return new TextEncoder().encode(text).length;
}

export const SIZES = [1, 100, 1000];

/**
 * The payload families. Each has its generator and the seed of its timed batch of n
 * orders (the one with errors is that batch with scattered changes).
 * - compact: makeBatch, about 4 KB per order (the first family of the benchmark).
 * - wide: makeWideBatch (generate-wide.mjs), about 8.5 KB per order. Its one-order
 *   payload is seed 2016, a new_buy order of 8.8 KB with a merchandise tree 4 levels
 *   deep (most single orders are 5–17 KB or a short refund; this one is near the
 *   family's average); 100 and 1,000 orders: seeds 2100 and 3000.
 */
export const FAMILIES = {
  compact: { id: 'compact', label: 'compact (~4 KB per order)', makeBatch, timingSeed: (n) => 1000 + n },
  wide: { id: 'wide', label: 'wide (~8.5 KB per order, CJK, deep merchandise trees)', makeBatch: makeWideBatch, timingSeed: (n) => (n === 1 ? 2016 : 2000 + n) },
};
export const FAMILY_IDS = Object.keys(FAMILIES);

/** The variants of a timed payload: valid, and with scattered errors. */
export const VARIANTS = ['valid', 'errors'];

/**
 * The timed payloads: per family and size, a valid one and one with scattered errors
 * (`variants`: only those; the bench times each variant in its own process or page).
 */
export async function timingPayloads(sizes = SIZES, families = ['compact'], variants = VARIANTS) {
  const out = [];
  for (const family of families) {
    const { makeBatch: make, timingSeed } = FAMILIES[family];
    for (const n of sizes) {
      // Same base batch for both: the second differs only by the scattered changes.
      const seed = timingSeed(n);
      const both = {
        valid: async () => [await make(n, seed), true],
        errors: async () => {
          const bad = await scattered(n, seed, 25, family);
          return [bad.body, bad.expectedValid];
        },
      };
      for (const variant of VARIANTS.filter((v) => variants.includes(v))) {
        const [body, expectedValid] = await both[variant]();
        const text = JSON.stringify(body);
        out.push({ family, size: n, variant, body, text, bytes: utf8Bytes(text), expectedValid });
      }
    }
  }
  return out;
}

/**
 * Every payload the agreement check runs, per family: valid batches of all sizes; each
 * mutation alone in batches of 1, 10 and 100 orders (several seeds; the wide family:
 * 1 and 10); scattered errors and warnings in batches of 100 and 1,000; the timed
 * payloads. Each item names its family.
 */
export async function* agreementCorpus({ quick = false, families = ['compact'] } = {}) {
  for (const family of families) yield* familyCorpus(family, quick);
}

async function* familyCorpus(family, quick) {
  const make = FAMILIES[family].makeBatch;
  const wide = family === 'wide';
  const seeds = quick ? [1, 2] : [1, 2, 3, 4, 5];
  const tag = wide ? ' [wide]' : '';
  for (const n of [1, 2, 10, 100, 1000]) for (const s of seeds.slice(0, n >= 1000 || (wide && n >= 100) ? 2 : undefined)) {
    yield { family, name: `valid n=${n} seed=${s}${tag}`, body: await make(n, s), expectedValid: true, mutation: null };
  }
  for (const m of MUTATIONS) {
    for (const n of wide ? [1, 10] : [1, 10, 100]) {
      for (const s of n === 100 ? seeds.slice(0, 1) : wide ? seeds.slice(0, 3) : seeds) {
        const base = await make(n, s * 7 + n);
        const body = mutated(base, m, s * 31 + n);
        if (body) yield { family, name: `${m.name} n=${n} seed=${s}${tag}`, body, expectedValid: !m.error, mutation: m.name };
      }
    }
  }
  for (const n of [100, 1000]) {
    for (const s of seeds.slice(0, n >= 1000 ? (wide ? 1 : 2) : undefined)) {
      for (const every of [10, 50, 1000]) {
        const x = await scattered(n, s * 101 + every, every, family);
        yield { family, name: `scattered n=${n} every=${every} seed=${s} (${x.applied.length} changes)${tag}`, body: x.body, expectedValid: x.expectedValid, mutation: null };
      }
    }
  }
  for (const p of await timingPayloads(SIZES, [family])) {
    yield { family, name: `timed n=${p.size} ${p.variant}${tag}`, body: p.body, expectedValid: p.expectedValid, mutation: null };
  }
}
