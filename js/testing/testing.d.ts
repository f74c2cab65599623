// licensing-sdk/testing: what a tester needs besides the SDK itself.
// - invalidExamples(endpoint): bodies that fail with exactly one issue;
// - createSimulator(options): the service in process, behind a standard fetch;
// - checkAnswer(endpoint, status, text): an answer held to the contract;
// - makeValid(endpoint, body): a fixture made valid by the tables and the rules' repairs;
// - createVirtualClock(options): time a test holds, for a client and a simulator.
import type { Clock, Endpoint, EndpointRequests, ValidateOptions, ValidationReport } from './index.js';

export type { InvalidExample } from './invalid-examples.js';
// The state format, generated from the simulator's Rust types (sim-state.d.ts).
import type { SimulatorState } from './sim-state.js';
export type {
  SimulatorState, SimulatorStateAsset, SimulatorStateAssetNumbers, SimulatorStateBatch, SimulatorStateClaim,
  SimulatorStateCustomer, SimulatorStateGrant, SimulatorStateOrder,
} from './sim-state.js';
export { invalidExamples } from './invalid-examples.js';

/** A module's scope, granted to a bearer token. */
export type Scope = 'auth_order' | 'auth_activity';

/** What a simulator is made with: the options of the `licensing-sim` command line. */
export interface SimulatorOptions {
  /** Accepted bearer tokens and their scopes. Default: `dev-order-token`, `dev-activity-token`, `dev-all-token`. */
  tokens?: Record<string, Scope[]>;
  /** The activity catalogue (the `--activities` file's JSON). Default: a sample set. */
  activities?: { activities: unknown[] };
  /** Which requests are refused (13004 / 1001). Default: `recommended`. */
  rules?: 'spec' | 'recommended' | 'strict';
  /** Where the id and asset number sequences start: the same seed, the same answers. Default: 0. */
  seed?: number;
  /** How long a used `g_nonce` is refused, in seconds. Default: 600. */
  nonceWindowSecs?: number;
  /** Largest request body accepted, in bytes. Default: 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Seconds a request's body may take to arrive in whole (the simulator's
   * `--body-timeout-secs`): a slower one is answered 408. Default: 30.
   */
  bodyTimeoutSecs?: number;
  /** Most asset numbers one shellnums call may ask for. Default: 1000. */
  maxShellnums?: number;
  /** Most (asset number, product) pairs of the delete_product orders of one batch. Default: 250,000. */
  maxDeletePairs?: number;
  /** Largest `listAssets` answer, in bytes of JSON (its records repeat what their order stores once). Default: 32 MiB. */
  maxAnswerBytes?: number;
  /** Largest `state` read, in bytes of JSON (a larger one is refused before it is read). Default: 64 MiB. */
  maxStateBytes?: number;
  /** The token `/__sim/*` routes need in `x-sim-admin`. Default: `licensing-sim-admin`. */
  adminToken?: string;
  /**
   * The stored data to start from, and to return to on `reset()`: what
   * `sim.snapshot()` or `GET /__sim/state` gave (a fixture file's JSON, parsed
   * or as text). Refused whole, with the JSON Pointer of the problem, when it is
   * malformed or of a newer version.
   */
  state?: SimulatorState | string;
  /**
   * Differ from the contract on purpose, as a real service may (the native
   * simulator's `--drift`; a request adds its own with the `x-sim-drift`
   * header): for trying `licensing-sdk verify`, the checking proxy and a
   * portal's tests against a service that differs. Default: none.
   */
  drift?: Drift[];
  /**
   * The clock the simulator's time is read from: the stamps it stores
   * (`createTime`), its nonce window, faults' `delayMs` and stalls, its body
   * timeout. Give the client the same one (`new LicensingClient({ clock })`),
   * and a test moves both. `'virtual'`: a clock of the simulator's own, from
   * 2026-01-01T00:00:00Z, moved only by `POST /__sim/clock?advance=MS` (or
   * `?set=MS`, no further than +275760-09-13, the last instant a `Date` holds)
   * through `sim.fetch` (`npx licensing-sdk-sim --clock virtual`).
   * Default: the real one.
   */
  clock?: Clock | 'real' | 'virtual';
  /**
   * Sessions (`POST /__sim/sessions` through `sim.fetch`, with `adminToken`;
   * each then named by `x-sim-session: ID` or the path prefix `/s/ID/`, a
   * simulator of its own): how many at once (default 100), the most bytes of
   * writes one takes (64 MiB), how many may be made in a minute (60), how long
   * one may go unused (3600 s). What `npx licensing-sdk-sim` serves.
   */
  maxSessions?: number;
  maxSessionBytes?: number;
  sessionsPerMinute?: number;
  sessionIdleSecs?: number;
}

