// createVirtualClock (licensing-sdk/testing): time a test holds, shared by a
// LicensingClient ({ clock }) and createSimulator ({ clock }). What both read
// of a clock is three methods, the names of the globals they replace:
// `now()`, `setTimeout(callback, ms)` and `clearTimeout(handle)`. No global
// is patched, so a runner's own fake timers and this clock never meet.
//
// Between two timers the clock lets the work they started finish: it waits
// for a macrotask (a MessageChannel message, which no runner's fake timers
// replace), and a macrotask runs only once every microtask has run. The client
// and the in-process simulator do no real I/O, so once that message arrives,
// nothing but this clock's timers is pending: what `autoAdvance` relies on.
// Almost: a browser may take a task of its own for work the simulator awaits
// (Firefox reads a Request's body so), so the simulator holds the clock from a
// request's start to its Response (HOLD), and no timer fires while it is held.

import { CLOCK_START_MS } from '../generated/clock.js';

/** 2026-01-01T00:00:00Z (licensing-core's CLOCK_START_MS), where Rust's clocks and the simulator's manual clock start too. */
const DEFAULT_START = CLOCK_START_MS;
/** Timers one `runUntilIdle()` fires at most: past it, something re-arms forever. */
const MAX_FIRED = 100_000;
/** `clock[HOLD]()`: no timer of this clock fires until the function it returns is called. */
const HOLD = Symbol.for('licensing-sdk.virtual-clock.hold');

/** A macrotask: resolves once the microtasks queued before it have run. */
function macrotask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** The options as `{ start, autoAdvance }`, defaults filled in; a TypeError for any it cannot use. */
function checkOptions(options) {
  if (options === undefined) return { start: DEFAULT_START, autoAdvance: false };
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('createVirtualClock: options must be an object ({ start?, autoAdvance? })');
  }
  const { start = DEFAULT_START, autoAdvance = false } = options;
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0) {
    throw new TypeError('createVirtualClock: start must be a whole number of milliseconds since 1970 (Date.now() form)');
  }
  if (typeof autoAdvance !== 'boolean') throw new TypeError('createVirtualClock: autoAdvance must be a boolean');
  return { start, autoAdvance };
}

/** A whole, non-negative delay as setTimeout reads one (NaN and negatives: 0). */
function delayOf(ms) {
  const n = Math.trunc(Number(ms));
  return n > 0 ? n : 0;
}

function createVirtualClock(options) {
  const { start, autoAdvance } = checkOptions(options);
  let now = start;
  let lastId = 0;
  /** Pending timers by handle, each `{ due, id, callback }`. */
  const timers = new Map();
  let autoScheduled = false;
  /** Work in flight that holds the clock (HOLD), and who waits for it to end. */
  let holds = 0;
  let released = [];
  /** Errors thrown by callbacks fired in an advance, rethrown when it ends. */
  let thrown = [];

  /** The timer due first (the one set first, of those due together). */
  function earliest() {
    let first;
    for (const timer of timers.values()) {
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) first = timer;
    }
    return first;
  }

  function fire(timer) {
    timers.delete(timer.id);
    if (timer.due > now) now = timer.due;
    try {
      timer.callback();
    } catch (err) {
      thrown.push(err);
    }
  }

  function rethrow() {
    const errors = thrown;
    thrown = [];
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} timer callbacks threw`);
  }

  // autoAdvance: once only this clock's timers are pending, the next one fires.
  function scheduleAuto() {
    if (!autoAdvance || autoScheduled) return;
    autoScheduled = true;
    macrotask().then(() => {
      autoScheduled = false;
      if (holds > 0) return; // the last release schedules it again
      const next = earliest();
      if (!next) return;
      fire(next);
      scheduleAuto();
      rethrow();
    });
  }

  /** Resolves once nothing holds the clock, and a macrotask has passed. */
  async function settled() {
    await macrotask();
    while (holds > 0) {
      await new Promise((resolve) => released.push(resolve));
      await macrotask();
    }
  }

  const clock = {
    /** Milliseconds since 1970 on this clock (what Date.now() gives on the real one). */
    now() {
      return now;
    },
    /** Calls `callback` once this clock reaches now + `ms`; a handle for clearTimeout. */
    setTimeout(callback, ms) {
      if (typeof callback !== 'function') throw new TypeError('clock.setTimeout: callback must be a function');
      const id = ++lastId;
      timers.set(id, { due: now + delayOf(ms), id, callback });
      scheduleAuto();
      return id;
    },
    /** Forgets a timer (an unknown or fired handle: nothing). */
    clearTimeout(handle) {
      timers.delete(handle);
    },
    /**
     * Moves the clock `ms` on, firing every timer due on the way in order,
     * each once the work the one before started has run; resolves at the end.
     */
    async advance(ms) {
      if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms)) {
        throw new TypeError('clock.advance: ms must be a finite number of milliseconds, 0 or more');
      }
      const target = now + ms;
      for (;;) {
        await settled();
        const next = earliest();
        if (!next || next.due > target) break;
        fire(next);
      }
      now = target;
      await settled();
      rethrow();
    },
    /**
     * Fires every timer, the ones they set included, moving the clock to each,
     * until none is pending; resolves at the end. Rejects past 100,000 timers
     * (a timer that sets another forever).
     */
    async runUntilIdle() {
      for (let fired = 0; ; fired++) {
        await settled();
        const next = earliest();
        if (!next) break;
        if (fired >= MAX_FIRED) throw new Error(`clock.runUntilIdle: still busy after ${MAX_FIRED} timers (a timer that sets another forever?)`);
        fire(next);
      }
      rethrow();
    },
    /** The timers pending, due first first: `{ due, in }` (due: on this clock; in: ms from now). */
    pending() {
      return [...timers.values()]
        .sort((a, b) => a.due - b.due || a.id - b.id)
        .map((timer) => ({ due: timer.due, in: timer.due - now }));
    },
  };
  Object.defineProperty(clock, HOLD, {
    value() {
      holds++;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        holds--;
        if (holds > 0) return;
        const waiting = released;
        released = [];
        for (const resolve of waiting) resolve();
        scheduleAuto();
      };
    },
  });
  return clock;
}

/**
 * The clock a client or a simulator was given, read once: `undefined` for the
 * real one, else an object with now, setTimeout and clearTimeout (a TypeError
 * naming `who` otherwise).
 */
function readClock(clock, who) {
  if (clock === undefined) return undefined;
  const usable = clock !== null && typeof clock === 'object'
    && ['now', 'setTimeout', 'clearTimeout'].every((name) => typeof clock[name] === 'function');
  if (!usable) throw new TypeError(`${who}: clock must have now(), setTimeout(callback, ms) and clearTimeout(handle) (createVirtualClock() makes one)`);
  return clock;
}

export { createVirtualClock, readClock, DEFAULT_START, HOLD };
