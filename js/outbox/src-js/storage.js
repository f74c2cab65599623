// Where an outbox keeps its jobs (licensing-sdk/outbox): IndexedDB in a page,
// a worker or a Service Worker; memory anywhere; a file in Node and Deno
// (./file.js). Every storage has the same small interface, which a portal
// may implement itself:
//
//   load()      → Promise<record[]>   every record kept, as kept (the outbox
//                  checks each, and skips and counts what it cannot read)
//   add(record) → Promise<record|null> keeps it, unless a record with its
//                  `keyId` is kept: then that record, and nothing is written
//                  (atomically: two tabs adding one key keep one job)
//   put(record) → Promise<void>       keeps it (replacing the record of its
//                  id); durable once resolved
//   remove(ids) → Promise<void>
//   clear()     → Promise<void>
//   close()?    → void                 gives up what it holds (a database)
//   release()?  → void                 lets another outbox (another process)
//                  take it: the outbox's close() calls it
//   loadKey()?, saveKey(key)?, dropKey()?   where `encrypt: true` keeps the
//                  outbox's non-extractable key (./seal.js)
//   kind, durable, shared: what it is, whether it outlives the page, and
//                  whether other tabs see it (then one tab sends, ./tabs.js)
//
// A record is plain data (structured-clone and JSON safe); it never holds a
// token or a header.
import { outboxError } from './records.js';

/** An Error named LicensingError of kind `storage`: nothing was stored or sent. */
export function storageError(message, cause) {
  return outboxError('storage', message, false, cause);
}

/** Jobs in this realm's memory: gone with the page or the process. */
export function memoryStorage() {
  const jobs = new Map();
  let key;
  return {
    kind: 'memory',
    durable: false,
    shared: false,
    async load() {
      return [...jobs.values()].map((record) => structuredClone(record));
    },
    async add(record) {
      const kept = record.keyId === undefined ? undefined : [...jobs.values()].find((r) => r.keyId === record.keyId);
      if (kept !== undefined) return structuredClone(kept);
      jobs.set(record.id, structuredClone(record));
      return null;
    },
    async put(record) {
      jobs.set(record.id, structuredClone(record));
    },
    async remove(ids) {
      for (const id of ids) jobs.delete(id);
    },
    async clear() {
      jobs.clear();
    },
    async loadKey() {
      return key;
    },
    async saveKey(value) {
      key = value;
    },
    async dropKey() {
      key = undefined;
    },
  };
}

/** A request's result as a promise; its error as a `storage` LicensingError. */
function done(request, what) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(storageError(`${what}: ${request.error?.message ?? request.error}`, request.error));
  });
}

/** A read-write transaction's end: `strict` durability, so that a job is on disk when its write resolves. */
function committed(tx, what) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(storageError(`${what}: ${tx.error?.message ?? tx.error}`, tx.error));
    tx.onabort = () => reject(storageError(`${what}: the transaction was aborted (${tx.error?.message ?? 'no reason given'})`, tx.error));
  });
}

const STORE = 'jobs';
/** The outbox's own key (`encrypt: true`), under one name. */
const KEYS = 'keys';
const KEY = 'outbox';

/** Opens the outbox's database (`licensing-sdk-outbox:NAME`, version 2), made or upgraded as it goes. */
async function openDatabase(idb, name, onVersionChange) {
  let db;
  try {
    const opening = idb.open(`licensing-sdk-outbox:${name}`, 2);
    opening.onupgradeneeded = () => {
      const stores = opening.result.objectStoreNames;
      if (!stores.contains(STORE)) {
        const store = opening.result.createObjectStore(STORE, { keyPath: 'id' });
        // Records without a key (keyId undefined) are not in the index.
        store.createIndex('keyId', 'keyId', { unique: true });
      }
      if (!stores.contains(KEYS)) opening.result.createObjectStore(KEYS);
    };
    db = await done(opening, 'IndexedDB cannot be opened');
  } catch (err) {
    throw err?.kind === 'storage' ? err : storageError(`IndexedDB cannot be opened: ${err?.message ?? err}`, err);
  }
  // Another tab upgrading the database asks this one to let go.
  db.onversionchange = onVersionChange;
  return db;
}