/** The ways a simulator can differ from the contract (the simulator's README, "Drifts"). */
export type Drift =
  | 'renamed-field'
  | 'missing-field'
  | 'extra-field'
  | 'unknown-enum'
  | 'number-id'
  | 'http-200-refusal'
  | 'activity-order-envelope'
  | 'nonce-replay-accepted'
  | 'scope-not-enforced'
  | 'inferred-rules-not-enforced';

/** A fault for the next calls, as the native simulator's `x-sim-fault` header asks for one. */
export interface FaultSpec {
  /**
   * `code500`: "network exception, retry" in the module's envelope (order
   * module: HTTP 299 `{code: "500"}`; activity module: HTTP 200 `resultCode`
   * 1002); `http`: that HTTP `status`; `non-json`: HTTP 200 with HTML;
   * `stall-body`: a body that never ends; `reset`: no answer, the connection
   * is cut (`fetch` rejects); `delay`: only the delay.
   */
  kind: 'code500' | 'http' | 'non-json' | 'stall-body' | 'reset' | 'delay';
  /**
   * Do the work first, then lose or replace its answer (and wait `delayMs`
   * after the work, not before): an answer lost after the service did what
   * was asked. Default: false (the fault comes instead of the work).
   */
  after?: boolean;
  /** How many calls get it. Default: 1. */
  times?: number;
  /** Only calls of this endpoint get it. Default: any. */
  endpoint?: Endpoint;
  /** The HTTP status, with kind `http`. */
  status?: number;
  /** With kind `http`: a `Retry-After` header, seconds or an HTTP date. */
  retryAfter?: number | string;
  /** Milliseconds to wait first (any kind; required with `delay`). */
  delayMs?: number;
}

/** Counts of what a simulator stores. */
export interface SimulatorStats {
  orders: number;
  batches: number;
  assets: number;
  customers: number;
  distinctOrderIds: number;
}

/** The Licensing service in this JS realm (its own wasm instance, no network). */
export interface Simulator {
  /**
   * A standard fetch: any origin, the service's paths. Use it as
   * `new LicensingClient({ baseUrl: 'https://licensing.test', token, fetch: sim.fetch })`,
   * behind Playwright's `page.route`, in MSW (`http.all(url, ({ request }) => sim.fetch(request))`)
   * or in a Service Worker. It honours the request's abort signal.
   */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Empties the state: store, used nonces, faults, traces (the options stay; back to `state` if given). */
  reset(): void;
  /** The stored data, to save as a fixture and start another simulator from (`createSimulator({ state })`). */
  snapshot(): SimulatorState;
  /** Counts of what is stored. */
  stats(): SimulatorStats;
  /** The requests that carried the header `x-sim-trace: id`, oldest first (tokens redacted). */
  trace(id: string): Record<string, unknown>[];
  /** Sets a fault for the next calls. Throws a TypeError for a spec it cannot use. */
  fault(spec: FaultSpec): void;
  /**
   * Makes every later answer differ from the contract as the named drifts say
   * (replacing those set before); `sim.drift()` goes back to the contract.
   * Throws for a name it does not know.
   */
  drift(...names: Drift[]): void;
  /** The token the `/__sim/*` routes need in `x-sim-admin` (through `sim.fetch`). */
  readonly adminToken: string;
}

/**
 * A fresh simulator: the same state machine as the `licensing-sim` binary
 * (store, auth scopes, nonce window, faults, activities, rules profile). Rejects
 * with an Error that names a wrong option.
 */
export declare function createSimulator(options?: SimulatorOptions): Promise<Simulator>;

