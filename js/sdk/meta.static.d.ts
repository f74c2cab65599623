/** The kind of a value, as the validator checks it. */
export type FieldKind =
  | { kind: "string" }
  | { kind: "integer"; min?: number }
  | { kind: "boolean" }
  | { kind: "enum"; enum: string }
  | { kind: "intEnum"; enum: string }
  | { kind: FormatKind; source: "spec" | "inferred" }
  | { kind: "integerOrString" }
  | { kind: "array"; items: FieldKind }
  | { kind: "arrayOrNull"; items: FieldKind }
  | { kind: "object"; shape: string }
  | { kind: "any" };

/** A field of a shape (every presence is inferred: the spec shows none). */
export type FieldMeta = FieldKind & {
  /** The wire name. */
  name: string;
  presence: "optional" | "required" | "nonEmpty";
  /** What the spec says of it. */
  doc: string;
  /** What a form calls it, in English and in Simplified Chinese: every field of a request has one. */
  label?: { en: string; 'zh-CN': string };
};

export interface ShapeMeta {
  doc: string;
  /** Requests are checked strictly; answers are read tolerantly; a shape of both (`both`) is each in its place. */
  side: "request" | "answer" | "both";
  fields: FieldMeta[];
  /** What the object is to the cross-field rules (absent: nothing): the `scope` of `depends`. */
  role?: "order" | "asset" | "product" | "merchandise";
}

/**
 * What a cross-field rule reads and where its issues are, as paths from the object
 * of its `scope` around a change (null: the body); `*` is any index, a read ending
 * in `/**` covers everything inside the field. `dependents` answers from these.
 */
export interface DependsMeta {
  rule: string;
  scope: "order" | "asset" | "product" | "merchandise" | null;
  reads: string[];
  at: string[];
  /** Its issue in one object depends on the others (a repeated `sequence`): `at`'s `*`s stay any index. */
  across: boolean;
}

export interface EnumMeta {
  doc: string;
  /** Each value, what the spec says of it (English) and its name in Simplified Chinese. */
  values: {
    value: string | number;
    doc: string;
    'zh-CN': string;
    /** `LicenseType` only: a cloud licence (a refund of one must name `srcLicenseOrderId`). */
    cloud?: boolean;
    /** `LicenseType` only: a lock `lockAssets` / `unlockAssets` can disable and enable. */
    lockable?: boolean;
  }[];
}

export interface EndpointMeta {
  summary: string;
  /** What a form calls it: the spec's title, and in Simplified Chinese. */
  title: { en: string; 'zh-CN': string };
  method: "GET" | "POST";
  path: string;
  module: "order" | "activity";
  scope: "auth_order" | "auth_activity";
  /** The request field in the path, if any. */
  pathParam: string | null;
  /** The request fields sent as query parameters (after g_nonce). */
  query: string[];
  /** Whether the call carries the integrator's appKey. */
  appKey: boolean;
  /** The shape the validator checks (a key of `shapes`). */
  request: string;
  /** Its TypeScript name. */
  requestType: string;
  /** The answer's payload; null when there is none. */
  data: FieldKind | null;
  /** Whether a call may be repeated after an ambiguous failure (code 500, network, timeout, 429/502/503/504). */
  idempotent: boolean;
  /**
   * The request field by which the service answers a repeat of this creating
   * call with the first result (a batch's `channelOrderId`): with a non-blank
   * value there, the call is retried as the idempotent ones are. null if none.
   */
  repeatKey: string | null;
  /** The fields whose values, with `repeatKey`'s, name one request to the service (a batch's `channelCode`). */
  repeatScope: string[];
  /**
   * The reads whose answers a successful call may change (a cache of them is
   * stale after it): all of them, or (`by`) those whose request field `field`
   * holds a value found in this call's body at the JSON Pointer `from` (`*`:
   * every item of an array); a body without such a value makes them all stale.
   */
  stales: { read: Endpoint; by: { field: string; from: string } | null }[];
}

export declare const endpoints: { readonly [E in Endpoint]: EndpointMeta };
export declare const shapes: { readonly [name: string]: ShapeMeta };
export declare const enums: { readonly [name: string]: EnumMeta };
export declare const depends: readonly DependsMeta[];

/**
 * A business code the service answers with (the order module's `code`, the
 * activity module's `resultCode`): the endpoints that answer with it, and what
 * it means in every locale (a portal shows it beside a refused call's
 * `LicensingError.code`). licensing-core's `wire::BUSINESS_CODES`.
 */
export interface BusinessCodeMeta {
  module: 'order' | 'activity';
  code: BusinessCode;
  /** The module's success. */
  success: boolean;
  endpoints: Endpoint[];
  meaning: { en: string; 'zh-CN': string };
}

/** Every business code the spec lists, by module. */
export declare const businessCodes: readonly BusinessCodeMeta[];

/**
 * The fields of `endpoint`'s request whose issues may change when the field at
 * `pointer` changes (besides the field's own and the body's): the fields a form
 * checks again (react-hook-form's `deps`, TanStack Form's `onChangeListenTo`).
 * `pointer` is a JSON Pointer, `*` any index; the answer is JSON Pointers where
 * `*` is any index. licensing-core's `validate::dependents` gives the same.
 * Throws a TypeError for an endpoint it does not know or a pointer that is no
 * string (as `validateField` does for its pointer).
 */
export declare function dependents(endpoint: Endpoint, pointer: string): string[];
