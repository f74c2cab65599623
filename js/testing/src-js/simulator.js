// The JS half of `createSimulator` (licensing-sdk/testing): a standard
// `fetch(input, init) → Promise<Response>` over the in-process simulator
// (js/testing's crate, the same state machine as the native
// `licensing-sim`). Every entry (Node CommonJS and ESM, browsers, workers)
// builds its simulators with `makeSimulator(createGlue, wasmModule, options)`.
// Its time (the stamps it stores, the nonce window, faults' delays, the body
// timeout) is read from `options.clock` (createVirtualClock) when given.
import { HOLD, readClock } from './clock.js';
// The kinds sim.fault takes: licensing-sim-core's fault directives that are a fault of their own.
import { FAULT_KINDS } from '../../generated/sim-faults.js';

// Statuses whose Response may have no body (the Fetch standard's null body statuses).
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function abortError(signal) {
  const reason = signal && signal.reason;
  if (reason !== undefined) return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}

/** The real clock, in the shape createVirtualClock gives. */
const REAL_CLOCK = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle),
};

/** How often a wait on the simulator's virtual clock looks at it again (real milliseconds). */
const VIRTUAL_POLL_MS = 5;

/**
 * The clock of a simulator made with `{ clock: 'virtual' }` (`npx
 * licensing-sdk-sim --clock virtual`): its own time, moved by `POST
 * /__sim/clock`; a timer fires once that time has reached it (looked at every
 * few real milliseconds, as licensing-sim does).
 */
