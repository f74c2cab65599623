// The package's event stream: what each LicensingClient call and each outbox
// job did, for a tool that watches (a devtools panel, spans, a log) without
// wiring each hook. The calls' events are licensing-client's (`CallEvent`):
// the steps of `call` announce them, in the order the Rust client's
// `on_event` is told them (crates/licensing-client/tests/hook-scenarios.json
// holds both carriers to the same lines).
//
// One set of watchers per page, worker or Node process, kept on globalThis
// under a registered symbol, so that every copy of the package loaded there
// (its ESM and CommonJS builds, the outbox's own bundle) tells the same
// watchers. Nothing is made, and no hook step taken, while no one watches.

const KEY = Symbol.for('licensing-sdk.events');

/** The watchers and the calls' count, shared by every copy of the package. */
function shared() {
  let state = globalThis[KEY];
  if (state === undefined) {
    state = { watchers: new Set(), calls: 0 };
    Object.defineProperty(globalThis, KEY, { value: state });
  }
  return state;
}

/**
 * Calls `watcher` with every event from now on; returns what stops it. What
 * a watcher throws is its own: the call and the other watchers go on.
 */
export function watch(watcher) {
  if (typeof watcher !== 'function') throw new TypeError('watch: a function is required');
  const { watchers } = shared();
  // Its own entry: the same function watching twice is told twice, and stopped once each.
  const entry = (event) => watcher(event);
  watchers.add(entry);
  return () => {
    watchers.delete(entry);
  };
}

/** Whether anyone watches. */
export function watched() {
  return globalThis[KEY] !== undefined && globalThis[KEY].watchers.size > 0;
}

/**
 * Tells every watcher `event`, frozen: they share it, and one that edited it
 * (took its `url` out, say) changed what the others, the panel and the spans
 * read. An event's `error` is the one `onError` is given, as it was.
 */
export function tell(event) {
  Object.freeze(event);
  for (const watcher of [...shared().watchers]) {
    try {
      ignoreRejection(watcher(event));
    } catch {
      // see watch()
    }
  }
}

/**
 * What an `async` watcher (or hook whose outcome is not waited for) rejects
 * with is its own, as what a plain one throws is: observed here, or Node
 * ends the process on the unhandled rejection (a log shipper's
 * `watch(async (e) => send(e))` whose backend is down).
 */
export function ignoreRejection(value) {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
  try {
    const then = value.then;
    if (typeof then === 'function') Reflect.apply(then, value, [undefined, () => {}]);
  } catch {
    // a thenable whose `then` throws: nothing was started that could reject
  }
}

/** The clock's reading (the `clock` option's, else Date.now()); undefined when it throws or is not finite. */
function nowOf(io) {
  try {
    const ms = io.clock === undefined ? Date.now() : io.clock.now();
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One watched call: it tells the watchers what each step shows before its
 * wait (licensing-client's `Action::shown`), how each of the caller's hooks
 * ended, and the end.
 */
export class CallWatch {
  constructor(io, endpoint) {
    this.io = io;
    this.endpoint = endpoint;
    this.number = ++shared().calls;
    /** Attempts handed to the network (the `send` steps carried out). */
    this.sends = 0;
    this.tell('call', {});
  }

  tell(type, fields) {
    tell({ type, call: this.number, endpoint: this.endpoint, at: nowOf(this.io), ...fields });
  }

  /** What `step` shows before its wait. */
  shown(step) {
    const e = step.event;
    switch (step.step) {
      case 'send':
        this.sends += 1;
        return;
      case 'done':
        return this.tell('done', { attempts: this.sends });
      case 'token':
        return this.tell('token', { attempt: e.attempt, refused: e.refused });
      case 'beforeRequest':
        return this.tell('request', { attempt: e.attempt, method: e.method, url: e.url });
      case 'afterResponse':
        return this.tell('response', { attempt: e.attempt, status: e.status, code: e.code, durationMs: e.durationMs });
      case 'beforeRetry':
        return this.tell('retry', { attempt: e.attempt, error: e.error, delayMs: e.delayMs, retryAfter: e.retryAfter });
      case 'onError':
        return this.tell('failed', { attempts: e.attempts, error: e.error });
      default:
      // sleep (the retry told its wait), failed (the onError step told it)
    }
  }

  /** How the caller's hook (or the token provider) of `step` ended. */
  hookEnded(step, ended) {
    const e = step.event;
    this.tell('hook', { hook: step.step, attempt: e.attempts ?? e.attempt, ended });
  }
}
