#!/usr/bin/env node
// `npx licensing-sdk-sim`: the in-process simulator of licensing-sdk/testing
// served over HTTP by Node alone (no Rust), with the options, faults, drifts,
// admin routes and CORS of the native `licensing-sim`. The HTTP layer is all
// this file does: every answer is the simulator's (sim.fetch). Its commands
// `proxy` (src/cli/proxy.js) and `state` (src/cli/state.js) drive the tools
// that meet a real service (../tools.cjs).
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createSimulator } from '../testing-node.mjs';
import toolsModule from '../tools.cjs';
import { proxyCommand } from '../src/cli/proxy.js';
import { stateCommand } from '../src/cli/state.js';

const HELP = `licensing-sdk-sim: the Licensing Order and Activity Service simulator over HTTP (Node)

Usage: npx licensing-sdk-sim [OPTIONS]
       npx licensing-sdk-sim proxy --upstream URL [OPTIONS]   a checking, recording proxy (proxy --help)
       npx licensing-sdk-sim state --from-recording FILE      a state from a recording (state --help)

Options:
  --listen HOST:PORT          Address to listen on [default: 127.0.0.1:8787]; port 0 picks a free one
  --token TOKEN=SCOPES        An accepted bearer token and its comma-separated scopes
                              (auth_order, auth_activity). Repeatable. Without it the
                              development tokens are accepted
  --activities FILE           JSON file of activities; without it a built-in sample set
  --rules PROFILE             Which requests are refused: spec, recommended or strict [default: recommended]
  --seed N                    Where the id and asset number sequences start [default: 0]
  --state FILE                JSON file of a simulator state (GET /__sim/state, sim.snapshot()):
                              the stored data to start from, and to return to on reset
  --nonce-window-secs N       How long a used g_nonce is refused [default: 600]
  --max-body-bytes N          Largest request body accepted [default: 1048576]
  --max-shellnums N           Most asset numbers one shellnums call may ask for [default: 1000]
  --max-delete-pairs N        Most (asset number, product) pairs of one batch's delete_product orders [default: 250000]
  --max-answer-bytes N        Largest listAssets answer, in bytes of JSON [default: 33554432]
  --max-state-bytes N         Largest --state file read (a larger one is refused before it
                              is read) [default: 67108864]
  --header-timeout-secs N     Seconds a client has to send a request's headers; an idle
                              keep-alive connection is closed after as long [default: 10]
  --body-timeout-secs N       Seconds a client has to send a request's body [default: 30]
  --write-timeout-secs N      Seconds an answer's writes may make no progress [default: 30]
  --admin-token TOKEN         The token /__sim/* routes require in x-sim-admin; without it a
                              random one is made and printed at start
  --drift NAME                Differ from the contract on purpose, as a real service may:
                              renamed-field, missing-field, extra-field, unknown-enum,
                              number-id, http-200-refusal, activity-order-envelope,
                              nonce-replay-accepted, scope-not-enforced,
                              inferred-rules-not-enforced. Repeatable; a request adds its
                              own with the x-sim-drift header
  --quiet                     No request log on stderr
  -h, --help                  Print this help

Development tokens (when no --token is given): dev-order-token (auth_order),
dev-activity-token (auth_activity), dev-all-token (both).
Faults: the x-sim-fault request header, or POST /__sim/fault (their directives: the
repository's crates/licensing-sim/README.md, "Fault injection").`;

/** The default of --max-state-bytes: the simulator's (licensing_sim_core::DEFAULT_MAX_STATE_BYTES). */
const DEFAULT_MAX_STATE_BYTES = 64 << 20;

