// An outbox's jobs in one JSON file (Node, Deno; licensing-sdk/outbox's
// `fileStorage`), rewritten whole on every change and atomically: the new
// text goes to a temporary file beside it, is flushed to disk, and is renamed
// over the old one, so a process killed at any instant leaves the old file or
// the new one, never a part. One process per file: two would overwrite each
// other's jobs.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { storageError } from './outbox-storage.js';

/** What the file holds: `{ format, version, jobs }`. */
const FORMAT = 'licensing-sdk-outbox';
const VERSION = 1;

/**
 * The jobs of an outbox kept in the file `file` (created on the first write;
 * its folder must exist). A file that is not an outbox's is refused (a
 * `storage` LicensingError on open), never overwritten.
 */
export function fileStorage(file) {
  if (typeof file !== 'string' || file === '') throw new TypeError('fileStorage: the path of a file is required');
  const jobs = new Map();
  let loaded = false;
  // Writes one after another, each with every change made before it.
  let writing = Promise.resolve();

  async function read() {
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

  async function save() {
    const text = `${JSON.stringify({ format: FORMAT, version: VERSION, jobs: [...jobs.values()] })}\n`;
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
    const records = await read();
    jobs.clear();
    for (const record of records) if (record && typeof record.id === 'string') jobs.set(record.id, record);
    loaded = true;
    return [...jobs.values()].map((record) => structuredClone(record));
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
    }),
  };
}
