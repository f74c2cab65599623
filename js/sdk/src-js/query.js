// licensing-sdk/query: TanStack Query options over a LicensingClient, with no
// dependency on TanStack itself. Which endpoints are reads and which reads a
// write makes stale is the endpoint table's (stales.js, generated from
// licensing-core's wire/): this file only turns it into options.
import { READS, STALES } from '../../generated/stales.js';

const DEFAULT_KEY = 'licensing';

/**
 * The values at a JSON Pointer of `body` (`*` standing for every item of an
 * array) that name an answer (non-blank strings), and whether some place the
 * pointer names holds none (absent, blank, not a string), as an order of a
 * batch without its enterprise.
 */
function valuesAt(body, pointer) {
  let level = [body];
  let missing = false;
  for (const raw of pointer.split('/').slice(1)) {
    const step = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    const next = [];
    for (const value of level) {
      if (value === null || typeof value !== 'object') {
        missing = true;
      } else if (step === '*') {
        if (Array.isArray(value)) next.push(...value);
        else missing = true;
      } else if (Object.prototype.hasOwnProperty.call(value, step)) {
        next.push(value[step]);
      } else {
        missing = true;
      }
    }
    level = next;
  }
  const values = level.filter((v) => typeof v === 'string' && v.trim() !== '');
  return { values: [...new Set(values)], missing: missing || values.length < level.length };
}

/**
 * The query keys a successful call of `endpoint` with `body` makes stale: for
 * each read of its table entry, the keys of the answers it names (`[key, read,
 * { field: value }]`, which TanStack Query matches as a prefix of every request
 * with that value), or all of that read's answers (`[key, read]`) when some
 * part of the body names none (an order without its enterprise, alone or in a
 * batch beside others: before, the others' keys alone were given).
 */
function staleQueryKeys(endpoint, body, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const out = [];
  for (const { read, by } of STALES[endpoint] ?? []) {
    const { values, missing } = by === null ? { values: [], missing: true } : valuesAt(body, by.from);
    // A body without the value may have changed any answer.
    if (missing || values.length === 0) out.push([key, read]);
    else for (const value of values) out.push([key, read, { [by.field]: value }]);
  }
  return out;
}

/**
 * `signal` and the caller's own (`callOptions.signal`) as one: aborted when
 * either is. Before, TanStack's signal replaced the caller's, which then
 * stopped nothing.
 */
function eitherSignal(signal, own) {
  if (own === undefined || own === null || own === signal) return signal;
  if (signal.aborted) return signal;
  if (own.aborted) return own;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, own]);
  // Node 18 and browsers before 2024 have no AbortSignal.any.
  const either = new AbortController();
  const abort = (event) => either.abort(event.target.reason);
  signal.addEventListener('abort', abort, { once: true });
  own.addEventListener('abort', abort, { once: true });
  return either.signal;
}

/**
 * `licensingQueries(client)`: for each read (each GET endpoint of the table),
 * a function of its request that gives `{ queryKey, queryFn }` for `useQuery`,
 * `queryClient.fetchQuery`, …; the query's abort signal reaches the call.
 */
function licensingQueries(client, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const out = { key: Object.freeze([key]) };
  for (const read of READS) {
    out[read] = (request, callOptions) => ({
      queryKey: [key, read, request ?? {}],
      queryFn: ({ signal } = {}) => client[read](
        request,
        signal === undefined ? callOptions : { ...callOptions, signal: eitherSignal(signal, callOptions?.signal) },
      ),
    });
  }
  return Object.freeze(out);
}

/**
 * The variables of the mutations `resumeLicensingMutations` continues: a
 * mutation TanStack Query restored after a reload is continued with the very
 * object its state kept, and only those join the job an earlier page left
 * (`resume`). A mutation made now with the same body is a new write: sent.
 */
const RESTORED = new WeakSet();

/**
 * `licensingMutations(client, queryClient, { key?, outbox? })`: for each
 * write, a function of the call options that gives `{ mutationKey,
 * mutationFn, onSuccess }` for `useMutation`; `onSuccess` invalidates the
 * queries the write makes stale (and returns their promise, so the mutation
 * settles once they refetched). With `outbox` (licensing-sdk/outbox), the
 * write goes through it: stored before it is sent, and the mutation settles
 * with its job; a mutation `resumeLicensingMutations` continues after a
 * reload joins the job the outbox recovered (`resume`) instead of making a
 * second one, any other is a write of its own. Only `repeatable` and
 * `timeoutMs` of the call options apply (a signal does not outlive the page).
 */
function licensingMutations(client, queryClient, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const outbox = options?.outbox;
  const out = {};
  for (const write of Object.keys(STALES)) {
    out[write] = (callOptions) => ({
      mutationKey: [key, write],
      mutationFn: outbox === undefined
        ? (body) => client[write](body, callOptions)
        : (body) => outbox[write](body, {
          repeatable: callOptions?.repeatable,
          timeoutMs: callOptions?.timeoutMs,
          resume: body !== null && typeof body === 'object' && RESTORED.has(body),
        }).then((job) => job.settled),
      onSuccess: (_data, body) => Promise.all(
        staleQueryKeys(write, body, { key }).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ).then(() => undefined),
    });
  }
  return Object.freeze(out);
}

/**
 * Registers each write's mutation options as the QueryClient's defaults for
 * its key (`setMutationDefaults([key, write], …)`): a mutation TanStack Query
 * restores from a persisted cache finds its `mutationFn` there.
 */
function setLicensingMutationDefaults(queryClient, client, options) {
  const mutations = licensingMutations(client, queryClient, options);
  for (const [write, make] of Object.entries(mutations)) {
    const { mutationKey, ...defaults } = make();
    queryClient.setMutationDefaults(mutationKey, defaults);
  }
}

/**
 * Continues every licensing mutation restored unfinished (`hydrate` of a
 * persisted cache): paused ones, and those in flight when the page went,
 * which `resumePausedMutations` leaves alone (TanStack/query#6238). Through
 * an outbox, a continued mutation joins the job it left (and only such a
 * mutation: its restored variables are marked): nothing is sent twice.
 * Resolves once they all settled.
 */
function resumeLicensingMutations(queryClient, options) {
  const key = options?.key ?? DEFAULT_KEY;
  const restored = queryClient.getMutationCache().getAll()
    .filter((m) => m.options.mutationKey?.[0] === key && Object.hasOwn(STALES, m.options.mutationKey?.[1]))
    .filter((m) => m.state.status === 'pending' || m.state.isPaused);
  // In flight when the page went: its job may be in the outbox. A paused one
  // never ran (TanStack pauses it before its mutationFn while offline): a new write.
  for (const m of restored) {
    const variables = m.state.variables;
    if (!m.state.isPaused && variables !== null && typeof variables === 'object') RESTORED.add(variables);
  }
  return Promise.all(restored.map((m) => m.continue().catch(() => undefined))).then(() => undefined);
}

export { licensingQueries, licensingMutations, resumeLicensingMutations, setLicensingMutationDefaults, staleQueryKeys };
