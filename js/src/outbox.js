// licensing-sdk/outbox: writes that outlive the page. A write is validated as
// the portal's LicensingClient validates it, stored before it is sent, and
// sent through that client; a page that opens the outbox again (after a
// reload, a crash, a closed tab) finds every job and carries on: each is done
// once, or ends `unknown` without being repeated, never twice.
//
// What this module may decide, and what it may not (as routing.js for the
// validators): it stores, sends, reads, waits and tells. Every step is the
// core's (licensing-client's `recovery`, in the outbox's own wasm: `admit`,
// `step`, `afterCall`): whether a write joins a kept one or is refused under
// its key, whether a stored write is sent again, read for first, settled or
// given up as unknown, how long to wait before a resend, and what a call's
// end makes of a job. The order is one at a time, oldest first (so writes
// with one key, and a lock before an unlock, go in the order made).
//
// Tabs: with a storage every tab sees (IndexedDB), one tab sends (it holds
// the Web Lock `licensing-sdk-outbox:NAME`); the others store their writes and
// tell it on the BroadcastChannel of that name, and hear of every change. When
// the sending tab goes, the next tab takes the lock and recovers its jobs.
import { STALES } from '../generated/stales.js';
import { serialize } from './routing.js';
import { memoryStorage, storageError } from './outbox-storage.js';

/** The write endpoints (those that make reads stale: every POST of the table). */
const WRITES = Object.freeze(Object.keys(STALES));
const STATES = new Set(['queued', 'sending', 'settled', 'failed', 'unknown']);
const FINISHED = new Set(['settled', 'failed', 'unknown']);
/** A stored record's format. */
const RECORD_VERSION = 1;
const DAY_MS = 86_400_000;
/** The LicensingError fields a job keeps of its error. */
const ERROR_FIELDS = ['kind', 'message', 'code', 'cause', 'status', 'issues', 'activities', 'data', 'sent', 'check'];

/** A LicensingError from what a job kept of one. */
function toError(kept) {
  const error = new Error(typeof kept?.message === 'string' ? kept.message : 'the job failed');
  error.name = 'LicensingError';
  for (const field of ERROR_FIELDS) if (field !== 'message' && kept?.[field] !== undefined) error[field] = kept[field];
  error.sent = kept?.sent === true;
  return error;
}

/** What a job keeps of an error: its LicensingError fields, as plain data. */
function keptError(error) {
  const kept = {};
  for (const field of ERROR_FIELDS) {
    const value = error?.[field];
    if (value !== undefined) kept[field] = field === 'message' ? String(value) : structuredCloneOr(value);
  }
  if (kept.kind === undefined) kept.kind = 'network';
  kept.sent = error?.sent === true;
  return kept;
}

function structuredCloneOr(value) {
  try {
    return structuredClone(value);
  } catch {
    return String(value);
  }
}

function outboxError(kind, message, sent = false) {
  const error = new Error(`licensing-sdk/outbox: ${message}`);
  error.name = 'LicensingError';
  error.kind = kind;
  error.sent = sent;
  return error;
}

