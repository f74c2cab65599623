// The sending, in the one tab that sends (./tabs.js): each job advanced one
// step at a time as the core says (licensing-client's `recovery`, the
// outbox's wasm: `step`, `afterCall`), one call in flight at a time. What a
// step means is the core's; this file waits, calls, stores and tells.
//
// Which job goes next: the oldest unfinished one that is due, among those no
// older unfinished job holds back. A job holds back the later ones that touch
// what it touches (the core's `touches`: a lock number, an enterprise, a
// customer, a participant), so a lock goes before its unlock and a stuck job
// stops only what depends on it.
//
// Time: every wait is measured on a clock that does not jump (the client's
// `clock` when it has one, else `performance.now()`), within this life only;
// the wall clock only dates records. A send an earlier life made is measured
// from when this tab began to send.
import { FINISHED, keptError, outboxError } from './records.js';

/** How long a job waits after the storage failed under it. */
const STORAGE_RETRY_MS = 5_000;

export class Runner {
  leader = false;
  closed = false;
  /** id → what this life knows of a job: `{ due, since, maybeSentAt, backoff, cancel }`. */
  lives = new Map();
  running;
  rerun = false;
  forced = false;
  timer;

  /**
   * `view`, `store`: ./view.js's and ./store.js's; `client`: the portal's
   * LicensingClient; `wasm`: the outbox's core; `clock`: `{ now, setTimeout,
   * clearTimeout }` with a `now` that does not jump; `bounds`: `{ maxRounds,
   * maxJobs, keepFinishedMs, wall }`; `report(err)`: a storage's failure.
   */
  constructor({ view, store, client, wasm, clock, bounds, report }) {
    Object.assign(this, { view, store, client, wasm, clock, bounds, report });
  }

  lifeOf(id) {
    let life = this.lives.get(id);
    if (life === undefined) {
      life = { due: 0, since: undefined, maybeSentAt: undefined, backoff: false, cancel: undefined };
      this.lives.set(id, life);
    }
    return life;
  }

  /** This tab sends from now on: every unfinished job is due, a sending one maybe sent since now. */
  start() {
    this.leader = true;
    const now = this.clock.now();
    for (const record of this.store.unfinished()) {
      const life = this.lifeOf(record.id);
      life.due = 0;
      if (record.state === 'sending') life.maybeSentAt ??= now;
    }
  }

  /** Sends what is due now, without waiting for a backoff, even while offline (once). */
  retry() {
    for (const life of this.lives.values()) {
      life.due = 0;
      life.backoff = false;
    }
    this.forced = true;
    return this.run();
  }

  /** Starts a pass unless one runs (then it runs once more when it ends: a write may have come meanwhile). */
  run() {
    if (this.closed || !this.leader) return this.running;
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = this.pass().catch((err) => this.report(err)).finally(() => {
      this.running = undefined;
      this.forced = false;
      if (this.rerun) {
        this.rerun = false;
        this.run();
      }
    });
    return this.running;
  }

  wake(ms) {
    this.clock.clearTimeout(this.timer);
    this.timer = this.clock.setTimeout(() => this.run(), Math.max(0, Math.ceil(ms)));
  }

  /** Advances the next job, then the next, until none is due now. */
  async pass() {
    while (!this.closed && this.leader) {
      if (await this.cancelOne()) continue;
      const { record, wakeIn } = this.pick();
      if (record === undefined) {
        if (wakeIn !== undefined) this.wake(wakeIn);
        return;
      }
      // Offline: nothing is sent until the 'online' event, or a retry().
      if (globalThis.navigator?.onLine === false && !this.forced) return;
      await this.advance(record);
    }
  }

  /** The oldest due job no older unfinished job holds back, or how long until one is due. */
  pick() {
    const now = this.clock.now();
    const held = new Set();
    let wakeIn;
    for (const record of this.view.ordered()) {
      if (FINISHED.has(record.state)) continue;
      const touches = this.view.touches(record);
      const heldBack = touches.some((touch) => held.has(touch));
      for (const touch of touches) held.add(touch);
      if (heldBack) continue;
      const wait = this.lifeOf(record.id).due - now;
      if (wait <= 0) return { record };
      wakeIn = wakeIn === undefined ? wait : Math.min(wakeIn, wait);
    }
    return { wakeIn };
  }

  /** What the core's `step` is asked about a job. */
  stepInput(record, life, bound = {}) {
    // Maybe sent, and this life did not see it sent: measured from when it first saw it so.
    if (record.state === 'sending') life.maybeSentAt ??= this.clock.now();
    return {
      endpoint: record.endpoint,
      text: record.text,
      maybeSent: record.state === 'sending',
      repeatable: record.repeatable === true,
      before: record.before ?? '',
      beforeRefused: record.beforeRefused === true,
      since: life.since ?? '',
      rounds: record.rounds ?? 0,
      maxRounds: this.bounds.maxRounds,
      reads: record.reads ?? 0,
      jitter: Math.random(),
      maybeSentForMs: life.maybeSentAt === undefined ? -1 : Math.max(0, this.clock.now() - life.maybeSentAt),
      settleMs: record.timeoutMs ?? 0,
      ...bound,
    };
  }