/** What a session of a shared simulator is made with (`openSession`). */
export interface SessionOptions {
  /** The shared simulator's admin token (`licensing-sim --admin-token`): its registry's key. */
  adminToken: string;
  /** Where its sequences start (as createSimulator's `seed`). */
  seed?: number;
  /** The stored data to start from (as createSimulator's `state`); or: */
  state?: SimulatorState | string;
  /** a proxy's recording made a state (Node: `stateFromRecording`); or: */
  recording?: string;
  /** a HAR made a state (Node: `stateFromHar`). */
  har?: string;
  /** `'real'` (default) or `'virtual'`: a clock of the session's own, moved by `session.advance(ms)`. */
  clock?: 'real' | 'virtual';
  /** Drifts every answer of the session has. */
  drift?: Drift[];
  /** The session's rules profile. */
  rules?: 'spec' | 'recommended' | 'strict';
  /** How long a used `g_nonce` is refused, in seconds. */
  nonceWindowSecs?: number;
  /** How long the session may go unused before the simulator lets it go (default: its `--session-idle-secs`). */
  idleSecs?: number;
  /** The fetch the session's requests go through. Default: the global one. */
  fetch?: typeof fetch;
}

/**
 * A session of a shared simulator: the methods of `Simulator`, each a promise
 * (they cross the network; `await` them, which is harmless on createSimulator's too).
 */
export interface SharedSession {
  /** The session's id (unguessable). */
  readonly id: string;
  /** Its base URL, `…/s/ID`: a client's `baseUrl`, a page's API root (no CORS preflight for the path). */
  readonly url: string;
  /** The header that names it (`{ 'x-sim-session': id }`), for a request that keeps its own path. */
  readonly header: Record<string, string>;
  /** Its own admin token (its `/__sim` routes; it touches no other session). */
  readonly adminToken: string;
  readonly clock: 'real' | 'virtual';
  /** A standard fetch: any origin's request, its path and query sent to the session. */
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  reset(): Promise<unknown>;
  snapshot(): Promise<SimulatorState>;
  stats(): Promise<SimulatorStats>;
  trace(id: string): Promise<Record<string, unknown>[]>;
  fault(spec: FaultSpec): Promise<void>;
  /** Every later answer through `fetch` differs as named (`x-sim-drift`); rejects with a `TypeError` for a name that is no drift. */
  drift(...names: Drift[]): Promise<void>;
  /**
   * Moves a session made with `clock: 'virtual'` on by `ms`; resolves with the
   * simulator's clock (`{ clock, now, date }`). Rejects with a `TypeError` for
   * `ms` not a finite number, 0 or more, and with the simulator's 400 for a move
   * past +275760-09-13 (the last instant a `Date` holds).
   */
  advance(ms: number): Promise<unknown>;
  /** Deletes the session. */
  close(): Promise<void>;
}

/**
 * Opens a session on a simulator a team shares (`licensing-sim`, `npx
 * licensing-sdk-sim`): its own state, clock, faults, drifts, nonce window,
 * traces and admin token, which no other session sees. Rejects saying what the
 * simulator answered (401: not its admin token; 429: too many sessions made in a
 * minute; 507: it holds its most).
 */
export declare function openSession(url: string, options: SessionOptions): Promise<SharedSession>;

/**
 * Checks an answer of the service (its HTTP status and its text) against the
 * contract: the envelope its endpoint's module gives it, its HTTP status (299
 * for an order-module refusal, 200 always for the activity module), its payload
 * field by field. Every difference is an issue at its JSON Pointer in the
 * answer (`/data/0/status`, `/code`, `""`): `source: 'spec'` where the spec
 * states what differs, `'inferred'` where it leaves it open (a record's field
 * absent, a code it does not list, a field it does not name); with
 * `rules: 'spec'` only the first are errors. The strict check that `npx
 * licensing-sdk verify` and the checking proxy report; the client reads
 * answers tolerantly (its `onWarnings` hears of what it tolerated). Async: the
 * simulator's wasm is loaded by the first call. Never rejects for its input
 * (an unknown endpoint, a status that is not one: an issue).
 */
export declare function checkAnswer(endpoint: Endpoint, status: number, text: string, options?: ValidateOptions): Promise<ValidationReport>;