/** A fresh job id: 122 random bits. */
function newId() {
  if (typeof globalThis.crypto?.randomUUID === 'function') return globalThis.crypto.randomUUID();
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether a stored record is one this version reads (anything else is skipped, and counted). */
function usable(record) {
  return record !== null && typeof record === 'object' && record.v === RECORD_VERSION
    && typeof record.id === 'string' && WRITES.includes(record.endpoint) && typeof record.text === 'string'
    && STATES.has(record.state) && Number.isFinite(record.createdAt) && Number.isFinite(record.updatedAt);
}

function positiveInteger(value, name, fallback) {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new TypeError(`openOutbox: ${name} must be a positive integer`);
  return value;
}

/**
 * `openOutbox` over the outbox's wasm (`core()` gives its glue: `admit`,
 * `step`, `afterCall`) and the platform's default storage
 * (`defaultStorage(name)` resolves to `{ storage, reason? }`).
 */
export function makeOpenOutbox(core, defaultStorage) {
  return async function openOutbox(options) {
    if (options === null || typeof options !== 'object') throw new TypeError('openOutbox: options { client, name?, storage? } are required');
    const { client } = options;
    if (client === null || typeof client !== 'object' || typeof client.__send !== 'function') {
      throw new TypeError('openOutbox: client must be a LicensingClient (of licensing-sdk, any entry with the client)');
    }
    const name = options.name ?? 'default';
    if (typeof name !== 'string' || name === '' || name.length > 200) throw new TypeError('openOutbox: name must be a string of 1 to 200 characters');
    const maxJobs = positiveInteger(options.maxJobs, 'maxJobs', 1000);
    const keepFinishedMs = positiveInteger(options.keepFinishedMs, 'keepFinishedMs', 7 * DAY_MS);
    const now = typeof options.now === 'function' ? options.now : () => Date.now();
    let storage = options.storage;
    let reason;
    if (storage === undefined) {
      ({ storage, reason } = await defaultStorage(name));
    } else {
      for (const method of ['load', 'add', 'put', 'remove', 'clear']) {
        if (typeof storage?.[method] !== 'function') throw new TypeError(`openOutbox: storage must have ${method}() (js/src/outbox-storage.js)`);
      }
    }
    const wasm = core();
    return openWith({ client, name, storage, reason, maxJobs, keepFinishedMs, now, wasm, tabs: options.tabs !== false });
  };
}

async function openWith({ client, name, storage, reason, maxJobs, keepFinishedMs, now, wasm, tabs }) {
  /** id → record (the storage's view, kept in step with it and with the other tabs). */
  const records = new Map();
  /** id → { promise, resolve, reject } of each job's `settled`. */
  const settlements = new Map();
  /** Jobs an earlier page or process left, not yet taken by a write of this one (`resume`). */
  const adoptable = new Set();
  /** In this life: each job's calls without a verdict, its since-read, when it is due. */
  const rounds = new Map();
  const since = new Map();
  const due = new Map();
  /** Jobs whose next step waits the core's delay first (a round ended without a verdict). */
  const backoff = new Set();
  const listeners = new Set();
  let snapshot = null;
  let closed = false;
  let leader = false;
  /** The runner's current pass, while one runs (close() waits for it). */
  let running;
  let rerun = false;
  let timer;
  let skipped = 0;
  let releaseLock;
  let channel;

  // ---- the view -------------------------------------------------------------

  function settlement(id) {
    let s = settlements.get(id);
    if (s === undefined) {
      s = {};
      s.promise = new Promise((resolve, reject) => {
        s.resolve = resolve;
        s.reject = reject;
      });
      // Handled here, so that a job nobody awaits is no unhandled rejection; `await job.settled` still throws.
      s.promise.catch(() => {});
      settlements.set(id, s);
    }
    return s;
  }

  /** Settles a finished job's promise (once: later calls do nothing). */
  function deliver(record) {
    const s = settlement(record.id);
    if (record.state === 'settled') s.resolve(record.data === undefined ? undefined : JSON.parse(record.data));
    else if (record.state === 'failed' || record.state === 'unknown') s.reject(toError(record.error));
  }

  function job(record) {
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
      settled: settlement(record.id).promise,
    };
    if (record.state === 'settled' && record.data !== undefined) out.data = JSON.parse(record.data);
    if (record.state === 'failed' || record.state === 'unknown') out.error = toError(record.error);
    if (record.state === 'unknown') out.check = record.error?.check;
    return Object.freeze(out);
  }

  function tell(record, removed = false) {
    snapshot = null;
    const changed = removed ? Object.freeze({ ...job(record), removed: true }) : job(record);
    for (const listener of listeners) {
      try {
        listener(changed);
      } catch {
        // A listener's failure is its own: the outbox and the other listeners go on.
      }
    }
  }

  /** Takes a record into the view (from storage, a write, another tab). */
  function take(record, { broadcast = false } = {}) {
    if (!usable(record)) return;
    const before = records.get(record.id);
    // A tab's message may come after a newer record: the newer one stays.
    if (before !== undefined && before.updatedAt > record.updatedAt) return;
    records.set(record.id, record);
    if (FINISHED.has(record.state)) deliver(record);
    if (broadcast) post({ t: 'record', record });
    tell(record);
  }

  function drop(ids, { broadcast = false, why } = {}) {
    for (const id of ids) {
      const record = records.get(id);
      if (record === undefined) continue;
      records.delete(id);
      adoptable.delete(id);
      rounds.delete(id);
      since.delete(id);
      due.delete(id);
      backoff.delete(id);
      if (!FINISHED.has(record.state)) settlement(id).reject(outboxError('aborted', why ?? 'the job was removed', record.state === 'sending'));
      settlements.delete(id);
      tell(record, true);
    }
    if (broadcast) post({ t: 'drop', ids: [...ids], why });
  }

  // ---- storage --------------------------------------------------------------

  /** Stores a record, then takes it into the view and tells the other tabs; not a job removed meanwhile. */
  async function persist(record) {
    if (!records.has(record.id)) return;
    record.updatedAt = Math.max(now(), (records.get(record.id)?.updatedAt ?? 0) + 1e-3);
    await storage.put(record);
    take(record, { broadcast: true });
  }

  /** Finished jobs past `keepFinishedMs`, and the oldest finished ones past `maxJobs`. */
  async function prune() {
    const finished = [...records.values()].filter((r) => FINISHED.has(r.state)).sort((a, b) => a.updatedAt - b.updatedAt);
    const old = finished.filter((r) => now() - r.updatedAt > keepFinishedMs);
    const over = Math.max(0, records.size - old.length - maxJobs);
    const ids = [...old, ...finished.filter((r) => !old.includes(r)).slice(0, over)].map((r) => r.id);
    if (ids.length === 0) return;
    await storage.remove(ids);
    drop(ids, { broadcast: true, why: 'the job was pruned' });
  }

  async function reload() {
    let loaded;
    try {
      loaded = await storage.load();
    } catch (err) {
      throw err?.kind === 'storage' ? err : storageError(`the jobs cannot be read: ${err?.message ?? err}`, err);
    }
    skipped = 0;
    for (const record of loaded) {
      if (usable(record)) take(record);
      else skipped += 1;
    }
  }

  // ---- tabs -----------------------------------------------------------------

  function post(message) {
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: this tab is closing.
    }
  }

  function listen(event) {
    const message = event.data;
    if (message?.t === 'record') take(message.record);
    else if (message?.t === 'drop' && Array.isArray(message.ids)) drop(message.ids, { why: message.why });
    else if (message?.t === 'added' && leader) run();
    // Another tab cleared the outbox: the view too.
    else if (message?.t === 'clear') drop([...records.keys()], { why: 'the outbox was cleared' });
  }

  async function lead() {
    // The storage as the last sender left it (its messages may have been lost with it).
    await reload();
    leader = true;
    for (const record of records.values()) if (!FINISHED.has(record.state)) due.set(record.id, 0);
    await prune().catch(() => {});
    run();
  }

  // ---- the runner (the sending tab only) ------------------------------------

  const offline = () => globalThis.navigator?.onLine === false;

  /** The oldest unfinished job: the one every later one waits for. */
  function head() {
    let first;
    for (const record of records.values()) {
      if (FINISHED.has(record.state)) continue;
      if (first === undefined || record.createdAt < first.createdAt || (record.createdAt === first.createdAt && record.id < first.id)) first = record;
    }
    return first;
  }

  function wake(ms) {
    clearTimeout(timer);
    timer = setTimeout(run, Math.max(0, ms));
  }

  /** Starts a pass unless one runs (then it runs once more when it ends: a write may have come meanwhile). */
  function run() {
    if (closed || !leader) return running;
    if (running) {
      rerun = true;
      return running;
    }
    running = pass().catch(report).finally(() => {
      running = undefined;
      if (rerun) {
        rerun = false;
        run();
      }
    });
    return running;
  }

  /** Advances the oldest unfinished job, then the next, until none is due now. */
  async function pass() {
    for (let record = head(); record !== undefined && !closed; record = head()) {
      const wait = (due.get(record.id) ?? 0) - now();
      if (wait > 0) {
        wake(wait);
        return;
      }
      // Offline: nothing is sent until the 'online' event (or retry()).
      if (offline()) return;
      await advance(record);
    }
  }

  /** One step of a job, as the core says. */
  async function advance(record) {
    const known = (record.state === 'queued' ? 0 : 1) | (record.beforeRefused === true ? 2 : 0);
    const sinceSent = Number.isFinite(record.sentAt) ? Math.max(0, now() - record.sentAt) : -1;
    const step = wasm.step(record.endpoint, record.text, known, record.repeatable === true, record.before ?? '', since.get(record.id) ?? '',
      rounds.get(record.id) ?? 0, Math.random(), sinceSent, record.timeoutMs ?? 0);
    /** A round without a verdict: the next step waits the core's delay first. */
    const again = (extraMs = 0) => {
      rounds.set(record.id, (rounds.get(record.id) ?? 0) + 1);
      backoff.add(record.id);
      due.set(record.id, now() + extraMs);
    };
    try {
      // The lost send may still be working: read once it cannot be.
      if (step.waitMs > 0) {
        due.set(record.id, now() + step.waitMs);
        return;
      }
      if ((step.step === 'send' || step.step === 'read') && backoff.delete(record.id) && step.delayMs > 0) {
        due.set(record.id, now() + step.delayMs);
        return;
      }
      switch (step.step) {
        case 'read': {
          const read = await call(step.endpoint, step.request, {});
          if (!records.has(record.id)) return; // removed or cleared meanwhile
          if (read.end === 'settled' && known === 0) return await persist({ ...record, before: read.text ?? '[]' });
          if (read.end === 'settled') return void since.set(record.id, read.text ?? '[]');
          // Refused before the first send: sent without a list to compare with.
          if (read.end === 'failed' && known === 0) return await persist({ ...record, beforeRefused: true });
          return again();
        }
        case 'send': {
          // Durable before the call: a reload after this point finds it maybe sent.
          const sending = { ...record, state: 'sending', sends: (record.sends ?? 0) + 1, sentAt: now() };
          await persist(sending);
          const sent = await call(record.endpoint, record.text, { repeatable: record.repeatable === true, timeoutMs: record.timeoutMs });
          if (!records.has(record.id)) return;
          if (sent.end === 'settled') return await finish(sending, 'settled', { data: sent.text });
          if (sent.end === 'failed') return await finish(sending, 'failed', { error: keptError(sent.error) });
          if (sent.end === 'stored') await persist({ ...sending, state: 'queued' });
          since.delete(record.id);
          return again();
        }
        case 'settled':
          return await finish(record, 'settled', { data: step.text });
        case 'unknown':
          return await finish(record, 'unknown', { error: keptError(step.error) });
        default:
          return await finish(record, 'failed', { error: keptError(step.error ?? outboxError('validation', `no step for ${record.endpoint}`)) });
      }
    } catch (err) {
      // The storage failed: nothing more is done with the job until it works again.
      report(err);
      again(5_000);
    }
  }

  let storageProblem;
  function report(err) {
    storageProblem = err?.kind === 'storage' ? err : storageError(String(err?.message ?? err), err);
  }

  async function finish(record, state, extra) {
    const finished = { ...record, ...extra, state };
    if (finished.data === undefined) delete finished.data;
    rounds.delete(record.id);
    since.delete(record.id);
    due.delete(record.id);
    backoff.delete(record.id);
    await persist(finished);
    await prune();
  }

  /**
   * One call of the client (its validation, auth, nonce, retries, hooks):
   * `{ end, text?, error? }`, `end` as the core's `afterCall` says.
   */
  async function call(endpoint, text, callOptions) {
    try {
      const data = await client.__send(endpoint, text, undefined, callOptions);
      return { end: 'settled', text: data === undefined ? undefined : JSON.stringify(data) };
    } catch (error) {
      const answered = error?.kind === 'hook' && error?.data !== undefined;
      const end = wasm.afterCall(endpoint, String(error?.kind ?? 'network'), Number.isInteger(error?.status) ? error.status : 0,
        typeof error?.code === 'string' ? error.code : '', error?.sent === true, answered);
      return { end, error, text: answered ? JSON.stringify(error.data) : undefined };
    }
  }

  // ---- writes ---------------------------------------------------------------

  function kept(endpoint, key) {
    for (const record of records.values()) if (record.endpoint === endpoint && record.key === key) return record;
    return undefined;
  }

  /** The job `text` joins (the core's `admit`: the same request under a kept key), or the refusal. */
  function join(endpoint, text, record) {
    const admitted = wasm.admit(endpoint, text, record.text);
    if (admitted.error) throw admitted.error;
    adoptable.delete(record.id);
    return job(record);
  }

  async function write(endpoint, body, writeOptions) {
    if (closed) throw outboxError('validation', 'the outbox is closed');
    const repeatable = writeOptions?.repeatable ?? false;
    if (typeof repeatable !== 'boolean') throw outboxError('validation', 'repeatable must be a boolean');
    const timeoutMs = writeOptions?.timeoutMs;
    if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs < 1)) throw outboxError('validation', 'timeoutMs must be a positive integer');
    let text;
    let nonFinite;
    try {
      ({ text, nonFinite } = serialize(body));
    } catch (thrown) {
      // The client says why it cannot be sent, as its own call would.
      await client.__send(endpoint, undefined, thrown, { __checkOnly: true });
      throw outboxError('validation', 'the body cannot be serialized');
    }
    // Validated as the client validates it before a call (its rules, locale, messages).
    await client.__send(endpoint, text, nonFinite.length === 0 ? undefined : nonFinite, { __checkOnly: true });
    const admitted = wasm.admit(endpoint, text, '');
    if (admitted.error) throw admitted.error;
    const { key } = admitted;
    if (key !== undefined) {
      const same = kept(endpoint, key);
      if (same !== undefined) return join(endpoint, text, same);
    }
    if (writeOptions?.resume === true) {
      for (const id of adoptable) {
        const record = records.get(id);
        if (record?.endpoint === endpoint && wasm.admit(endpoint, text, record.text).same === true) return join(endpoint, text, record);
      }
    }
    if ([...records.values()].filter((r) => !FINISHED.has(r.state)).length >= maxJobs) {
      throw outboxError('storage', `it holds ${maxJobs} unfinished jobs (maxJobs): nothing was stored or sent`);
    }
    // After every job in view, even within one millisecond: the order is the order made.
    let at = now();
    for (const r of records.values()) if (r.createdAt >= at) at = r.createdAt + 1e-3;
    const record = {
      v: RECORD_VERSION, id: newId(), endpoint, key, text, repeatable, state: 'queued', createdAt: at, updatedAt: at, sends: 0,
    };
    if (key !== undefined) record.keyId = `${endpoint}\u0000${key}`;
    if (timeoutMs !== undefined) record.timeoutMs = timeoutMs;
    let existing;
    try {
      existing = await storage.add(record);
    } catch (err) {
      throw err?.kind === 'storage' ? err : storageError(`the job cannot be stored: ${err?.message ?? err}`, err);
    }
    // Another tab stored a job under this key first: this write is that one, or refused.
    if (existing) {
      take(existing);
      return join(endpoint, text, existing);
    }
    take(record, { broadcast: true });
    if (leader) run();
    else post({ t: 'added', id: record.id });
    if (records.size > maxJobs) prune().catch(report);
    return job(record);
  }

  // ---- open -------------------------------------------------------------------

  await reload();
  for (const id of records.keys()) adoptable.add(id);
  const locks = globalThis.navigator?.locks;
  const shared = tabs && storage.shared === true && typeof locks?.request === 'function' && typeof globalThis.BroadcastChannel === 'function';
  if (shared) {
    channel = new BroadcastChannel(`licensing-sdk-outbox:${name}`);
    channel.onmessage = listen;
    const held = new Promise((resolve) => {
      releaseLock = resolve;
    });
    locks.request(`licensing-sdk-outbox:${name}`, () => (closed ? undefined : lead().then(() => held))).catch(report);
  } else {
    await lead();
  }
  const onOnline = () => run();
  globalThis.addEventListener?.('online', onOnline);

  const outbox = {
    storage: Object.freeze({ kind: storage.kind ?? 'custom', durable: storage.durable === true, shared, ...(reason ? { reason } : {}) }),
    /** The jobs, oldest first: a new array after each change, the same one between changes. */
    jobs() {
      snapshot ??= Object.freeze([...records.values()].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map(job));
      return snapshot;
    },
    job(id) {
      const record = records.get(id);
      return record === undefined ? undefined : job(record);
    },
    /** Calls `listener(job)` on every change of a job (a removed one with `removed: true`); returns the unsubscribe. */
    subscribe(listener) {
      if (typeof listener !== 'function') throw new TypeError('outbox.subscribe: a function is required');
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Whether this tab sends (holds the outbox's lock). */
    get sending() {
      return leader && !closed;
    },
    /** How many stored records this version could not read (and left alone). */
    get skipped() {
      return skipped;
    },
    /** The last storage failure, if the storage failed since the outbox opened. */
    get problem() {
      return storageProblem;
    },
    /** Sends what is due now, without waiting for a backoff or the 'online' event. */
    retry() {
      for (const id of due.keys()) due.set(id, 0);
      backoff.clear();
      run();
      post({ t: 'added' });
    },
    /** Forgets a finished job (an unknown one the portal has shown, say). */
    async remove(id) {
      const record = records.get(id);
      if (record === undefined) return false;
      if (!FINISHED.has(record.state)) throw outboxError('validation', `job ${id} is ${record.state}: only a finished job can be removed`);
      await storage.remove([id]);
      drop([id], { broadcast: true });
      return true;
    },
    /** Forgets every job, finished or not (a sign-out): the unfinished ones reject with kind `aborted`. */
    async clear() {
      await storage.clear();
      drop([...records.keys()], { why: 'the outbox was cleared' });
      post({ t: 'clear' });
    },
    /**
     * Stops sending and listening. A call in flight is waited for and
     * recorded first, and only then is the lock let go: another tab (or an
     * outbox this page opens next) never sends a job this one still has on
     * its way.
     */
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => {});
      globalThis.removeEventListener?.('online', onOnline);
      releaseLock?.();
      channel?.close();
      listeners.clear();
    },
  };
  for (const endpoint of WRITES) {
    Object.defineProperty(outbox, endpoint, {
      enumerable: true,
      value: (body, writeOptions) => write(endpoint, body, writeOptions),
    });
  }
  return Object.freeze(outbox);
}
