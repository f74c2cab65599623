// Compiled with `tsc --noEmit` in `make test`: the declarations are real types.
import {
  validate, schemas, exampleBody, assetNumberPartition,
  type BatchOrderRequest, type ValidationReport, type LicenseType, type StandardSchemaV1, type AssetRecord,
  type LockResult,
} from 'licensing-sdk';

const body: BatchOrderRequest = {
  channelCode: 'CH', channelOrderId: 'O', syncMode: 'async',
  orderList: [{ sequence: 1, licenseType: 'cloud_account', orderType: 'delete_asset', srcLicenseOrderId: 'LO1',
    assets: [{ assetNos: ['8000000001'], limitStartDate: 1, products: [{ trial: 1, strictMatchWhenDelete: true }] }] }],
};
const report: ValidationReport = validate('batchOrder', body, { locale: 'zh-CN' });
const first: string | undefined = report.issues[0]?.path;
const lt: LicenseType = 'lk_auth_usbkey';
const schema: StandardSchemaV1<BatchOrderRequest> = schemas.batchOrder;
const example: BatchOrderRequest = exampleBody('batchOrder');
const partition: 'domestic' | 'singapore' | null = assetNumberPartition('8000000001');
const record: AssetRecord = { keyChipType: 2, locked: true };
const lock: LockResult = { assetNum: '8000000001', status: 4 };

// @ts-expect-error: not a license type
const wrong: LicenseType = 'cloud';
// @ts-expect-error: trial is 0 | 1
const wrongTrial: BatchOrderRequest = { orderList: [{ assets: [{ products: [{ trial: 2 }] }] }] };
// @ts-expect-error: lock status is 1..4
const wrongStatus: LockResult = { assetNum: 'x', status: 5 };

export { first, lt, schema, example, partition, record, lock, wrong, wrongTrial, wrongStatus };
