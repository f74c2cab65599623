// licensing-sdk/testing: what a tester needs besides the SDK itself.
// - invalidExamples(endpoint): bodies that fail with exactly one issue;
// - createSimulator(options): the service in process, behind a standard fetch;
// - checkAnswer(endpoint, status, text): an answer held to the contract.
import type { Endpoint, ValidateOptions, ValidationReport } from './index.js';

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