/**
 * A body a fixture or a generator wrote, made valid where the contract says how:
 * every required field it lacks, at any depth, gets the rule tables' example
 * value, and each cross-field rule's own repair makes it true to that rule (a
 * refund's `srcLicenseOrderId`, products where an order type needs them, the
 * fields a strict-match delete is matched on, ordered limits, a `sequence` of
 * its own per order). A valid value is left as it is, a value of the wrong type
 * is not mended (a list's item that is not an object, `null` among them, stays
 * as it was), an empty list stays empty (what goes in it is the fixture's to
 * say), and `body` itself is never changed: the answer is a JSON copy
 * with its keys in their order and what was added last. Build fixtures on it and
 * a rule that tightens validity mends them all (licensing-core's
 * `testing::make_valid`, the same code). Rejects with a `TypeError` for an
 * unknown endpoint or a body with no JSON form.
 *
 * ```ts
 * const body = await makeValid('batchOrder', { channelCode: 'WEB', channelOrderId: 'CO-1', orderList: [
 *   { sequence: 1, licenseType: 'cloud_account', orderType: 'delete_asset', assets: [{ assetNos: ['8000000001'] }] }] });
 * body.orderList?.[0]?.srcLicenseOrderId; // 'LO-1'
 * ```
 */
export declare function makeValid<E extends Endpoint>(endpoint: E, body: unknown): Promise<EndpointRequests[E]>;

/** A simulator state made from a HAR or a recording, and what it left out. */
export interface StateFromTraffic {
  /** The state, for `createSimulator({ state })`. */
  state: SimulatorState;
  /** What the state does not hold as it was, each with its line (or HAR entry) and place. */
  notes: string[];
  /** What of a HAR's answers differs from the contract, as the checking proxy logs it (none for a recording). */
  answers: string[];
}

/**
 * A HAR 1.2 file's text (the browser's devtools, Playwright's `recordHar` with
 * `content: 'embed'`, schemathesis `--report har`, `proxy --har`) made a
 * simulator state, as `npx licensing-sdk-sim state --from-har` makes it: the
 * service's entries read tolerantly, the others skipped and counted. Node only
 * (licensing-verify's wasm): elsewhere it throws saying to make the state with the
 * command. Throws an `Error` naming what makes the text no HAR.
 */
export declare function stateFromHar(text: string): StateFromTraffic;

/** A proxy's recording (`--record`) made a simulator state, as `state --from-recording` makes it. Node only, as `stateFromHar`. */
export declare function stateFromRecording(text: string): StateFromTraffic;

/** What `createVirtualClock` is made with. */
export interface VirtualClockOptions {
  /** Where the clock starts, in milliseconds since 1970. Default: 2026-01-01T00:00:00Z (1767225600000), as Rust's `SimTransport`. */
  start?: number;
  /**
   * Jump to the next timer whenever nothing but this clock's timers is pending
   * (the microtasks have all run): a call waits out its backoffs and timeouts
   * with no `advance`. The client and the in-process simulator do no real I/O,
   * so this is exact with them; work waiting on real I/O (a real server, a
   * file) does not hold the clock, which may then jump past it. Default: false.
   */
  autoAdvance?: boolean;
}

/** A timer pending on a virtual clock. */
export interface PendingTimer {
  /** When it fires, on this clock. */
  due: number;
  /** In how many milliseconds from the clock's now. */
  in: number;
}

/** Time a test holds: moved only by `advance`, `runUntilIdle` or `autoAdvance`. */
export interface VirtualClock extends Clock {
  /**
   * Moves the clock `ms` on, firing each timer due on the way in order, each once
   * the work the one before started has run; resolves at the end. Rejects with what
   * a timer's callback threw, and with a `RangeError` for a move past
   * +275760-09-13 (the last instant a `Date` holds: a simulator's stamps stay exact).
   */
  advance(ms: number): Promise<void>;
  /** Fires every timer (those they set included) until none is pending; rejects past 100,000 of them. */
  runUntilIdle(): Promise<void>;
  /** The timers pending, the first due first. */
  pending(): PendingTimer[];
}

/**
 * A virtual clock for `new LicensingClient({ clock })` and `createSimulator({ clock })`:
 * one time for both, so a test sees the client wait out two `Retry-After: 20` (40 s)
 * or give up at its 10 s timeout in milliseconds, the same way on every run. No global
 * is patched: a runner's own fake timers are neither needed nor disturbed. Throws a
 * TypeError for options it cannot use.
 */
export declare function createVirtualClock(options?: VirtualClockOptions): VirtualClock;
