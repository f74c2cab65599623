// LicensingClient's calls carried out. The wasm's steps (licensing-client's
// `call`, the ones the Rust client takes too) say what to do next: ask the
// token provider, run a hook, send, sleep, or end. This loop does the waiting
// (fetch, the clock's timers, the hooks) and says how each wait ended, and
// nothing more: which step comes next, how long each wait may take, what
// each outcome means for the call and every error's words are the steps'.
// What it reports of an exchange that gave no readable answer is a fact named
// as licensing-client's `NoAnswer` names it (`failed(why, status, thrown)`).
//
// Hooks and fetch run inline here, in the one place that makes the request,
// with nothing of theirs crossing into the wasm but what they gave.

import { CallWatch, watched } from '../../shared/events.js';

/** What a stop resolves to: the attempt's timer or the caller's abort came first. */
const STOPPED = Symbol('stopped');

/** The global timers, or the `clock` option's (a test's virtual clock). */
const timersOf = (io) => io.clock ?? globalThis;

/** A property of an object; `undefined` for non-objects and for a getter or a Proxy that throws. */
function get(object, key) {
  if (object === null || typeof object !== 'object') return undefined;
  try {
    return object[key];
  } catch {
    return undefined;
  }
}

/** `object[name](...args)`, throwing whatever a getter, a missing method or the call throws. */
function callMethod(object, name, ...args) {
  const method = object[name];
  if (typeof method !== 'function') throw new TypeError(`${name} is not a function`);
  return Reflect.apply(method, object, args);
}

/** `object.cancel()` (a stream or a reader), its outcome unobserved; nothing if it throws. */
function cancelQuietly(object) {
  try {
    Promise.resolve(callMethod(object, 'cancel')).catch(() => {});
  } catch {
    // no such method, or it threw: nothing to cancel
  }
}

/**
 * Starts a timer on the client's clock, or throws what its `setTimeout`
 * threw. Returns what stops it (a clock that throws then keeps a timer that
 * can no longer do anything).
 */
function startTimer(io, ms, callback) {
  const timers = timersOf(io);
  const handle = timers.setTimeout(callback, ms);
  return () => {
    try {
      timers.clearTimeout(handle);
    } catch {
      // see above
    }
  };
}

/** Calls `listener` when `signal` fires, until the returned function is called. */
function onAbort(signal, listener) {
  if (signal === undefined) return () => {};
  signal.addEventListener('abort', listener);
  return () => signal.removeEventListener('abort', listener);
}

/** What a deadline's `reached` resolves to. */
const TIMED_OUT = Symbol('timed out');
const ABORTED = Symbol('aborted');

/**
 * A wait's end: `reached` resolves to TIMED_OUT once `ms` pass on the client's
 * clock, or to ABORTED when the caller's signal fires; `end()` stops both.
 * Throws what the clock's `setTimeout` threw.
 */
function deadline(io, ms, signal) {
  let settle;
  const reached = new Promise((resolve) => {
    settle = resolve;
  });
  const stopTimer = startTimer(io, ms, () => settle(TIMED_OUT));
  const stopListening = onAbort(signal, () => settle(ABORTED));
  return {
    reached,
    end() {
      stopTimer();
      stopListening();
    },
  };
}

/**
 * The deadline of a wait, or the call's next step when the wait cannot begin:
 * the caller's signal has fired already, or the clock's `setTimeout` threw.
 */
function startWait(io, ms, signal, call) {
  if (signal?.aborted) return { next: call.failed('aborted') };
  try {
    return { limit: deadline(io, ms, signal) };
  } catch (thrown) {
    return { next: call.failed('clockThrew', undefined, thrown) };
  }
}

/**
 * Runs the hook (or the token provider) `step` names, raced against the time
 * it is given and the caller's signal; `ended` is told how it ended
 * (licensing-client's `HookEnd`).
 */
