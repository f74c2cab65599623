// The jobs as this tab sees them: the records (in step with the storage and
// with the other tabs), the tombstones of pruned keyed jobs, each job's
// `settled` promise, and the listeners. Nothing here sends or stores.
import { FINISHED, isJob, isTomb, outboxError, toError } from './records.js';
import { tell as tellWatchers, watched } from '../../shared/events.js';

export class JobView {
  /** id → record of each job. */
  records = new Map();
  /** keyId → tombstone of a pruned job that had a repeat key. */
  tombs = new Map();
  /** id → { promise, resolve, reject } of each job's `settled`. */
  settlements = new Map();
  /** id → what the job touches (the core's digests: ./runner.js orders by them), made once per job. */
  touchesById = new Map();
  listeners = new Set();
  snapshot = null;

  /** `touchesOf(record)`: what a job touches, asked of the core once; `name`: the outbox's (what its events say). */
  constructor(touchesOf, name) {
    this.touchesOf = touchesOf;
    this.name = name;
  }

  /** The job's `settled` promise (one for every snapshot of it). */
  settlement(id) {
    let s = this.settlements.get(id);
    if (s === undefined) {
      s = {};
      s.promise = new Promise((resolve, reject) => {
        s.resolve = resolve;
        s.reject = reject;
      });
      // Handled here, so that a job nobody awaits is no unhandled rejection; `await job.settled` still throws.
      s.promise.catch(() => {});
      this.settlements.set(id, s);
    }
    return s;
  }

  /** What a job touches: its digests (./runner.js: jobs that share one go in order). */
  touches(record) {
    let touched = this.touchesById.get(record.id);
    if (touched === undefined) {
      touched = this.touchesOf(record);
      this.touchesById.set(record.id, touched);
    }
    return touched;
  }

  /** The snapshot of a job a portal sees. */
  job(record) {
    const out = {
      id: record.id,
      endpoint: record.endpoint,
      key: record.key,
      state: record.state,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      sends: record.sends,
      /** The request as stored (and sent). */
      request: JSON.parse(record.text),
      settled: this.settlement(record.id).promise,
    };
    if (record.state === 'settled' && record.data !== undefined) out.data = JSON.parse(record.data);
    if (record.state === 'failed' || record.state === 'unknown') out.error = toError(record.error);
    if (record.state === 'unknown') out.check = record.error.check;
    if (!FINISHED.has(record.state) && record.lastError !== undefined) out.waiting = toError(record.lastError);
    return Object.freeze(out);
  }

  /** The jobs, oldest first: a new array after each change, the same one between changes. */
  jobs() {
    this.snapshot ??= Object.freeze(this.ordered().map((record) => this.job(record)));
    return this.snapshot;
  }

  /** The records, oldest first (the order they were made). */
  ordered() {
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  }

  /** The unfinished job of a keyId, or a finished one that still holds it (settled, unknown). */
  keyed(keyId) {
    for (const record of this.records.values()) if (record.keyId === keyId) return record;
    return undefined;
  }

  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  tell(record, removed) {
    this.snapshot = null;
    const changed = removed ? Object.freeze({ ...this.job(record), removed: true }) : this.job(record);
    for (const listener of this.listeners) {
      try {
        listener(changed);
      } catch {
        // A listener's failure is its own: the outbox and the other listeners go on.
      }
    }
    // The package's event stream (../events.js): the same snapshot.
    if (watched()) tellWatchers({ type: 'job', outbox: this.name, at: changed.updatedAt, job: changed });
  }

  /**
   * Takes a record into the view (from storage, a write, another tab);
   * false for one this version does not read. A newer record of a job stays.
   */
  take(record) {
    if (isTomb(record)) {
      // A job pruned into its tombstone leaves the view (first: dropping an id forgets its tombstone too).
      if (this.records.has(record.id)) this.drop([record.id], 'the job was pruned');
      const before = this.tombs.get(record.keyId);
      if (before === undefined || before.updatedAt <= record.updatedAt) this.tombs.set(record.keyId, record);
      return true;
    }
    if (!isJob(record)) return false;
    const before = this.records.get(record.id);
    // A tab's message may come after a newer record: the newer one stays.
    if (before !== undefined && before.updatedAt > record.updatedAt) return true;
    this.records.set(record.id, record);
    if (record.keyId !== undefined && this.tombs.get(record.keyId)?.id !== record.id) this.tombs.delete(record.keyId);
    if (FINISHED.has(record.state)) this.deliver(record);
    this.tell(record, false);
    return true;
  }

  /** Settles a finished job's promise (once: later calls do nothing). */
  deliver(record) {
    const s = this.settlement(record.id);
    if (record.state === 'settled') s.resolve(record.data === undefined ? undefined : JSON.parse(record.data));
    else s.reject(toError(record.error));
  }

  /** Forgets jobs (removed, pruned, cleared): an unfinished one's `settled` rejects with kind `aborted`. */
  drop(ids, why = 'the job was removed') {
    const dropped = [];
    for (const id of ids) {
      for (const [keyId, tomb] of this.tombs) if (tomb.id === id) this.tombs.delete(keyId);
      const record = this.records.get(id);
      if (record === undefined) continue;
      this.records.delete(id);
      this.touchesById.delete(id);
      if (!FINISHED.has(record.state)) this.settlement(id).reject(outboxError('aborted', why, record.state === 'sending'));
      this.settlements.delete(id);
      this.tell(record, true);
      dropped.push(record);
    }
    return dropped;
  }

  /** Forgets everything (a clear). */
  dropAll(why) {
    this.tombs.clear();
    return this.drop([...this.records.keys()], why);
  }

  close() {
    this.listeners.clear();
  }
}