  /** One step of a job, as the core says. */
  async advance(record) {
    const life = this.lifeOf(record.id);
    let step;
    try {
      step = this.wasm.step(this.stepInput(record, life));
    } catch (thrown) {
      step = { step: 'broken', thrown };
    }
    const act = this.steps[step?.step];
    try {
      if (act === undefined) return await this.broken(record, step);
      await act(record, step, life);
    } catch (err) {
      // The storage failed: nothing more is done with the job until it works again.
      this.report(err);
      life.due = this.clock.now() + STORAGE_RETRY_MS;
    }
  }

  /**
   * What each of the core's steps does (its words: licensing-client's
   * `Recovery::WORDS`, which a test holds this table to).
   */
  steps = {
    send: (record, step, life) => this.send(record, step, life),
    read: (record, step, life) => this.read(record, step, life),
    settled: (record, step) => this.finish(record, 'settled', { data: step.text }),
    notFound: (record, _step, life) => {
      life.since = undefined;
      return this.store.persist({ ...record, reads: (record.reads ?? 0) + 1 });
    },
    unknown: (record, step) => this.finish(record, 'unknown', { error: keptError(step.error) }),
    giveUp: (record) => this.finish(record, 'failed', { error: givenUp(record) }),
  };

  /** A step this version has no word for (or a core that threw): the job ends, never wedges the queue. */
  broken(record, step) {
    const why = step?.thrown === undefined ? `no step "${step?.step}" for ${record.endpoint}` : `its step failed: ${step.thrown?.message ?? step.thrown}`;
    const sent = record.state === 'sending';
    return this.finish(record, sent ? 'unknown' : 'failed', { error: keptError(outboxError(sent ? 'unknown' : 'validation', why, sent)) });
  }

  /** After a round without a verdict, the next step waits the core's delay first (once). */
  backoff(life, delayMs) {
    if (!life.backoff) return false;
    life.backoff = false;
    if (!(delayMs > 0)) return false;
    life.due = this.clock.now() + delayMs;
    return true;
  }

  /** A round without a verdict: counted, stored, and the next step backs off. */
  round(record, life, changes) {
    life.backoff = true;
    life.due = 0;
    return this.store.persist({ ...record, ...changes, rounds: (record.rounds ?? 0) + 1 });
  }

  async send(record, step, life) {
    if (this.backoff(life, step.delayMs)) return;
    // Durable before the call: a reload after this point finds it maybe sent.
    const sending = { ...record, state: 'sending', sends: record.sends + 1 };
    await this.store.persist(sending);
    const startedAt = this.clock.now();
    const sent = await this.call(record.endpoint, record.text, { repeatable: record.repeatable === true, timeoutMs: record.timeoutMs });
    const now = this.view.records.get(record.id);
    if (now === undefined) return; // removed or cleared meanwhile
    const end = this.sendEnds[sent.end];
    if (end === undefined) return this.broken(now, { step: `a call's end "${sent.end}"` });
    return end(now, sent, life, { record, startedAt, lastError: sent.error === undefined ? undefined : keptError(sent.error) });
  }

  /**
   * What each end of a send makes of its job (the core's `afterCall` words:
   * licensing-client's `AfterCall::WORDS`, which a test holds this table to).
   */
  sendEnds = {
    settled: (now, sent) => this.finish(now, 'settled', { data: sent.text }),
    failed: (now, _sent, _life, { lastError }) => this.finish(now, 'failed', { error: lastError }),
    // Not done: as it was before this send (maybe sent stays maybe sent); a call that never left the machine is no send.
    stored: (now, _sent, life, { record, lastError }) => this.round(now, life, { state: record.state, sends: lastError.sent ? now.sends : record.sends, lastError }),
    // Maybe done: what follows is measured from this send's start.
    'maybe-sent': (now, _sent, life, { startedAt, lastError }) => {
      life.maybeSentAt = startedAt;
      life.since = undefined;
      return this.round(now, life, { reads: 0, lastError });
    },
  };

  async read(record, step, life) {
    // The lost send may still be working: read once it cannot be (nothing skips this).
    if (step.waitMs > 0) {
      life.due = this.clock.now() + step.waitMs;
      return;
    }
    if (this.backoff(life, step.delayMs)) return;
    const read = await this.call(step.endpoint, step.request, {});
    const now = this.view.records.get(record.id);
    if (now === undefined) return;
    const maybeSent = now.state === 'sending';
    if (read.end === 'settled' && !maybeSent) {
      // Before the first send: only the ids of what it listed are kept.
      const before = this.wasm.idsOf({ endpoint: record.endpoint, payload: read.text ?? '[]' });
      return this.store.persist(before === undefined ? { ...now, beforeRefused: true } : { ...now, before });
    }
    if (read.end === 'settled') {
      life.since = read.text ?? '[]';
      return undefined;
    }
    // Refused before the first send: sent without a list to compare with.
    if (read.end === 'failed' && !maybeSent) return this.store.persist({ ...now, beforeRefused: true });
    return this.round(now, life, { lastError: keptError(read.error) });
  }

