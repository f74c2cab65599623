// The built package, installed from its tarball and imported by name as a user
// would after `npm install ./pkg` (ESM, Node entry).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import {
  validate, validateJson, validateField, isAssetNumber, assetNumberPartition, schemas, createSchemas, exampleBody,
} from 'licensing-sdk';
import { readFileSync } from 'node:fs';
import { endpoints as META_ENDPOINTS } from 'licensing-sdk/meta';

// The endpoint table's names, as meta gives them (the test below holds meta to
// the OpenAPI document, a second output of the same table).
const ENDPOINTS = Object.keys(META_ENDPOINTS);

const order = () => ({
  channelCode: 'CH', channelOrderId: 'CO-1', syncMode: 'sync',
  orderList: [{
    sequence: 1, licenseType: 'normal_recover_usbkey', orderType: 'new_buy',
    assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1', limitConcurrent: 1 }] }],
  }],
});

test('every endpoint: its example is valid, {} is not', () => {
  for (const e of ENDPOINTS) {
    assert.deepEqual(validate(e, exampleBody(e)), { valid: true, issues: [] }, e);
    assert.equal(validate(e, {}).valid, false, e);
  }
});

test('report shape, paths and codes', () => {
  const body = order();
  body.orderList[0].assets[0].assetNos.push('123');
  body.orderList[0].licenseType = 'Softkey';
  const report = validate('batchOrder', body);
  assert.equal(report.valid, false);
  assert.deepEqual(report.issues.map((i) => [i.path, i.code, i.severity]), [
    ['/orderList/0/licenseType', 'enum', 'error'],
    ['/orderList/0/assets/0/assetNos/1', 'asset_number_format', 'error'],
  ]);
  assert.equal(report.issues[0].params.suggestion, 'softkey');
  assert.match(report.issues[0].message, /did you mean `softkey`\?/);
});

test('cloud refunds need srcLicenseOrderId; other refunds get a warning', () => {
  const body = order();
  body.orderList[0].orderType = 'delete_asset';
  body.orderList[0].licenseType = 'cloud_personal';
  assert.deepEqual(validate('batchOrder', body).issues.map((i) => [i.path, i.code]),
    [['/orderList/0/srcLicenseOrderId', 'src_license_order_required']]);
  body.orderList[0].licenseType = 'softkey';
  const report = validate('batchOrder', body);
  assert.equal(report.valid, true);
  assert.equal(report.issues[0].severity, 'warning');
});

test('zh-CN messages and strict mode', () => {
  const report = validate('shellNums', { size: 1, Size: 2 }, { locale: 'zh-CN', rules: 'strict' });
  assert.equal(report.valid, false);
  assert.match(report.issues[0].message, /未知字段 `Size`；你是不是想写 `size`？/);
});

test('validateJson: malformed JSON is an issue, not a throw', () => {
  for (const text of ['', '{', 'nul', '{"size":1,}']) {
    const report = validateJson('shellNums', text);
    assert.equal(report.issues[0].code, 'invalid_json');
    assert.equal(report.issues[0].path, '');
  }
  assert.equal(validateJson('shellNums', '{"size": 2}').valid, true);
});

test('asset number helpers', () => {
  assert.equal(isAssetNumber('8000000001'), true);
  assert.equal(isAssetNumber('7000000001'), false);
  assert.equal(isAssetNumber(8000000001), false);
  assert.equal(assetNumberPartition('8000000001'), 'domestic');
  assert.equal(assetNumberPartition('6000000001'), 'singapore');
  assert.equal(assetNumberPartition('60000000011'), null);
});

test('Standard Schema v1 objects', async () => {
  for (const e of ENDPOINTS) {
    const std = schemas[e]['~standard'];
    assert.equal(std.version, 1);
    assert.equal(std.vendor, 'licensing-sdk');
  }
  const body = { size: 3 };
  assert.equal(schemas.shellNums['~standard'].validate(body).value, body);
  const failed = schemas.lockAssets['~standard'].validate({ assetNums: ['8000000001', 'x'], operatorIdentity: 'o' });
  assert.deepEqual(failed.issues.map((i) => i.path), [['assetNums', 1]]);
  const zh = createSchemas({ locale: 'zh-CN' });
  assert.match(zh.shellNums['~standard'].validate({}).issues[0].message, /缺少必填字段/);
});

