// The jobs kept: the storage behind the view, every record sealed on its way
// in and opened on its way out (./seal.js), each change told to the other
// tabs. What was read back and is not a job this version reads is counted
// (`skipped`) and left as it is.
import { FINISHED, asStorageError, isJob, isTomb } from './records.js';

export class JobStore {
  /** Records read back at the last load that this version cannot read. */
  skipped = 0;

  /**
   * `storage`: the portal's (or the default); `sealer`: ./seal.js's; `view`:
   * ./view.js's; `post(message)`: to the other tabs; `wall()`: the time shown
   * on records (milliseconds since the epoch).
   */
  constructor({ storage, sealer, view, post, wall }) {
    this.storage = storage;
    this.sealer = sealer;
    this.view = view;
    this.post = post;
    this.wall = wall;
  }

  /**
   * Reads every record, as the storage holds them now: the view takes the
   * jobs and tombstones, and forgets those the storage no longer has (another
   * tab removed them, and its message was lost with it).
   */
  async reload() {
    // Only what the view held before the read can be gone from the storage: a
    // write stored while it reads is in the view, and may not be in what it read.
    const before = new Set(this.view.records.keys());
    const tombsBefore = new Set([...this.view.tombs.values()].map((tomb) => tomb.id));
    let loaded;
    try {
      loaded = await this.storage.load();
    } catch (err) {
      throw asStorageError(err, 'the jobs cannot be read');
    }
    if (!Array.isArray(loaded)) throw asStorageError(new TypeError('load() did not give an array'), 'the jobs cannot be read');
    let skipped = 0;
    const seen = new Set();
    for (const stored of loaded) {
      const record = await this.sealer.open(stored);
      if ((isJob(record) || isTomb(record)) && this.view.take(record)) seen.add(record.id);
      else skipped += 1;
    }
    this.skipped = skipped;
    const gone = [...before].filter((id) => !seen.has(id) && this.view.records.has(id));
    if (gone.length > 0) this.view.drop(gone, 'the job was removed');
    for (const [keyId, tomb] of this.view.tombs) if (tombsBefore.has(tomb.id) && !seen.has(tomb.id)) this.view.tombs.delete(keyId);
  }

  /**
   * Stores a job's new record, then takes it into the view and tells the
   * other tabs; not one removed meanwhile. Durable once it resolves.
   */
  async persist(record) {
    if (!this.view.records.has(record.id)) return;
    const next = { ...record, updatedAt: Math.max(this.wall(), (this.view.records.get(record.id)?.updatedAt ?? 0) + 1e-3) };
    try {
      await this.storage.put(await this.sealer.seal(next));
    } catch (err) {
      throw asStorageError(err, 'the job cannot be stored');
    }
    this.view.take(next);
    this.post({ t: 'record', record: next });
  }

  /**
   * Stores a new job unless a record holds its keyId: resolves to `null`
   * (stored), or to what holds the key (opened: a job, a tombstone, or a
   * record this version cannot read, as `{ unreadable }`).
   */
  async add(record) {
    let existing;
    try {
      existing = await this.storage.add(await this.sealer.seal(record));
    } catch (err) {
      throw asStorageError(err, 'the job cannot be stored');
    }
    if (existing === null || existing === undefined) {
      this.view.take(record);
      this.post({ t: 'record', record });
      return null;
    }
    const opened = await this.sealer.open(existing);
    return isJob(opened) || isTomb(opened) ? opened : { unreadable: existing };
  }

  /** Replaces finished jobs by their tombstones (same ids), or removes them. */
  async prune(tombs, removed, why) {
    try {
      for (const tomb of tombs) await this.storage.put(tomb);
      if (removed.length > 0) await this.storage.remove(removed);
    } catch (err) {
      throw asStorageError(err, 'finished jobs cannot be pruned');
    }
    for (const tomb of tombs) {
      this.view.take(tomb);
      this.post({ t: 'record', record: tomb });
    }
    this.view.drop(removed, why);
    if (removed.length > 0) this.post({ t: 'drop', ids: removed, why });
  }

  /** Removes records (jobs or tombstones) by id. */
  async remove(ids, why) {
    try {
      await this.storage.remove(ids);
    } catch (err) {
      throw asStorageError(err, 'jobs cannot be removed');
    }
    this.view.drop(ids, why);
    this.post({ t: 'drop', ids, why });
  }

  /** Forgets every record, and makes what was sealed unreadable where the outbox keeps the key. */
  async clear() {
    try {
      await this.storage.clear();
      await this.sealer.shred();
    } catch (err) {
      throw asStorageError(err, 'the jobs cannot be cleared');
    }
    this.view.dropAll('the outbox was cleared');
    this.post({ t: 'clear' });
  }

  /** The unfinished jobs. */
  unfinished() {
    return [...this.view.records.values()].filter((record) => !FINISHED.has(record.state));
  }
}
