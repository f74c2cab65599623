// Public API of licensing-sdk. The model's interfaces are generated from the Rust
// types (tsify) into ./web/licensing_sdk.d.ts and re-exported here.
import type {
  Endpoint,
  EndpointRequests,
  Partition,
  Schemas,
  ValidateOptions,
  ValidationReport,
} from './web/licensing_sdk.js';

export type * from './web/licensing_sdk.js';
/** The fetch client (browsers, workers, Node 18+); every method rejects with a LicensingError. */
export { LicensingClient } from './web/licensing_sdk.js';

/** Validates the request body (or query object) of an endpoint. Never throws. */
export declare function validate<E extends Endpoint>(
  endpoint: E,
  body: EndpointRequests[E] | unknown,
  options?: ValidateOptions,
): ValidationReport;

/** Validates JSON text; malformed JSON is an `invalid_json` issue. Never throws. */
export declare function validateJson(endpoint: Endpoint, text: string, options?: ValidateOptions): ValidationReport;

/** True for exactly 10 ASCII digits starting with 8 (domestic) or 6 (Singapore). */
export declare function isAssetNumber(value: unknown): value is string;

/** The partition of an asset number, or null when it is not one. */
export declare function assetNumberPartition(value: unknown): Partition | null;

/** Standard Schema v1 objects for other options (locale, strict). Create once. */
export declare function createSchemas(options?: ValidateOptions): Schemas;

/** A complete valid example body of an endpoint, every field filled. */
export declare function exampleBody<E extends Endpoint>(endpoint: E): EndpointRequests[E];

/** Standard Schema v1 objects, one per endpoint (English messages). */
export declare const schemas: Schemas;
