// The built package through `require` (CommonJS entry).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const sdk = require('licensing-sdk');

test('CJS: validate, validateJson, helpers and schemas', () => {
  assert.deepEqual(sdk.validate('shellNums', { size: 2 }), { valid: true, issues: [] });
  assert.equal(sdk.validateJson('shellNums', '{').issues[0].code, 'invalid_json');
  assert.equal(sdk.assetNumberPartition('6000000001'), 'singapore');
  assert.equal(sdk.isAssetNumber('9000000001'), false);
  const result = sdk.schemas.joinActivity['~standard'].validate({ identity: 'a@b.co', activityLabel: 'x', source: 's' });
  assert.deepEqual(result.issues.map((i) => i.path), [['branch']]);
});

test('CJS: package.json resolves, and the wasm licensing-sdk/slim fetches is a file of the package', () => {
  const pkg = require('licensing-sdk/package.json');
  assert.equal(pkg.name, 'licensing-sdk');
  // Not an export (no import or require loads it): slim.js names it by URL, and a
  // page that serves it copies it from the package's folder.
  const { existsSync } = require('node:fs');
  const { dirname, join } = require('node:path');
  assert.ok(existsSync(join(dirname(require.resolve('licensing-sdk/package.json')), 'web', 'licensing_sdk_bg.wasm')));
});

test('licensing-sdk/meta from CommonJS', () => {
  const { endpoints, enums } = require('licensing-sdk/meta');
  assert.equal(endpoints.joinActivity.module, 'activity');
  assert.equal(enums.OrderType.values[0].value, 'new_buy');
});