async function runHook(hook, step, io, signal, call, ended) {
  // Called before its time starts, as the Rust client calls it: a hook that
  // throws at once has failed, whatever else has happened.
  let returned;
  try {
    returned = hook(step.event);
  } catch (thrown) {
    ended('failed');
    return call.threw(thrown);
  }
  const answer = Promise.resolve(returned).then(
    (value) => ({ value }),
    (thrown) => ({ thrown }),
  );
  const { limit, next } = startWait(io, step.ms, signal, call);
  if (limit === undefined) {
    ended('aborted');
    return next;
  }
  try {
    const outcome = await Promise.race([answer, limit.reached]);
    if (outcome === TIMED_OUT) {
      ended('timedOut');
      return call.timedOut();
    }
    if (outcome === ABORTED) {
      ended('aborted');
      return call.failed('aborted');
    }
    ended('thrown' in outcome ? 'failed' : 'ok');
    return 'thrown' in outcome ? call.threw(outcome.thrown) : call.settled(outcome.value);
  } finally {
    limit.end();
  }
}

/** A hook's end, unwatched. */
const UNWATCHED = () => {};

/** Waits `step.ms` before a retry, ended early by the caller's signal. */
async function sleep(step, io, signal, call) {
  const { limit, next } = startWait(io, step.ms, signal, call);
  if (limit === undefined) return next;
  try {
    await limit.reached;
  } finally {
    limit.end();
  }
  return signal?.aborted ? call.failed('aborted') : call.slept();
}

/**
 * The attempt's Request (redirects not followed: a 307/308 would re-send the
 * body, customer data included, to wherever `Location` points), or the fact
 * that it could not be built.
 */
function buildRequest(step, text, controller) {
  try {
    const headers = new Headers();
    for (const [name, value] of step.headers) {
      try {
        headers.set(name, value);
      } catch {
        return { why: 'headerRefused' };
      }
    }
    const request = new Request(step.url, {
      method: step.method,
      headers,
      body: step.post ? text : undefined,
      signal: controller.signal,
      redirect: 'manual',
    });
    return { request };
  } catch (thrown) {
    return { why: 'unbuildable', thrown };
  }
}

