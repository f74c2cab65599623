// tracedClient (tracing.mjs) against the in-process simulator, its spans in an
// in-memory exporter: a call span and one child per attempt, their attributes
// and statuses, failures, concurrent calls kept apart, and the traceparent the
// simulator received. Run: cd examples/opentelemetry && npm test
import { after, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createSimulator } from 'licensing-sdk/testing';
import { tracedClient } from './tracing.mjs';

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

beforeEach(() => {
  sim.reset();
  exporter.reset();
  received = [];
});

const spans = () => exporter.getFinishedSpans();
const nanos = ([seconds, ns]) => BigInt(seconds) * 1_000_000_000n + BigInt(ns);
const parentOf = (span) => span.parentSpanContext?.spanId;
const traceparentOf = (span) => `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
const attemptsOf = (callSpan) => spans()
  .filter((s) => parentOf(s) === callSpan.spanContext().spanId)
  .sort((a, b) => a.attributes['licensing.attempt'] - b.attributes['licensing.attempt']);

test('a call span under the caller\'s span, one child per attempt; each attempt\'s traceparent is sent', async () => {
  sim.fault({ kind: 'code500', times: 1 });
  const client = tracedClient(options);
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
  assert.deepEqual(call.attributes, { 'licensing.endpoint': 'shellNums', 'licensing.attempts': 2 });
  assert.equal(call.status.code, SpanStatusCode.UNSET);

  const [first, second] = attemptsOf(call);
  assert.equal(attemptsOf(call).length, 2);
  for (const span of [first, second]) assert.equal(span.name, 'shellNums attempt');
  // The envelope said code 500 ("retry"), over HTTP 299: the client retried.
  assert.deepEqual(first.attributes, {
    'licensing.endpoint': 'shellNums', 'licensing.attempt': 1, 'http.request.method': 'POST',
    'http.response.status_code': 299, 'licensing.code': '500', 'error.type': 'business',
    'licensing.retry.delay_ms': first.attributes['licensing.retry.delay_ms'],
  });
  assert.ok(first.attributes['licensing.retry.delay_ms'] > 0);
  assert.equal(first.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(second.attributes, {
    'licensing.endpoint': 'shellNums', 'licensing.attempt': 2, 'http.request.method': 'POST',
    'http.response.status_code': 200, 'licensing.code': '0',
  });
  assert.equal(second.status.code, SpanStatusCode.UNSET);
  // The first attempt's span ended before the retry's wait (5 ms or more here).
  assert.ok(nanos(first.endTime) < nanos(second.startTime));

  // What the simulator received: each attempt's own trace and span id.
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(first), traceparentOf(second)]);
});

test('a request the validator refuses: the call span is an error of kind validation, no attempt, nothing sent', async () => {
  const client = tracedClient(options);
  const error = await client.shellNums({ size: 0 }).catch((e) => e);
  assert.equal(error.kind, 'validation');
  assert.equal(spans().length, 1);
  const [call] = spans();
  assert.equal(call.name, 'shellNums');
  assert.equal(call.status.code, SpanStatusCode.ERROR);
  assert.equal(call.status.message, error.message);
  assert.deepEqual(call.attributes, { 'licensing.endpoint': 'shellNums', 'error.type': 'validation', 'licensing.attempts': 0 });
  assert.equal(call.events[0].name, 'exception');
  assert.deepEqual(received, []);
});

test('a refused token (HTTP 401): the attempt and the call are errors of kind http', async () => {
  const client = tracedClient({ ...options, token: 'wrong-token' });
  const error = await client.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' }).catch((e) => e);
  assert.deepEqual([error.kind, error.status], ['http', 401]);
  assert.ok(!JSON.stringify(spans().map((s) => [s.attributes, s.status, s.events])).includes('wrong-token'));
  const call = spans().find((s) => s.name === 'lockAssets');
  assert.equal(call.status.code, SpanStatusCode.ERROR);
  assert.equal(call.attributes['error.type'], 'http');
  const [attempt, ...more] = attemptsOf(call);
  assert.equal(more.length, 0);
  assert.equal(attempt.attributes['http.response.status_code'], 401);
  assert.equal(attempt.attributes['error.type'], 'http');
  assert.equal(attempt.status.code, SpanStatusCode.ERROR);
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(attempt)]);
});

test('a token provider asked again after a 401: two attempt spans, the first an HTTP 401', async () => {
  const client = tracedClient({ ...options, token: ({ refused }) => (refused ? 'dev-all-token' : 'expired-token') });
  assert.equal((await client.shellNums({ size: 1 }, { repeatable: true })).length, 1);
  const call = spans().find((s) => s.name === 'shellNums');
  assert.equal(call.status.code, SpanStatusCode.UNSET);
  const [first, second] = attemptsOf(call);
  assert.deepEqual([first.attributes['http.response.status_code'], first.status.code], [401, SpanStatusCode.ERROR]);
  assert.deepEqual([second.attributes['http.response.status_code'], second.status.code], [200, SpanStatusCode.UNSET]);
  assert.deepEqual(received.map((r) => r.traceparent), [traceparentOf(first), traceparentOf(second)]);
});

test('a 401 sent again, then a code 500 retried: three attempt spans, the second the retried one', async () => {
  let token = 'expired-token';
  sim.fault({ kind: 'code500', times: 1 });
  const client = tracedClient({ ...options, token: ({ refused }) => (refused ? (token = 'dev-all-token') : token) });
  assert.equal((await client.shellNums({ size: 1 }, { repeatable: true })).length, 1);
  const call = spans().find((s) => s.name === 'shellNums');
  const attempts = attemptsOf(call);
  assert.deepEqual(attempts.map((s) => [s.attributes['licensing.attempt'], s.attributes['http.response.status_code'],
    s.attributes['licensing.code'], s.attributes['error.type'], s.status.code]), [
    [1, 401, undefined, undefined, SpanStatusCode.ERROR], // a 401 is no envelope: no code
    [2, 299, '500', 'business', SpanStatusCode.ERROR],
    [3, 200, '0', undefined, SpanStatusCode.UNSET],
  ]);
  assert.ok(attempts[1].attributes['licensing.retry.delay_ms'] > 0);
  assert.deepEqual(received.map((r) => r.traceparent), attempts.map(traceparentOf));
});

test('an option the client refuses: the call rejects and its span still ends, an error', async () => {
  const client = tracedClient({ ...options, baseUrl: 'not a url' });
  const error = await client.shellNums({ size: 1 }).catch((e) => e);
  assert.ok(error instanceof Error);
  const [call, ...more] = spans();
  assert.equal(more.length, 0);
  assert.deepEqual([call.name, call.status.code, call.attributes['licensing.attempts']], ['shellNums', SpanStatusCode.ERROR, 0]);
});

test('concurrent calls on one traced client: each attempt under its own call', async () => {
  sim.fault({ kind: 'code500', times: 1, endpoint: 'lockAssets' });
  const client = tracedClient(options);
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
  // Every request carried the traceparent of exactly one attempt span.
  const sent = received.map((r) => r.traceparent).sort();
  const made = spans().filter((s) => s.name.endsWith(' attempt')).map(traceparentOf).sort();
  assert.equal(sent.length, 4);
  assert.deepEqual(sent, made);
});
