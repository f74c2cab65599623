#!/usr/bin/env node
// `npx licensing-sdk-sim`: the in-process simulator of licensing-sdk/testing
// served over HTTP by Node alone (no Rust), with the options, faults, drifts,
// admin routes and CORS of the native `licensing-sim`. The HTTP layer is all
// this file does: every answer is the simulator's (sim.fetch). Its commands
// `proxy` (src/cli/proxy.js) and `state` (src/cli/state.js) drive the tools
// that meet a real service (../tools.cjs).
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createSimulator } from '../testing-node.mjs';
import toolsModule from '../tools.cjs';
import { optionLines } from '../src/cli/args.js';
import { answeredPreflight, boundedServer, CORS, listenAddress, listenOn, shownAddress, target } from '../src/cli/http.js';
import { proxyCommand } from '../src/cli/proxy.js';
import { stateCommand } from '../src/cli/state.js';

import { SIM_FLAGS } from '../generated/sim-flags.js';

/**
 * licensing-sim's options this shell has not: static files (any static
 * server serves them next to this one; CORS lets a page reach it).
 */
const NATIVE_ONLY = new Set(['--static']);
const OPTIONS = SIM_FLAGS.filter((o) => !NATIVE_ONLY.has(o.flag));
const byFlag = Object.fromEntries(OPTIONS.map((o) => [o.flag, o]));

/** The help: licensing-sim's options (js/generated/sim-flags.js), with its words and defaults. */
function help() {
  const INDENT = 30;
  const rows = [...OPTIONS.map((o) => [`--${o.flag.slice(2)}${o.value ? ` ${o.value}` : ''}`, `${o.help}${o.default !== null ? ` [default: ${o.default}]` : ''}`]),
    ['-h, --help', 'Print this help']];
  const options = optionLines(rows, INDENT);
  return `licensing-sdk-sim: the Licensing Order and Activity Service simulator over HTTP (Node)

Usage: npx licensing-sdk-sim [OPTIONS]
       npx licensing-sdk-sim proxy --upstream URL [OPTIONS]   a checking, recording proxy (proxy --help)
       npx licensing-sdk-sim state --from-recording FILE      a state from a recording (state --help)

Options (licensing-sim's${[...NATIVE_ONLY].map((f) => `, but ${f}`).join('')}):
${options.join('\n')}

Development tokens (when no --token is given): dev-order-token (auth_order),
dev-activity-token (auth_activity), dev-all-token (both).
Faults: the x-sim-fault request header, or POST /__sim/fault (their directives: the
repository's crates/licensing-sim/README.md, "Fault injection").`;
}

