// An outbox's jobs in one JSON file (Node, Deno; licensing-sdk/outbox's
// `fileStorage`), rewritten whole on every change and atomically: the new
// text goes to a temporary file beside it, is flushed to disk, and is renamed
// over the old one, so a process killed at any instant leaves the old file or
// the new one, never a part.
//
// One process per file, enforced: the first load takes a lease, the file
// FILE.lock made exclusively (O_EXCL) with the holder's pid, host and a token.
// A second process (a rolling restart, a cluster's second worker) is refused
// with a `storage` LicensingError naming the holder, or waits for the lease
// (`leaseWaitMs`). A lease is taken over when its holder is gone: a process
// of this host that no longer runs, or a lease not renewed for LEASE_STALE_MS
// (the holder renews it every second). Before each write the holder checks
// the lease is still its own, so that a process that lost it (paused past
// the stale time, then taken over) stops writing instead of overwriting the
// other's jobs. The lease goes with the outbox's close() (`release()`), or
// with the process.
//
// Records this version cannot read (another version's, without an id) are
// kept in the file as they are, written back with every change, never
// dropped; a taker of the lease removes the temporary files a killed
// process left.
import fs from 'node:fs/promises';
import { readFileSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { storageError } from './storage.js';

/** What the file holds: `{ format, version, jobs }`. */
const FORMAT = 'licensing-sdk-outbox';
const VERSION = 1;
/** A lease not renewed for this long is its holder's no more. */
const LEASE_STALE_MS = 10_000;
const LEASE_RENEW_MS = 1_000;
const LEASE_POLL_MS = 100;
/**
 * A lock file with no holder's words in it is being written, which takes a
 * process microseconds; one still without them after this long was left by a
 * process killed between creating it and writing it, and is taken over (it
 * held the file for ever before: a test killing writers found it).
 */
const LEASE_WRITE_GRACE_MS = 2_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a process of this host may run with that pid: false only when the
 * system says there is none (a runtime that may not ask, Deno without
 * `--allow-run`, counts it as running: its lease then goes stale by time).
 */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err?.code !== 'ESRCH';
  }
}

/** This host's name, or `undefined` where the runtime may not ask (Deno without `--allow-sys`). */
function hostname() {
  try {
    return os.hostname();
  } catch {
    return undefined;
  }
}

/** The records an outbox's file holds (none when it does not exist); a `storage` error for a file that is not one, left as it is. */
async function readJobs(file) {
  let text;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return [];
    throw storageError(`${file} cannot be read: ${err.message}`, err);
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw storageError(`${file} is not an outbox's file (not JSON: ${err.message}); it was left as it is`, err);
  }
  if (data === null || typeof data !== 'object' || data.format !== FORMAT || !Array.isArray(data.jobs)) {
    throw storageError(`${file} is not an outbox's file (no "format": "${FORMAT}" with "jobs"); it was left as it is`);
  }
  if (data.version !== VERSION) {
    throw storageError(`${file} is an outbox's file of version ${JSON.stringify(data.version)}, which this version (${VERSION}) does not read; it was left as it is`);
  }
  return data.jobs;
}

/**
 * `text` as the whole of `file`, durably: written to a temporary file beside
 * it, synced, renamed over it, and the rename itself flushed with the folder.
 */
async function writeWhole(file, text) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await fs.open(temporary, 'w', 0o600);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
    await handle.close();
    handle = undefined;
    await fs.rename(temporary, file);
  } catch (err) {
    await handle?.close().catch(() => {});
    await fs.rm(temporary, { force: true }).catch(() => {});
    throw storageError(`${file} cannot be written: ${err.message}`, err);
  }
  // The rename itself made durable: the folder's entry flushed (where the system allows it).
  const folder = await fs.open(path.dirname(file), 'r').catch(() => undefined);
  await folder?.sync().catch(() => {});
  await folder?.close().catch(() => {});
}

/**
 * The jobs of an outbox kept in the file `file` (created on the first write;
 * its folder must exist). A file that is not an outbox's is refused (a
 * `storage` LicensingError on open), never overwritten. `options.leaseWaitMs`:
 * how long a second process waits for the file's lease before it is refused
 * (default 0: at once).
 */
export function fileStorage(file, options) {
  if (typeof file !== 'string' || file === '') throw new TypeError('fileStorage: the path of a file is required');
  const leaseWaitMs = options?.leaseWaitMs ?? 0;
  if (!Number.isSafeInteger(leaseWaitMs) || leaseWaitMs < 0) throw new TypeError('fileStorage: leaseWaitMs must be a whole number of milliseconds');
  const lease = new Lease(`${file}.lock`, file);
  /** id → record (as kept: the outbox reads each), and what has no id. */
  const jobs = new Map();
  let others = [];
  let loaded = false;
  // Writes one after another, each with every change made before it.
  let writing = Promise.resolve();

  async function save() {
    await lease.check();
    await writeWhole(file, `${JSON.stringify({ format: FORMAT, version: VERSION, jobs: [...jobs.values(), ...others] })}\n`);
  }

  /** Runs `change` on the jobs, then writes them; resolves once the file holds it. */
  function changed(change) {
    const result = writing.then(async () => {
      if (!loaded) await load();
      const out = change();
      await save();
      return out;
    });
    // A failed write does not stop the next one (which writes every job again).
    writing = result.catch(() => {});
    return result;
  }

  async function load() {
    await lease.take(leaseWaitMs);
    const records = await readJobs(file);
    jobs.clear();
    others = [];
    for (const record of records) {
      if (record === null || typeof record !== 'object' || typeof record.id !== 'string') others.push(record);
      else {
        if (jobs.has(record.id)) others.push(jobs.get(record.id));
        jobs.set(record.id, record);
      }
    }
    loaded = true;
    return [...jobs.values(), ...others].map((record) => structuredClone(record));
  }

  return {
    kind: 'file',
    durable: true,
    shared: false,
    file,
    load() {
      const result = writing.then(load);
      writing = result.catch(() => {});
      return result;
    },
    add: (record) => changed(() => {
      const kept = record.keyId === undefined ? undefined : [...jobs.values()].find((r) => r.keyId === record.keyId);
      if (kept !== undefined) return structuredClone(kept);
      jobs.set(record.id, structuredClone(record));
      return null;
    }),
    put: (record) => changed(() => {
      jobs.set(record.id, structuredClone(record));
    }),
    remove: (ids) => changed(() => {
      for (const id of ids) jobs.delete(id);
    }),
    clear: () => changed(() => {
      jobs.clear();
      others = [];
    }),
    /** Lets the file go: another process may take it. A later load takes it again. */
    release() {
      loaded = false;
      lease.release();
    },
  };
}

