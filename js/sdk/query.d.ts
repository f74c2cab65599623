// licensing-sdk/query: TanStack Query options over a LicensingClient (no
// dependency on TanStack: the options are plain objects its functions take).
import type { CallOptions, Endpoint, EndpointRequests, EndpointResults, LicensingClient, ReadEndpoint } from './index.js';
import type { Outbox } from './outbox.js';

/** The endpoints that change something (POST): `useMutation`'s. */
export type WriteEndpoint = Exclude<Endpoint, ReadEndpoint>;

/** `useQuery(…)`'s options for a read: the data type is the read's answer. */
export interface LicensingQueryOptions<E extends ReadEndpoint> {
  queryKey: [string, E, EndpointRequests[E]];
  queryFn: (context: { signal?: AbortSignal }) => Promise<EndpointResults[E]>;
}

/** `useMutation(…)`'s options for a write: `onSuccess` invalidates what it makes stale. */
export interface LicensingMutationOptions<E extends WriteEndpoint> {
  mutationKey: [string, E];
  mutationFn: (body: EndpointRequests[E]) => Promise<EndpointResults[E]>;
  onSuccess: (data: EndpointResults[E], body: EndpointRequests[E]) => Promise<void>;
}

/** What `licensingMutations` needs of a QueryClient. */
export interface InvalidatingClient {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<unknown>;
}

/** The key every query and mutation of these factories starts with (default `"licensing"`). */
export interface QueryKeyOptions {
  key?: string;
}

/** The mutations' options: their key, and an outbox (licensing-sdk/outbox) the writes go through. */
export interface MutationFactoryOptions extends QueryKeyOptions {
  /**
   * Each write is stored before it is sent and outlives the page; the
   * mutation settles with its job, and a mutation restored after a reload
   * joins the job the outbox recovered (nothing is sent twice). Only
   * `repeatable` and `timeoutMs` of the call options apply.
   */
  outbox?: Outbox;
}

/** What `setLicensingMutationDefaults` and `resumeLicensingMutations` need of a QueryClient. */
export interface MutationDefaultsClient extends InvalidatingClient {
  setMutationDefaults(mutationKey: readonly unknown[], options: object): void;
  getMutationCache(): {
    getAll(): Array<{ options: { mutationKey?: readonly unknown[] }; state: { status: string; isPaused: boolean }; continue(): Promise<unknown> }>;
  };
}

/**
 * For each read, a function of its request that gives `{ queryKey, queryFn }`:
 * `useQuery(licensingQueries(client).listAssets({ enterpriseGlobalId }))`.
 * The query's abort signal reaches the call.
 */
export declare function licensingQueries(client: LicensingClient, options?: QueryKeyOptions): {
  readonly key: readonly [string];
} & {
  readonly [E in ReadEndpoint]: (request: EndpointRequests[E], callOptions?: CallOptions) => LicensingQueryOptions<E>;
};

/**
 * For each write, a function of the call options that gives `{ mutationKey,
 * mutationFn, onSuccess }`: `useMutation(licensingMutations(client, queryClient).batchOrder())`.
 * A batch order invalidates its enterprises' asset lists, a lock or an unlock every
 * asset list, an enterprise's creation, binding or update the enterprise queries.
 */
export declare function licensingMutations(client: LicensingClient, queryClient: InvalidatingClient, options?: MutationFactoryOptions): {
  readonly [E in WriteEndpoint]: (callOptions?: CallOptions) => LicensingMutationOptions<E>;
};

/**
 * Each write's mutation options as the QueryClient's defaults for its key
 * (`setMutationDefaults`): a mutation restored from a persisted cache
 * (`hydrate`, a persister) finds its `mutationFn` there.
 */
export declare function setLicensingMutationDefaults(queryClient: MutationDefaultsClient, client: LicensingClient, options?: MutationFactoryOptions): void;

/**
 * Continues the licensing mutations restored unfinished, paused or in flight
 * when the page went (which `resumePausedMutations` leaves alone); call it
 * once after `hydrate`. Through an outbox, each joins the job it left.
 */
export declare function resumeLicensingMutations(queryClient: MutationDefaultsClient, options?: QueryKeyOptions): Promise<void>;

/** The query keys a successful call of `endpoint` with `body` makes stale. */
export declare function staleQueryKeys(endpoint: WriteEndpoint, body: unknown, options?: QueryKeyOptions): unknown[][];