/** Options of createSimulator, by flag: [option name, how its value is read]. */
const NUMBER = (flag, text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag} expects a whole number, not ${JSON.stringify(text)}`);
  return n;
};
const FLAGS = {
  '--rules': ['rules', (flag, text) => text],
  '--seed': ['seed', NUMBER],
  // The text as it is (read once the options are all known: its size is
  // bounded first): the simulator checks it whole and says what is wrong, and where.
  '--state': ['state', (flag, file) => ({ file })],
  '--nonce-window-secs': ['nonceWindowSecs', NUMBER],
  '--max-body-bytes': ['maxBodyBytes', NUMBER],
  '--max-shellnums': ['maxShellnums', NUMBER],
  '--max-delete-pairs': ['maxDeletePairs', NUMBER],
  '--max-answer-bytes': ['maxAnswerBytes', NUMBER],
  '--max-state-bytes': ['maxStateBytes', NUMBER],
  // The simulator reads a request's body within it (sim.fetch), as licensing-sim does.
  '--body-timeout-secs': ['bodyTimeoutSecs', NUMBER],
  '--admin-token': ['adminToken', (flag, text) => text],
  '--drift': ['drift', (flag, text, before = []) => [...before, text]],
  '--activities': ['activities', (flag, file) => JSON.parse(readFileSync(file, 'utf8'))],
};

/** The connection bounds, by flag (seconds). */
const TIMEOUTS = {
  '--header-timeout-secs': 'headerTimeoutSecs',
  '--write-timeout-secs': 'writeTimeoutSecs',
};

/** The command line as { listen, quiet, options, …Secs }; throws on anything it does not know. */
function parseArgs(argv) {
  const out = {
    listen: '127.0.0.1:8787', quiet: false, help: false, options: {},
    headerTimeoutSecs: 10, writeTimeoutSecs: 30,
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') && !argv[i].startsWith('--token=')
      ? [argv[i].slice(0, argv[i].indexOf('=')), argv[i].slice(argv[i].indexOf('=') + 1)]
      : [argv[i], undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
      return argv[++i];
    };
    if (flag === '-h' || flag === '--help') out.help = true;
    else if (flag === '--quiet') out.quiet = true;
    else if (flag === '--listen') out.listen = value();
    else if (TIMEOUTS[flag]) out[TIMEOUTS[flag]] = NUMBER(flag, value());
    else if (flag === '--token' || flag.startsWith('--token=')) {
      const spec = flag.startsWith('--token=') ? flag.slice('--token='.length) : value();
      const at = spec.indexOf('=');
      if (at <= 0) throw new Error(`--token expects TOKEN=SCOPES, not ${JSON.stringify(spec)}`);
      (out.options.tokens ??= {})[spec.slice(0, at)] = spec.slice(at + 1).split(',').filter(Boolean);
    } else if (FLAGS[flag]) {
      const [name, read] = FLAGS[flag];
      out.options[name] = read(flag, value(), out.options[name]);
    } else {
      throw new Error(`unknown argument ${JSON.stringify(argv[i])} (--help lists the options)`);
    }
  }
  return out;
}

/** CORS as licensing-sim answers it: any origin (preflights mirror what they ask), Retry-After readable. */
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'retry-after' };

/**
 * A request's target as the simulator reads it: a path and its query. An
 * absolute-form target (`GET http://host/path HTTP/1.1`, what a client speaks
 * to a proxy) names the same path, as licensing-sim reads it; the Host header
 * plays no part.
 */
function target(url) {
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

/**
 * A request's body as a stream the simulator reads (within its size and time
 * bounds), pausing the socket while it does not: when it stops reading (a
 * body past the limit, a body too slow) the rest is never read, and the
 * connection is closed once the refusal is sent.
 */
function bodyStream(req, state) {
  return new ReadableStream({
    start(controller) {
      req.on('data', (chunk) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if (controller.desiredSize <= 0) req.pause();
      });
      req.once('end', () => {
        state.whole = true;
        controller.close();
      });
      req.once('error', (err) => controller.error(err));
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.pause();
    },
  }, { highWaterMark: 4 });
}