/** The lease on a file: its lock file, renewed while held. */
class Lease {
  token;
  renewing;
  onExit = () => this.release();

  constructor(lockFile, file) {
    this.lockFile = lockFile;
    this.file = file;
  }

  /** The lock file's holder, `null` when it is gone, `{ unwritten }` when it holds no holder's words yet. */
  async holder() {
    try {
      const [text, stat] = await Promise.all([fs.readFile(this.lockFile, 'utf8'), fs.stat(this.lockFile)]);
      let holder;
      try {
        holder = JSON.parse(text);
      } catch {
        holder = null;
      }
      // Being written, or left half-written by a process killed while writing it.
      if (holder === null || typeof holder !== 'object' || typeof holder.token !== 'string') return { unwritten: true, renewedAt: stat.mtimeMs };
      return { ...holder, renewedAt: stat.mtimeMs };
    } catch (err) {
      if (err?.code === 'ENOENT') return null;
      throw storageError(`${this.lockFile} cannot be read: ${err.message}`, err);
    }
  }

  stale(holder) {
    if (holder.unwritten) return Date.now() - holder.renewedAt > LEASE_WRITE_GRACE_MS;
    if (Date.now() - holder.renewedAt > LEASE_STALE_MS) return true;
    const host = hostname();
    return host !== undefined && holder.host === host && Number.isSafeInteger(holder.pid) && !running(holder.pid);
  }

  /** Takes the lease (at once, or waiting up to `waitMs` for its holder to go). */
  async take(waitMs) {
    if (this.token !== undefined) return;
    const token = randomBytes(16).toString('hex');
    const me = JSON.stringify({ pid: process.pid, host: hostname(), token, since: new Date().toISOString() });
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        const handle = await fs.open(this.lockFile, 'wx', 0o600);
        try {
          await handle.writeFile(me, 'utf8');
          await handle.sync();
        } finally {
          await handle.close();
        }
        break;
      } catch (err) {
        if (err?.code !== 'EEXIST') throw storageError(`${this.file} cannot be locked (${this.lockFile}): ${err.message}`, err);
      }
      const holder = await this.holder();
      if (holder === null) continue;
      if (this.stale(holder)) {
        // Gone: its lease is taken over (the lock file read again first, so as not to remove a fresh one).
        const again = await this.holder();
        if (again !== null && again.token === holder.token && this.stale(again)) await fs.rm(this.lockFile, { force: true });
        continue;
      }
      // A lock file being written is waited for (its words come at once, or it is stale soon).
      if (Date.now() < deadline || holder.unwritten) {
        await sleep(LEASE_POLL_MS);
        continue;
      }
      const who = holder.pid === undefined ? 'another process' : `process ${holder.pid} on ${holder.host ?? 'a host it did not name'}${holder.since ? ` (since ${holder.since})` : ''}`;
      throw storageError(`${this.file} is in use by ${who}: one process per file (its lease: ${this.lockFile}); give each process its own file, or fileStorage(path, { leaseWaitMs }) to wait for it`);
    }
    this.token = token;
    this.renewing = setInterval(() => {
      const now = new Date();
      fs.utimes(this.lockFile, now, now).catch(() => {});
    }, LEASE_RENEW_MS);
    this.renewing.unref?.();
    process.on('exit', this.onExit);
    await this.removeTemporaries();
  }

  /** Throws when the lease is not this storage's (any more): a write then would overwrite another process's jobs. */
  async check() {
    const holder = this.token === undefined ? null : await this.holder();
    if (holder?.token === this.token) return;
    this.stop();
    throw storageError(`${this.file}'s lease was taken by another process (or removed): nothing more is written to it by this one`);
  }

  /** The temporary files of killed writers, which no one else writes while this lease holds. */
  async removeTemporaries() {
    const folder = path.dirname(this.file);
    const prefix = `.${path.basename(this.file)}.`;
    const names = await fs.readdir(folder).catch(() => []);
    for (const name of names) {
      if (name.startsWith(prefix) && name.endsWith('.tmp')) await fs.rm(path.join(folder, name), { force: true }).catch(() => {});
    }
  }

  stop() {
    clearInterval(this.renewing);
    process.removeListener('exit', this.onExit);
    this.token = undefined;
  }

  /** Lets the lease go (synchronously: also at the process's exit). */
  release() {
    const token = this.token;
    if (token === undefined) return;
    this.stop();
    try {
      if (JSON.parse(readFileSync(this.lockFile, 'utf8')).token === token) unlinkSync(this.lockFile);
    } catch {
      // Gone already, or not ours: nothing to let go.
    }
  }
}
