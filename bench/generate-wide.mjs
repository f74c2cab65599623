// The benchmark's second payload family, "wide": batch orders of about 8 KB per order
// (the "compact" family of generate.mjs has about 4 KB), shaped like the bodies of an
// independent check that measured `validate` well below our figures:
//
// - larger orders: 2–4 assets of 2–6 asset numbers, 2–4 extensions each, one of them a
//   long remark; new_buy assets carry 2–3 full products with 3–6 features;
// - deeper merchandise trees: 3 or 4 levels of packages (`children`), 1–2 children per
//   package, 1–2 products at each leaf;
// - long string values (company names, addresses, product and package names, remarks
//   of 30–140 characters, feature values holding JSON-ish text with quotes);
// - CJK text (Chinese, some Japanese and Korean), full-width punctuation, the odd
//   newline or quote in a remark (escaped in the JSON text).
//
// The spec has no "remark" field, and an unknown field is a warning (the body stays
// valid but is no longer clean), so remarks go where the spec has free text: an asset
// extension `{ extendCode: 'remark', extendValue: … }`. Every valid body has no issue
// at all, no warning either (checked by the agreement run). Deterministic: the same
// seed gives the same payload in Node and in the browser.

import { rng } from './lib/rng.mjs';
import { LICENSE_TYPES } from './lib/values.mjs';
import { makeValid } from './lib/make-valid.mjs';

const DAY = 86_400_000;
const EPOCH = 1_700_000_000_000;

const CITIES = ['上海市', '北京市', '深圳市', '广州市', '杭州市', '成都市', '武汉市', '南京市', '西安市', '重庆市'];
const DISTRICTS = ['浦东新区', '海淀区', '南山区', '天河区', '西湖区', '高新区', '东湖新技术开发区', '江宁区', '雁塔区', '渝北区'];
const ROADS = ['张江路', '中关村大街', '科技园南路', '天河北路', '文三路', '天府大道', '光谷大道', '软件大道', '科技路', '金开大道'];
const NAME_CORES = ['星海', '云帆', '华东', '天府', '长江', '汇通', '博远', '中建', '宏图', '智联'];
const NAME_TRADES = ['数字科技', '建筑设计研究院', '软件技术', '工程咨询', '信息系统集成', '智慧城市规划', '造价咨询', '基础设施建设'];
const NAME_SUFFIXES = ['有限公司', '股份有限公司', '集团有限公司', '有限责任公司'];
const FOREIGN_NAMES = ['株式会社東京システム開発', '大阪建設コンサルタント株式会社', '서울소프트웨어주식회사', '부산엔지니어링 주식회사', 'Northwind Traders (Shanghai) Co., Ltd.'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '欧阳', '司马'];
const GIVEN = ['伟', '芳', '娜', '秀英', '敏', '静', '明轩', '子涵', '浩然', '雨桐'];
const BRANCHES = [['BJ', '北京分公司（华北大区）'], ['SH', '上海分公司（华东大区）'], ['SZ', '深圳分公司（华南大区）'], ['CD', '成都分公司（西南大区）'], ['WH', '武汉分公司（华中大区）'], ['JP', '日本法人 東京支店']];
const PRODUCTS = [
  ['gms:1001', '建筑信息模型协同平台 专业版'], ['gms:1002', '工程造价算量软件 标准版'], ['gms:2001', '钢筋翻样与下料优化系统'],
  ['gms:2002', '施工现场进度与质量管理平台'], ['app:cad-pro', 'CAD 图纸审查 Pro（含云端批注）'], ['app:render', '云端渲染服务 · 高性能节点'],
  ['app:bim-viewer', 'BIM 模型轻量化浏览器'], ['app:cost-cloud', '造价云 · 企业数据库'],
];
const FEATURES = [
  ['max_users', '最大并发用户数'], ['export_pdf', '导出 PDF 报表'], ['render_nodes', '云端渲染节点数'], ['cloud_storage', '云存储空间（GB）'],
  ['api_calls', '开放接口调用次数／日'], ['offline_days', '离线授权天数'], ['multi_discipline', '多专业协同（建筑、结构、机电）'], ['auto_takeoff', '自动算量与清单匹配'],
];
const PACKAGES = ['企业版套餐', '区域授权包', '年度维保服务包', '专业模块组合', '项目级授权', '集团统一采购包'];
const REGIONS = ['华东', '华北', '华南', '西南', '华中', '东北', '西北'];
const PHRASES = [
  '客户要求在月底前完成部署', '请联系实施工程师确认现场网络环境', '加密锁随合同原件一并寄出', '原订单的授权到期后自动续期',
  '发票抬头与合同主体一致', '项目部位于地下二层，信号较弱', '需同时开通云端账号与本地授权', '已与渠道经理确认价格及折扣',
  '首批交付 3 个节点，其余节点按进度分批交付', '客户 IT 部门要求提供安装手册（中文版）', 'サポート窓口は東京支店が担当します', '설치 일정은 고객과 별도로 협의합니다',
];