function simulatorVirtualClock(core) {
  const timers = new Map();
  let poll;
  let lastId = 0;
  const check = () => {
    const now = core.virtualNow;
    for (const [id, timer] of timers) {
      if (timer.due > now) continue;
      timers.delete(id);
      timer.callback();
    }
    if (timers.size === 0) {
      clearInterval(poll);
      poll = undefined;
    }
  };
  return {
    now: () => core.virtualNow,
    setTimeout(callback, ms) {
      const id = ++lastId;
      timers.set(id, { due: core.virtualNow + Math.max(0, ms), callback });
      poll ??= setInterval(check, VIRTUAL_POLL_MS);
      return id;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
  };
}

/** Waits `ms` on `clock` (a fault's delay), rejecting as fetch does when `signal` fires. */
function wait(clock, ms, signal) {
  if (!(ms > 0)) return signal && signal.aborted ? Promise.reject(abortError(signal)) : Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = clock.setTimeout(() => {
      if (signal) signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal) signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A promise that rejects (as fetch does) when `signal` fires, and never
 * resolves; its rejection is handled here, so an unused one is harmless.
 */
function abortion(signal) {
  const p = new Promise((_, reject) => {
    if (signal.aborted) reject(abortError(signal));
    else signal.addEventListener('abort', () => reject(abortError(signal)), { once: true });
  });
  p.catch(() => {});
  return p;
}

/**
 * Reads a request's body, stopping one byte past `max` (`{ bytes }` or
 * `{ tooLarge }`), or once `timeoutMs` have passed (`{ timedOut }`, the stream
 * cancelled: what is left is not read), or at the request's abort (an
 * AbortError, the stream cancelled): a body stream that never ends does not
 * hold the call.
 */
async function readBody(clock, request, max, signal, timeoutMs) {
  if (request.body === null) return { bytes: new Uint8Array(0) };
  const aborted = abortion(signal);
  let timer;
  const late = new Promise((resolve) => { timer = clock.setTimeout(() => resolve(TIMED_OUT), timeoutMs); });
  try {
    if (request.body === undefined) {
      // Firefox has no Request.body stream: the whole body at once.
      const whole = await Promise.race([request.arrayBuffer(), aborted, late]);
      if (whole === TIMED_OUT) return { timedOut: true };
      const bytes = new Uint8Array(whole);
      return bytes.byteLength > max ? { tooLarge: true } : { bytes };
    }
    const reader = request.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
      let step;
      try {
        step = await Promise.race([reader.read(), aborted, late]);
      } catch (err) {
        reader.cancel(err).catch(() => {});
        throw err;
      }
      if (step === TIMED_OUT) {
        reader.cancel().catch(() => {});
        return { timedOut: true };
      }
      const { done, value } = step;
      if (done) break;
      if (!(value instanceof Uint8Array)) {
        // As a real fetch refuses it (undici: "Received non-Uint8Array chunk"): a body stream sends bytes.
        reader.cancel().catch(() => {});
        throw new TypeError(`the request's body stream gave a ${value === null ? 'null' : typeof value} where fetch sends bytes (a Uint8Array)`);
      }
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => {});
        return { tooLarge: true };
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return { bytes };
  } finally {
    clock.clearTimeout(timer);
  }
}

/** What `readBody`'s timer resolves to. */
const TIMED_OUT = Symbol('timed out');

/**
 * The exchange's reply as a `Response`; a stalling body stays open until
 * `signal` fires. `ownStream`: the body is a stream of this realm's JavaScript
 * (read in microtasks, never a browser's task: a virtual clock's timers wait
 * for nothing else).
 */
function toResponse(exchange, signal, ownStream) {
  const headers = new Headers();
  const flat = exchange.headers;
  for (let i = 0; i + 1 < flat.length; i += 2) headers.append(flat[i], flat[i + 1]);
  const status = exchange.status;
  const bytes = exchange.body;
  let body = NULL_BODY.has(status) ? null : bytes;
  if (body !== null && ownStream && !exchange.stalls) {
    body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
  if (exchange.stalls) {
    body = new ReadableStream({
      start(controller) {
        controller.enqueue(bytes);
        if (signal) signal.addEventListener('abort', () => controller.error(abortError(signal)), { once: true });
      },
    });
  }
  return new Response(body, { status, headers });
}

/** The fields of `sim.fault`'s spec (testing.d.ts's FaultSpec). */
const FAULT_SPEC_FIELDS = ['kind', 'after', 'times', 'endpoint', 'status', 'retryAfter', 'delayMs'];

/** `sim.fault(spec)` as `x-sim-fault` directives. */
function directives(spec) {
  if (spec === null || typeof spec !== 'object') throw new TypeError(`sim.fault: expected { ${FAULT_SPEC_FIELDS.join(', ')} }`);
  // A misspelt field (`time: 3`) would otherwise be a fault other than the one meant, unsaid.
  const unknown = Object.keys(spec).find((name) => !FAULT_SPEC_FIELDS.includes(name));
  if (unknown !== undefined) throw new TypeError(`sim.fault: unknown field ${JSON.stringify(unknown)} (${FAULT_SPEC_FIELDS.join(', ')})`);
  const { kind, times = 1, status, retryAfter, delayMs, after = false } = spec;
  if (!FAULT_KINDS.includes(kind)) throw new TypeError(`sim.fault: kind must be one of ${FAULT_KINDS.join(', ')}, not ${String(kind)}`);
  if (!Number.isSafeInteger(times) || times < 1) throw new TypeError('sim.fault: times must be a whole number, 1 or more');
  if (typeof after !== 'boolean') throw new TypeError('sim.fault: after must be a boolean');
  const parts = after ? ['after'] : [];
  if (kind === 'http') {
    if (!Number.isInteger(status) || status < 100 || status > 599) throw new TypeError("sim.fault: kind 'http' needs status, an HTTP status from 100 to 599 (e.g. 503)");
    parts.push(`http=${status}`);
    if (retryAfter !== undefined) {
      // Seconds, or an HTTP date (its comma written as `_`: directives are split at `;` and `,` is kept).
      const seconds = typeof retryAfter === 'number' && Number.isSafeInteger(retryAfter) && retryAfter >= 0;
      const value = seconds ? String(retryAfter) : typeof retryAfter === 'string' ? retryAfter.replace(/,/g, '_') : '';
      if (!/^[\x20-\x7e]{1,64}$/.test(value) || value.includes(';')) throw new TypeError('sim.fault: retryAfter must be whole seconds (0 or more) or an HTTP date');
      parts.push(`retry-after=${value}`);
    }
  } else if (kind !== 'delay') {
    parts.push(kind);
  }
  if (kind === 'delay' && delayMs === undefined) throw new TypeError("sim.fault: kind 'delay' needs delayMs");
  if (delayMs !== undefined) {
    if (!Number.isSafeInteger(delayMs) || delayMs < 0) throw new TypeError('sim.fault: delayMs must be a whole number of milliseconds, 0 or more');
    parts.push(`delay=${delayMs}`);
  }
  parts.push(`times=${times}`);
  return parts.join(';');
}

/** The createSimulator options that bound its sessions, not the simulator itself (licensing-sim's session flags). */
const SESSION_LIMITS = ['maxSessions', 'maxSessionBytes', 'sessionsPerMinute', 'sessionIdleSecs'];

/** 32 random bytes: a session's id and admin token (Web Crypto: browsers, workers, Node). */
function randomBytes() {
  return globalThis.crypto.getRandomValues(new Uint8Array(32));
}

/** A request's headers, flat: name, value, name, value... */
function flatHeaders(request) {
  const headers = [];
  request.headers.forEach((value, name) => headers.push(name, value));
  return headers;
}

/**
 * A simulator in this JS realm: its own wasm instance (`createGlue()` is the
 * wasm-bindgen glue evaluated anew, `wasmModule` the compiled
 * licensing_testing_wasm_bg.wasm), with the sessions its registry makes (`POST
 * /__sim/sessions` through its fetch; each then named by `x-sim-session` or
 * `/s/ID/`, as licensing-sim's). Every decision about sessions is the
 * registry's (licensing-sim-core's sessions.rs): this routes.
 */
function makeSimulator(createGlue, wasmModule, options) {
  if (options !== undefined && (options === null || typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError('createSimulator: options must be an object');
  }
  // A clock object is this realm's (createVirtualClock); 'real' and 'virtual'
  // are the simulator's own (`--clock`: its virtual one is moved by POST /__sim/clock).
  const { clock: given, ...rest } = options ?? {};
  const limits = {};
  const coreOptions = {};
  for (const [name, value] of Object.entries(rest)) {
    // JSON writes NaN and ±Infinity as null, which reads as the option left out.
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`createSimulator: ${name} must be a finite number, not ${value}`);
    (SESSION_LIMITS.includes(name) ? limits : coreOptions)[name] = value;
  }
  if (typeof given === 'string') coreOptions.clock = given;
  const glue = createGlue();
  glue.initSync({ module: wasmModule });
  const registry = new glue.SessionsCore(JSON.stringify(coreOptions), JSON.stringify(limits));
  const mainCore = registry.main;
  const main = simulatorOver(mainCore, given);
  /** Each session's simulator, made at its first request (its clock the session's own, or real). */
  const sessions = new Map();
  const clockNow = () => main.clock.now();

  async function answerOf(exchange) {
    try {
      return toResponse(exchange, undefined, false);
    } finally {
      exchange.free();
    }
  }

  async function fetch(input, init) {
    // What to route by, the body untouched: a Request given alone is read as
    // it is (making another from it would take its body).
    const alone = input instanceof Request && init === undefined;
    const request = alone ? input : new Request(input, init);
    const url = new URL(request.url);
    registry.expire(clockNow());
    const routed = registry.target(request.method, url.pathname, flatHeaders(request));
    try {
      switch (routed.kind) {
        case 1: {
          // Refused before the body is read, and read within a spec's bound and the body timeout (as licensing-sim
          // does): a request without the token read whole grew the process by what it sent, and one never ending held.
          const refused = registry.refused(request.method, url.pathname, flatHeaders(request));
          if (refused !== undefined) return answerOf(refused);
          const timeoutMs = mainCore.bodyTimeoutMs;
          const body = await readBody(REAL_CLOCK, request, registry.maxSpecBytes, request.signal, timeoutMs);
          if (body.bytes === undefined) return answerOf(registry.bodyRefused(body.timedOut === true, timeoutMs / 1000));
          return answerOf(registry.admin(request.method, url.pathname, flatHeaders(request), body.bytes, clockNow(), randomBytes()));
        }
        case 2: {
          const core = registry.session(routed.id, clockNow());
          if (core === undefined) {
            sessions.delete(routed.id);
            return answerOf(registry.noSession(routed.id));
          }
          let session = sessions.get(routed.id);
          if (session === undefined) {
            session = simulatorOver(core, 'session');
            sessions.set(routed.id, session);
          } else {
            core.free();
          }
          // The request's own body stream (not a copy piped from it): the session reads it.
          const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
          return session.fetch(new URL(`${routed.path}${url.search}`, url), {
            method: request.method, headers: request.headers, body, signal: request.signal, duplex: 'half',
          });
        }
        case 3:
          return answerOf(routed.refusal());
        default:
          // As given: its body is read by the simulator itself, not through a copy.
          return alone || !(input instanceof Request) ? main.fetch(input, init) : main.fetch(request);
      }
    } finally {
      routed.free();
    }
  }

  return { ...main.methods, fetch };
}

/**
 * The fetch and methods of one simulator core: the simulator's own (its
 * clock `given`: a clock object, or 'real' or 'virtual'), or a session's
 * (`'session'`: its own virtual clock, else real time).
 */
function simulatorOver(core, given) {
  const own = typeof given === 'string';
  const clock = own ? (core.virtualNow === undefined ? REAL_CLOCK : simulatorVirtualClock(core))
    : readClock(given, 'createSimulator') ?? REAL_CLOCK;
  // Under its own virtual clock, reading a body stays real time (it is real I/O), as in licensing-sim.
  const bodyClock = own ? REAL_CLOCK : clock;

  async function fetch(input, init) {
    const request = new Request(input, init);
    const signal = request.signal;
    if (signal.aborted) throw abortError(signal);
    const url = new URL(request.url);
    const headers = flatHeaders(request);
    const query = url.search.length > 1 ? url.search.slice(1) : undefined;
    // A virtual clock is held while the simulator works (see clock.js), and
    // let go while it waits on that clock (a fault's delay).
    const hold = typeof clock[HOLD] === 'function' ? () => clock[HOLD]() : () => () => {};
    let release = hold();
    const waitHere = async (ms) => {
      if (!(ms > 0)) return wait(clock, 0, signal); // rejects if aborted
      release();
      try {
        await wait(clock, ms, signal);
      } finally {
        release = hold();
      }
    };
    let exchange;
    try {
      exchange = core.admit(request.method, url.pathname, query, headers, clock.now());
    } catch (err) {
      release();
      throw err;
    }
    try {
      await waitHere(exchange.delayMs);
      if (!exchange.answered) {
        const body = exchange.readsBody ? await readBody(bodyClock, request, core.maxBodyBytes, signal, core.bodyTimeoutMs) : { bytes: undefined };
        if (signal.aborted) throw abortError(signal);
        core.answer(exchange, body.bytes, body.tooLarge === true, body.timedOut === true, clock.now());
        // A fault after the work (`after`): its delay comes once the work is done.
        await waitHere(exchange.delayMs);
      }
      // No answer: fetch's own way of saying the connection failed.
      if (exchange.resets) throw new TypeError('fetch failed: the connection was reset (simulated fault)');
      return toResponse(exchange, signal, clock !== REAL_CLOCK);
    } finally {
      exchange.free();
      release();
    }
  }

  return { fetch, clock, methods: methodsOf(core) };
}

/** createSimulator's methods over a core. */
function methodsOf(core) {
  return {
    /** Empties the state: store, used nonces, faults, traces (the options stay; back to `state` if given). */
    reset() {
      core.reset();
    },
    /** The stored data as a state (`GET /__sim/state`): `createSimulator({ state })` starts from it. */
    snapshot() {
      return JSON.parse(core.snapshot());
    },
    /** `{ orders, batches, assets, customers, distinctOrderIds }`. */
    stats() {
      return JSON.parse(core.stats());
    },
    /** The requests that carried `x-sim-trace: id`, oldest first (tokens redacted). */
    trace(id) {
      return JSON.parse(core.trace(String(id)));
    },
    /** A fault for the next `times` calls (of `endpoint` only, if given). */
    fault(spec) {
      core.injectFault(directives(spec), spec.endpoint === undefined ? undefined : String(spec.endpoint));
    },
    /**
     * Makes every later answer differ from the contract as the named drifts say
     * (`sim.drift('unknown-enum', 'number-id')`; `sim.drift()`: back to the
     * contract), on top of those a request names in `x-sim-drift`.
     */
    drift(...names) {
      core.setDrifts(names.map(String));
    },
    /** The token the `/__sim/*` routes need in `x-sim-admin` (through `sim.fetch`). */
    get adminToken() {
      return core.adminToken;
    },
  };
}

/**
 * The one instance of the simulator's wasm that `checkAnswer` and `makeValid`
 * share (no simulator's state in it), made by the first call that needs it
 * (`wasmModule()` gives the compiled module, or a promise of it): async, as a
 * page's testing entry fetches the wasm. `tools(call)` answers what
 * `call(instance)` answers. A trap (a panic inside: a bug) ends a call half
 * done, what it had allocated never freed: the instance is then let go and the
 * next call makes a fresh one, so that one bug met over and over does not wear
 * out the instance every later call shares (2,047 traps of one made every later
 * `makeValid` and `checkAnswer` fail).
 */
function toolsInstance(createGlue, wasmModule) {
  let instance;
  return async function tools(call) {
    if (!instance) {
      const glue = createGlue();
      glue.initSync({ module: await wasmModule() });
      instance ??= glue;
    }
    const used = instance;
    try {
      return call(used);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError && instance === used) instance = undefined;
      throw error;
    }
  };
}

/** The error of a call the wasm trapped in (`what`: the function's name), or `error` as it is. */
function trapped(what, error) {
  if (!(error instanceof WebAssembly.RuntimeError)) return error;
  return new Error(`${what}: the wasm stopped on this input (${error.message}): a bug of licensing-sdk, please report it with the input; the next call starts afresh`, { cause: error });
}

/**
 * `checkAnswer(endpoint, status, text, options)` over the tools' instance
 * (`toolsInstance`): licensing-core's check_answer, the report as the
 * validators give theirs.
 */
function makeCheckAnswer(tools) {
  return async function checkAnswer(endpoint, status, text, options) {
    let optionsJson = '{}';
    try {
      optionsJson = JSON.stringify(options ?? {}) ?? '{}';
    } catch {
      // Options JSON cannot carry (a cycle, a BigInt) are no options, as the validators read them.
    }
    const name = typeof endpoint === 'string' ? endpoint : String(endpoint);
    const code = typeof status === 'number' ? status : Number.NaN;
    let report;
    try {
      report = await tools((instance) => instance.checkAnswer(name, code, typeof text === 'string' ? text : undefined, optionsJson));
    } catch (error) {
      throw trapped('checkAnswer', error);
    }
    return JSON.parse(report);
  };
}

export { makeSimulator, makeCheckAnswer, toolsInstance, trapped, directives, FAULT_SPEC_FIELDS };