/** A whole number (a byte count, seconds, a seed). */
const NUMBER = (flag, text) => {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${flag} expects a whole number, not ${JSON.stringify(text)}`);
  return n;
};

/** `--max-body-bytes` → `maxBodyBytes`: createSimulator's option of a flag. */
const optionName = (flag) => flag.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/**
 * The options this shell reads itself rather than passing createSimulator the
 * flag's value (as a number where its default is one, a list where it repeats).
 */
const SHELL = {
  '--listen': (out, text) => { out.listen = text; },
  '--quiet': (out) => { out.quiet = true; },
  '--token': (out, spec) => {
    const at = spec.indexOf('=');
    if (at <= 0) throw new Error(`--token expects TOKEN=SCOPES, not ${JSON.stringify(spec)}`);
    (out.options.tokens ??= {})[spec.slice(0, at)] = spec.slice(at + 1).split(',').filter(Boolean);
  },
  // The connection bounds are this shell's (the simulator bounds the body itself).
  '--header-timeout-secs': (out, text, flag) => { out.headerTimeoutSecs = NUMBER(flag, text); },
  '--write-timeout-secs': (out, text, flag) => { out.writeTimeoutSecs = NUMBER(flag, text); },
  // The text as it is (read once the options are all known: its size is
  // bounded first): the simulator checks it whole and says what is wrong, and where.
  '--state': (out, file) => { out.options.state = { file }; },
  '--activities': (out, file) => { out.options.activities = JSON.parse(readFileSync(file, 'utf8')); },
};

/** An option's value as createSimulator takes it. */
function read(out, option, text) {
  const name = optionName(option.flag);
  const value = option.default !== null && /^[0-9]+$/.test(option.default) ? NUMBER(option.flag, text) : text;
  out.options[name] = option.repeats ? [...(out.options[name] ?? []), value] : value;
}

/** The defaults of the options this shell reads itself. */
const defaultOf = (flag) => byFlag[flag].default;

/** The command line as { listen, quiet, options, …Secs }; throws on anything it does not know. */
function parseArgs(argv) {
  const out = {
    listen: defaultOf('--listen'), quiet: false, help: false, options: {},
    headerTimeoutSecs: NUMBER('--header-timeout-secs', defaultOf('--header-timeout-secs')),
    writeTimeoutSecs: NUMBER('--write-timeout-secs', defaultOf('--write-timeout-secs')),
  };
  for (let i = 0; i < argv.length; i++) {
    const eq = argv[i].startsWith('--') ? argv[i].indexOf('=') : -1;
    const [flag, inline] = eq > 0 ? [argv[i].slice(0, eq), argv[i].slice(eq + 1)] : [argv[i], undefined];
    if (flag === '-h' || flag === '--help') {
      out.help = true;
      continue;
    }
    const option = byFlag[flag];
    if (!option) {
      const why = NATIVE_ONLY.has(flag) ? ' (licensing-sim has it; this shell does not)' : ' (--help lists the options)';
      throw new Error(`unknown argument ${JSON.stringify(argv[i])}${why}`);
    }
    let text;
    if (option.value !== null) {
      if (inline !== undefined) text = inline;
      else if (i + 1 < argv.length) text = argv[++i];
      else throw new Error(`${flag} needs a value`);
    } else if (inline !== undefined) throw new Error(`${flag} takes no value`);
    if (SHELL[flag]) SHELL[flag](out, text, flag);
    else read(out, option, text);
  }
  return out;
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

/** Answers `req` with the simulator's answer (every answer is sim.fetch's), and logs it. */
async function answer(sim, req, res, log) {
  const started = Date.now();
  try {
    if (answeredPreflight(req, res)) return;
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
    await streamBody(answer, res);
    log(`${req.method} ${req.url} -> ${answer.status} (${Date.now() - started} ms)`);
  } catch (err) {
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`licensing-sdk-sim: ${err?.message ?? err}`);
  }
}

/** Writes an answer's body to `res` as it comes, as fast as the client reads it, and ends it. */
async function streamBody(answer, res) {
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
}

/**
 * Serves `sim` on `listen` (HOST:PORT) within licensing-sim's bounds
 * (`limits`); resolves to `{ server, stop }` once it listens.
 */
async function serve(sim, { listen, log, limits }) {
  const { host, port } = listenAddress(listen);
  const served = boundedServer((req, res) => answer(sim, req, res, log), limits);
  await listenOn(served.server, host, port);
  return served;
}

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
    process.stdout.write(`${help()}\n`);
    return;
  }
  const made = args.options.adminToken === undefined;
  const { state } = args.options;
  let text;
  if (state) {
    try {
      // Bounded before it is read, as licensing-sim does.
      const max = args.options.maxStateBytes ?? NUMBER('--max-state-bytes', defaultOf('--max-state-bytes'));
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
  process.stdout.write(`licensing-sdk-sim listening on ${shownAddress(server)}/\n`);
  if (made) process.stdout.write(`admin token (x-sim-admin): ${options.adminToken}\n`);
}

main().catch((err) => {
  process.stderr.write(`licensing-sdk-sim: ${err?.message ?? err}\n`);
  process.exit(1);
});
