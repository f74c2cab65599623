// Example: LicensingClient traced with OpenTelemetry through its hooks. Each
// call is a span named after the endpoint (`shellNums`), each attempt a child
// span (`shellNums attempt`) whose W3C `traceparent` goes out on the request,
// so the service's trace joins yours. Only @opentelemetry/api is needed here;
// the SDK (provider, exporter, context manager, W3C propagator: NodeSDK sets
// them up) is the application's. Tested by tracing.test.mjs (make test-examples;
// or `make install-pkg`, then here `npm ci && npm test`).
//
// Why a LicensingClient per call: the hook events name the endpoint and the
// attempt, not the call, so one shared client cannot tell two concurrent
// shellNums calls apart. Nor can the hooks ask context.active(): they run
// inside the client's fetch, scheduled by the wasm's executor, which may run
// one call's work from another call's microtask (tried with AsyncLocalStorage:
// the hooks of three concurrent calls all saw the first call's context). So
// each call makes a client whose hooks close over that call's spans. That is
// cheap: a LicensingClient holds its checked options and nothing else (no
// connection, no state across calls), and it is freed with the call.
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { LicensingClient } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';

/**
 * A client with a method per endpoint of LicensingClient, each call traced.
 * `options` are LicensingClient's (a token provider too; `hooks` are this
 * module's). The tracer defaults to the global provider's.
 */
export function tracedClient(options, tracer = trace.getTracer('licensing-sdk')) {
  const methods = {};
  for (const endpoint of Object.keys(endpoints)) {
    methods[endpoint] = (body, callOptions) => tracer.startActiveSpan(endpoint,
      { kind: SpanKind.CLIENT, attributes: { 'licensing.endpoint': endpoint } },
      (callSpan) => tracedCall(tracer, callSpan, options, endpoint, body, callOptions));
  }
  // Each call's client is freed when the call settles: nothing to free here.
  methods.free = () => {};
  return methods;
}

async function tracedCall(tracer, callSpan, options, endpoint, body, callOptions) {
  // The attempts' parent, passed explicitly (see above).
  const callContext = trace.setSpan(context.active(), callSpan);
  const attempts = []; // attempts[n - 1]: attempt n's span
  const open = new Set();
  const end = (span) => {
    if (open.delete(span)) span.end();
  };
  const failed = (span, error) => {
    span.setAttribute('error.type', error.kind);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
  };

  try {
    const client = new LicensingClient({
      ...options,
      hooks: {
        beforeRequest: ({ attempt, method }) => {
          // An attempt sent again after a 401 (a token provider) had no beforeRetry.
          for (const span of open) end(span);
          const span = tracer.startSpan(`${endpoint} attempt`, {
            kind: SpanKind.CLIENT,
            attributes: { 'licensing.endpoint': endpoint, 'licensing.attempt': attempt, 'http.request.method': method },
          }, callContext);
          attempts[attempt - 1] = span;
          open.add(span);
          // traceparent (and tracestate) of this attempt's span, as headers to add.
          const headers = {};
          propagation.inject(trace.setSpan(callContext, span), headers);
          return headers;
        },
        afterResponse: ({ attempt, status, code }) => {
          const span = attempts[attempt - 1];
          span.setAttribute('http.response.status_code', status);
          // The envelope's code ('0' is success; '500' says "retry").
          if (code !== undefined) span.setAttribute('licensing.code', code);
          if (status >= 400) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${status}` });
        },
        // The last attempt failed and the client retries: its span ends here,
        // before the wait. (This event's `attempt` counts the client's retries,
        // not the sends: after a 401 sent again it is one behind.)
        beforeRetry: ({ error, delayMs }) => {
          const span = attempts[attempts.length - 1];
          failed(span, error);
          span.setAttribute('licensing.retry.delay_ms', delayMs);
          end(span);
        },
      },
    });
    // (A bad option throws above, in this try: the call span still ends.)
    const result = await client[endpoint](body, callOptions);
    for (const span of open) end(span);
    return result;
  } catch (error) {
    // The last attempt failed with the call (none was sent for kind validation).
    for (const span of open) {
      failed(span, error);
      end(span);
    }
    failed(callSpan, error);
    callSpan.recordException(error);
    throw error;
  } finally {
    callSpan.setAttribute('licensing.attempts', attempts.length);
    callSpan.end();
  }
}
