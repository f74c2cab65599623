// ---- Validation ----------------------------------------------------------------

export type Severity = "error" | "warning";

/** Where a rule comes from: the spec states it, or the SDK infers it. */
export type RuleSource = "spec" | "inferred";

/**
 * Which issues are errors: `spec` only the spec's own rules (inferred rules'
 * issues become warnings), `recommended` (the default) spec and inferred rules,
 * `strict` those and unknown fields.
 */
export type RulesProfile = "spec" | "recommended" | "strict";

export interface ValidationIssue {
  /** JSON Pointer (RFC 6901) with wire names; the root is "". */
  path: string;
  code: IssueCode;
  /** The rule behind the issue: two rules may share a code (`required`). */
  rule: RuleId;
  /** Error or warning, under the profile validated with. */
  severity: Severity;
  /** The provenance of the rule behind the issue; the same under every profile. */
  source: RuleSource;
  message: string;
  params?: Record<string, string>;
}

export interface ValidationReport {
  /** True when no issue is an error. */
  valid: boolean;
  issues: ValidationIssue[];
}

/**
 * A message catalogue: templates by key (`MessageKeys`: every issue code, and a code's
 * cases), each a string with `{param}` holes of its key's params. With a built-in
 * `locale` ("en", "zh-CN") its templates override single messages; with any other tag
 * it is that locale, English where it has no template (`checkMessages(...).missing`).
 * Start from `licensing-sdk/messages/en.json`.
 */
export type Messages = { readonly [K in keyof MessageKeys]?: string } & { readonly $comment?: string };

/** What `checkMessages` says of a catalogue. */
export interface MessagesCheck {
  /** The locale tag the messages are for. */
  locale: string;
  /** The keys a new locale leaves in English (none for overrides of a built-in locale). */
  missing: (keyof MessageKeys)[];
}

export interface ValidateOptions {
  /**
   * Language of the messages: "en" (the default), "zh-CN", or with `messages`, any
   * other tag (a third locale).
   */
  locale?: "en" | "zh-CN" | (string & {});
  /**
   * The portal's own messages (see `Messages`), for this call only: no global state.
   * Checked when given, before any message is needed: an unknown key or placeholder,
   * or a template that is not a string, throws a TypeError naming the entry.
   */
  messages?: Messages;
  /** Which issues are errors (default "recommended"); another value throws a TypeError. */
  rules?: RulesProfile;
  /** Most issues listed (default 100); the last issue says how many were left out. */
  maxIssues?: number;
}

/** The partition named by an asset number's first digit: 8 domestic, 6 Singapore. */
export type Partition = "domestic" | "singapore";

/** Standard Schema v1 (https://standardschema.dev; @standard-schema/spec 1.1). */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: StandardSchemaV1.Options | undefined) => StandardSchemaV1.Result<Output> | Promise<StandardSchemaV1.Result<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}
export declare namespace StandardSchemaV1 {
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> { readonly value: Output; readonly issues?: undefined }
  interface FailureResult { readonly issues: ReadonlyArray<Issue> }
  interface Issue { readonly message: string; readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined }
  interface PathSegment { readonly key: PropertyKey }
  interface Options { readonly libraryOptions?: Record<string, unknown> | undefined }
}

