// `npx licensing-sdk-sim`: the in-process simulator of licensing-sdk/testing
// served over HTTP by Node alone (no Rust), with the options, faults, drifts,
// admin routes and CORS of the native `licensing-sim`. The HTTP is all this
// file does: every answer is the simulator's (sim.fetch), within the bounds
// licensing-sim keeps on a connection (http.js). Its options are
// licensing-sim's (js/generated/sim-flags.js), read by args.js.
import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { optionLines, parseArgs } from './args.js';
import { answeredPreflight, boundedServer, CORS, listenAddress, listenOn, shownAddress, simFlag, target } from './http.js';
import { SIM_FLAGS } from '../../generated/sim-flags.js';
import { FAULT_HELP_LINES } from '../../generated/sim-faults.js';

/**
 * licensing-sim's options this shell has not: static files (any static
 * server serves them next to this one; CORS lets a page reach it).
 */
const NATIVE_ONLY = new Set(['--static', '--store']);
const OPTIONS = SIM_FLAGS.filter((o) => !NATIVE_ONLY.has(o.flag));

/** The help: licensing-sim's options (js/generated/sim-flags.js), with its words and defaults. */
export const SIM_HELP = `licensing-sdk-sim: the Licensing Order and Activity Service simulator over HTTP (Node)

Usage: npx licensing-sdk-sim [OPTIONS]
       npx licensing-sdk-sim proxy --upstream URL [OPTIONS]   a checking, recording proxy (proxy --help)
       npx licensing-sdk-sim state --from-recording FILE      a state from a recording (state --help)

Options (licensing-sim's${[...NATIVE_ONLY].map((f) => `, but ${f}`).join('')}):
${optionLines([...OPTIONS.map((o) => [`${o.flag}${o.value ? ` ${o.value}` : ''}`, `${o.help}${o.default !== null ? ` [default: ${o.default}]` : ''}`]),
    ['-h, --help', 'Print this help']], 30).join('\n')}

Development tokens (when no --token is given): dev-order-token (auth_order),
dev-activity-token (auth_activity), dev-all-token (both).
Faults (for client tests): the x-sim-fault request header, or POST /__sim/fault
?fault=DIRECTIVES, directives separated by \`;\`:
${FAULT_HELP_LINES.trimEnd()}`;

/** `--max-body-bytes` → `maxBodyBytes`: createSimulator's option of a flag. */
const optionName = (flag) => flag.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());

/**
 * The options read otherwise than as their kind: `--token` into
 * createSimulator's `tokens`, `--activities` read (and parsed) as it comes.
 * `--state` is kept as its file's name, read once the options are all known
 * (its size bounded first): the simulator checks it whole and says what is
 * wrong, and where.
 */
const READERS = {
  '--token': {
    key: 'tokens',
    read: (spec, tokens = {}) => {
      const at = spec.indexOf('=');
      if (at <= 0) throw new Error(`--token expects TOKEN=SCOPES, not ${JSON.stringify(spec)}`);
      return { ...tokens, [spec.slice(0, at)]: spec.slice(at + 1).split(',').filter(Boolean) };
    },
  },
  '--activities': { key: 'activities', read: readActivities },
};

/** The `--activities` file's JSON; an error names the file. */
function readActivities(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`--activities ${file}: ${err.message}`);
  }
}

/** How args.js reads an option: a number where its default is one, a list where it repeats. */
function kindOf(option) {
  if (option.value === null) return 'boolean';
  if (option.default !== null && /^[0-9]+$/.test(option.default)) return 'number';
  return option.repeats ? 'list' : 'string';
}

/** `-h`, and `--help` whatever follows its `=`. */
const HELP = { key: 'help', kind: 'boolean', read: () => true };

/** The table args.js reads the command line with, each option under createSimulator's name for it. */
const FLAGS = {
  ...Object.fromEntries(OPTIONS.map((o) => [o.flag, { key: optionName(o.flag), kind: kindOf(o), ...READERS[o.flag] }])),
  ...Object.fromEntries([...NATIVE_ONLY].map((flag) => [flag, { unknown: 'licensing-sim has it; this shell does not' }])),
  '-h': HELP,
  '--help': HELP,
};

/** A licensing-sim default that is a number. */
const numberDefault = (flag) => Number(simFlag(flag).default);

