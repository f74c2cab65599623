// `licensing-sdk/opentelemetry`: spans from the package's event stream
// (./events.js). A span per call (named after the endpoint) under the
// caller's active span, and a child per attempt with the HTTP semantic
// conventions' attributes; with the `beforeRequest` it gives as a client's
// hook, each attempt's W3C `traceparent` goes out on its request, so the
// service's trace joins the caller's. Only `@opentelemetry/api` is needed (a
// peer): the SDK (provider, exporter, context manager, propagator) is the
// application's. Every fact here is an event's: this module decides nothing
// of a call.
import { SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { watch } from '../../shared/events.js';

/**
 * The longest `url.full` a span carries, in characters: about what servers take
 * in a request line (8 KB). A longer URL (a 1 MB query value) is cut, marked
 * with an ellipsis, rather than copied whole into every exporter's batch (the
 * OpenTelemetry SDK sets no attribute length by default).
 */
const URL_FULL_MAX = 8192;

/** `url` as `url.full` carries it (at most URL_FULL_MAX characters). */
function cutUrl(url) {
  return typeof url === 'string' && url.length > URL_FULL_MAX ? `${url.slice(0, URL_FULL_MAX - 1)}…` : url;
}

/** `server.address` and `server.port` of an attempt's URL (the port only when it is spelled). */
function serverOf(url) {
  try {
    const { hostname, port } = new URL(url);
    return port === '' ? { 'server.address': hostname } : { 'server.address': hostname, 'server.port': Number(port) };
  } catch {
    return {};
  }
}

/**
 * An error's facts on a span: its status, and `error.type` (the error's kind)
 * unless `typed` (an HTTP error's status already gave it).
 */
function failed(span, error, typed = false) {
  if (!typed) span.setAttribute('error.type', error.kind);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
}

/** The spans of one call: its own, and its attempt's while one is open. */
class CallSpans {
  constructor(tracer, event) {
    // The caller's context: the `call` event is told in the caller's own
    // synchronous turn (the endpoint method's), where its span is active.
    const parent = context.active();
    this.tracer = tracer;
    this.endpoint = event.endpoint;
    this.span = tracer.startSpan(event.endpoint, { kind: SpanKind.INTERNAL, startTime: event.at, attributes: { 'licensing.endpoint': event.endpoint } }, parent);
    this.context = trace.setSpan(parent, this.span);
    this.attempt = undefined;
    /** The open attempt's answer was an HTTP error, whose status is its `error.type`. */
    this.attemptHttpError = false;
  }

  /** An attempt is about to be sent: its span, a child of the call's. */
  request(event) {
    this.endAttempt(event.at);
    const attributes = {
      'licensing.endpoint': this.endpoint,
      'licensing.attempt': event.attempt,
      'http.request.method': event.method,
      'url.full': cutUrl(event.url),
      ...serverOf(event.url),
    };
    if (event.attempt > 1) attributes['http.request.resend_count'] = event.attempt - 1;
    this.attempt = this.tracer.startSpan(`${this.endpoint} attempt`, { kind: SpanKind.CLIENT, startTime: event.at, attributes }, this.context);
  }

  response(event) {
    const span = this.attempt;
    if (span === undefined) return;
    span.setAttribute('http.response.status_code', event.status);
    // The envelope's code ('0' is success; '500' says "retry").
    if (event.code !== undefined) span.setAttribute('licensing.code', event.code);
    if (event.status >= 400) {
      // The conventions' error.type for an HTTP error: its status.
      this.attemptHttpError = true;
      span.setAttribute('error.type', String(event.status));
      span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${event.status}` });
    }
  }

  /** The attempt failed and the call tries again after `delayMs`. */
  retry(event) {
    const span = this.attempt;
    if (span === undefined) return;
    failed(span, event.error, this.attemptHttpError);
    span.setAttribute('licensing.retry.delay_ms', event.delayMs);
    // The service's Retry-After chose the wait (else the backoff did).
    if (event.retryAfter) span.setAttribute('licensing.retry.after', true);
    this.endAttempt(event.at);
  }

  /** A hook of the caller's (or the token provider) that did not settle with a value. */
  hook(event) {
    if (event.ended === 'ok') return;
    (this.attempt ?? this.span).addEvent('licensing.hook', { 'licensing.hook': event.hook, 'licensing.hook.ended': event.ended }, event.at);
  }

  token(event) {
    this.endAttempt(event.at);
    this.span.addEvent('licensing.token', { 'licensing.attempt': event.attempt, 'licensing.token.refused': event.refused }, event.at);
  }

  /** The call ended: `error` when it failed. */
  end(event, error) {
    if (error !== undefined && this.attempt !== undefined && event.attempts > 0) failed(this.attempt, error, this.attemptHttpError);
    this.endAttempt(event.at);
    this.span.setAttribute('licensing.attempts', event.attempts);
    if (error !== undefined) {
      failed(this.span, error);
      this.span.recordException(error, event.at);
    }
    this.span.end(event.at);
  }

  endAttempt(at) {
    this.attempt?.end(at);
    this.attempt = undefined;
    this.attemptHttpError = false;
  }
}

/**
 * Traces every call of every LicensingClient in this page, worker or process
 * from now on: `{ beforeRequest, stop }`. Give `beforeRequest` as a client's
 * hook (`hooks: { beforeRequest }`) for its requests to carry their attempt's
 * `traceparent`; `stop()` ends the watching (spans of calls in course stay open).
 */
export function traceLicensing(options = {}) {
  const tracer = options.tracer ?? trace.getTracer('licensing-sdk');
  /** The spans of each call in course, by its number. */
  const calls = new Map();
  /** The attempt span the last `request` opened: the call's `beforeRequest` runs right after it, in the same turn. */
  let latest;
  const stop = watch((event) => {
    if (event.type === 'call') {
      calls.set(event.call, new CallSpans(tracer, event));
      return;
    }
    const spans = calls.get(event.call);
    // Another module's event, or a call that began before the watching.
    if (spans === undefined) return;
    switch (event.type) {
      case 'request':
        spans.request(event);
        latest = trace.setSpan(spans.context, spans.attempt);
        return;
      case 'response':
        return spans.response(event);
      case 'retry':
        return spans.retry(event);
      case 'hook':
        return spans.hook(event);
      case 'token':
        return spans.token(event);
      case 'failed':
      case 'done':
        calls.delete(event.call);
        return spans.end(event, event.type === 'failed' ? event.error : undefined);
      default:
    }
  });
  return {
    stop,
    /** A client's `beforeRequest` hook: the headers that carry this attempt's trace (`traceparent`, `tracestate`). */
    beforeRequest() {
      const headers = {};
      const context = latest;
      latest = undefined;
      if (context === undefined) return headers;
      try {
        propagation.inject(context, headers);
      } catch {
        // A propagator that throws costs this attempt its trace headers, not the call (a throwing
        // hook fails the call: instrumentation must not break what it watches, as a throwing tracer does not).
        return {};
      }
      return headers;
    },
  };
}