/**
 * The connection to the outbox's database and the transactions it has in
 * flight. A page that goes into the back/forward cache is frozen with its
 * transactions still open: WebKit keeps their locks, and every other tab's
 * outbox (and this page's next load) waits on the store for as long as the
 * page stays cached, measured: for ever. Going (`pagehide`), the page aborts
 * what it has in flight (the writes reject with a `storage` error: nothing
 * they carried is kept, and nothing is sent without its record kept first)
 * and lets the connection go; back, the next transaction opens it again.
 */
class IdbConnection {
  constructor(idb, name) {
    this.idb = idb;
    this.name = name;
    this.db = undefined;
    this.opening = undefined;
    this.live = new Set();
    this.hide = () => this.letGo();
  }

  async open() {
    this.db = await openDatabase(this.idb, this.name, this.hide);
    globalThis.addEventListener?.('pagehide', this.hide);
  }

  /** The connection, opened again after the page came back from the back/forward cache. */
  connection() {
    if (this.db !== undefined) return this.db;
    this.opening ??= openDatabase(this.idb, this.name, this.hide).then((reopened) => {
      this.db = reopened;
      this.opening = undefined;
      return reopened;
    }, (err) => {
      this.opening = undefined;
      throw err;
    });
    return this.opening;
  }

  track(tx) {
    this.live.add(tx);
    const gone = () => this.live.delete(tx);
    tx.addEventListener('complete', gone);
    tx.addEventListener('abort', gone);
    tx.addEventListener('error', gone);
    return tx;
  }

  letGo() {
    for (const tx of this.live) {
      try {
        tx.abort();
      } catch {
        // Already finished: nothing to let go.
      }
    }
    this.live.clear();
    this.db?.close();
    this.db = undefined;
  }

  /** `work(store)` in a read-write transaction; resolves to what it returned once the transaction committed. */
  async write(what, work, store = STORE) {
    let tx;
    try {
      tx = this.track((await this.connection()).transaction(store, 'readwrite', { durability: 'strict' }));
    } catch (err) {
      throw storageError(`${what}: ${err?.message ?? err}`, err);
    }
    const end = committed(tx, what);
    const result = work(tx.objectStore(store));
    return end.then(() => result);
  }

  /** The result of the request `work(store)` makes in a read-only transaction. */
  async read(what, work, store = STORE) {
    let request;
    try {
      request = work(this.track((await this.connection()).transaction(store, 'readonly')).objectStore(store));
    } catch (err) {
      throw storageError(`${what}: ${err?.message ?? err}`, err);
    }
    return done(request, what);
  }

  close() {
    globalThis.removeEventListener?.('pagehide', this.hide);
    this.db?.close();
    this.db = undefined;
  }
}

/**
 * The jobs of the outbox `name` in IndexedDB (database `licensing-sdk-outbox:NAME`),
 * shared by every tab and worker of the origin. Rejects with a `storage`
 * LicensingError where IndexedDB is missing or refused (some private modes).
 */
export async function indexedDbStorage(name) {
  const idb = globalThis.indexedDB;
  if (!idb) throw storageError('this environment has no IndexedDB');
  const db = new IdbConnection(idb, name);
  await db.open();
  return {
    kind: 'indexeddb',
    durable: true,
    shared: true,
    load: () => db.read('the jobs cannot be read', (store) => store.getAll()),
    add(record) {
      let kept = null;
      return db.write('the job cannot be stored', (store) => {
        if (record.keyId === undefined) {
          store.add(record);
          return;
        }
        // Within one transaction: no other tab adds this key between the look and the add.
        const looking = store.index('keyId').get(record.keyId);
        looking.onsuccess = () => {
          if (looking.result === undefined) store.add(record);
          else kept = looking.result;
        };
      }).then(() => kept);
    },
    put: (record) => db.write('the job cannot be stored', (store) => {
      store.put(record);
    }),
    remove: (ids) => db.write('jobs cannot be removed', (store) => {
      for (const id of ids) store.delete(id);
    }),
    clear: () => db.write('the jobs cannot be cleared', (store) => {
      store.clear();
    }),
    loadKey: () => db.read('the outbox\'s key cannot be read', (store) => store.get(KEY), KEYS),
    saveKey: (key) => db.write('the outbox\'s key cannot be stored', (store) => {
      store.put(key, KEY);
    }, KEYS),
    dropKey: () => db.write('the outbox\'s key cannot be dropped', (store) => {
      store.delete(KEY);
    }, KEYS),
    close: () => db.close(),
  };
}