test('hostile input: deep nesting, huge arrays, __proto__, cycles; the module keeps working', () => {
  let deep = {};
  const root = deep;
  for (let i = 0; i < 100_000; i++) { deep.children = [{}]; deep = deep.children[0]; }
  const r1 = validate('batchOrder', root);
  assert.equal(r1.valid, false);
  assert.equal(validateJson('batchOrder', '['.repeat(100_000)).issues[0].code, 'invalid_json');

  const assetNums = Array.from({ length: 200_000 }, (_, i) => String(8_000_000_000 + i));
  const t0 = performance.now();
  assert.equal(validate('lockAssets', { assetNums, operatorIdentity: 'o' }).valid, true);
  const ms = performance.now() - t0;
  assert.ok(ms < 1000, `${ms} ms`);

  const bad = validate('lockAssets', { assetNums: assetNums.map((n) => '7' + n.slice(1)), operatorIdentity: 'o' });
  assert.equal(bad.issues.length, 101);
  assert.equal(bad.issues.at(-1).code, 'too_many_issues');

  const proto = JSON.parse('{"size": 1, "__proto__": {"polluted": true}}');
  assert.deepEqual(validate('shellNums', proto).issues.map((i) => i.path), ['/__proto__']);
  assert.equal({}.polluted, undefined);

  const cyclic = { size: 1 }; cyclic.self = cyclic;
  assert.equal(validate('shellNums', cyclic).issues[0].code, 'invalid_json');
  assert.equal(validate('shellNums', { size: 10n }).issues[0].code, 'invalid_json');
  assert.equal(validate('shellNums', { size: 'x'.repeat(50 << 20) }).issues[0].code, 'type');
  assert.deepEqual(validate('shellNums', { size: 1 }), { valid: true, issues: [] });
});

test('CommonJS require gives the same API', () => {
  const require = createRequire(import.meta.url);
  const cjs = require('licensing-sdk');
  assert.deepEqual(cjs.validate('shellNums', { size: 0 }), validate('shellNums', { size: 0 }));
  assert.equal(typeof cjs.schemas.batchOrder['~standard'].validate, 'function');
});

test('the default browser entry (index.js, the wasm inside) loads in Node too and gives the same API', async () => {
  // Node's `licensing-sdk` is node.cjs (the `node` condition), so the browser
  // entry is imported by its file. licensing-sdk/slim fetches its .wasm, which
  // Node's fetch cannot read from a file: URL: the portal's e2e suite loads it in Chromium.
  const { dirname, join } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const dir = dirname(createRequire(import.meta.url).resolve('licensing-sdk/package.json'));
  const inline = await import(pathToFileURL(join(dir, 'index.js')).href);
  for (const e of ENDPOINTS) {
    assert.deepEqual(inline.validate(e, exampleBody(e)), { valid: true, issues: [] }, e);
    assert.deepEqual(inline.validate(e, {}), validate(e, {}), e);
  }
  assert.deepEqual(inline.validateJson('shellNums', '{"size": 0}'), validateJson('shellNums', '{"size": 0}'));
  assert.equal(inline.isAssetNumber('6000000001'), true);
  assert.deepEqual(inline.schemas.lockAssets['~standard'].validate({ assetNums: ['x'], operatorIdentity: 'o' }).issues.map((i) => i.path),
    [['assetNums', 0]]);
  assert.equal(typeof inline.LicensingClient, 'function');
});

test('schemas are made once, on first use, and stay the same objects', () => {
  assert.equal(schemas.batchOrder, schemas.batchOrder);
  assert.deepEqual(Object.keys(schemas).sort(), [...ENDPOINTS].sort());
  assert.throws(() => { schemas.batchOrder = null; });
});