/** A header of a response's `headers`, as text; undefined when missing or when reading it throws. */
function headerOf(headers, name) {
  try {
    const value = callMethod(headers, 'get', name);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A body read whole within `maxBytes`, each read raced against the stop:
 * `{ bytes }`, a fact the steps name, or STOPPED.
 */
async function readBody(body, status, maxBytes, race) {
  let reader;
  try {
    reader = callMethod(body, 'getReader');
  } catch {
    return { why: 'bodyLocked', status };
  }
  const chunks = [];
  let size = 0;
  for (;;) {
    let next;
    try {
      next = callMethod(reader, 'read');
    } catch {
      return { why: 'bodyFailed', status };
    }
    // Stopped: the abort that came with the stop ends the body (cancelling a
    // stream the abort has errored makes Node report an unhandled
    // rejection). A read that rejects is the connection's failure.
    const chunk = await race(next);
    if (chunk === STOPPED) return STOPPED;
    if (get(chunk, 'done') === true) break;
    const value = get(chunk, 'value');
    if (!(value instanceof Uint8Array)) return { why: 'notBytes', status };
    // A copy (the stream may reuse its buffer), made by the constructor, which
    // no subclass's own methods or getters can change.
    const part = new Uint8Array(value);
    if (size + part.length > maxBytes) {
      cancelQuietly(reader);
      return { why: 'tooLarge', status };
    }
    chunks.push(part);
    size += part.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of chunks) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes };
}

/**
 * What the exchange gave: `{ status, bytes, retryAfter }`, `{ why, status }`
 * (a fact the steps name) or `{ thrown }` (the runtime failed), or STOPPED.
 * Each property of what `fetch` resolved to is read so that nothing it holds
 * can throw past here: a caller's `fetch` may return a used or locked
 * Response, a Proxy, a subclass with throwing getters, a Response of another
 * realm, or no Response at all (so no `instanceof Response`).
 */
async function exchange(step, text, io, controller, race) {
  const built = buildRequest(step, text, controller);
  if (built.request === undefined) return built;
  const custom = io.fetch;
  const response = await race(custom === undefined ? fetch(built.request) : custom(built.request));
  if (response === STOPPED) return STOPPED;
  if (response === null || typeof response !== 'object') return { why: 'notAnObject' };
  let status;
  try {
    status = response.status;
  } catch {
    return { why: 'statusThrew' };
  }
  if (!Number.isInteger(status) || status < 0 || status > 999) return { why: 'noStatus' };
  const opaqueRedirect = get(response, 'type') === 'opaqueredirect';
  const headers = get(response, 'headers');
  const length = headerOf(headers, 'content-length')?.trim();
  const contentLength = length !== undefined && /^\+?[0-9]+$/.test(length) ? Number(length) : undefined;
  const retryAfter = headerOf(headers, 'retry-after');
  let body;
  try {
    body = response.body;
  } catch {
    return { why: 'bodyThrew', status };
  }
  if (opaqueRedirect) return { why: 'redirect' };
  if (status >= 300 && status < 400) return { why: 'redirect', status };
  if (body === null || body === undefined) return { status, bytes: new Uint8Array(0), retryAfter };
  if (contentLength !== undefined && contentLength > step.maxBytes) {
    cancelQuietly(body);
    return { why: 'tooLarge', status };
  }
  const read = await readBody(body, status, step.maxBytes, race);
  if (read === STOPPED || read.bytes === undefined) return read;
  return { status, bytes: read.bytes, retryAfter };
}

/**
 * Sends one attempt within `step.ms`, ended by the caller's signal too. Every
 * step of the exchange is raced against one stop (its timer or the abort), so
 * the attempt ends on time whatever the runtime does with the abort signal:
 * Node's fetch follows a request's signal through a weak reference, and a
 * body that never finishes may ignore it after a garbage collection.
 */
async function send(step, text, io, signal, call) {
  const { limit, next } = startWait(io, step.ms, signal, call);
  if (limit === undefined) return next;
  const controller = new AbortController();
  let timedOut = false;
  const stop = limit.reached.then((why) => {
    timedOut = why === TIMED_OUT;
    controller.abort();
    return STOPPED;
  });
  const race = (value) => Promise.race([value, stop]);
  let outcome;
  try {
    outcome = await exchange(step, text, io, controller, race);
  } catch (thrown) {
    outcome = { thrown };
  } finally {
    limit.end();
  }
  if (signal?.aborted) return call.failed('aborted');
  // The runtime's own failure after the timer fired is the timeout's doing.
  if (outcome === STOPPED || (timedOut && 'thrown' in outcome)) return call.failed('timedOut');
  if ('thrown' in outcome) return call.failed('network', undefined, outcome.thrown);
  if ('why' in outcome) return call.failed(outcome.why, outcome.status, outcome.thrown);
  return call.answered(outcome.status, outcome.bytes, outcome.retryAfter);
}

/**
 * One call of `client` (a wasm LicensingClient): the body as routing.js's
 * `serialize` gave it (`text`, and `detail`: where it held NaN or ±Infinity,
 * or what JSON.stringify threw when `text` is undefined). Resolves to the
 * answer's payload; rejects with a LicensingError. With `__checkOnly` in the
 * options, only validates (licensing-sdk/outbox).
 */
export async function callService(client, endpoint, text, detail, callOptions) {
  // Watched (./events.js): every hook step is taken, so that its event is told.
  const watching = watched();
  const call = client.__begin(endpoint, text, detail, callOptions, watching);
  if (call === undefined) return undefined;
  try {
    const io = client.__io;
    const signal = call.signal;
    const watch = watching ? new CallWatch(io, endpoint) : undefined;
    let step = call.start();
    for (;;) {
      watch?.shown(step);
      switch (step.step) {
        case 'done':
          return step.data;
        case 'failed':
          throw step.error;
        case 'send':
          step = await send(step, text, io, signal, call);
          break;
        case 'sleep':
          step = await sleep(step, io, signal, call);
          break;
        default: {
          // A hook or the token provider, named as the step that calls it;
          // none when the step is taken only to be watched.
          const hook = io[step.step];
          const taken = step;
          const ended = watch === undefined ? UNWATCHED : (how) => watch.hookEnded(taken, how);
          step = hook === undefined ? call.settled(undefined) : await runHook(hook, step, io, signal, call, ended);
        }
      }
    }
  } finally {
    call.free();
  }
}
