// `npx licensing-sdk-sim proxy`: a checking, recording proxy in front of a
// real service. A portal points at it and works as before; every request is
// validated (and with --refuse refused as the simulator refuses it), every
// answer checked against the contract, each difference logged once, the
// exchanges recorded with the tokens redacted, a summary on exit. Every one of
// those decisions is licensing-verify's (ProxyInspector, in its wasm);
// this file carries the HTTP, within the bounds licensing-sim keeps (http.js).
import { appendFileSync, closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { failure, optionTable, parseArgs, serviceUrl } from '../../shared/cli/args.js';
import {
  answeredPreflight, boundedServer, CORS, listenAddress, listenOn, readAnswer, shownAddress, simFlag, STOP_GRACE_MS, target,
} from '../../shared/cli/http.js';

/** A bound licensing-sim has too: its words and its default. */
const simBound = (flag, key) => ({ flag, key, kind: 'number', value: 'N', help: simFlag(flag).help, default: Number(simFlag(flag).default) });

/** The proxy's options: how each is read (args.js), its value's name, its default and its help. */
const OPTIONS = [
  { flag: '--upstream', key: 'upstream', kind: 'string', value: 'URL', help: 'The service (its base address, the part before /order/api/...)' },
  { flag: '--listen', key: 'listen', kind: 'string', value: 'HOST:PORT', default: '127.0.0.1:8790', help: 'Address to listen on; port 0 picks a free one' },
  { flag: '--record', key: 'record', kind: 'string', value: 'FILE', help: 'Record the exchanges (JSON Lines, format licensing-sdk-recording version 1), the Authorization header and every token redacted; npx licensing-sdk-sim state --from-recording FILE makes a fixture of it' },
  { flag: '--har', key: 'har', kind: 'string', value: 'FILE', help: "Also write the exchanges as HAR 1.2 (what devtools, Playwright's routeFromHAR and mock servers read), redacted as the recording, each entry with the SDK's view in _licensingSdk (endpoint, attempt, verdict); whole after each exchange; npx licensing-sdk-sim state --from-har FILE makes a fixture of it" },
  { flag: '--html', key: 'html', kind: 'string', value: 'FILE', help: 'On stopping, write what was seen as one self-contained HTML page (per endpoint; each difference of the answers from the contract side by side with the exchange that first showed it; the requests\' issues; tokens redacted)' },
  { flag: '--rules', key: 'rules', kind: 'string', value: 'PROFILE', default: 'recommended', help: 'The profile requests are validated with: spec, recommended or strict' },
  { flag: '--refuse', key: 'refuse', kind: 'boolean', help: 'Refuse an invalid request as the simulator would (HTTP 299 code 13004, or resultCode 1001) instead of forwarding it' },
  { flag: '--locale', key: 'locale', kind: 'string', value: 'en|zh-CN', default: 'en', help: 'The language of the messages' },
  { flag: '--max-body-bytes', key: 'maxBodyBytes', kind: 'number', value: 'N', default: 16 << 20, help: 'Largest request body read (larger: HTTP 413)' },
  { flag: '--max-answer-bytes', key: 'maxAnswerBytes', kind: 'number', value: 'N', default: Number(simFlag('--max-answer-bytes').default), help: "Largest answer read from the upstream, in bytes (larger: HTTP 502, the exchange recorded with why); the proxy holds at most this much of an answer" },
  { flag: '--timeout-secs', key: 'timeoutSecs', kind: 'number', value: 'N', default: 60, help: 'How long the upstream may take to answer' },
  simBound('--header-timeout-secs', 'headerTimeoutSecs'),
  { ...simBound('--body-timeout-secs', 'bodyTimeoutSecs'), help: `${simFlag('--body-timeout-secs').help} (later: HTTP 408)` },
  simBound('--write-timeout-secs', 'writeTimeoutSecs'),
  { flag: '--max-concurrent-bodies', key: 'maxConcurrentBodies', kind: 'number', value: 'N', default: 64, help: 'Most request bodies read at once (more: HTTP 503 with Retry-After: 1, the body unread, the connection closed)' },
  { flag: '--stop-grace-secs', key: 'stopGraceSecs', kind: 'number', value: 'N', default: STOP_GRACE_MS / 1000, help: 'Once stopped (Ctrl-C, SIGTERM), how long the exchanges in flight have to finish; those still open then are cut and recorded with the error "proxy stopped"' },
  { flag: '--quiet', key: 'quiet', kind: 'boolean', help: 'No log of what differs (the summary is still printed)' },
];

const TABLE = optionTable(OPTIONS);

export const PROXY_HELP = `licensing-sdk-sim proxy: a checking, recording proxy in front of a Licensing service

Usage: npx licensing-sdk-sim proxy --upstream URL [OPTIONS]

A portal (or a test) points at the proxy instead of the service and works as
before: each answer is passed back as it came (its bytes; a copy decoded from its
charset is checked and recorded). Each request is validated as the simulator
validates it; each answer is checked against the contract (as checkAnswer does);
each difference is logged once, with its endpoint and its path; a summary is
printed on exit (Ctrl-C), once the exchanges in flight have ended.

Options:
${TABLE.help}`;

/**
 * Headers that belong to one connection, never forwarded (RFC 9110 7.6.1),
 * what fetch sets itself, and `expect` (the body was read here already).
 */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade',
  'host', 'content-length', 'accept-encoding', 'expect']);
