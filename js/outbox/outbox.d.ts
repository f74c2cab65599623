// licensing-sdk/outbox: writes that outlive the page (or the process).
// A write is validated as the client validates it, stored before it is sent,
// and sent through the client; a page that opens the outbox again finds every
// job and carries on. Each write is done once, or its job ends `unknown`
// without being repeated; never twice (docs/guide/client.md, "Writes that
// outlive the page").
import type { Endpoint, EndpointRequests, EndpointResults, LicensingClient, LicensingError, ReadEndpoint } from './index.js';

/**
 * A job's state. `queued`: stored, not sent; `sending`: handed to the client
 * (it may have reached the service); `settled`: answered (`data`); `failed`: a
 * verdict (`error`: refused, invalid); `unknown`: its answer was lost and it
 * is not sent again (`error` of kind `unknown`, `check`).
 */
export type OutboxJobState = 'queued' | 'sending' | 'settled' | 'failed' | 'unknown';

/** The write endpoints an outbox sends (every endpoint but the reads). */
export type OutboxEndpoint = Exclude<Endpoint, ReadEndpoint>;

/** A job: a snapshot, made anew on every change (`outbox.subscribe`). */
export interface OutboxJob<T = unknown> {
  readonly id: string;
  readonly endpoint: OutboxEndpoint;
  /** The write's repeat key (`channelOrderId`, `crmCustomerId`) when it has a non-blank one. */
  readonly key?: string;
  readonly state: OutboxJobState;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** How many of its calls may have reached the service (one that never left the machine is not counted). */
  readonly sends: number;
  /** The request, as stored and sent (a portal shows what is being checked). */
  readonly request: unknown;
  /**
   * The answer's payload, or the LicensingError it ended with (kind
   * `unknown` when its outcome is not known); the same promise for every
   * snapshot of the job, in every tab. A job removed unfinished (`clear()`)
   * rejects with kind `aborted`.
   */
  readonly settled: Promise<T>;
  /** State `settled`: the payload. */
  readonly data?: T;
  /** State `failed` or `unknown`: the error. */
  readonly error?: LicensingError;
  /** State `unknown`: what the portal can check to learn whether it was done. */
  readonly check?: string;
  /**
   * A job still `queued` or `sending` whose last call ended without a verdict
   * (the service did not answer, the token provider failed, code 500): why it
   * waits. It is tried again with backoff, and ends after `maxRounds` such
   * calls (`unknown` once it may have been sent, else `failed` with this error).
   */
  readonly waiting?: LicensingError;
  /** In a listener's change only: the job is gone (pruned, removed, cleared). */
  readonly removed?: true;
}

/** What a write may say besides its body. */
export interface OutboxWriteOptions {
  /** Your word that it may be done twice (as the client's `repeatable`): then it is sent again after a lost answer. */
  repeatable?: boolean;
  /** Each attempt's timeout for this write, instead of the client's. */
  timeoutMs?: number;
  /**
   * A job an earlier page or process left with this same request (same
   * endpoint, same JSON value), finished or not, and not yet taken by a write
   * of this page is this write's: for a write restored after a reload (what
   * `resumeLicensingMutations` of licensing-sdk/query continues). Only for
   * such a write: a new write with `resume` would take the earlier one's
   * answer and send nothing. Writes with a repeat key join the job of their
   * key anyway.
   */
  resume?: boolean;
}

/** Where an outbox keeps its jobs; `memoryStorage()`, `indexedDbStorage(name)`, `fileStorage(path)`, or your own. */
export interface OutboxStorage {
  /** `indexeddb`, `file`, `memory`, or your own word. */
  readonly kind?: string;
  /** Whether the jobs outlive the page or process. */
  readonly durable?: boolean;
  /** Whether other tabs see the same jobs (then one tab sends, and the others hand it their writes). */
  readonly shared?: boolean;
  /** Every record kept, as kept (the outbox checks each; what it cannot read is skipped, counted and left alone). */
  load(): Promise<unknown[]>;
  /** Keeps it, unless a record with its `keyId` is kept: then that one is the answer, and nothing is written (atomically). */
  add(record: OutboxRecord): Promise<unknown | null>;
  /** Keeps it, replacing the record of its id; durable once resolved. */
  put(record: OutboxRecord): Promise<void>;
  remove(ids: string[]): Promise<void>;
  clear(): Promise<void>;
  close?(): void;
  /** Lets another outbox (another process) take it: the outbox's `close()` calls it. */
  release?(): void;
  /** Where `encrypt: true` keeps the outbox's own non-extractable key. */
  loadKey?(): Promise<CryptoKey | undefined>;
  saveKey?(key: CryptoKey): Promise<void>;
  dropKey?(): Promise<void>;
}

/**
 * What a storage keeps of a job: plain data, never a token or a header. With
 * `encrypt`, `text`, `data`, `error`, `lastError` and `before` are in `sealed`
 * instead. A pruned job that had a repeat key leaves a tombstone (`tomb:
 * true`, its `keyId` and the digest of its request).
 */
export interface OutboxRecord {
  v: 1;
  id: string;
  endpoint: OutboxEndpoint;
  key?: string;
  keyId?: string;
  /** The request's JSON text, exactly as validated and sent. */
  text?: string;
  state?: OutboxJobState;
  createdAt: number;
  updatedAt: number;
  sends?: number;
  [field: string]: unknown;
}

