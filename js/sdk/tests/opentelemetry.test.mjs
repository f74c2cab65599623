// licensing-sdk/opentelemetry's traceLicensing against the in-process
// simulator, its spans in the OpenTelemetry SDK's in-memory exporter: a call
// span and one child per attempt, their HTTP semantic conventions' attributes
// and statuses, failures, concurrent calls kept apart, a client without the
// hook, and the traceparent the simulator received. It replaces the
// hand-written tracing example that wired the hooks one by one.
import { after, afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { LicensingClient } from 'licensing-sdk';
import { traceLicensing } from 'licensing-sdk/opentelemetry';
import { createSimulator } from 'licensing-sdk/testing';

// What an application's SDK setup does (NodeSDK registers the same three).
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
trace.setGlobalTracerProvider(provider);
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
after(() => provider.shutdown());

const sim = await createSimulator({ seed: 7 });
/** The traceparent header of each request the simulator received. */
let received = [];
const recordingFetch = (input, init) => {
  const request = new Request(input, init);
  received.push({ traceparent: request.headers.get('traceparent') });
  return sim.fetch(request);
};
const options = { baseUrl: 'https://licensing.test', token: 'dev-all-token', appKey: 'app-1', retryBaseMs: 5, fetch: recordingFetch };

let tracing;
/** A client whose requests carry their attempt's traceparent. */
const tracedClient = (more = {}) => new LicensingClient({ ...options, ...more, hooks: { beforeRequest: tracing.beforeRequest } });

beforeEach(() => {
  sim.reset();
  exporter.reset();
  received = [];
  tracing = traceLicensing();
});
afterEach(() => tracing.stop());

const spans = () => exporter.getFinishedSpans();
const nanos = ([seconds, ns]) => BigInt(seconds) * 1_000_000_000n + BigInt(ns);
const parentOf = (span) => span.parentSpanContext?.spanId;
const traceparentOf = (span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
const attemptsOf = (callSpan) => spans()
  .filter((s) => parentOf(s) === callSpan.spanContext().spanId)
  .sort((a, b) => a.attributes['licensing.attempt'] - b.attributes['licensing.attempt']);
/** An attempt's attributes but its URL (a fresh g_nonce each time), which is checked apart. */
const withoutUrl = ({ 'url.full': url, ...rest }) => {
  assert.match(url, /^https:\/\/licensing\.test\/.*[?&]g_nonce=/);
  return rest;
};

test("a call span under the caller's span, one child per attempt with the HTTP conventions' attributes; each attempt's traceparent is sent", async () => {
  sim.fault({ kind: 'code500', times: 1 });
  const client = tracedClient();
  const tracer = trace.getTracer('shop');
  const numbers = await tracer.startActiveSpan('checkout', async (span) => {
    try {
      return await client.shellNums({ size: 2 }, { repeatable: true });
    } finally {
      span.end();
    }
  });
  assert.equal(numbers.length, 2);

  const checkout = spans().find((s) => s.name === 'checkout');
  const call = spans().find((s) => s.name === 'shellNums');
  assert.equal(parentOf(call), checkout.spanContext().spanId);
  assert.equal(call.spanContext().traceId, checkout.spanContext().traceId);
  assert.equal(call.kind, SpanKind.INTERNAL);
  assert.deepEqual(call.attributes, { 'licensing.endpoint': 'shellNums', 'licensing.attempts': 2 });
  assert.equal(call.status.code, SpanStatusCode.UNSET);

  const [first, second] = attemptsOf(call);
  assert.equal(attemptsOf(call).length, 2);
  for (const span of [first, second]) assert.deepEqual([span.name, span.kind], ['shellNums attempt', SpanKind.CLIENT]);
  // The envelope said code 500 ("retry"), over HTTP 299: the client retried.
  assert.deepEqual(withoutUrl(first.attributes), {
    'licensing.endpoint': 'shellNums', 'licensing.attempt': 1, 'http.request.method': 'POST', 'server.address': 'licensing.test',
    'http.response.status_code': 299, 'licensing.code': '500', 'error.type': 'business',
    'licensing.retry.delay_ms': first.attributes['licensing.retry.delay_ms'],
  });
  assert.ok(first.attributes['licensing.retry.delay_ms'] > 0);
  assert.equal(first.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(withoutUrl(second.attributes), {
    'licensing.endpoint': 'shellNums', 'licensing.attempt': 2, 'http.request.method': 'POST', 'server.address': 'licensing.test',
    'http.request.resend_count': 1, 'http.response.status_code': 200, 'licensing.code': '0',
  });
  assert.equal(second.status.code, SpanStatusCode.UNSET);
  // The first attempt's span ended before the retry's wait (5 ms or more here).
  assert.ok(nanos(first.endTime) < nanos(second.startTime));

  // What the simulator received: each attempt's own trace and span id.
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(first), traceparentOf(second)]);
});

test('a request the validator refuses: the call span is an error of kind validation, no attempt, nothing sent', async () => {
  const client = tracedClient();
  const error = await client.shellNums({ size: 0 }).catch((e) => e);
  assert.equal(error.kind, 'validation');
  assert.equal(spans().length, 1);
  const [call] = spans();
  assert.equal(call.name, 'shellNums');
  assert.equal(call.status.code, SpanStatusCode.ERROR);
  assert.equal(call.status.message, error.message);
  assert.deepEqual(call.attributes, { 'licensing.endpoint': 'shellNums', 'licensing.attempts': 0, 'error.type': 'validation' });
  assert.equal(call.events[0].name, 'exception');
  assert.deepEqual(received, []);
});

test('a refused token (HTTP 401): the attempt is an error of type 401, the call of kind http; no token in any span', async () => {
  const client = tracedClient({ token: 'wrong-token' });
  const error = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }).catch((e) => e);
  assert.deepEqual([error.kind, error.status], ['http', 401]);
  assert.ok(!JSON.stringify(spans().map((s) => [s.attributes, s.status, s.events])).includes('wrong-token'));
  const call = spans().find((s) => s.name === 'lockAssets');
  assert.equal(call.status.code, SpanStatusCode.ERROR);
  assert.equal(call.attributes['error.type'], 'http');
  const [attempt, ...more] = attemptsOf(call);
  assert.equal(more.length, 0);
  assert.equal(attempt.attributes['http.response.status_code'], 401);
  assert.equal(attempt.attributes['error.type'], '401');
  assert.equal(attempt.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(attempt)]);
});