/** Standard JSON Schema v1 (https://standardschema.dev/json-schema; @standard-schema/spec 1.1). */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly jsonSchema: StandardJSONSchemaV1.Converter;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}
export declare namespace StandardJSONSchemaV1 {
  interface Converter {
    /**
     * The request's JSON Schema for `options.target` under the schema's rules profile,
     * a fresh object per call; it throws for another target, and in the default browser
     * entry, which leaves the schemas out (import `licensing-sdk/json-schema` there).
     */
    readonly input: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
    /** The same as `input` (no transforms). */
    readonly output: (options: StandardJSONSchemaV1.Options) => Record<string, unknown>;
  }
  /** `draft-2020-12`, `draft-07` and `openapi-3.0` are supported; another target throws. */
  type Target = "draft-2020-12" | "draft-07" | "openapi-3.0" | ({} & string);
  interface Options {
    readonly target: Target;
    /** `{ refPrefix: "#/components/schemas/" }`: what the `$ref`s start with (the definitions stay in `$defs` / `definitions`). */
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
}

/**
 * One endpoint's request as a Standard Schema and a Standard JSON Schema, as
 * this package makes it: its `validate` answers at once (never a Promise, which
 * the standard allows), and each issue carries the report's `code`.
 */
export interface EndpointSchema<T> extends StandardSchemaV1<T>, StandardJSONSchemaV1<T> {
  readonly "~standard": Omit<StandardSchemaV1<T>["~standard"], "validate"> & StandardJSONSchemaV1<T>["~standard"] & {
    readonly validate: (value: unknown, options?: StandardSchemaV1.Options | undefined) => EndpointSchema.Result<T>;
  };
}
export declare namespace EndpointSchema {
  type Result<T> = StandardSchemaV1.SuccessResult<T> | FailureResult;
  interface FailureResult { readonly issues: ReadonlyArray<Issue> }
  /** A Standard Schema issue with the report's code (`asset_number_format`, `required`, …). */
  interface Issue extends StandardSchemaV1.Issue { readonly code: IssueCode }
}

/** One Standard Schema per endpoint, each a Standard JSON Schema too. */
export type Schemas = {
  readonly [E in Endpoint]: EndpointSchema<EndpointRequests[E]>;
};

// ---- Client ----------------------------------------------------------------------

/**
 * What the client (and `createSimulator`) read of a clock: the three globals they
 * would use otherwise. `createVirtualClock()` of `licensing-sdk/testing` gives one.
 */
export interface Clock {
  /** Milliseconds since 1970, as `Date.now()`. */
  now(): number;
  /** Calls `callback` once `ms` have passed on this clock, as `setTimeout`. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Forgets a timer `setTimeout` gave, as `clearTimeout`. */
  clearTimeout(handle: unknown): void;
}

/** Options of `new LicensingClient(...)`. */
export interface LicensingClientOptions {
  /** Absolute base address of the service (required in Node). */
  baseUrl: string;
  /**
   * Application access token, sent as `Authorization: Bearer <token>`; never logged,
   * put in errors or shown to hooks. A function is a token provider: called before
   * each attempt, and once more with `refused: true` after an HTTP 401 (the call is
   * then sent again once). What it throws ends the call with kind `hook`.
   */
  token: string | ((request: TokenRequest) => string | Promise<string>);
  /** The integrator's app key, sent by `batchOrder`. */
  appKey?: string;
  /** Per-attempt timeout (default 30000). */
  timeoutMs?: number;
  /** Retries after the first attempt where the policy allows (default 2). */
  maxRetries?: number;
  /** Backoff in ms (default 200): the first wait is from it to twice it (half fixed, half random), doubled per retry, at most 10 s. */
  retryBaseMs?: number;
  /** Language of validation messages: "en", "zh-CN", or with `messages`, any other tag. */
  locale?: "en" | "zh-CN" | (string & {});
  /**
   * The portal's own validation messages (see `Messages`), checked by the constructor:
   * an entry the core refuses throws a LicensingError of kind `validation` naming it.
   */
  messages?: Messages;
  /** What the client refuses to send: requests with errors under this profile (default "recommended"). */
  rules?: RulesProfile;
  /**
   * Called with the warnings of each request sent (`phase: "request"`) and of each
   * answer read (`phase: "response"`: what the tolerant reader let through, e.g.
   * an unknown enum value). For logs and debugging; what it throws is ignored.
   */
  onWarnings?: (event: WarningEvent) => void;
  /**
   * Extra headers on every call (Authorization and Content-Type are the client's own):
   * at most 64, of at most 16 KiB together (names and values).
   */
  headers?: Record<string, string>;
  /**
   * A `fetch` to call instead of the global one, with a `Request`: a test double,
   * an in-process simulator, MSW. Default: `globalThis.fetch`.
   */
  fetch?: (input: Request, init?: RequestInit) => Promise<Response>;
  /**
   * The clock every wait of the client is timed by: the backoff, a `Retry-After`
   * (seconds, and what a date means), each attempt's timeout, a hook's and the token
   * provider's time limit. Default: the real one (`Date.now`, `setTimeout`). In tests,
   * `createVirtualClock()` of `licensing-sdk/testing`, given to `createSimulator({ clock })`
   * too: one time for the client and the service it calls. Checked by the constructor.
   */
  clock?: Clock;
  /** Largest answer read, in bytes (default 32 MiB); a larger one rejects with kind `decode`. */
  maxResponseBytes?: number;
  /**
   * Called around each attempt; each may be async. `beforeRequest` (and a token
   * provider) are awaited with the attempt's timeout running, the others with a
   * whole `timeoutMs` of their own; one slower than that ends the call with kind
   * `hook`, never a `timeout` that could be retried. A hook that throws or
   * rejects ends the call with kind `hook`: nothing more is sent, nothing is sent
   * twice, and an answer that completed the call is kept in the error's `data`.
   */
  hooks?: LicensingHooks;
}

/** What the token provider is asked. */
export interface TokenRequest {
  endpoint: Endpoint;
  /** 1 for the first attempt, 2 for the next, … */
  attempt: number;
  /** The service refused the last token (HTTP 401): give a fresh one. */
  refused: boolean;
}

/** The headers `beforeRequest` may return: an object, `Headers`, or a `Map` of names to values. */
export type BeforeRequestHeaders = Record<string, string> | Headers | ReadonlyMap<string, string>;

/** The client's hooks (names as ky's); each optional. */
export interface LicensingHooks {
  /**
   * Before each attempt; may return headers to add or replace (not Authorization or
   * Content-Type): at most 64, of at most 16 KiB together; more fails the call (kind `hook`).
   */
  beforeRequest?: (event: RequestEvent) => void | BeforeRequestHeaders | Promise<void | BeforeRequestHeaders>;
  /** After each response, whatever its status. */
  afterResponse?: (event: ResponseEvent) => void | Promise<void>;
  /** When a retry is decided, before its wait; the retry waits for it to settle. */
  beforeRetry?: (event: RetryEvent) => void | Promise<void>;
  /** When the call fails, with its final error; what it throws is ignored. */
  onError?: (event: CallErrorEvent) => void | Promise<void>;
}

export interface RequestEvent {
  endpoint: Endpoint;
  attempt: number;
  method: "GET" | "POST";
  /** With this attempt's `g_nonce`. */
  url: string;
  /** The headers to be sent; `Authorization` reads `Bearer [redacted]`. */
  headers: Record<string, string>;
}

export interface ResponseEvent {
  endpoint: Endpoint;
  attempt: number;
  status: number;
  /** From the attempt's start to the whole answer read. */
  durationMs?: number;
  /** The envelope's `code` (order module) or `resultCode` (activity), when it has one. */
  code?: BusinessCode | (string & {});
}

export interface RetryEvent {
  endpoint: Endpoint;
  /** The attempt that failed. */
  attempt: number;
  /** Why (kind, status, code). */
  error: LicensingError;
  /** The wait chosen: the backoff, or the service's `Retry-After` when longer. */
  delayMs: number;
  /** Whether the service's `Retry-After` chose the wait (else the backoff did). */
  retryAfter: boolean;
}

export interface CallErrorEvent {
  endpoint: Endpoint;
  /** Attempts sent (0 when none was: validation, a hook before the first). */
  attempts: number;
  error: LicensingError;
}

/**
 * One event of the package's stream (`watch`): what each call of every
 * LicensingClient, and each job of every outbox, did, in order. The calls'
 * events are the Rust client's `on_event` (`licensing_client::events::CallEvent`),
 * the same ones in the same order. No token and no header value is in any.
 */
export type LicensingEvent =
  | CallEventOf<"call", {}>
  | CallEventOf<"token", { attempt: number; refused: boolean }>
  | CallEventOf<"request", { attempt: number; method: "GET" | "POST"; url: string }>
  | CallEventOf<"response", { attempt: number; status: number; code?: BusinessCode | (string & {}); durationMs?: number }>
  | CallEventOf<"retry", { attempt: number; error: LicensingError; delayMs: number; retryAfter: boolean }>
  | CallEventOf<"hook", { hook: "token" | keyof LicensingHooks; attempt: number; ended: "ok" | "failed" | "timedOut" | "aborted" }>
  | CallEventOf<"failed", { attempts: number; error: LicensingError }>
  | CallEventOf<"done", { attempts: number }>
  | OutboxEvent;

/** What every event of a call says, and its own fields. */
export type CallEventOf<T extends string, Fields> = {
  /**
   * `call`: it began (before validation). `token`: the token provider is asked.
   * `request`: an attempt is about to be sent (before `beforeRequest`).
   * `response`: an answer came, whatever its status. `retry`: the attempt
   * failed and the call waits `delayMs`, then tries again. `hook`: a hook of
   * yours (or the token provider) ended. `failed`: the call failed
   * (`error.issues` is validation's report when it refused the body; nothing
   * was sent). `done`: it succeeded.
   */
  type: T;
  /** The call's number in this page, worker or process, from 1 in the order calls begin. */
  call: number;
  endpoint: Endpoint;
  /** When, on the client's clock (its `clock` option, else `Date.now()`). */
  at?: number;
} & Fields;

/** An outbox's event (`licensing-sdk/outbox`): a job changed, or this tab now sends the outbox's jobs. */
export type OutboxEvent =
  | { type: "job"; outbox: string; at: number; /** The snapshot `outbox.subscribe` gets (`removed` when it left). */ job: unknown }
  | { type: "sender"; outbox: string; at: number };

/**
 * Watches every call of every LicensingClient and every outbox job in this
 * page, worker or process (every copy of the package there) from now on;
 * returns what stops watching. While no one watches, nothing is made for it.
 * What a watcher throws (or an async one rejects with) is ignored; each event is
 * frozen (the watchers share it).
 */
export declare function watch(watcher: (event: LicensingEvent) => void): () => void;

/** What `onWarnings` receives. */
export interface WarningEvent {
  endpoint: Endpoint;
  phase: "request" | "response";
  /** Warnings at JSON Pointers into the request body, or into the answer (`/data/0/status`). */
  issues: ValidationIssue[];
}

/** The optional last argument of every client method. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's per-attempt timeout for this call. */
  timeoutMs?: number;
  /**
   * Your word that this call may be done twice (a `shellNums` whose numbers
   * may be wasted, a `bindEnterprise` that may store a second customer): it is
   * then retried after ambiguous failures (code 500, network errors, timeouts,
   * HTTP 429/502/503/504) as the safe calls are. Default: false.
   */
  repeatable?: boolean;
}