export interface OpenOutboxOptions {
  /** The client that validates and sends (its token, hooks and options); a LicensingClient of `licensing-sdk`. */
  client: LicensingClient;
  /** The outbox's name: one outbox per name and origin (or file). Default: `default`. */
  name?: string;
  /**
   * Where the jobs are kept. Default: IndexedDB in pages and workers (memory
   * where it is missing or refused, `storage.reason` says so); memory in Node
   * (`fileStorage(path)` keeps them across restarts).
   */
  storage?: OutboxStorage;
  /** Most jobs kept; past it the oldest finished ones go, and a write is refused (kind `storage`) when all are unfinished. Default: 1000. */
  maxJobs?: number;
  /**
   * How many calls of a job may end without a verdict (no answer, a timeout,
   * code 500, a token provider that fails) before it ends: `unknown` once it
   * may have been sent, else `failed` with its last call's error. Default: 10
   * (about six minutes of backoff).
   */
  maxRounds?: number;
  /**
   * Seal what is stored of each request, answer and error (AES-GCM, Web
   * Crypto): `true` for a non-extractable key the outbox keeps in its storage
   * (IndexedDB, memory; `clear()` drops it, so what a browser still holds on
   * disk can no longer be read), or an AES-GCM `CryptoKey` the portal holds
   * (the only way for `fileStorage`). Ids, endpoints, repeat keys, states,
   * times and counts stay plain.
   */
  encrypt?: boolean | CryptoKey;
  /** The wall clock records are dated with (default `Date.now`, or the client's `clock`); no wait is measured with it. */
  now?: () => number;
  /** How long finished jobs are kept, in milliseconds. Default: 7 days. */
  keepFinishedMs?: number;
  /**
   * Tabs always share the sending of a storage they all see (IndexedDB): one
   * holds the Web Lock and sends. `false` is refused over such a storage (two
   * tabs would send the same jobs).
   */
  tabs?: boolean;
}

/** One write method per write endpoint: its request, and a job of its result. */
export type OutboxWrites = {
  [E in OutboxEndpoint]: (body: EndpointRequests[E], options?: OutboxWriteOptions) => Promise<OutboxJob<EndpointResults[E]>>;
};

/**
 * An open outbox. Each write method resolves once the job is stored (or
 * joins the job of its repeat key) to the job; its `settled` gives the
 * answer. Rejects with a LicensingError of kind `validation` (refused as the
 * client would refuse it), `conflict` (another request kept under its key) or
 * `storage` (not stored): nothing was sent.
 */
export interface Outbox extends OutboxWrites {
  readonly storage: { readonly kind: string; readonly durable: boolean; readonly shared: boolean; readonly encrypted: boolean; readonly reason?: string };
  /** Whether this tab is the one that sends. */
  readonly sending: boolean;
  /** How many stored records this version could not read (they are left alone). */
  readonly skipped: number;
  /** The last storage failure since the outbox opened, if any. */
  readonly problem?: LicensingError;
  /** The jobs, oldest first: the same array until something changes (for `useSyncExternalStore`). */
  jobs(): readonly OutboxJob[];
  job(id: string): OutboxJob | undefined;
  /** `listener(job)` on every change of a job; returns the unsubscribe. */
  subscribe(listener: (job: OutboxJob) => void): () => void;
  /** Sends what is due now, without waiting for a backoff, and even while `navigator.onLine` says offline. */
  retry(): void;
  /**
   * Gives a job up: once a call of it on its way has ended, an unfinished
   * job ends `unknown` if it may have reached the service (nothing is sent
   * again), else `failed` with kind `aborted` (`sent: false`). Resolves to the
   * job as it ended (`undefined`: no such job). From any tab.
   */
  cancel(id: string): Promise<OutboxJob | undefined>;
  /** Forgets a finished job; a job still queued or sending is refused (`cancel(id)` first). */
  remove(id: string): Promise<boolean>;
  /** Forgets every job (a sign-out): the unfinished ones reject with kind `aborted`. */
  clear(): Promise<void>;
  /** Stops sending and listening (another tab takes over); a call in flight still ends and is recorded. */
  close(): Promise<void>;
}

/** Opens the outbox `name`: recovers what an earlier page or process left, and carries it on. */
export declare function openOutbox(options: OpenOutboxOptions): Promise<Outbox>;

/** Jobs in memory: they do not outlive the page or the process. */
export declare function memoryStorage(): OutboxStorage;

/** Jobs in IndexedDB (database `licensing-sdk-outbox:NAME`); rejects with kind `storage` where it is missing or refused. */
export declare function indexedDbStorage(name: string): Promise<OutboxStorage>;

/**
 * Jobs in a JSON file, rewritten atomically on each change (Node, Deno, Bun).
 * One process per file, enforced by a lease (`PATH.lock`): a second process
 * is refused (kind `storage`), or waits up to `leaseWaitMs` for it; a dead
 * holder's lease is taken over. A file that is not an outbox's is refused,
 * never overwritten.
 */
export declare function fileStorage(path: string, options?: { leaseWaitMs?: number }): OutboxStorage;