/** An answer's headers not passed back: fetch decoded the body, whose length the proxy sets. */
const ANSWER_HOP = new Set([...HOP, 'content-encoding']);

/** Node's header object as a flat list: name, value, name, value... */
function flat(headers) {
  const out = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) out.push(name, String(v));
  }
  return out;
}

/** A request target as [path, query or undefined]. */
function splitUrl(url) {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1) || undefined];
}

/**
 * The text of an answer's bytes, for the check and the recording: decoded from
 * its Content-Type's charset when the engine knows it, else as UTF-8;
 * `charset` names what it was decoded from when that was not UTF-8.
 */
function decodedCopy(bytes, contentType) {
  const label = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1];
  let decoder;
  try {
    decoder = new TextDecoder(label ?? 'utf-8');
  } catch {
    decoder = new TextDecoder();
  }
  return { text: decoder.decode(bytes), charset: decoder.encoding === 'utf-8' ? undefined : decoder.encoding };
}

/** Whether an answer to `method` with `status` has a body whose length is said. */
const carriesBody = (method, status) => method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304;

/** Whether a request comes with a body to read. */
const hasBody = (req) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/** Answers `res`, unless its client is gone. */
function send(res, status, headers, body) {
  if (res.destroyed) return;
  res.writeHead(status, headers).end(body);
}

/** Answers the proxy's own refusal; the connection closes after it, the rest of the request never read. */
function refuse(req, res, status, why, headers = {}) {
  res.once('finish', () => req.socket.destroy());
  send(res, status, { ...CORS, 'content-type': 'text/plain', connection: 'close', ...headers }, `licensing-sdk-sim proxy: ${why}\n`);
}

/**
 * A request's body, at most `max` bytes within `ms`: `{ body }`, `{ status,
 * why }` past a bound, or `{ gone: true }` when the client went away.
 */
function bodyWithin(req, max, ms) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      size += chunk.length;
      if (size > max) settle({ status: 413, why: `the body exceeds ${max} bytes` });
      else chunks.push(chunk);
    };
    const onEnd = () => settle({ body: Buffer.concat(chunks, size) });
    const onClose = () => settle({ gone: true });
    const timer = setTimeout(() => settle({ status: 408, why: `the body was not sent within ${ms / 1000} s` }), ms);
    function settle(out) {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('close', onClose).pause();
      resolve(out);
    }
    req.on('data', onData).once('end', onEnd).once('close', onClose);
  });
}