/**
 * What went wrong. The client's calls reject with the first nine;
 * `licensing-sdk/outbox` adds `unknown` (a write whose answer was lost and
 * which is not sent twice: it may or may not have been done; `check` says
 * what to look at), `conflict` (another request is kept under its repeat
 * key) and `storage` (the outbox could not store it).
 */
export type LicensingErrorKind =
  | "validation" | "business" | "activity" | "http" | "network" | "timeout" | "aborted" | "decode" | "hook"
  | "unknown" | "conflict" | "storage";

/** What every client method rejects with. */
export interface LicensingError extends Error {
  name: "LicensingError";
  kind: LicensingErrorKind;
  /**
   * Business code (order module) or resultCode (activity module), always a
   * string: one the spec lists (`BusinessCode`), or another a service sent.
   */
  code?: BusinessCode | (string & {});
  /** The order module's `cause`. */
  cause?: string;
  /** HTTP status, when a response arrived. */
  status?: number;
  /** Validation issues (kind `validation`); nothing was sent. */
  issues?: ValidationIssue[];
  /** `activityDtoList` of a 3002 refusal (kind `activity`), as the service sent it. */
  activities?: ActivityRejection[];
  /**
   * Kind `hook` only: the payload of the answer that completed the call before
   * `afterResponse` failed (the work is done; this is its result).
   */
  data?: unknown;
  /** Kind `unknown` (licensing-sdk/outbox): what to check to learn whether the write was done. */
  check?: string;
  /**
   * Whether the request may have reached the service: false when nothing left
   * the machine (validation, options, a hook or the token provider before the
   * first attempt); true once an attempt was sent, whatever came back (the
   * service may have done the work).
   */
  sent: boolean;
}