function companyName(r) {
  if (r.chance(0.12)) return r.pick(FOREIGN_NAMES);
  const name = r.pick(CITIES).slice(0, -1) + r.pick(NAME_CORES) + r.pick(NAME_TRADES) + r.pick(NAME_SUFFIXES);
  return r.chance(0.3) ? `${name}（${r.pick(REGIONS)}区域运营中心）` : name;
}

function address(r) {
  return `中国${r.pick(CITIES)}${r.pick(DISTRICTS)}${r.pick(ROADS)}${r.int(1, 2000)}号${r.int(1, 12)}号楼${r.int(1, 30)}层${r.int(101, 3020)}室`;
}

function personName(r) {
  return r.pick(SURNAMES) + r.pick(GIVEN);
}

/** A remark of `lo`–`hi` characters or a little more: CJK sentences, now and then a newline or a quote. */
function remark(r, lo, hi) {
  const target = r.int(lo, hi);
  let s = '';
  while (s.length < target) {
    s += r.pick(PHRASES) + r.pick(['，', '；', '。', '。\n', '（编号 ' + r.digits(6) + '）', '，"加急"，']);
  }
  return s;
}

/** A feature value: a number, a flag, a short phrase or JSON-ish text (quotes to escape). */
function featureValue(r) {
  const k = r.int(0, 3);
  if (k === 0) return String(r.int(1, 100_000));
  if (k === 1) return r.pick(['true', 'false']);
  if (k === 2) return `${r.pick(REGIONS)}区域 ${r.int(1, 64)} 个节点`;
  return JSON.stringify({ region: r.pick(REGIONS), nodes: Array.from({ length: r.int(2, 6) }, () => r.int(1, 99)), note: r.pick(PHRASES) });
}

function limits(r) {
  const start = EPOCH + r.int(0, 400) * DAY;
  return { start, end: start + r.pick([30, 90, 365, 730, 1095]) * DAY };
}

function feature(r) {
  const [code, name] = r.pick(FEATURES);
  const f = { featureCode: code, featureName: name, featureValue: featureValue(r), featureValueType: r.pick(['int', 'bool', 'string', 'json']) };
  if (r.chance(0.5)) {
    f.trial = r.int(0, 1);
    f.trialEndDate = EPOCH + r.int(1, 90) * DAY;
  }
  return f;
}

/** A product as a new purchase carries it, every field filled. */
function fullProduct(r, parent, features) {
  const { start, end } = limits(r);
  const [uri, name] = r.pick(PRODUCTS);
  const p = {
    crmProductId: 'CP' + r.digits(10),
    parentCrmProductId: parent,
    productUri: uri,
    productName: `${name}（${r.pick(REGIONS)}区域 · ${r.int(2023, 2026)}年度授权）`,
    productType: r.pick(['software', 'service', 'bundle', 'cloud_service']),
    limitStartDate: start,
    limitEndDate: end,
    limitConcurrent: r.int(1, 500),
    limitTimeDuration: r.int(0, 100_000),
    strictMatchWhenDelete: false,
    trial: r.int(0, 1),
    trialEndDate: end,
    passwords: Array.from({ length: r.int(0, 3) }, () => r.digits(12)),
    timeUnit: r.pick(['year', 'month', 'day']),
    timeUnitQuantity: r.int(1, 36),
    timeDurationExpression: `${r.int(0, 5)}-${r.int(0, 11)}-${r.int(0, 30)}`,
    productFeatures: Array.from({ length: r.int(features[0], features[1]) }, () => feature(r)),
  };
  // gmsPid or appKey, as the uri says, in the table's order (before productType).
  const out = {};
  for (const [k, v] of Object.entries(p)) {
    out[k] = v;
    if (k === 'productName') {
      if (uri.startsWith('gms:')) out.gmsPid = uri;
      else out.appKey = uri.slice(4);
    }
  }
  return out;
}

/** A product reduced to the delete fields (delete_product orders), names kept. */
function deleteProduct(r) {
  const { start, end } = limits(r);
  const [uri, name] = r.pick(PRODUCTS);
  return {
    crmProductId: 'CP' + r.digits(10),
    productUri: uri,
    productName: name,
    limitStartDate: start,
    limitEndDate: end,
    limitConcurrent: r.int(1, 500),
    strictMatchWhenDelete: r.chance(0.5),
  };
}