/**
 * The exchanges under way, each `{ req, body, started, finished, abort }`:
 * what a stop waits for, and cuts. (Closures, not class fields: every shipped
 * module keeps to the package's engine floor, js/sdk/tests/engine-floor.test.mjs.)
 */
function flights() {
  const open = new Set();
  const drained = [];
  return {
    open,
    begin(req) {
      const flight = { req, body: null, started: Date.now(), finished: false, abort: new AbortController() };
      open.add(flight);
      return flight;
    },
    end(flight) {
      open.delete(flight);
      if (open.size === 0) for (const resolve of drained.splice(0)) resolve();
    },
    /** Resolves once none is under way. */
    drained() {
      return open.size === 0 ? Promise.resolve() : new Promise((resolve) => drained.push(resolve));
    },
  };
}

/** The proxy's work on one request: `ctx` holds its settings, inspector, recording and counts. */
async function exchange(ctx, req, res) {
  if (answeredPreflight(req, res)) return;
  const flight = ctx.flights.begin(req);
  try {
    flight.body = await readRequestBody(ctx, req, res);
    if (flight.body) await forward(ctx, flight, res);
  } catch (err) {
    if (res.destroyed) return;
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`licensing-sdk-sim proxy: ${err?.message ?? err}\n`);
  } finally {
    ctx.flights.end(flight);
  }
}

/** A request's body within the proxy's bounds, or null once it answered a refusal (or the client left). */
async function readRequestBody(ctx, req, res) {
  if (!hasBody(req)) return Buffer.alloc(0);
  const { maxConcurrentBodies, maxBodyBytes, bodyTimeoutSecs } = ctx.settings;
  if (ctx.reading >= maxConcurrentBodies) {
    refuse(req, res, 503, `${maxConcurrentBodies} request bodies are being read (--max-concurrent-bodies); try again`, { 'retry-after': '1' });
    return null;
  }
  ctx.reading += 1;
  let read;
  try {
    read = await bodyWithin(req, maxBodyBytes, bodyTimeoutSecs * 1000);
  } finally {
    ctx.reading -= 1;
  }
  if (read.status) refuse(req, res, read.status, read.why);
  return read.body ?? null;
}

/** A request checked, then refused here or forwarded, its answer checked and passed back; the exchange recorded. */
async function forward(ctx, flight, res) {
  const { req, body } = flight;
  const [path, query] = splitUrl(target(req.url));
  const seen = JSON.parse(ctx.inspector.request(req.method, path, query, flat(req.headers), body));
  // The inspector keeps the request (its body crosses once): finish names it by this.
  flight.seen = seen.flight;
  for (const line of seen.lines) ctx.log(line);
  if (seen.refusal) {
    const { status, headers, body: text } = seen.refusal;
    ctx.finish(flight, { status, headers: headers.flat(), body: text, refused: true });
    send(res, status, { ...CORS, ...Object.fromEntries(headers) }, text);
    return;
  }
  const asked = await ask(ctx, flight);
  // Cut by a stop (and recorded so): its client is gone.
  if (flight.finished) return;
  if (asked.error) {
    ctx.log(`upstream ${req.method} ${path}: ${asked.error}`);
    ctx.finish(flight, null, asked.error);
    send(res, 502, { ...CORS, 'content-type': 'text/plain' }, `licensing-sdk-sim proxy: ${asked.says}\n`);
    return;
  }
  passBack(ctx, flight, res, asked);
}

/**
 * The upstream's answer to a flight: `{ answer, bytes }`, or `{ error, says }`
 * (what is recorded and logged, what the client is told) when none came
 * within the timeout, or one larger than --max-answer-bytes.
 */
