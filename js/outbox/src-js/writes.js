// A write made: validated as the portal's client validates it, then admitted
// by the core (`admit`: its repeat key, what it touches, whether it is the
// request of a job kept under its key), then stored before anything is sent.
//
// Which job a write is:
// - with a repeat key, the job of its key when one holds it (the same
//   request joins it; another is refused, kind `conflict`), also once that
//   job was pruned (its tombstone keeps the key and the request's digest); a
//   job that failed (refused: invalid, a 401, a business code) holds no key,
//   so the write after it is a job of its own;
// - with `resume`, a job an earlier life of the page left with the same
//   request, finished or not, that no write of this life has taken (a
//   mutation TanStack Query restores after a reload: licensing-sdk/query
//   passes `resume` for those only);
// - else a new job.
import { outboxError, RECORD_VERSION, newId } from './records.js';
import { serialize } from '../../shared/serialize.js';

/** How many records that cannot be read may stand in a key's way before a write under it is refused. */
const MAX_UNREADABLE_IN_THE_WAY = 8;

export class Writes {
  /**
   * `client`, `wasm`, `view`, `store`, `tabs`: the outbox's; `adoptable`:
   * the ids of the jobs an earlier life left (a `resume` takes one once);
   * `bounds`: `{ maxJobs, wall }`; `closed()`: whether the outbox is closed.
   */
  constructor({ client, wasm, view, store, tabs, adoptable, bounds, closed }) {
    Object.assign(this, { client, wasm, view, store, tabs, adoptable, bounds, closed });
  }

  /** The write's options, checked. */
  optionsOf(writeOptions) {
    if (writeOptions !== undefined && (writeOptions === null || typeof writeOptions !== 'object')) {
      throw outboxError('validation', 'a write\'s options must be an object ({ repeatable?, timeoutMs?, resume? })');
    }
    const { repeatable = false, timeoutMs, resume = false } = writeOptions ?? {};
    if (typeof repeatable !== 'boolean') throw outboxError('validation', 'repeatable must be a boolean');
    if (typeof resume !== 'boolean') throw outboxError('validation', 'resume must be a boolean');
    if (timeoutMs !== undefined && (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1)) throw outboxError('validation', 'timeoutMs must be a positive integer');
    return { repeatable, timeoutMs, resume };
  }

  /** The body as the client would send it: its JSON text, validated as the client validates it. */
  async checked(endpoint, body) {
    let serialized;
    try {
      serialized = serialize(body);
    } catch (thrown) {
      // The client says why it cannot be sent, as its own call would.
      await this.client.__send(endpoint, undefined, thrown, { __checkOnly: true });
      throw outboxError('validation', 'the body cannot be serialized');
    }
    const { text, nonFinite } = serialized;
    await this.client.__send(endpoint, text, nonFinite.length === 0 ? undefined : nonFinite, { __checkOnly: true });
    return text;
  }

  /** The job `text` joins under its key (the same request), or the refusal. */
  join(endpoint, text, kept) {
    const admitted = this.wasm.admit({ endpoint, text, kept: kept.text });
    if (admitted.error) throw admitted.error;
    this.adoptable.delete(kept.id);
    return this.view.job(kept);
  }

  /** Whether `text` is the request a tombstone keeps the digest of (else the refusal). */
  sameAsPruned(endpoint, text, tomb) {
    const admitted = this.wasm.admit({ endpoint, text, keptDigest: tomb.digest });
    if (admitted.error) throw admitted.error;
  }

  async write(endpoint, body, writeOptions) {
    if (this.closed()) throw outboxError('validation', 'the outbox is closed');
    const { repeatable, timeoutMs, resume } = this.optionsOf(writeOptions);
    const text = await this.checked(endpoint, body);
    const admitted = this.wasm.admit({ endpoint, text });
    if (admitted.error) throw admitted.error;
    const { key, keyId } = admitted;
    if (keyId !== undefined) {
      const kept = this.view.keyed(keyId);
      if (kept !== undefined && kept.state !== 'unknown') return this.join(endpoint, text, kept);
      if (kept !== undefined) {
        // Given up while it may have been done: the same request is sent
        // again (the service answers a repeat with the first result), as a
        // job of its own; another is refused.
        this.join(endpoint, text, kept);
        const { keyId: _freed, ...rest } = kept;
        await this.store.persist(rest);
      }
      const tomb = this.view.tombs.get(keyId);
      if (tomb !== undefined) {
        this.sameAsPruned(endpoint, text, tomb);
        // The same request as a pruned one: sent again (the service answers it with the first result).
        await this.store.remove([tomb.id], 'the job was pruned');
      }
    } else if (resume) {
      for (const id of this.adoptable) {
        const record = this.view.records.get(id);
        if (record?.endpoint === endpoint && this.wasm.admit({ endpoint, text, kept: record.text }).same === true) return this.join(endpoint, text, record);
      }
    }
    if (this.store.unfinished().length >= this.bounds.maxJobs) {
      throw outboxError('storage', `it holds ${this.bounds.maxJobs} unfinished jobs (maxJobs): nothing was stored or sent`);
    }
    return this.keep(this.newRecord(endpoint, text, { key, keyId, repeatable, timeoutMs }));
  }

  /** A new job's record: after every job in view, even within one millisecond (the order is the order made). */
  newRecord(endpoint, text, { key, keyId, repeatable, timeoutMs }) {
    let at = this.bounds.wall();
    for (const r of this.view.records.values()) if (r.createdAt >= at) at = r.createdAt + 1e-3;
    const record = { v: RECORD_VERSION, id: newId(), endpoint, text, repeatable, state: 'queued', createdAt: at, updatedAt: at, sends: 0 };
    if (key !== undefined) Object.assign(record, { key, keyId });
    if (timeoutMs !== undefined) record.timeoutMs = timeoutMs;
    return record;
  }

  /**
   * Stores the job, unless another tab stored one under its key first: then
   * this write is that one, or refused. A record this version cannot read
   * holding the key is left alone: the job takes a key beside it (the same
   * for every tab, which sees the same record there).
   */
  async keep(record) {
    const { endpoint, text } = record;
    for (let tries = 0; ; tries += 1) {
      const existing = await this.store.add(record);
      if (existing === null) break;
      if (existing.tomb === true) {
        this.view.take(existing);
        this.sameAsPruned(endpoint, text, existing);
        await this.store.remove([existing.id], 'the job was pruned');
      } else if (existing.unreadable === undefined) {
        this.view.take(existing);
        return this.join(endpoint, text, existing);
      } else {
        const id = typeof existing.unreadable?.id === 'string' ? existing.unreadable.id : '?';
        if (tries >= MAX_UNREADABLE_IN_THE_WAY) {
          throw outboxError('storage', `records this version cannot read hold the key of this ${endpoint}: nothing was stored or sent`);
        }
        record.keyId = `${record.keyId}\u0000${id}`;
      }
    }
    this.tabs.added();
    // Past maxJobs, the oldest finished jobs go now (the sending tab prunes).
    if (this.view.records.size > this.bounds.maxJobs && this.tabs.leader) this.tabs.runner.prune().catch(() => {});
    return this.view.job(record);
  }
}
