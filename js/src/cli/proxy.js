// `npx licensing-sdk-sim proxy`: a checking, recording proxy in front of a
// real service. A portal points at it and works as before; every request is
// validated (and with --refuse refused as the simulator refuses it), every
// answer checked against the contract, each difference logged once, the
// exchanges recorded with the tokens redacted, a summary on exit. Every one of
// those decisions is licensing-verify's (ProxyInspector, in the tools' wasm);
// this file carries the HTTP.
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { failure, parseArgs, serviceUrl } from './args.js';

export const PROXY_HELP = `licensing-sdk-sim proxy: a checking, recording proxy in front of a Licensing service

Usage: npx licensing-sdk-sim proxy --upstream URL [OPTIONS]

A portal (or a test) points at the proxy instead of the service and works as
before. Each request is validated as the simulator validates it; each answer is
checked against the contract (as checkAnswer does); each difference is logged
once, with its endpoint and its path; a summary is printed on exit (Ctrl-C).

Options:
  --upstream URL          The service (its base address, the part before /order/api/...)
  --listen HOST:PORT      Address to listen on [default: 127.0.0.1:8790]; port 0 picks a free one
  --record FILE           Record the exchanges (JSON Lines, format licensing-sdk-recording
                          version 1), the Authorization header and every token redacted;
                          npx licensing-sdk-sim state --from-recording FILE makes a fixture of it
  --rules PROFILE         The profile requests are validated with: spec, recommended or
                          strict [default: recommended]
  --refuse                Refuse an invalid request as the simulator would (HTTP 299 code
                          13004, or resultCode 1001) instead of forwarding it
  --locale en|zh-CN       The language of the messages [default: en]
  --max-body-bytes N      Largest request body read [default: 16777216]
  --timeout-secs N        How long the upstream may take to answer [default: 60]
  --quiet                 No log of what differs (the summary is still printed)
  -h, --help              Print this help`;

const FLAGS = {
  '--upstream': { key: 'upstream', kind: 'string' },
  '--listen': { key: 'listen', kind: 'string' },
  '--record': { key: 'record', kind: 'string' },
  '--rules': { key: 'rules', kind: 'string' },
  '--refuse': { key: 'refuse', kind: 'boolean' },
  '--locale': { key: 'locale', kind: 'string' },
  '--max-body-bytes': { key: 'maxBodyBytes', kind: 'number' },
  '--timeout-secs': { key: 'timeoutSecs', kind: 'number' },
  '--quiet': { key: 'quiet', kind: 'boolean' },
  '-h': { key: 'help', kind: 'boolean' },
  '--help': { key: 'help', kind: 'boolean' },
};

/** Headers that belong to one connection, never forwarded (RFC 9110 7.6.1), and what fetch sets itself. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade',
  'host', 'content-length', 'accept-encoding']);
/** An answer's headers not passed back: the body is re-sent decoded, as one piece. */
const ANSWER_HOP = new Set([...HOP, 'content-encoding']);