async function ask(ctx, flight) {
  const { req, body, abort } = flight;
  const { timeoutSecs, maxAnswerBytes } = ctx.settings;
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const timer = setTimeout(() => abort.abort(new DOMException('no answer in time', 'TimeoutError')), timeoutSecs * 1000);
  try {
    const answer = await ctx.fetch(`${ctx.upstream}${target(req.url)}`, {
      method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      redirect: 'manual', signal: abort.signal,
    });
    const bytes = await readAnswer(answer, maxAnswerBytes);
    if (bytes) return { answer, bytes };
    const error = `answer larger than ${maxAnswerBytes} bytes (--max-answer-bytes)`;
    return { error, says: `the upstream's answer is larger than ${maxAnswerBytes} bytes (--max-answer-bytes)` };
  } catch (err) {
    const error = failure(err, timeoutSecs);
    return { error, says: `the upstream did not answer: ${error}` };
  } finally {
    clearTimeout(timer);
  }
}

/** The upstream's answer passed back as it came (its bytes), a decoded copy checked and recorded. */
function passBack(ctx, flight, res, { answer, bytes }) {
  const { text, charset } = decodedCopy(bytes, answer.headers.get('content-type'));
  const out = { ...CORS };
  const kept = [];
  answer.headers.forEach((value, name) => {
    if (ANSWER_HOP.has(name)) return;
    out[name] = value;
    kept.push(name, value);
  });
  if (carriesBody(flight.req.method, answer.status)) out['content-length'] = bytes.length;
  ctx.finish(flight, { status: answer.status, headers: kept, body: text, charset });
  send(res, answer.status, out, bytes);
}

/**
 * Ends a flight, once, in one call to the wasm (ProxyInspector.finish): its
 * answer checked (the lines of what is new logged), its line appended to the
 * recording (`--record`) and its entry to the HAR (`--har`). `answer`: `{
 * status, headers, body, charset, refused }`, null when none came (`error`
 * says why). Done before the client is answered: whoever has an answer finds
 * its exchange recorded.
 */
function finisher({ inspector, settings, log, har, listening }) {
  return (flight, answer, error) => {
    if (flight.finished) return;
    flight.finished = true;
    const { req, body, started } = flight;
    const origin = har ? `http://${req.headers.host ?? listening()}` : undefined;
    // A request the inspector kept is named by its flight; one it never saw (stopped
    // while its body was read) is given whole.
    const seen = flight.seen !== undefined;
    const [path, query] = seen ? ['', undefined] : splitUrl(target(req.url));
    const text = !seen && body && body.length > 0 ? body.toString('utf8') : undefined;
    const ending = {
      ...(seen ? {} : { method: req.method, path, query, requestHeaders: flat(req.headers), requestBody: text }),
      ...(answer ? { status: answer.status, responseHeaders: answer.headers, responseBody: answer.body, charset: answer.charset } : {}),
      error, refused: Boolean(answer?.refused), record: Boolean(settings.record),
      urlBase: origin, started: new Date(started).toISOString(), timeMs: Date.now() - started,
    };
    const done = JSON.parse(inspector.finish(flight.seen, JSON.stringify(ending)));
    for (const line of done.lines) log(line);
    if (done.recording) appendFileSync(settings.record, done.recording);
    if (done.har) har.add(done.har);
  };
}

/**
 * A HAR file written as the exchanges end, whole after each: its head, the
 * entries so far, then its tail, which each new entry is written over.
 */
function harFile(file, head, tail) {
  const fd = openSync(file, 'w');
  const closing = Buffer.from(tail);
  const start = Buffer.from(head);
  writeSync(fd, Buffer.concat([start, closing]), 0, start.length + closing.length, 0);
  let end = start.length;
  let first = true;
  return {
    add(entry) {
      const bytes = Buffer.from(`${first ? '' : ','}${entry}`);
      first = false;
      const out = Buffer.concat([bytes, closing]);
      writeSync(fd, out, 0, out.length, end);
      end += bytes.length;
    },
    close() {
      closeSync(fd);
    },
  };
}

