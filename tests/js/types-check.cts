// CommonJS consumers: `require` gets the same typed API.
import sdk = require('licensing-sdk');
import type { LockRequest, ValidationReport } from 'licensing-sdk';

const body: LockRequest = { assetNums: ['8000000001'], operatorIdentity: 'ops' };
const report: ValidationReport = sdk.validate('lockAssets', body);
// @ts-expect-error: assetNums is a string array
const wrong: LockRequest = { assetNums: [8000000001] };

export { report, wrong };
