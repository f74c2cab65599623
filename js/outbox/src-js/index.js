// licensing-sdk/outbox: writes that outlive the page. A write is validated as
// the portal's LicensingClient validates it, stored before it is sent, and
// sent through that client; a page that opens the outbox again (after a
// reload, a crash, a closed tab) finds every job and carries on: each is done
// once, or ends `unknown` without being repeated, never twice.
//
// What this module may decide, and what it may not (as routing.js for the
// validators): it stores, sends, reads, waits and tells. Every step is the
// core's (licensing-client's `recovery`, in the outbox's own wasm: `admit`,
// `step`, `afterCall`, `idsOf`). The rooms:
//
//   records.js  what a job keeps, and the check of a record read back
//   view.js     the jobs this tab sees, their `settled` promises, the listeners
//   store.js    the storage behind the view (sealed by seal.js), told to the tabs
//   runner.js   the sending: which job next, one step at a time
//   tabs.js     which tab sends (a Web Lock), and the messages between tabs
//   writes.js   a write made: checked, admitted, joined or stored
//   storage.js, file.js   the storages: memory, IndexedDB, a file
import { FINISHED, outboxError, WRITES } from './records.js';
import { JobView } from './view.js';
import { JobStore } from './store.js';
import { Runner } from './runner.js';
import { Tabs } from './tabs.js';
import { Writes } from './writes.js';
import { makeSealer } from './seal.js';

const DAY_MS = 86_400_000;
const STORAGE_METHODS = ['load', 'add', 'put', 'remove', 'clear'];

function positiveInteger(value, name, fallback) {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`openOutbox: ${name} must be a positive integer`);
  return value;
}

/**
 * The clock the outbox waits on: the client's (a test's virtual clock,
 * which never jumps) or the platform's timers with `performance.now()`; and
 * the time it dates records with.
 */
function clocksOf(client, options) {
  const given = client.__io?.clock;
  const clock = given ?? {
    now: () => globalThis.performance?.now?.() ?? Date.now(),
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle),
  };
  const wall = typeof options.now === 'function' ? options.now : given === undefined ? () => Date.now() : () => given.now();
  return { clock, wall };
}

/** The options, checked: what openOutbox works with. */
function checkOptions(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('openOutbox: options { client, name?, storage? } are required');
  const { client } = options;
  if (client === null || typeof client !== 'object' || typeof client.__send !== 'function') {
    throw new TypeError('openOutbox: client must be a LicensingClient (of licensing-sdk, any entry with the client)');
  }
  const name = options.name ?? 'default';
  if (typeof name !== 'string' || name === '' || name.length > 200) throw new TypeError('openOutbox: name must be a string of 1 to 200 characters');
  if (options.tabs !== undefined && typeof options.tabs !== 'boolean') throw new TypeError('openOutbox: tabs must be a boolean');
  if (options.storage !== undefined) {
    for (const method of STORAGE_METHODS) {
      if (typeof options.storage?.[method] !== 'function') throw new TypeError(`openOutbox: storage must have ${method}() (the OutboxStorage interface)`);
    }
  }
  return {
    client,
    name,
    maxJobs: positiveInteger(options.maxJobs, 'maxJobs', 1000),
    maxRounds: positiveInteger(options.maxRounds, 'maxRounds', 10),
    keepFinishedMs: positiveInteger(options.keepFinishedMs, 'keepFinishedMs', 7 * DAY_MS),
  };
}

/**
 * `openOutbox` over the outbox's wasm (`core()` gives its glue) and the
 * platform's default storage (`defaultStorage(name)` resolves to `{ storage,
 * reason? }`).
 */
