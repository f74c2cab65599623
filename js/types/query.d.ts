// licensing-sdk/query: TanStack Query options over a LicensingClient (no
// dependency on TanStack: the options are plain objects its functions take).
import type { CallOptions, Endpoint, EndpointRequests, EndpointResults, LicensingClient, ReadEndpoint } from './index.js';

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
export declare function licensingMutations(client: LicensingClient, queryClient: InvalidatingClient, options?: QueryKeyOptions): {
  readonly [E in WriteEndpoint]: (callOptions?: CallOptions) => LicensingMutationOptions<E>;
};

/** The query keys a successful call of `endpoint` with `body` makes stale. */
export declare function staleQueryKeys(endpoint: WriteEndpoint, body: unknown, options?: QueryKeyOptions): unknown[][];
