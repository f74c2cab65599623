// The benchmark's licence types (bench/lib/values.mjs: the generator's and both
// peers', read from meta) are the SDK's own, and meta's cloud flag is the
// validator's decision: a refund of exactly those must name srcLicenseOrderId.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validate } from 'licensing-sdk';
import { enums } from 'licensing-sdk/meta';
import { CLOUD_TYPES, LICENSE_TYPES } from '../../bench/lib/values.mjs';

const refund = (licenseType) => ({
  channelCode: 'CH', channelOrderId: 'CO-1', syncMode: 'sync',
  orderList: [{ sequence: 1, orderType: 'delete_asset', licenseType, crmCustomerId: 'CRM-1', enterpriseGlobalId: 'EG-1',
    assets: [{ assetNos: ['8000000001'] }] }],
});

test('the bench has every licence type of meta, and the cloud ones are those the validator makes name srcLicenseOrderId', () => {
  assert.deepEqual([...LICENSE_TYPES].sort(), enums.LicenseType.values.map((v) => v.value).sort());
  const cloud = LICENSE_TYPES.filter((type) =>
    validate('batchOrder', refund(type)).issues.some((issue) => issue.code === 'src_license_order_required'));
  assert.deepEqual(cloud, CLOUD_TYPES);
});
