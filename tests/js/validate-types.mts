// Compiled with `tsc --noEmit` in `make test-js`: `licensing-sdk/validate` (and
// its slim twin) types what it exports as the main entry does, and has no
// client: using `LicensingClient` from it is a compile error, not a crash.
import { validate, validateField, createSchemas, schemas, exampleBody, type ValidationReport, type LockRequest } from 'licensing-sdk/validate';
import * as slim from 'licensing-sdk/validate/slim';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { LicensingClient } from 'licensing-sdk/validate';

const report: ValidationReport = validate('lockAssets', exampleBody('lockAssets'));
const fieldIssues: ValidationReport['issues'] = validateField('lockAssets', '/assetNums/0', {}, { locale: 'zh-CN' });
const lock: StandardSchemaV1<LockRequest> = schemas.lockAssets;
const spec: StandardSchemaV1<LockRequest> = createSchemas({ rules: 'spec' }).lockAssets;
const fromSlim: ValidationReport = slim.validateJson('shellNums', '{"size": 1}');
// @ts-expect-error: no client in this entry (its type is `never`)
const client = new LicensingClient({ baseUrl: 'https://licensing.example', token: 't' });

export { report, fieldIssues, lock, spec, fromSlim, client };