  /**
   * One call of the client (its validation, auth, nonce, retries, hooks):
   * `{ end, text?, error? }`, `end` one of the core's `afterCall` words.
   */
  async call(endpoint, text, callOptions) {
    try {
      const data = await this.client.__send(endpoint, text, undefined, callOptions);
      return { end: 'settled', text: data === undefined ? undefined : JSON.stringify(data) };
    } catch (error) {
      const answered = error?.kind === 'hook' && error?.data !== undefined;
      const end = this.wasm.afterCall({
        endpoint, kind: String(error?.kind ?? 'network'), status: error?.status, code: error?.code, message: String(error?.message ?? ''), sent: error?.sent === true, answered,
      });
      return { end, error, text: answered ? JSON.stringify(error.data) : undefined };
    }
  }

  async finish(record, state, extra) {
    const finished = { ...record, ...extra, state };
    delete finished.lastError;
    if (finished.data === undefined) delete finished.data;
    // A verdict refused the write: its key is free for the next one (a fixed order, a fresh token).
    if (state === 'failed') delete finished.keyId;
    await this.store.persist(finished);
    // Only once it is stored: a storage that failed leaves the job as it was, and its life with it.
    this.lives.delete(record.id);
    await this.prune();
  }

  /**
   * Gives a job up (`outbox.cancel`), done in the pass so that it never
   * meets a step of the same job: resolves once it is done.
   */
  cancel(id) {
    const life = this.lifeOf(id);
    if (life.cancel === undefined) {
      const cancel = {};
      cancel.done = new Promise((resolve) => {
        cancel.resolve = resolve;
      });
      life.cancel = cancel;
    }
    const { done } = life.cancel;
    this.run();
    return done;
  }

  /** The first job a portal gave up: ended as the core says of a job out of rounds. */
  async cancelOne() {
    for (const [id, life] of this.lives) {
      if (life.cancel === undefined) continue;
      const { resolve } = life.cancel;
      life.cancel = undefined;
      const record = this.view.records.get(id);
      try {
        if (record !== undefined && !FINISHED.has(record.state)) {
          const step = this.wasm.step(this.stepInput(record, life, { rounds: 1, maxRounds: 1 }));
          if (step.step === 'unknown') await this.finish(record, 'unknown', { error: keptError(step.error) });
          else await this.finish(record, 'failed', { error: keptError(outboxError('aborted', 'the portal gave the job up before it reached the service')) });
        }
      } catch (err) {
        this.report(err);
      }
      resolve();
      return true;
    }
    return false;
  }

  /**
   * Finished jobs past `keepFinishedMs`, and the oldest finished ones past
   * `maxJobs`; one that held a repeat key leaves its tombstone, the oldest
   * tombstones past `maxJobs` go.
   */
  async prune() {
    const { keepFinishedMs, maxJobs, wall } = this.bounds;
    const now = wall();
    const finished = [...this.view.records.values()].filter((r) => FINISHED.has(r.state)).sort((a, b) => a.updatedAt - b.updatedAt);
    const old = finished.filter((r) => now - r.updatedAt > keepFinishedMs);
    const over = Math.max(0, this.view.records.size - old.length - maxJobs);
    const gone = [...old, ...finished.filter((r) => !old.includes(r)).slice(0, over)];
    const tombs = [];
    const removed = [];
    for (const record of gone) {
      const digest = record.keyId === undefined ? undefined : this.wasm.admit({ endpoint: record.endpoint, text: record.text }).digest;
      if (digest === undefined) removed.push(record.id);
      else tombs.push({ v: record.v, id: record.id, tomb: true, endpoint: record.endpoint, key: record.key, keyId: record.keyId, digest, createdAt: record.createdAt, updatedAt: now });
    }
    const kept = [...this.view.tombs.values(), ...tombs].sort((a, b) => a.updatedAt - b.updatedAt);
    for (const tomb of kept.slice(0, Math.max(0, kept.length - maxJobs))) {
      if (tombs.includes(tomb)) {
        tombs.splice(tombs.indexOf(tomb), 1);
        removed.push(tomb.id);
      } else {
        removed.push(tomb.id);
      }
    }
    if (tombs.length === 0 && removed.length === 0) return;
    await this.store.prune(tombs, removed, 'the job was pruned');
  }

  async close() {
    this.closed = true;
    this.clock.clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }
}

/** What a job given up after its rounds ends with: its last call's error, which says it. */
function givenUp(record) {
  const last = record.lastError ?? keptError(outboxError('aborted', 'no call of it got a verdict'));
  return { ...last, message: `${last.message} (given up after ${record.rounds ?? 0} rounds without a verdict)` };
}
