// openSession (licensing-sdk/testing): a session of a simulator a team shares
// (`licensing-sim`, `npx licensing-sdk-sim`), with the methods of
// createSimulator, so a test written for one in process runs against the
// shared one unchanged (awaiting each method: here they cross the network).
// Every decision about sessions is the simulator's (its registry); this file
// sends the registry's and the session's admin requests, and routes a
// request through the session's path prefix.
import { directives } from './simulator.js';
import { DRIFT_NAMES } from '../../generated/sim-faults.js';
import { checkMove } from './clock.js';

/** The simulator's registry route and a session's prefix (licensing-sim-core's sessions.rs). */
const REGISTRY = '/__sim/sessions';

function checkUrl(url) {
  let parsed;
  try {
    parsed = new URL(String(url));
  } catch {
    throw new TypeError(`openSession: ${JSON.stringify(String(url))} is not a URL (the shared simulator's, e.g. http://sim.staging:8787)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError('openSession: the simulator\'s URL must be http: or https:');
  return parsed.origin + parsed.pathname.replace(/\/+$/, '');
}

/** What a request to the simulator gave, or a thrown Error that says what it answered. */
async function answered(response, what) {
  const text = await response.text();
  let body;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = new Error(`${what}: the simulator answered HTTP ${response.status}${body?.error ? `: ${body.error}` : ''}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

/**
 * `makeOpenSession(fixtures)`: `fixtures` gives `stateFromRecording` and
 * `stateFromHar` (Node's tools), for a session made from a recording or a HAR.
 */
export function makeOpenSession(fixtures) {
  return async function openSession(url, options) {
    const base = checkUrl(url);
    if (options === null || typeof options !== 'object') throw new TypeError('openSession: options { adminToken, … } are required');
    const { adminToken, recording, har, fetch: transport = globalThis.fetch, ...spec } = options;
    if (typeof adminToken !== 'string' || adminToken === '') throw new TypeError('openSession: adminToken (the shared simulator\'s --admin-token) is required');
    if (typeof transport !== 'function') throw new TypeError('openSession: fetch must be a function');
    if (recording !== undefined) spec.state = fixtures.stateFromRecording(recording).state;
    if (har !== undefined) spec.state = fixtures.stateFromHar(har).state;
    const made = await answered(await transport(`${base}${REGISTRY}`, {
      method: 'POST',
      headers: { 'x-sim-admin': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify(spec),
    }), 'openSession');
    // What a licensing-sim registry answers a make with; anything else (a page, a proxy's own answer) is not one.
    const fields = ['id', 'prefix', 'adminToken'];
    if (made === null || typeof made !== 'object' || fields.some((field) => typeof made[field] !== 'string') || typeof made.header !== 'object') {
      throw new Error(`openSession: ${base}${REGISTRY} answered what a licensing-sim does not (${fields.join(', ')} and header expected): is ${base} the shared simulator's URL?`);
    }
    const root = `${base}${made.prefix}`;
    let drifts = [];

    /** A session's own admin route (its token). */
    const admin = async (method, path) => answered(await transport(`${root}${path}`, { method, headers: { 'x-sim-admin': made.adminToken } }), `session ${made.id}`);

    return {
      id: made.id,
      /** The session's base URL (`…/s/ID`): a client's `baseUrl`, a page's API root. */
      url: root,
      /** The header that names the session, for a request that keeps its own path. */
      header: made.header,
      adminToken: made.adminToken,
      clock: made.clock,
      /** A standard fetch: the request's path and query, sent to the session (any origin). */
      async fetch(input, init) {
        const request = new Request(input, init);
        const target = new URL(request.url);
        const headers = new Headers(request.headers);
        if (drifts.length > 0) headers.set('x-sim-drift', drifts.join(','));
        const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
        return transport(`${root}${target.pathname}${target.search}`, { method: request.method, headers, body, signal: request.signal });
      },
      reset: () => admin('POST', '/__sim/reset'),
      snapshot: () => admin('GET', '/__sim/state'),
      stats: () => admin('GET', '/__sim/stats'),
      trace: (id) => admin('GET', `/__sim/trace/${encodeURIComponent(String(id))}`),
      async fault(spec) {
        const endpoint = spec?.endpoint === undefined ? '' : `&endpoint=${encodeURIComponent(String(spec.endpoint))}`;
        await admin('POST', `/__sim/fault?fault=${encodeURIComponent(directives(spec))}${endpoint}`);
      },
      /** Every later answer through this session's fetch differs as the named drifts say (`x-sim-drift`). */
      async drift(...names) {
        const wanted = names.map(String);
        const unknown = wanted.find((name) => !DRIFT_NAMES.includes(name));
        // Refused here, as sim.drift refuses it: sent, it would make every later answer a refusal.
        if (unknown !== undefined) throw new TypeError(`session.drift: unknown drift ${JSON.stringify(unknown)} (${DRIFT_NAMES.join(', ')})`);
        drifts = wanted;
      },
      /** Moves a session made with `clock: 'virtual'` on by `ms` (its faults' delays, its stamps). */
      async advance(ms) {
        checkMove('session.advance', ms);
        return admin('POST', `/__sim/clock?advance=${Math.trunc(ms)}`);
      },
      /** Deletes the session (its state goes with it). */
      async close() {
        const response = await transport(`${base}${REGISTRY}/${made.id}`, { method: 'DELETE', headers: { 'x-sim-admin': adminToken } });
        if (!response.ok && response.status !== 404) await answered(response, `session ${made.id}`);
      },
    };
  };
}