test('the browser entries name only files the package has (bundlers resolve new URL(…, import.meta.url))', async () => {
  const { readFileSync, existsSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const dir = dirname(createRequire(import.meta.url).resolve('licensing-sdk/package.json'));
  for (const entry of ['index.js', 'slim.js', 'testing.mjs']) {
    const source = readFileSync(join(dir, entry), 'utf8');
    const urls = [...source.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
    for (const url of urls) assert.ok(existsSync(join(dir, url)), `${entry} names ${url}, which the package lacks`);
    if (entry === 'slim.js') assert.deepEqual(urls, ['./web/licensing_sdk_bg.wasm'], 'slim.js fetches the wasm');
    // The default entry resolves nothing and awaits nothing at the top: bundlers
    // that move it (Vite's dev optimizer) or cannot emit top-level await
    // (Vite 6's default target, Vite's iife workers) take it as is.
    if (entry === 'index.js') {
      assert.deepEqual(urls, [], 'index.js names no URL');
      assert.doesNotMatch(source, /import\.meta/, 'index.js reads no import.meta');
    }
  }
});

test('Standard Schemas answer clean values at once and keep the options for the rest', () => {
  const order = exampleBody('batchOrder');
  assert.equal(schemas.batchOrder['~standard'].validate(order).value, order);
  const strict = createSchemas({ rules: 'strict', locale: 'zh-CN' });
  assert.equal(strict.shellNums['~standard'].validate({ size: 2 }).issues, undefined);
  const failed = strict.shellNums['~standard'].validate({ size: 2, extra: 1 });
  assert.deepEqual(failed.issues.map((i) => [i.path, i.code]), [[['extra'], 'unknown_field']]);
  assert.match(failed.issues[0].message, /未知字段/);
  // Lenient (default) mode: the unknown field is a warning, which does not fail a form.
  assert.deepEqual(createSchemas().shellNums['~standard'].validate({ size: 2, extra: 1 }), { value: { size: 2, extra: 1 } });
});

test('Standard Schema objects: shape, the same value back, error paths as keys, options', () => {
  for (const e of ENDPOINTS) {
    assert.deepEqual(Object.keys(schemas[e]['~standard']).sort(), ['jsonSchema', 'validate', 'vendor', 'version']);
    assert.deepEqual(Object.keys(schemas[e]['~standard'].jsonSchema).sort(), ['input', 'output']);
  }
  const body = { size: 5, extra: 1 }; // an unknown field is a warning: the value passes
  assert.equal(schemas.shellNums['~standard'].validate(body).value, body);
  const failed = schemas.lockAssets['~standard'].validate({ assetNums: ['8000000001', '123'], operatorIdentity: 'ops', x: 1 });
  assert.deepEqual(failed.issues, [{
    message: 'Asset number "123" must be exactly 10 digits', path: ['assetNums', 1], code: 'asset_number_format',
  }]);
});

test('Standard Schema paths decode JSON Pointer escapes and keep big or padded numbers as keys', async () => {
  const { pathKeys } = await import('../../js/sdk/src-js/paths.js');
  assert.deepEqual(pathKeys(''), []);
  assert.deepEqual(pathKeys('/orderList/0/a~1b/01/~0~01/10000000000'), ['orderList', 0, 'a/b', '01', '~~1', '10000000000']);
});

test('licensing-sdk/meta: the wire as data, the same as the validator reads', async () => {
  const { endpoints, shapes, enums } = await import('licensing-sdk/meta');
  const require = createRequire(import.meta.url);
  const document = require('licensing-sdk/openapi.json');
  const operations = Object.values(document.paths).flatMap((item) => Object.values(item)).map((op) => op.operationId);
  assert.deepEqual([...Object.keys(endpoints)].sort(), [...operations].sort());
  assert.deepEqual(endpoints.listAssets.query, ['extendCode']);
  assert.equal(endpoints.listAssets.pathParam, 'enterpriseGlobalId');
  assert.equal(endpoints.batchOrder.appKey, true);
  for (const { value } of enums.LicenseType.values) {
    const body = order();
    body.orderList[0].licenseType = value;
    assert.equal(validate('batchOrder', body).valid, true, value);
  }
  assert.deepEqual(enums.Trial.values.map((v) => v.value), [0, 1]);
  const sequence = shapes.Order.fields.find((f) => f.name === 'sequence');
  assert.deepEqual([sequence.kind, sequence.presence], ['integer', 'required']);
  const lockNumbers = shapes.LockRequest.fields.find((f) => f.name === 'assetNums');
  assert.deepEqual([lockNumbers.kind, lockNumbers.items.kind, lockNumbers.items.source], ['array', 'assetNumber', 'inferred']);
  // Every enum value meta lists is one validate accepts, and a value it does not list is refused.
  for (const { value } of enums.SyncMode.values) {
    assert.equal(validate('batchOrder', { ...order(), syncMode: value }).valid, true, value);
  }
  assert.equal(validate('batchOrder', { ...order(), syncMode: 'later' }).valid, false);
  // Every required field meta marks is one an empty body misses.
  for (const [name, def] of Object.entries(endpoints)) {
    const required = shapes[def.request].fields.filter((f) => f.presence !== 'optional').map((f) => `/${f.name}`);
    const missing = validate(name, {}).issues.filter((i) => i.code === 'required').map((i) => i.path);
    assert.deepEqual(missing, required, name);
  }
});

test('the API makes the glue and compiles the wasm on the first call that needs them, once', async () => {
  // The sources the entries bundle: the API, the instance an entry picks, and the
  // glue factory and wasm of the build.
  const sdk = await import('../../js/sdk/src-js/api.js');
  const { use } = await import('../../js/sdk/src-js/instance.js');
  const { default: createGlue } = await import('../../target/js/glue.js');
  const { default: hex } = await import('../../target/js/wasm-hex.js');
  const wasm = new WebAssembly.Module(Buffer.from(hex, 'hex'));
  const made = { glue: 0, module: 0 };
  use(() => { made.glue += 1; return createGlue(); }, () => { made.module += 1; return wasm; });
  assert.deepEqual(made, { glue: 0, module: 0 }, 'nothing at start-up');
  assert.deepEqual(sdk.validate('lockAssets', { assetNums: ['8000000001'], operatorIdentity: 'o' }), { valid: true, issues: [] });
  assert.deepEqual(made, { glue: 0, module: 0 }, 'a body the fast path proves clean needs neither');
  assert.equal(sdk.isAssetNumber('8000000001'), true);
  assert.equal(sdk.validate('lockAssets', {}).valid, false);
  assert.ok(new sdk.LicensingClient({ baseUrl: 'http://127.0.0.1:1', token: 't' }) instanceof sdk.LicensingClient);
  assert.deepEqual(made, { glue: 1, module: 1 }, 'one instance for all of it');
});

test('licensing-sdk/playwright without @playwright/test: an error that names the peer to install, by require and by import', async () => {
  const require = createRequire(import.meta.url);
  // This folder's install has licensing-sdk but not @playwright/test (tests/playwright/ has its own).
  assert.throws(() => require.resolve('@playwright/test'), { code: 'MODULE_NOT_FOUND' });
  const namesThePeer = (error) => {
    assert.equal(error.code, 'MODULE_NOT_FOUND');
    assert.match(error.message, /licensing-sdk\/playwright .* @playwright\/test, which this project does not have/);
    assert.match(error.message, /npm install --save-dev @playwright\/test/);
    assert.equal(error.cause?.code, 'MODULE_NOT_FOUND', 'Node\'s own error is its cause');
    return true;
  };
  assert.throws(() => require('licensing-sdk/playwright'), namesThePeer);
  await assert.rejects(import('licensing-sdk/playwright'), namesThePeer);
});

test('a rules profile the validators do not know is refused, not read as the default (rules: "STRICT" was recommended, silently)', async () => {
  const light = await import('licensing-sdk/validate');
  const declared = /export type RulesProfile = ([^;]+);/.exec(readFileSync(new URL('../../pkg/index.d.ts', import.meta.url), 'utf8'));
  const profiles = [...declared[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  assert.deepEqual(profiles, ['spec', 'recommended', 'strict']);
  const typo = { size: 1, sise: 2 };
  for (const entry of [{ validate, validateJson, validateField, createSchemas }, light]) {
    for (const rules of profiles) assert.equal(typeof entry.validate('shellNums', typo, { rules }).valid, 'boolean', rules);
    assert.equal(entry.validate('shellNums', typo, { rules: 'strict' }).valid, false, 'strict refuses an unknown field');
    for (const rules of ['STRICT', 'stirct', ' strict', 1, {}]) {
      assert.throws(() => entry.validate('shellNums', typo, { rules }), /unknown rules profile .* \(spec, recommended, strict\)/, String(rules));
      assert.throws(() => entry.validateJson('shellNums', '{"size":1}', { rules }), TypeError);
      assert.throws(() => entry.validateField('shellNums', '/size', { size: 1 }, { rules }), TypeError);
    }
    assert.throws(() => entry.createSchemas({ rules: 'STRICT' }).shellNums['~standard'].validate(typo), TypeError);
  }
});