/** Serves `sim` on `listen` (HOST:PORT); resolves to `{ server, stop }` once it listens. */
async function serve(sim, { listen, log, limits }) {
  const cut = listen.lastIndexOf(':');
  const host = listen.slice(0, cut).replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(listen.slice(cut + 1));
  if (cut < 0 || !Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--listen expects HOST:PORT, not ${JSON.stringify(listen)}`);
  let stopping = false;
  const server = http.createServer({
    // licensing-sim's bounds, at their values: Node checks its header timeout
    // only every connectionsCheckingInterval (30 s by default), so four times a
    // second here. An idle keep-alive connection is closed after as long as
    // the headers may take; a request's body is bounded by the simulator itself
    // (bodyTimeoutSecs, answered 13004 as licensing-sim answers it), so Node's
    // whole-request timeout is off.
    connectionsCheckingInterval: 250,
    headersTimeout: limits.headerTimeoutMs,
    requestTimeout: 0,
    keepAliveTimeout: limits.headerTimeoutMs,
  }, async (req, res) => {
    const started = Date.now();
    // While stopping, each connection ends with its answer.
    if (stopping) res.setHeader('connection', 'close');
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
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const body = { whole: !hasBody };
      const request = new Request(`http://licensing.test${target(req.url)}`, {
        method: req.method, headers, body: hasBody ? bodyStream(req, body) : undefined, duplex: 'half',
      });
      let answer;
      try {
        answer = await sim.fetch(request);
      } catch {
        // A `reset` fault: no answer, the connection is cut (as licensing-sim does).
        req.socket.destroy();
        log(`${req.method} ${req.url} -> reset`);
        return;
      }
      const out = { ...CORS };
      answer.headers.forEach((value, name) => { out[name] = value; });
      // A body the simulator stopped reading is never read to its end: the
      // connection closes once the answer is sent (licensing-sim does the same).
      if (!body.whole) {
        out.connection = 'close';
        res.once('finish', () => req.socket.destroy());
      }
      res.writeHead(answer.status, out);
      if (answer.body) {
        const reader = answer.body.getReader();
        res.on('close', () => reader.cancel().catch(() => {}));
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (!res.write(value)) await new Promise((r) => res.once('drain', r));
        }
      }
      res.end();
      log(`${req.method} ${req.url} -> ${answer.status} (${Date.now() - started} ms)`);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`licensing-sdk-sim: ${err?.message ?? err}`);
    }
  });
  // An answer's writes may stall writeTimeout before the connection is closed.
  server.on('connection', (socket) => socket.setTimeout(limits.writeTimeoutMs, () => socket.destroy()));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  /**
   * A graceful stop: no new connection, idle ones closed, the requests in
   * flight answered (each connection then closes); after STOP_GRACE_MS the
   * rest are cut. Resolves once every connection is gone.
   */
  const stop = () => new Promise((resolve) => {
    stopping = true;
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS).unref();
  });
  return { server, stop };
}

/** How long requests in flight may take to finish once stopped (licensing_sim::STOP_GRACE). */
const STOP_GRACE_MS = 10_000;

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const io = { stdout: process.stdout, stderr: process.stderr };
  if (command === 'state') {
    process.exitCode = await stateCommand(rest, { ...io, tools: toolsModule.tools() });
    return;
  }
  if (command === 'proxy') {
    const proxy = await proxyCommand(rest, { ...io, tools: toolsModule.tools() });
    if (typeof proxy === 'number') {
      process.exitCode = proxy;
      return;
    }
    const stop = () => proxy.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`licensing-sdk-sim: ${err.message}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const made = args.options.adminToken === undefined;
  const { state } = args.options;
  let text;
  if (state) {
    try {
      // Bounded before it is read, as licensing-sim does.
      const max = args.options.maxStateBytes ?? DEFAULT_MAX_STATE_BYTES;
      const { size } = statSync(state.file);
      if (size > max) throw new Error(`simulator state: ${size} bytes of JSON, more than the ${max} a simulator reads (maxStateBytes, --max-state-bytes)`);
      text = readFileSync(state.file, 'utf8');
    } catch (err) {
      throw new Error(`${state.file}: ${err.message}`);
    }
  }
  const options = { ...args.options, state: text, adminToken: args.options.adminToken ?? randomBytes(16).toString('hex') };
  const sim = await createSimulator(options).catch((err) => {
    // Which file, as licensing-sim says it.
    throw state && /^simulator state:/.test(err.message) ? new Error(`${state.file}: ${err.message}`) : err;
  });
  const log = args.quiet ? () => {} : (line) => process.stderr.write(`${line}\n`);
  const limits = {
    headerTimeoutMs: args.headerTimeoutSecs * 1000,
    writeTimeoutMs: args.writeTimeoutSecs * 1000,
  };
  const { server, stop: stopServing } = await serve(sim, { listen: args.listen, log, limits });
  // Before the address is printed: whoever waits for it may stop us at once.
  const stop = () => stopServing().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const { address, port } = server.address();
  const shown = address.includes(':') ? `[${address}]` : address;
  process.stdout.write(`licensing-sdk-sim listening on http://${shown}:${port}/\n`);
  if (made) process.stdout.write(`admin token (x-sim-admin): ${options.adminToken}\n`);
}

main().catch((err) => {
  process.stderr.write(`licensing-sdk-sim: ${err?.message ?? err}\n`);
  process.exit(1);
});