/** CORS as the simulator answers it: any origin (preflights mirror what they ask), Retry-After readable. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };

/** HOST:PORT as { host, port }; throws on anything else. */
export function listenAddress(listen) {
  const cut = listen.lastIndexOf(':');
  const host = listen.slice(0, cut).replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(listen.slice(cut + 1));
  if (cut < 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--listen expects HOST:PORT, not ${JSON.stringify(listen)}`);
  return { host, port };
}

/** A request's body, at most `max` bytes (`null` past it). */
async function readBody(req, max) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > max) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Node's header object as a flat list: name, value, name, value... */
function flat(headers) {
  const out = [];
  for (const [name, value] of Object.entries(headers)) {
    for (const v of Array.isArray(value) ? value : [value]) out.push(name, String(v));
  }
  return out;
}

/**
 * Runs the proxy with `argv`; resolves once it listens, to `{ server, address,
 * stop() }` (stop prints the summary and closes), or to an exit code when it
 * cannot start (2: bad input). `io`: `{ tools, stdout, stderr, fetch }`.
 */
export async function proxyCommand(argv, { tools, stdout, stderr, fetch = globalThis.fetch }) {
  let args;
  let upstream;
  let inspector;
  try {
    args = parseArgs(argv, FLAGS);
    if (args.help) {
      stdout.write(`${PROXY_HELP}\n`);
      return 0;
    }
    if (args._.length) throw new Error(`unexpected ${JSON.stringify(args._[0])}`);
    if (!args.upstream) throw new Error('--upstream is required');
    upstream = serviceUrl('--upstream', args.upstream);
    listenAddress(args.listen ?? '127.0.0.1:8790');
    const options = { ...(args.rules !== undefined && { rules: args.rules }), refuse: Boolean(args.refuse), ...(args.locale !== undefined && { locale: args.locale }) };
    inspector = new tools.ProxyInspector(JSON.stringify(options));
    if (args.record) writeFileSync(args.record, tools.recordingHeader(upstream));
  } catch (err) {
    stderr.write(`licensing-sdk-sim proxy: ${err.message}\n`);
    return 2;
  }
  const maxBody = args.maxBodyBytes ?? 16 << 20;
  const timeoutSecs = args.timeoutSecs ?? 60;
  const log = args.quiet ? () => {} : (line) => stderr.write(`${line}\n`);
  const record = (req, body, answer, error) => {
    if (!args.record) return;
    const [path, query] = splitUrl(req.url);
    const text = body !== null && body.length > 0 ? body.toString('utf8') : undefined;
    const line = inspector.record(req.method, path, query, flat(req.headers), text,
      answer?.status ?? 0, answer ? answer.headers : [], answer?.body, error);
    appendFileSync(args.record, line);
  };
  const server = http.createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
        res.writeHead(204, {
          ...CORS,
          'access-control-allow-methods': req.headers['access-control-request-method'],
          ...(req.headers['access-control-request-headers'] ? { 'access-control-allow-headers': req.headers['access-control-request-headers'] } : {}),
          vary: 'origin, access-control-request-method, access-control-request-headers',
        }).end();
        return;
      }
      const body = await readBody(req, maxBody);
      if (body === null) {
        res.writeHead(413, { ...CORS, 'content-type': 'text/plain' }).end(`licensing-sdk-sim proxy: the body exceeds ${maxBody} bytes\n`);
        return;
      }
      const [path, query] = splitUrl(req.url);
      const seen = JSON.parse(inspector.request(req.method, path, query, flat(req.headers), body));
      for (const line of seen.lines) log(line);
      if (seen.refusal) {
        const headers = Object.fromEntries(seen.refusal.headers);
        res.writeHead(seen.refusal.status, { ...CORS, ...headers }).end(seen.refusal.body);
        record(req, body, { status: seen.refusal.status, headers: seen.refusal.headers.flat(), body: seen.refusal.body });
        return;
      }
      const headers = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      let answer;
      try {
        answer = await fetch(`${upstream}${req.url}`, {
          method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
          redirect: 'manual', signal: AbortSignal.timeout(timeoutSecs * 1000),
        });
      } catch (err) {
        const why = failure(err, timeoutSecs);
        log(`upstream ${req.method} ${path}: ${why}`);
        res.writeHead(502, { ...CORS, 'content-type': 'text/plain' }).end(`licensing-sdk-sim proxy: the upstream did not answer: ${why}\n`);
        record(req, body, null, why);
        return;
      }
      const text = await answer.text();
      if (seen.endpoint) for (const line of inspector.answer(seen.endpoint, answer.status, text)) log(line);
      const out = { ...CORS };
      const kept = [];
      answer.headers.forEach((value, name) => {
        if (ANSWER_HOP.has(name)) return;
        out[name] = value;
        kept.push(name, value);
      });
      res.writeHead(answer.status, out).end(text);
      record(req, body, { status: answer.status, headers: kept, body: text });
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`licensing-sdk-sim proxy: ${err?.message ?? err}\n`);
    }
  });
  const { host, port } = listenAddress(args.listen ?? '127.0.0.1:8790');
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (err) {
    stderr.write(`licensing-sdk-sim proxy: cannot listen on ${host}:${port}: ${err.message}\n`);
    return 2;
  }
  const { address, port: bound } = server.address();
  const shown = address.includes(':') ? `[${address}]` : address;
  stdout.write(`licensing-sdk-sim proxy listening on http://${shown}:${bound}/ -> ${upstream}\n`);
  return {
    server,
    address: `http://${shown}:${bound}`,
    stop() {
      for (const line of inspector.summaryLines()) stderr.write(`${line}\n`);
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A request target as [path, query or undefined]. */
function splitUrl(target) {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1) || undefined];
}
