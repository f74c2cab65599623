// licensing-sdk/opentelemetry: spans from the package's event stream (`watch`).
// A span per call (named after the endpoint, kind internal) under the caller's
// active span, and a child per attempt (kind client) with the HTTP semantic
// conventions' attributes: `http.request.method`, `url.full` (cut at 8,192
// characters, an ellipsis last), `server.address`
// (and `server.port` when the URL names one), `http.response.status_code`,
// `http.request.resend_count` (from the second attempt), `error.type` (an HTTP
// error's status, else the LicensingError's kind); and `licensing.endpoint`,
// `licensing.attempt`, `licensing.code` (the envelope's), `licensing.retry.delay_ms`,
// `licensing.attempts` (on the call's span). @opentelemetry/api 1.9 or later
// is a peer dependency: the application's own install, with its SDK.
import type { Tracer } from '@opentelemetry/api';
import type { RequestEvent } from './index.js';

export interface TraceLicensingOptions {
  /** The tracer the spans are made with. Default: the global provider's `licensing-sdk` tracer. */
  tracer?: Tracer;
}

export interface LicensingTracing {
  /**
   * A client's `beforeRequest` hook (`hooks: { beforeRequest: tracing.beforeRequest }`):
   * the headers that carry the attempt's trace (`traceparent`, and `tracestate`
   * when there is one), so the service's trace joins yours. A propagator that
   * throws leaves the attempt without them; the call goes on.
   */
  beforeRequest(event: RequestEvent): Record<string, string>;
  /** Stops watching (spans of calls in course stay open). */
  stop(): void;
}

/** Traces every call of every LicensingClient in this page, worker or process from now on. */
export declare function traceLicensing(options?: TraceLicensingOptions): LicensingTracing;