/** The command line read and checked: `{ settings, upstream, inspector }`, or an exit code (0: help; 2: bad input). */
function prepare(argv, { verify, stdout, stderr }) {
  try {
    const args = parseArgs(argv, TABLE.flags);
    if (args.help) {
      stdout.write(`${PROXY_HELP}\n`);
      return 0;
    }
    if (args._.length) throw new Error(`unexpected ${JSON.stringify(args._[0])}`);
    if (!args.upstream) throw new Error('--upstream is required');
    const upstream = serviceUrl('--upstream', args.upstream);
    const set = TABLE.settings(args);
    listenAddress(set.listen);
    const options = { ...(args.rules !== undefined && { rules: args.rules }), refuse: Boolean(args.refuse), ...(args.locale !== undefined && { locale: args.locale }) };
    const inspector = new verify.ProxyInspector(JSON.stringify(options));
    if (set.record) writeFileSync(set.record, verify.recordingHeader(upstream));
    const har = set.har ? harFile(set.har, verify.ProxyInspector.harHead(), verify.ProxyInspector.harTail()) : undefined;
    return { settings: set, upstream, inspector, har };
  } catch (err) {
    stderr.write(`licensing-sdk-sim proxy: ${err.message}\n`);
    return 2;
  }
}

/**
 * A graceful stop: nothing new accepted, the exchanges in flight answered and
 * recorded within --stop-grace-secs; those still open then recorded with the
 * error "proxy stopped", their upstream requests abandoned and their
 * connections cut. Then the summary.
 */
async function stopProxy(ctx, served, stderr) {
  const { stopGraceSecs } = ctx.settings;
  stderr.write(`licensing-sdk-sim proxy: stopping: ${ctx.flights.open.size} exchange(s) in flight, up to ${stopGraceSecs} s to end\n`);
  const cut = () => {
    for (const flight of ctx.flights.open) {
      ctx.finish(flight, null, 'proxy stopped');
      flight.abort.abort();
    }
  };
  await Promise.all([served.stop({ graceMs: stopGraceSecs * 1000, beforeCut: cut }), ctx.flights.drained()]);
  ctx.har?.close();
  if (ctx.settings.html) writeFileSync(ctx.settings.html, ctx.inspector.summaryHtml(ctx.upstream));
  for (const line of ctx.inspector.summaryLines()) stderr.write(`${line}\n`);
}

/**
 * Runs the proxy with `argv`; resolves once it listens, to `{ server, address,
 * stop() }` (stop ends it gracefully, then prints the summary), or to an exit
 * code when it cannot start (2: bad input). `io`: `{ verify, stdout, stderr, fetch }`.
 */
export async function proxyCommand(argv, { verify, stdout, stderr, fetch = globalThis.fetch }) {
  const prepared = prepare(argv, { verify, stdout, stderr });
  if (typeof prepared === 'number') return prepared;
  const { settings: set, upstream, inspector, har } = prepared;
  const log = set.quiet ? () => {} : (line) => stderr.write(`${line}\n`);
  let address;
  const finish = finisher({ inspector, settings: set, log, har, listening: () => address.replace(/^http:\/\//, '') });
  const ctx = { settings: set, upstream, inspector, fetch, log, har, reading: 0, flights: flights(), finish };
  const served = boundedServer((req, res) => exchange(ctx, req, res), {
    headerTimeoutMs: set.headerTimeoutSecs * 1000,
    writeTimeoutMs: set.writeTimeoutSecs * 1000,
    onStalled: (req) => log(`client ${req.method} ${req.url}: its answer made no progress for ${set.writeTimeoutSecs} s (--write-timeout-secs): connection closed`),
  });
  const { host, port } = listenAddress(set.listen);
  try {
    await listenOn(served.server, host, port);
  } catch (err) {
    stderr.write(`licensing-sdk-sim proxy: cannot listen on ${host}:${port}: ${err.message}\n`);
    return 2;
  }
  address = shownAddress(served.server);
  stdout.write(`licensing-sdk-sim proxy listening on ${address}/ -> ${upstream}\n`);
  return { server: served.server, address, stop: () => stopProxy(ctx, served, stderr) };
}
