// A browser app: lib es2023 + dom, no @types/node, no esnext.disposable.
import { LicensingClient, validate, schemas, type StandardSchemaV1, type BatchOrderRequest } from 'licensing-sdk';
import { validate as validateSlim } from 'licensing-sdk/slim';
import { endpoints } from 'licensing-sdk/meta';
import { invalidExamples } from 'licensing-sdk/testing';

const client = new LicensingClient({ baseUrl: location.origin, token: 't', fetch: (req) => fetch(req) });
client[Symbol.dispose]();
const schema: StandardSchemaV1<BatchOrderRequest> = schemas.batchOrder;
const valid: boolean = validate('shellNums', { size: 1 }).valid && validateSlim('shellNums', { size: 1 }).valid;
document.title = `${valid} ${endpoints.shellNums.method} ${invalidExamples('shellNums').length}`;
export { schema };