// ---- Functions -------------------------------------------------------------------

/** Validates JSON text; malformed JSON is an `invalid_json` issue. Never throws. */
export declare function validateJson(endpoint: Endpoint, text: string, options?: ValidateOptions): ValidationReport;

/**
 * The issues of one field, for forms: those at `pointer` (RFC 6901) or inside it,
 * every issue of the body as a whole (path "": not JSON, not an object), and for
 * a field of order i of a batch, every cross-field issue of that order (e.g.
 * `srcLicenseOrderId` when `orderType` changes) and the later orders that repeat
 * its `sequence`. Each is an issue `validate` gives for the whole body; the cap
 * (`maxIssues`) counts only these, so a batch full of other issues still shows
 * this field's. The whole body is read (a 1,000-order batch: a few ms).
 */
export declare function validateField(endpoint: Endpoint, pointer: string, body: unknown, options?: ValidateOptions): ValidationIssue[];

/** True for exactly 10 ASCII digits starting with 8 (domestic) or 6 (Singapore). */
export declare function isAssetNumber(value: unknown): value is string;

/** The partition of an asset number, or null when it is not one. */
export declare function assetNumberPartition(value: unknown): Partition | null;

/**
 * Checks a `messages` catalogue as every API that takes one does: its locale and the
 * keys it leaves in English; throws a TypeError naming an entry the core refuses.
 */
export declare function checkMessages(options: ValidateOptions): MessagesCheck;

/** Standard Schema v1 (and Standard JSON Schema v1) objects for other options (locale, messages, rules). Create once. */
export declare function createSchemas(options?: SchemaOptions): Schemas;

/** Options of `createSchemas`: the validation options, and which fields are touched. */
export interface SchemaOptions extends ValidateOptions {
  /**
   * Only the issues of touched fields are listed: the JSON Pointers (`/orderList/0/orderType`)
   * the user has visited, as a Set or a predicate read at each validation (an issue
   * at or inside a touched pointer counts). A body with errors only in untouched
   * fields still fails, with one issue at the root saying how many wait there, so
   * a submit handler never takes an invalid body for a valid one.
   */
  touched?: ReadonlySet<string> | ((pointer: string) => boolean);
}

/** A complete valid example body of an endpoint, every field filled. */
export declare function exampleBody<E extends Endpoint>(endpoint: E): EndpointRequests[E];

/** Standard Schema v1 (and Standard JSON Schema v1) objects, one per endpoint (English messages). */
export declare const schemas: Schemas;
