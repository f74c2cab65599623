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

import { CLOCK_END_MS, CLOCK_START_MS } from '../../generated/clock.js';

/** 2026-01-01T00:00:00Z (licensing-core's CLOCK_START_MS), where Rust's clocks and the simulator's virtual clock start too. */
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
  if (typeof start !== 'number' || !Number.isSafeInteger(start) || start < 0 || start > CLOCK_END_MS) {
    throw new TypeError(`createVirtualClock: start must be a whole number of milliseconds since 1970 (Date.now() form), at most ${CLOCK_END_MS} (the last instant a Date holds)`);
  }
  if (typeof autoAdvance !== 'boolean') throw new TypeError('createVirtualClock: autoAdvance must be a boolean');
  return { start, autoAdvance };
}

/**
 * `ms` as a move of a clock at `from` (undefined: unknown here, a shared session's,
 * whose simulator refuses what passes the end from where it is): a finite
 * number, 0 or more (a TypeError naming `who` otherwise), that takes the clock
 * no further than a Date goes (a RangeError): the stamps a simulator on the
 * clock stores stay exact, and its snapshot reads back.
 */
function checkMove(who, ms, from) {
  if (typeof ms !== 'number' || !(ms >= 0) || !Number.isFinite(ms)) {
    throw new TypeError(`${who}: ms must be a finite number of milliseconds, 0 or more`);
  }
  if ((from ?? 0) + ms > CLOCK_END_MS) {
    const at = from === undefined ? '' : `: it is at ${from}`;
    throw new RangeError(`${who}: the clock goes no further than ${CLOCK_END_MS} (+275760-09-13, the last instant a Date holds)${at}`);
  }
}

/** A whole, non-negative delay as setTimeout reads one (NaN and negatives: 0). */
function delayOf(ms) {
  const n = Math.trunc(Number(ms));
  return n > 0 ? n : 0;
}

/** A clock's pending timers, by handle: each `{ due, id, callback }`. */
class Timers {
  byId = new Map();
  lastId = 0;

  /** A new timer's handle. */
  add(due, callback) {
    const id = ++this.lastId;
    this.byId.set(id, { due, id, callback });
    return id;
  }

  delete(id) {
    this.byId.delete(id);
  }

  /** The timer due first (the one set first, of those due together). */
  earliest() {
    let first;
    for (const timer of this.byId.values()) {
      if (!first || timer.due < first.due || (timer.due === first.due && timer.id < first.id)) first = timer;
    }
    return first;
  }

  /** Due first first, as `pending()` shows them. */
  list(now) {
    return [...this.byId.values()]
      .sort((a, b) => a.due - b.due || a.id - b.id)
      .map((timer) => ({ due: timer.due, in: timer.due - now }));
  }
}

/** Work in flight that holds the clock (HOLD), and who waits for it to end. */
class Holds {
  count = 0;
  waiting = [];

  /** A hold; the function it returns ends it (once), calling `onFree` when none is left. */
  take(onFree) {
    this.count++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.count--;
      if (this.count > 0) return;
      const waiting = this.waiting;
      this.waiting = [];
      for (const resolve of waiting) resolve();
      onFree();
    };
  }

  /** Resolves once nothing holds the clock, and a macrotask has passed. */
  async settled() {
    await macrotask();
    while (this.count > 0) {
      await new Promise((resolve) => this.waiting.push(resolve));
      await macrotask();
    }
  }
}

/** What a virtual clock is: its time, its timers, its holds, and the errors its callbacks threw. */
class VirtualTime {
  timers = new Timers();
  holds = new Holds();
  /** Errors thrown by callbacks fired in an advance, rethrown when it ends. */
  thrown = [];
  autoScheduled = false;

  constructor(start, autoAdvance) {
    this.now = start;
    this.autoAdvance = autoAdvance;
  }

  fire(timer) {
    this.timers.delete(timer.id);
    if (timer.due > this.now) this.now = timer.due;
    try {
      timer.callback();
    } catch (err) {
      this.thrown.push(err);
    }
  }

  rethrow() {
    const errors = this.thrown;
    this.thrown = [];
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} timer callbacks threw`);
  }

  /** autoAdvance: once only this clock's timers are pending, the next one fires. */
  scheduleAuto() {
    if (!this.autoAdvance || this.autoScheduled) return;
    this.autoScheduled = true;
    macrotask().then(() => {
      this.autoScheduled = false;
      if (this.holds.count > 0) return; // the last release schedules it again
      const next = this.timers.earliest();
      if (!next) return;
      this.fire(next);
      this.scheduleAuto();
      this.rethrow();
    });
  }

  /** Fires the timers due up to `target` in order, each once the work the one before started has run. */
  async advanceTo(target) {
    for (;;) {
      await this.holds.settled();
      const next = this.timers.earliest();
      if (!next || next.due > target) break;
      this.fire(next);
    }
    this.now = target;
    await this.holds.settled();
    this.rethrow();
  }

  /** Fires every timer, the ones they set included, until none is pending (at most MAX_FIRED). */
  async runUntilIdle() {
    for (let fired = 0; ; fired++) {
      await this.holds.settled();
      const next = this.timers.earliest();
      if (!next) break;
      if (fired >= MAX_FIRED) throw new Error(`clock.runUntilIdle: still busy after ${MAX_FIRED} timers (a timer that sets another forever?)`);
      this.fire(next);
    }
    this.rethrow();
  }
}

function createVirtualClock(options) {
  const { start, autoAdvance } = checkOptions(options);
  const time = new VirtualTime(start, autoAdvance);
  // A plain object of functions (not the class's methods): a caller may pass
  // `clock.setTimeout` around unbound, as it would the global one.
  const clock = {
    /** Milliseconds since 1970 on this clock (what Date.now() gives on the real one). */
    now: () => time.now,
    /** Calls `callback` once this clock reaches now + `ms`; a handle for clearTimeout. */
    setTimeout(callback, ms) {
      if (typeof callback !== 'function') throw new TypeError('clock.setTimeout: callback must be a function');
      const id = time.timers.add(time.now + delayOf(ms), callback);
      time.scheduleAuto();
      return id;
    },
    /** Forgets a timer (an unknown or fired handle: nothing). */
    clearTimeout: (handle) => time.timers.delete(handle),
    /**
     * Moves the clock `ms` on, firing every timer due on the way in order,
     * each once the work the one before started has run; resolves at the end.
     */
    async advance(ms) {
      checkMove('clock.advance', ms, time.now);
      await time.advanceTo(time.now + ms);
    },
    /**
     * Fires every timer, the ones they set included, moving the clock to each,
     * until none is pending; resolves at the end. Rejects past 100,000 timers
     * (a timer that sets another forever).
     */
    runUntilIdle: () => time.runUntilIdle(),
    /** The timers pending, due first first: `{ due, in }` (due: on this clock; in: ms from now). */
    pending: () => time.timers.list(time.now),
  };
  Object.defineProperty(clock, HOLD, { value: () => time.holds.take(() => time.scheduleAuto()) });
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

export { createVirtualClock, readClock, checkMove, DEFAULT_START, HOLD };