/** A package; depth 0 is a leaf (children null or []) listing products. */
function merchandise(r, depth, parent) {
  const num = 'M' + r.digits(8);
  const m = {
    crmProductId: 'CM' + r.digits(10),
    parentCrmProductId: parent ? parent.crmProductId : null,
    merchandiseNum: num,
    merchandiseName: `${r.pick(PACKAGES)} · ${r.pick(REGIONS)}区域 · 第${r.int(1, 9)}期（${num}）`,
    parentMerchandiseNum: parent ? parent.merchandiseNum : null,
    timeDurationExpression: `${r.int(0, 3)}-${r.int(0, 11)}-0`,
  };
  if (depth === 0) {
    m.children = r.chance(0.7) ? null : [];
    m.licenseOrderProductList = Array.from({ length: r.chance(0.25) ? 2 : 1 }, () => fullProduct(r, m.crmProductId, [1, 2]));
  } else {
    // Two children at the top, mostly one below (the tree stays a few KB).
    const children = parent === null ? r.int(1, 2) : r.chance(0.25) ? 2 : 1;
    m.children = Array.from({ length: children }, () => merchandise(r, depth - 1, m));
    m.licenseOrderProductList = [];
  }
  return m;
}

function asset(r, orderType) {
  const { start, end } = limits(r);
  const a = {
    assetNos: Array.from({ length: r.int(2, 6) }, () => (r.chance(0.8) ? '8' : '6') + r.digits(9)),
    assetExtendList: [
      { extendCode: 'region', extendValue: r.pick(REGIONS) + '区域' },
      ...Array.from({ length: r.int(0, 2) }, () => ({ extendCode: r.pick(['site', 'project', 'contact']), extendValue: r.pick([address(r), personName(r) + ' ' + '13' + r.digits(9), companyName(r) + '项目部']) })),
      { extendCode: 'remark', extendValue: remark(r, 30, 140) },
    ],
    limitStartDate: start,
    limitEndDate: end,
    borrowedUsbKey: r.chance(0.1),
    transferedAssetNum: false,
  };
  if (orderType === 'new_buy') {
    a.products = Array.from({ length: r.int(1, 2) }, () => fullProduct(r, 'CA' + r.digits(8), [3, 6]));
    // 3 or 4 levels of packages (depth 2 or 3 below the root).
    if (r.chance(0.4)) a.merchandises = [merchandise(r, r.int(2, 3), null)];
  } else if (orderType === 'delete_product') {
    a.products = Array.from({ length: r.int(2, 4) }, () => deleteProduct(r));
  }
  return a;
}

function order(r, i) {
  const x = r.next();
  const orderType = x < 0.7 ? 'new_buy' : x < 0.8 ? 'delete_asset' : 'delete_product';
  const [branchCode, branchName] = r.pick(BRANCHES);
  const o = {
    sequence: i + 1,
    customerId: 'C' + r.digits(10),
    crmCustomerId: 'CRM' + r.digits(10),
    customerName: companyName(r),
    channelCustomerId: 'CC' + r.digits(10),
    adminName: personName(r),
    adminAccount: 'admin_' + r.digits(8),
    adminEmail: `it-admin.${r.digits(6)}@corp-${r.digits(4)}.example.com`,
    adminCellNumber: '+86 13' + r.digits(9),
    passwordMobile: '13' + r.digits(9),
    address: address(r),
    customerType: r.pick(['personal', 'company']),
    branchCode,
    branchName,
    enterpriseGlobalId: 'EG-' + r.digits(12),
    srcLicenseOrderId: orderType === 'new_buy' ? undefined : 'LO' + r.digits(10),
    licenseType: r.pick(LICENSE_TYPES),
    orderType,
    assets: Array.from({ length: r.int(2, 3) }, () => asset(r, orderType)),
  };
  if (o.srcLicenseOrderId === undefined) delete o.srcLicenseOrderId;
  return o;
}

/** A valid "wide" batch order of n orders (about 8 KB per order): no error and no warning. */
export async function makeWideBatch(n, seed = 1) {
  return makeValid('batchOrder', writtenWideBatch(n, seed));
}

/** The batch as written here (`makeWideBatch` makes it valid: lib/make-valid.mjs). */
function writtenWideBatch(n, seed) {
  const r = rng(seed ^ 0x51de);
  return {
    channelCode: 'CH' + r.digits(4),
    channelOrderId: `渠道订单-${seed}-${n}-` + r.digits(8),
    syncMode: r.pick(['sync', 'async']),
    orderList: Array.from({ length: n }, (_, i) => order(r, i)),
  };
}
