// Compiled with `tsc --noEmit` in `make test`: the declarations are real types.
import {
  validate, schemas, exampleBody, assetNumberPartition,
  type BatchOrderRequest, type ValidationReport, type LicenseType, type StandardSchemaV1, type AssetRecord,
  type LockResult, type LockStatus, type Merchandise, type ValidateOptions, type RuleSource, type WarningEvent,
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
// @ts-expect-error: the spec's lock statuses are 1..4
const wrongStatus: LockStatus = 5;
// Answers are read tolerantly: a status the spec does not list, or a licence type
// the SDK does not know, is typed as a number / string beside the known values;
// fields that may be empty are `| null`.
const tolerated: LockResult = { assetNum: 'x', status: 5 };
const unknownType: AssetRecord = { licenseType: 'quantum_key', keyChipType: 3, limitStartTime: null };
const knownType: AssetRecord['licenseType'] = 'cloud_account';
// @ts-expect-error: a status is a number, not a string
const stringStatus: LockResult = { status: '1' };
// `children: null`: the spec's lowest-level merchandise.
const leaf: Merchandise = { merchandiseNum: 'M1', children: null, licenseOrderProductList: [{ productUri: 'p' }] };
const withLeaf: BatchOrderRequest = { orderList: [{ assets: [{ merchandises: [{ children: [leaf] }, leaf] }] }] };
// Rules profiles and provenance.
const specOptions: ValidateOptions = { rules: 'spec' };
// @ts-expect-error: not a rules profile
const badProfile: ValidateOptions = { rules: 'lenient' };
const source: RuleSource | undefined = validate('shellNums', { size: 0 }, specOptions).issues[0]?.source;
const onWarnings = (event: WarningEvent): void => { void event.phase; void event.issues[0]?.path; };

export {
  first, lt, schema, example, partition, record, lock, wrong, wrongTrial, wrongStatus, tolerated, unknownType, knownType,
  stringStatus, withLeaf, badProfile, source, onWarnings,
};

// The client: typed options, results and errors.
import { LicensingClient, type LicensingError, type BatchOrderResult, type ActivityDetail } from 'licensing-sdk';
const client = new LicensingClient({ baseUrl: 'http://127.0.0.1:8787', token: 't', appKey: 'k', timeoutMs: 1000, rules: 'spec', onWarnings });
async function typedCalls(): Promise<void> {
  const results: BatchOrderResult[] = await client.batchOrder(body, { signal: new AbortController().signal });
  const detail: ActivityDetail = await client.joinActivity({ identity: 'a@b.co', activityLabel: 'x', source: 's', branch: 'b' });
  const numbers: string[] = await client.shellNums({ size: 2 });
  const nothing: void = await client.updateEnterprise({ crmCustomerId: 'c' });
  try { await client.listAssets({ enterpriseGlobalId: 'E' }); } catch (e) {
    const err = e as LicensingError;
    const kind: 'validation' | 'business' | 'activity' | 'http' | 'network' | 'timeout' | 'aborted' | 'decode' | 'hook'
      | 'unknown' | 'conflict' | 'storage' = err.kind;
    void kind;
  }
  // Hooks and a token provider, typed.
  const hooked = new LicensingClient({
    baseUrl: 'https://licensing.example.com',
    token: async ({ refused }) => (refused ? 'fresh' : 'cached'),
    hooks: {
      beforeRequest: ({ endpoint, attempt, headers }) => ({ traceparent: `${endpoint}-${attempt}-${headers.authorization}` }),
      afterResponse: ({ status, durationMs, code }) => { void [status, durationMs, code]; },
      beforeRetry: async ({ error, delayMs }) => { void [error.kind, delayMs]; },
      onError: ({ error, attempts }) => { void [error.kind, attempts]; },
    },
  });
  void hooked;
  // @ts-expect-error: a hook returns headers as strings
  new LicensingClient({ baseUrl: 'https://x', token: 't', hooks: { beforeRequest: () => ({ n: 1 }) } });
  // @ts-expect-error: shellNums takes {size}
  await client.shellNums({ count: 2 });
  void results; void detail; void numbers; void nothing;
}
export { typedCalls };

// validate: one overload per endpoint, so a typed body is checked field by field.
// @ts-expect-error: a misspelled field
validate('batchOrder', { channelCod: 'CH' });
// @ts-expect-error: a wrong enum value
validate('batchOrder', { syncMode: 'SYNC' });
// @ts-expect-error: a misspelled field inside an order
validate('batchOrder', { orderList: [{ ordertype: 'new_buy' }] });
// @ts-expect-error: a wrong licence type inside an order
validate('batchOrder', { orderList: [{ licenseType: 'cloud' }] });
// @ts-expect-error: shellNums takes {size}
validate('shellNums', { count: 3 });
// Untyped input (parsed from a file, `any`) stays accepted, for any endpoint name.
const parsed: unknown = JSON.parse('{"size": 1}');
const fromFile: ValidationReport = validate('shellNums', parsed);
const loose: any = { size: 1 };
const fromAny: ValidationReport = validate('batchOrder', loose);
// A name held in a string is cast (an unknown name is an `unknown_endpoint` issue at run time).
const someEndpoint: string = 'shellNums';
const byName: ValidationReport = validate(someEndpoint as Endpoint, parsed);
// @ts-expect-error: a plain string is not an endpoint name
validate(someEndpoint, parsed);
// null where the validator reads it as absent.
const withNulls: ValidationReport = validate('batchOrder', { channelCode: 'CH', syncMode: null, orderList: [{ customerType: null }] });
export { fromFile, fromAny, byName, withNulls };

// licensing-sdk/meta is typed.
import { endpoints as wireEndpoints, shapes as wireShapes, type FieldMeta } from 'licensing-sdk/meta';
const firstField: FieldMeta | undefined = wireShapes[wireEndpoints.batchOrder.request]?.fields[0];
const method: 'GET' | 'POST' = wireEndpoints.listAssets.method;
export { firstField, method };

// licensing-sdk/testing is typed.
import { invalidExamples, type InvalidExample } from 'licensing-sdk/testing';
import type { Endpoint, IssueCode } from 'licensing-sdk';
const examples: InvalidExample[] = invalidExamples('shellNums');
const firstCode: IssueCode | undefined = examples[0]?.code;
// @ts-expect-error: not an endpoint
invalidExamples('shellnums');
export { firstCode };

// validateField is typed.
import { validateField, type ValidationIssue } from 'licensing-sdk';
const fieldIssues: ValidationIssue[] = validateField('batchOrder', '/orderList/0/orderType', {});
export { fieldIssues };

// createSimulator is typed, and sim.fetch fits LicensingClient's fetch option.
import { createSimulator, type Simulator, type SimulatorState, type SimulatorStats } from 'licensing-sdk/testing';
import { LicensingClient as SimulatedClient } from 'licensing-sdk';
const sim: Simulator = await createSimulator({ seed: 7, rules: 'spec', tokens: { t: ['auth_order'] } });
const simulated = new SimulatedClient({ baseUrl: 'https://licensing.test', token: 't', fetch: sim.fetch });
sim.fault({ kind: 'code500', times: 2, endpoint: 'batchOrder' });
const counted: SimulatorStats = sim.stats();
// @ts-expect-error: not a fault kind
sim.fault({ kind: 'code501' });
// @ts-expect-error: not an endpoint
sim.fault({ kind: 'code500', endpoint: 'batchorder' });
// @ts-expect-error: not a rules profile
await createSimulator({ rules: 'lenient' });
// A state: from a snapshot, or a fixture file's text.
const saved: SimulatorState = sim.snapshot();
await createSimulator({ state: saved });
await createSimulator({ state: JSON.stringify(saved) });
const version: 1 = saved.version;
// @ts-expect-error: a state is a state, not any object
await createSimulator({ state: { assets: [] } });
export { simulated, counted, version };

// checkAnswer and the drifts are typed.
import { checkAnswer } from 'licensing-sdk/testing';
const checked: ValidationReport = await checkAnswer('lockAssets', 200, '{"code":0}', { rules: 'spec', locale: 'zh-CN' });
// @ts-expect-error: not an endpoint
await checkAnswer('lockassets', 200, '{}');
await createSimulator({ drift: ['unknown-enum', 'number-id'] });
sim.drift('missing-field');
// @ts-expect-error: not a drift
sim.drift('renamed');
export { checked };

// The outbox: a write method per write endpoint, typed by the endpoint's request and result.
import { openOutbox, memoryStorage, type OutboxJob } from 'licensing-sdk/outbox';
async function outboxCalls(): Promise<void> {
  const outbox = await openOutbox({ client, name: 'orders', storage: memoryStorage(), maxJobs: 100 });
  const job: OutboxJob<BatchOrderResult[]> = await outbox.batchOrder(body, { timeoutMs: 5000 });
  const results: BatchOrderResult[] = await job.settled;
  const numbers: string[] = await (await outbox.shellNums({ size: 1 }, { repeatable: true })).settled;
  const states: string[] = outbox.jobs().map((j) => j.state);
  const stop: () => void = outbox.subscribe((j) => { if (j.state === 'unknown') console.log(j.check); });
  // @ts-expect-error reads are not written through an outbox
  outbox.listAssets;
  void [results, numbers, states, stop];
}
void outboxCalls;

// The event stream and its spans: each type's own fields, narrowed by `type`.
import { watch, type LicensingEvent } from 'licensing-sdk';
import { traceLicensing } from 'licensing-sdk/opentelemetry';
const stopWatching: () => void = watch((event: LicensingEvent) => {
  if (event.type === 'retry') {
    const delay: number = event.delayMs;
    const kind: string = event.error.kind;
  } else if (event.type === 'hook') {
    const ended: 'ok' | 'failed' | 'timedOut' | 'aborted' = event.ended;
  } else if (event.type === 'job') {
    const outbox: string = event.outbox;
  } else if (event.type === 'request') {
    // @ts-expect-error: no header in an event
    const headers = event.headers;
  }
});
stopWatching();
const tracing = traceLicensing();
const traceHeaders: Record<string, string> = tracing.beforeRequest({ endpoint: 'shellNums', attempt: 1, method: 'POST', url: 'https://x.test/', headers: {} });
tracing.stop();

// The devtools panel: the element's type by its tag.
import { definePanel, LicensingPanel } from 'licensing-sdk/panel';
definePanel();
const panelElement: LicensingPanel = document.createElement('licensing-panel');

// The business codes the spec lists, as a type (licensing-core's wire::BUSINESS_CODES).
import { type BusinessCode } from 'licensing-sdk';
import { businessCodes } from 'licensing-sdk/meta';
const frozen: BusinessCode = '13004';
// @ts-expect-error: not a code the spec lists
const unlisted: BusinessCode = '99999';
const listedCode: BusinessCode = businessCodes[0].code;
// A service may send a code the spec does not list: LicensingError.code still takes it.
declare const refusal: import('licensing-sdk').LicensingError;
const anyCode: string | undefined = refusal.code;