test('a token provider asked again after a 401: two attempt spans, the first an HTTP 401, the asking on the call span', async () => {
  const client = tracedClient({ token: ({ refused }) => (refused ? 'dev-all-token' : 'expired-token') });
  assert.equal((await client.shellNums({ size: 1 }, { repeatable: true })).length, 1);
  const call = spans().find((s) => s.name === 'shellNums');
  assert.equal(call.status.code, SpanStatusCode.UNSET);
  const [first, second] = attemptsOf(call);
  assert.deepEqual([first.attributes['http.response.status_code'], first.status.code], [401, SpanStatusCode.ERROR]);
  assert.deepEqual([second.attributes['http.response.status_code'], second.status.code], [200, SpanStatusCode.UNSET]);
  assert.deepEqual(call.events.map((e) => [e.name, e.attributes['licensing.token.refused']]), [['licensing.token', false], ['licensing.token', true]]);
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(first), traceparentOf(second)]);
});

test('a 401 sent again, then a code 500 retried: three attempt spans, the second the retried one', async () => {
  let token = 'expired-token';
  sim.fault({ kind: 'code500', times: 1 });
  const client = tracedClient({ token: ({ refused }) => (refused ? (token = 'dev-all-token') : token) });
  assert.equal((await client.shellNums({ size: 1 }, { repeatable: true })).length, 1);
  const call = spans().find((s) => s.name === 'shellNums');
  const attempts = attemptsOf(call);
  assert.deepEqual(attempts.map((s) => [s.attributes['licensing.attempt'], s.attributes['http.request.resend_count'],
    s.attributes['http.response.status_code'], s.attributes['licensing.code'], s.attributes['error.type'], s.status.code]), [
    [1, undefined, 401, undefined, '401', SpanStatusCode.ERROR], // a 401 is no envelope: no code
    [2, 1, 299, '500', 'business', SpanStatusCode.ERROR],
    [3, 2, 200, '0', undefined, SpanStatusCode.UNSET],
  ]);
  assert.ok(attempts[1].attributes['licensing.retry.delay_ms'] > 0);
  assert.deepEqual(received.map((r) => r.traceparent), attempts.map(traceparentOf));
});

