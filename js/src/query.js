// licensing-sdk/query: TanStack Query options over a LicensingClient, with no
// dependency on TanStack itself. Which endpoints are reads and which reads a
// write makes stale is the endpoint table's (stales.js, generated from
// licensing-core's wire.rs): this file only turns it into options.
import { READS, STALES } from '../generated/stales.js';

const DEFAULT_KEY = 'licensing';

/** The values at a JSON Pointer of `body`, `*` standing for every item of an array. */
function valuesAt(body, pointer) {
  let level = [body];
  for (const raw of pointer.split('/').slice(1)) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const next = [];
    for (const value of level) {
      if (value === null || typeof value !== 'object') continue;
      if (step === '*') {
        if (Array.isArray(value)) next.push(...value);
      } else if (Object.prototype.hasOwnProperty.call(value, step)) {
        next.push(value[step]);
      }
    }
    level = next;
  }
  return level;
}

/**
 * The query keys a successful call of `endpoint` with `body` makes stale: for
 * each read of its table entry, the keys of the answers it names (`[key, read,
 * { field: value }]`, which TanStack Query matches as a prefix of every request
 * with that value), or all of that read's answers (`[key, read]`).
 */
function staleQueryKeys(endpoint, body, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const out = [];
  for (const { read, by } of STALES[endpoint] ?? []) {
    const values = by === null ? [] : [...new Set(valuesAt(body, by.from).filter((v) => typeof v === 'string' && v.trim() !== ''))];
    // A body without the value (an order without its enterprise) may have changed any answer.
    if (values.length === 0) out.push([key, read]);
    else for (const value of values) out.push([key, read, { [by.field]: value }]);
  }
  return out;
}

/**
 * `licensingQueries(client)`: for each read (`queryEnterprises`, `listAssets`),
 * a function of its request that gives `{ queryKey, queryFn }` for `useQuery`,
 * `queryClient.fetchQuery`, …; the query's abort signal reaches the call.
 */
function licensingQueries(client, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const out = { key: Object.freeze([key]) };
  for (const read of READS) {
    out[read] = (request, callOptions) => ({
      queryKey: [key, read, request ?? {}],
      queryFn: ({ signal } = {}) => client[read](request, signal === undefined ? callOptions : { ...callOptions, signal }),
    });
  }
  return Object.freeze(out);
}

/**
 * `licensingMutations(client, queryClient)`: for each write, a function of the
 * call options that gives `{ mutationKey, mutationFn, onSuccess }` for
 * `useMutation`; `onSuccess` invalidates the queries the write makes stale
 * (and returns their promise, so the mutation settles once they refetched).
 */
function licensingMutations(client, queryClient, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const out = {};
  for (const write of Object.keys(STALES)) {
    out[write] = (callOptions) => ({
      mutationKey: [key, write],
      mutationFn: (body) => client[write](body, callOptions),
      onSuccess: (_data, body) => Promise.all(
        staleQueryKeys(write, body, { key }).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ).then(() => undefined),
    });
  }
  return Object.freeze(out);
}

export { licensingQueries, licensingMutations, staleQueryKeys };