export function makeOpenOutbox(core, defaultStorage) {
  return async function openOutbox(options) {
    const checked = checkOptions(options);
    let { storage } = options;
    let reason;
    if (storage === undefined) ({ storage, reason } = await defaultStorage(checked.name));
    const tabs = storage.shared === true;
    if (tabs && options.tabs === false) {
      throw new TypeError('openOutbox: tabs: false over a storage every tab sees would let two tabs send the same jobs: give each its own storage (or name) instead');
    }
    if (tabs && (typeof globalThis.navigator?.locks?.request !== 'function' || typeof globalThis.BroadcastChannel !== 'function')) {
      throw outboxError('storage', `a ${storage.kind ?? 'shared'} storage needs Web Locks and BroadcastChannel, which this context lacks (not a secure context?), so that one tab sends: nothing was opened`);
    }
    const sealer = await makeSealer(options.encrypt, storage);
    return open({ ...checked, storage, reason, tabs, sealer, wasm: core(), ...clocksOf(checked.client, options) });
  };
}

async function open({ client, name, storage, reason, tabs, sealer, wasm, clock, wall, maxJobs, maxRounds, keepFinishedMs }) {
  let closed = false;
  let problem;
  const report = (err) => {
    problem = err?.kind === 'storage' ? err : outboxError('storage', String(err?.message ?? err), false, err);
  };
  const view = new JobView((record) => wasm.admit({ endpoint: record.endpoint, text: record.text }).touches ?? [], name);
  let sides;
  const store = new JobStore({ storage, sealer, view, wall, post: (message) => sides?.post(message) });
  // The jobs as the storage holds them: what an earlier life left (a storage that cannot be read refuses to open).
  await store.reload();
  const adoptable = new Set(view.records.keys());
  const runner = new Runner({ view, store, client, wasm, clock, report, bounds: { maxJobs, maxRounds, keepFinishedMs, wall } });
  sides = new Tabs({ name, shared: tabs, store, runner, view, clock, report });
  const writes = new Writes({ client, wasm, view, store, tabs: sides, adoptable, bounds: { maxJobs, wall }, closed: () => closed });
  sides.open();
  const onOnline = () => runner.run();
  globalThis.addEventListener?.('online', onOnline);

  const outbox = {
    storage: Object.freeze({ kind: storage.kind ?? 'custom', durable: storage.durable === true, shared: tabs, encrypted: sealer.sealed, ...(reason ? { reason } : {}) }),
    jobs: () => view.jobs(),
    job(id) {
      const record = view.records.get(id);
      return record === undefined ? undefined : view.job(record);
    },
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('outbox.subscribe: a function is required');
      return view.subscribe(listener);
    },
    get sending() {
      return sides.leader && !closed;
    },
    get skipped() {
      return store.skipped;
    },
    get problem() {
      return problem;
    },
    retry() {
      sides.retry();
    },
    async cancel(id) {
      const record = view.records.get(id);
      if (record === undefined) return undefined;
      if (!FINISHED.has(record.state)) {
        const done = sides.cancel(id);
        // In another tab, the one that sends gives it up: done once this tab hears it ended.
        await (done ?? view.settlement(id).promise.catch(() => {}));
      }
      const now = view.records.get(id);
      return now === undefined ? undefined : view.job(now);
    },
    async remove(id) {
      const record = view.records.get(id);
      if (record === undefined) return false;
      if (!FINISHED.has(record.state)) throw outboxError('validation', `job ${id} is ${record.state}: only a finished job can be removed (cancel(id) gives it up first)`);
      await store.remove([id], 'the job was removed');
      return true;
    },
    async clear() {
      await store.clear();
    },
    async close() {
      if (closed) return;
      closed = true;
      // A call in flight is waited for and recorded first, and only then is
      // the lock let go: another tab (or an outbox this page opens next)
      // never sends a job this one still has on its way.
      await runner.close();
      globalThis.removeEventListener?.('online', onOnline);
      sides.close();
      storage.release?.();
      view.close();
    },
  };
  for (const endpoint of WRITES) {
    Object.defineProperty(outbox, endpoint, { enumerable: true, value: (body, writeOptions) => writes.write(endpoint, body, writeOptions) });
  }
  return Object.freeze(outbox);
}