test('a hook that fails: an event on its attempt, which ends an error', async () => {
  const client = new LicensingClient({
    ...options,
    hooks: { beforeRequest: tracing.beforeRequest, afterResponse: () => { throw new Error('boom'); } },
  });
  const error = await client.shellNums({ size: 1 }).catch((e) => e);
  assert.equal(error.kind, 'hook');
  const call = spans().find((s) => s.name === 'shellNums');
  const [attempt] = attemptsOf(call);
  assert.deepEqual(attempt.events.map((e) => [e.name, e.attributes]), [
    ['licensing.hook', { 'licensing.hook': 'afterResponse', 'licensing.hook.ended': 'failed' }],
  ]);
  assert.deepEqual([attempt.attributes['error.type'], attempt.status.code], ['hook', SpanStatusCode.ERROR]);
  assert.deepEqual([call.attributes['error.type'], call.attributes['licensing.attempts']], ['hook', 1]);
});

test('a client without the hook is traced all the same; only its requests carry no traceparent', async () => {
  const client = new LicensingClient(options);
  await client.shellNums({ size: 1 });
  const call = spans().find((s) => s.name === 'shellNums');
  assert.equal(attemptsOf(call).length, 1);
  assert.deepEqual(received.map((r) => r.traceparent), [null]);
});

test('concurrent calls: each attempt under its own call, each request with its own attempt\'s traceparent', async () => {
  sim.fault({ kind: 'code500', times: 1, endpoint: 'lockAssets' });
  const client = tracedClient();
  await Promise.all([
    client.shellNums({ size: 1 }),
    client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }),
    client.shellNums({ size: 3 }),
  ]);
  const calls = spans().filter((s) => s.attributes['licensing.attempts'] !== undefined);
  assert.deepEqual(calls.map((s) => s.name).sort(), ['lockAssets', 'shellNums', 'shellNums']);
  for (const call of calls) {
    const attempts = attemptsOf(call);
    assert.equal(attempts.length, call.name === 'lockAssets' ? 2 : 1, call.name);
    assert.equal(call.attributes['licensing.attempts'], attempts.length);
    for (const attempt of attempts) assert.equal(attempt.attributes['licensing.endpoint'], call.name);
  }
  const sent = received.map((r) => r.traceparent).sort();
  const made = spans().filter((s) => s.name.endsWith(' attempt')).map(traceparentOf).sort();
  assert.equal(sent.length, 4);
  assert.deepEqual(sent, made);
});

test('stopped: no more spans', async () => {
  tracing.stop();
  await new LicensingClient(options).shellNums({ size: 1 });
  assert.deepEqual(spans(), []);
});

test('a propagator that throws costs the attempt its traceparent, not the call', async () => {
  const throwing = { inject() { throw new Error('propagator bug'); }, extract: (c) => c, fields: () => [] };
  propagation.disable();
  propagation.setGlobalPropagator(throwing);
  try {
    assert.equal((await tracedClient().shellNums({ size: 1 })).length, 1, 'before, the call failed: "the beforeRequest hook failed"');
    assert.deepEqual(received, [{ traceparent: null }]);
    assert.equal(spans().filter((s) => s.name === 'shellNums attempt').length, 1);
  } finally {
    propagation.disable();
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  }
});

test('url.full is cut at 8,192 characters: a 1 MB query value is not copied whole into every span', async () => {
  const long = 'x'.repeat(1 << 20);
  await tracedClient({ maxRetries: 0 }).queryEnterprises({ channelCode: 'c', channelCustomerId: long, defaultCustomer: 'Y' }).catch(() => {});
  const [attempt] = spans().filter((s) => s.name === 'queryEnterprises attempt');
  const url = attempt.attributes['url.full'];
  assert.equal(url.length, 8192);
  assert.ok(url.startsWith('https://licensing.test/order/api/order/v1/enterprise/user/query?') && url.endsWith('…'), url.slice(0, 80));
});