/**
 * The command line as `{ help, listen, quiet, headerTimeoutSecs,
 * writeTimeoutSecs, state, options }`: `options` what createSimulator is
 * given (the connection bounds and the address are this shell's; the
 * simulator bounds a body itself). Throws on anything it does not know.
 */
function readArgs(argv) {
  const {
    _, help = false, listen = simFlag('--listen').default, quiet = false, state,
    headerTimeoutSecs = numberDefault('--header-timeout-secs'), writeTimeoutSecs = numberDefault('--write-timeout-secs'), ...options
  } = parseArgs(argv, FLAGS, { words: false });
  listenAddress(listen); // a usage error (2) here, not a failed start (1)
  return { help, listen, quiet, headerTimeoutSecs, writeTimeoutSecs, state, options };
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

/** The methods the Fetch standard forbids a Request to have. */
const FETCH_FORBIDDEN = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Answers `req` with the simulator's answer (every answer is sim.fetch's), and logs it. */
async function answer(sim, req, res, log) {
  const started = Date.now();
  try {
    if (answeredPreflight(req, res)) return;
    if (FETCH_FORBIDDEN.has(req.method)) {
      // No Request carries them, so the simulator never sees one: said so, not a 500 with the runtime's words.
      res.writeHead(501, { ...CORS, 'content-type': 'text/plain' });
      res.end(`licensing-sdk-sim: a ${req.method} request is not served (fetch cannot carry it; the service's endpoints are POST and GET)`);
      log(`${req.method} ${req.url} -> 501`);
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

/** `--state FILE`'s text, bounded before it is read, as licensing-sim does. */
function stateText(file, maxStateBytes = numberDefault('--max-state-bytes')) {
  try {
    const { size } = statSync(file);
    if (size > maxStateBytes) throw new Error(`simulator state: ${size} bytes of JSON, more than the ${maxStateBytes} a simulator reads (maxStateBytes, --max-state-bytes)`);
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`${file}: ${err.message}`);
  }
}

/** The simulator made and served as the command line says; resolves once it listens. */
async function start(args, { createSimulator, stdout, stderr, serving }) {
  const made = args.options.adminToken === undefined;
  const { state: file } = args;
  const options = {
    ...args.options, state: file === undefined ? undefined : stateText(file, args.options.maxStateBytes),
    adminToken: args.options.adminToken ?? randomBytes(16).toString('hex'),
  };
  const sim = await createSimulator(options).catch((err) => {
    // Which file, as licensing-sim says it.
    throw file !== undefined && /^simulator state:/.test(err.message) ? new Error(`${file}: ${err.message}`) : err;
  });
  const log = args.quiet ? () => {} : (line) => stderr.write(`${line}\n`);
  const limits = {
    headerTimeoutMs: args.headerTimeoutSecs * 1000,
    writeTimeoutMs: args.writeTimeoutSecs * 1000,
  };
  const { server, stop } = await serve(sim, { listen: args.listen, log, limits });
  const served = { server, address: shownAddress(server), stop };
  // Before the address is printed: whoever waits for it may stop us at once.
  serving(served);
  stdout.write(`licensing-sdk-sim listening on ${served.address}/\n`);
  if (made) stdout.write(`admin token (x-sim-admin): ${options.adminToken}\n`);
  return served;
}

/**
 * Runs the simulator with `argv`; resolves once it listens, to `{ server,
 * address, stop() }` (stop ends it gracefully), or to an exit code (0: help;
 * 1: it could not start; 2: bad input). `serving(served)` is called once it
 * listens, before its address is printed: whoever waits for the address may
 * stop it at once, so a stop (on a signal) is armed there. `io`: `{
 * createSimulator, stdout, stderr, serving }`.
 */
export async function simCommand(argv, { createSimulator, stdout, stderr, serving = () => {} }) {
  let args;
  try {
    args = readArgs(argv);
  } catch (err) {
    stderr.write(`licensing-sdk-sim: ${err.message}\n`);
    return 2;
  }
  if (args.help) {
    stdout.write(`${SIM_HELP}\n`);
    return 0;
  }
  try {
    return await start(args, { createSimulator, stdout, stderr, serving });
  } catch (err) {
    stderr.write(`licensing-sdk-sim: ${err?.message ?? err}\n`);
    return 1;
  }
}
