// licensing-sdk/opentelemetry in a real browser: a page bundled by esbuild from
// the installed package (its browser entries: the default one, /testing and
// /opentelemetry) and the OpenTelemetry SDK, run in headless Chromium. A call
// retried after a code 500 against createSimulator in the page: its span and
// one child per attempt in the SDK's in-memory exporter, and each request
// carried its own attempt's traceparent. (Node: js/sdk/tests/opentelemetry.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT, launchBrowser } from './harness.mjs';

const PAGE = `
import { trace, propagation, context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { LicensingClient } from 'licensing-sdk';
import { traceLicensing } from 'licensing-sdk/opentelemetry';
import { createSimulator } from 'licensing-sdk/testing';

async function run() {
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const sim = await createSimulator({ seed: 7 });
  sim.fault({ kind: 'code500', times: 1 });
  const sent = [];
  const tracing = traceLicensing();
  const client = new LicensingClient({
    baseUrl: 'https://licensing.test', token: 'dev-all-token', retryBaseMs: 5,
    fetch: (request) => { sent.push(request.headers.get('traceparent')); return sim.fetch(request); },
    hooks: { beforeRequest: tracing.beforeRequest },
  });
  const numbers = await client.shellNums({ size: 2 }, { repeatable: true });
  tracing.stop();
  const spans = exporter.getFinishedSpans().map((s) => ({
    name: s.name, id: s.spanContext().spanId, traceId: s.spanContext().traceId, parent: s.parentSpanContext?.spanId,
    attributes: s.attributes, status: s.status.code,
  }));
  return { numbers, spans, sent, userAgent: navigator.userAgent };
}
run().then((r) => { window.__result = r; }, (e) => { window.__result = { error: String(e && e.stack || e) }; });
`;

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser?.close());

test('spans of a retried call in Chromium: a call span, a child per attempt, each traceparent sent', { timeout: 60_000 }, async (t) => {
  const built = await esbuild.build({
    stdin: { contents: PAGE, resolveDir: ROOT, loader: 'js' },
    bundle: true, write: false, format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'silent',
  });
  const script = built.outputFiles[0].text;
  const context = await browser.newContext();
  t.after(() => context.close());
  // The page, its bundle and the simulator's wasm (which licensing-sdk/testing
  // fetches beside itself in a browser) answered here: nothing else is fetched.
  const simWasm = readFileSync(path.join(ROOT, 'node_modules/licensing-sdk/testing/licensing_testing_wasm_bg.wasm'));
  await context.route('http://otel.test/**', (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === '/page.js') return route.fulfill({ contentType: 'text/javascript', body: script });
    if (url.pathname === '/testing/licensing_testing_wasm_bg.wasm') return route.fulfill({ contentType: 'application/wasm', body: simWasm });
    if (url.pathname === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><script type="module" src="/page.js"></script>' });
    return route.abort();
  });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('http://otel.test/');
  await page.waitForFunction(() => window.__result !== undefined, undefined, { timeout: 30_000 });
  const result = await page.evaluate(() => window.__result);
  assert.equal(result.error, undefined, result.error);
  assert.deepEqual(problems, []);
  assert.match(result.userAgent, /Chrome/);
  assert.equal(result.numbers.length, 2);
  const call = result.spans.find((s) => s.name === 'shellNums');
  assert.deepEqual(call.attributes, { 'licensing.endpoint': 'shellNums', 'licensing.attempts': 2 });
  const attempts = result.spans.filter((s) => s.parent === call.id).sort((a, b) => a.attributes['licensing.attempt'] - b.attributes['licensing.attempt']);
  assert.deepEqual(attempts.map((s) => [s.name, s.attributes['http.response.status_code'], s.attributes['licensing.code'], s.attributes['error.type']]), [
    ['shellNums attempt', 299, '500', 'business'],
    ['shellNums attempt', 200, '0', undefined],
  ]);
  assert.equal(attempts[1].attributes['http.request.resend_count'], 1);
  assert.equal(attempts[0].attributes['server.address'], 'licensing.test');
  assert.deepEqual(result.sent, attempts.map((s) => `00-${s.traceId}-${s.id}-01`));
});
