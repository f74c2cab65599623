// The HTTP the simulator (sim.js) and the checking
// proxy (proxy.js) share: the address they listen on, how they read a
// request's target, the CORS they answer with, licensing-sim's bounds on a
// connection and its graceful stop; and the bounded read of an answer that
// the commands meeting a real service (proxy.js, verify.js) make.
import http from 'node:http';
import { SIM_FLAGS } from '../../generated/sim-flags.js';

/** How long requests in flight may take to finish once stopped (licensing_sim::STOP_GRACE). */
export const STOP_GRACE_MS = 10_000;

/** CORS as licensing-sim answers it: any origin (preflights mirror what they ask), Retry-After readable. */
export const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };

/** licensing-sim's option `flag` (js/generated/sim-flags.js): its words and default. */
export function simFlag(flag) {
  const option = SIM_FLAGS.find((o) => o.flag === flag);
  if (!option) throw new Error(`licensing-sim has no ${flag}`);
  return option;
}

/** HOST:PORT as { host, port }; throws on anything else. */
export function listenAddress(listen) {
  const cut = listen.lastIndexOf(':');
  const host = listen.slice(0, cut).replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(listen.slice(cut + 1));
  if (cut < 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--listen expects HOST:PORT, not ${JSON.stringify(listen)}`);
  return { host, port };
}

/**
 * A request's target as a path and its query. An absolute-form target (`GET
 * http://host/path HTTP/1.1`, what a client speaks to a proxy) names the same
 * path, as licensing-sim reads it; the Host header plays no part.
 */
export function target(url) {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    try {
      const parsed = new URL(url);
      return `${parsed.pathname}${parsed.search}`;
    } catch {
      return '/';
    }
  }
  return url.startsWith('/') ? url : `/${url}`;
}

/** Answers a CORS preflight as licensing-sim does; false when `req` is none. */
export function answeredPreflight(req, res) {
  if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return false;
  res.writeHead(204, {
    ...CORS,
    'access-control-allow-methods': req.headers['access-control-request-method'],
    ...(req.headers['access-control-request-headers'] ? { 'access-control-allow-headers': req.headers['access-control-request-headers'] } : {}),
    // A public page reaching loopback: Chrome's Private Network Access
    // preflight asks, and is answered as licensing-sim answers it.
    ...(req.headers['access-control-request-private-network'] === 'true' ? { 'access-control-allow-private-network': 'true' } : {}),
    vary: 'origin, access-control-request-method, access-control-request-headers, access-control-request-private-network',
  }).end();
  return true;
}

/**
 * licensing-sim's bounds, at their values: Node checks its header timeout
 * only every connectionsCheckingInterval (30 s by default), so four times a
 * second here. An idle keep-alive connection is closed after as long as the
 * headers may take; a request's body is bounded by whoever reads it (the
 * simulator, the proxy), so Node's whole-request timeout is off.
 */
function serverOptions(headerTimeoutMs) {
  return { connectionsCheckingInterval: 250, headersTimeout: headerTimeoutMs, requestTimeout: 0, keepAliveTimeout: headerTimeoutMs };
}

/**
 * An answer's writes may make no progress for `ms` (a client that stopped
 * reading) before its connection is closed, as licensing-sim's write deadline
 * does; waiting for the answer (a delay, a slow upstream) is no stall. Armed
 * per request: Node clears a socket's timeout when a keep-alive connection's
 * next request comes, and closes an idle one on its own timeout.
 */
function boundWrites(req, res, ms, onStalled) {
  const { socket } = req;
  socket.setTimeout(ms);
  res.on('timeout', () => {
    if (socket.writableLength === 0) return;
    onStalled(req);
    socket.destroy();
  });
}

/**
 * An HTTP server that runs `handle(req, res)` within licensing-sim's bounds
 * (`limits`: `{ headerTimeoutMs, writeTimeoutMs }`; `onStalled(req)` hears of
 * a connection closed for a stalled answer): `{ server, stop }`.
 */
export function boundedServer(handle, { headerTimeoutMs, writeTimeoutMs, onStalled = () => {} }) {
  let stopping = false;
  const answering = new Set();
  const server = http.createServer(serverOptions(headerTimeoutMs), (req, res) => {
    // While stopping, each connection ends with its answer.
    if (stopping) res.setHeader('connection', 'close');
    boundWrites(req, res, writeTimeoutMs, onStalled);
    answering.add(res);
    res.once('close', () => {
      answering.delete(res);
      if (stopping) server.closeIdleConnections();
    });
    return handle(req, res);
  });
  /**
   * A graceful stop: no new connection, idle ones closed, the requests in
   * flight answered (each connection then closes); after `graceMs`,
   * `beforeCut()`, then the rest are cut. Resolves once every connection is gone.
   */
  const stop = ({ graceMs = STOP_GRACE_MS, beforeCut = () => {} } = {}) => new Promise((resolve) => {
    stopping = true;
    // Answers under way whose headers are not yet sent end their connections too.
    for (const res of answering) if (!res.headersSent) res.setHeader('connection', 'close');
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => {
      beforeCut();
      server.closeAllConnections();
    }, graceMs).unref();
  });
  return { server, stop };
}

/** Listens on `host`:`port`; rejects with the system's error. */
export function listenOn(server, host, port) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
}

/** The address a listening server is reached at, `http://HOST:PORT` (an IPv6 host in brackets). */
export function shownAddress(server) {
  const { address, port } = server.address();
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * An answer's body as bytes, read as it streams in, or `null` once it passes
 * `max` bytes: the rest is not read (the body is cancelled), so what is held
 * never passes the bound whatever the service sends.
 */
export async function readAnswer(answer, max) {
  if (!answer.body) return Buffer.alloc(0);
  const reader = answer.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}
