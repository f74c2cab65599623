// `fetch` options a user could pass that do not hand the client a readable
// Response: a logging wrapper that read the body, a locked body, throwing
// getters, a Proxy, no Response at all, a duck-typed Response (another realm),
// a stream whose reader misbehaves. Shared by the Node suite
// (js/sdk/tests/hostile-fetch.test.mjs) and the browser checks (simulator-checks.mjs).
// Each call must settle on time: resolved where the answer is readable, else a
// LicensingError of the kind given (never an uncaught exception).
export const HOSTILE_TIMEOUT_MS = 2000;

export function hostileFetches(sim) {
  const real = (req) => sim.fetch(req);
  const reader = (read) => ({ status: 200, headers: new Headers(), body: { getReader: () => ({ read, cancel() {} }) } });
  return [
    ['a logging wrapper that read the body first', 'decode', async (req) => { const res = await real(req); await res.text(); return res; }],
    ['a Response whose body is locked by a reader', 'decode', async (req) => { const res = await real(req); res.body.getReader(); return res; }],
    ['a throwing body getter', 'decode', async (req) => {
      const res = await real(req);
      Object.defineProperty(res, 'body', { get() { throw new Error('no body'); } });
      return res;
    }],
    ['a throwing status getter', 'network', async (req) => {
      const res = await real(req);
      Object.defineProperty(res, 'status', { get() { throw new Error('no status'); } });
      return res;
    }],
    ['a throwing headers getter (the body is still read)', 'ok', async (req) => {
      const res = await real(req);
      Object.defineProperty(res, 'headers', { get() { throw new Error('no headers'); } });
      return res;
    }],
    ['a Proxy whose every read throws', 'network', async (req) => new Proxy(await real(req), { get() { throw new Error('trap'); } })],
    ['a plain object', 'network', async () => ({})],
    ['null', 'network', async () => null],
    ['a string', 'network', async () => 'HTTP/1.1 200 OK'],
    ['a fetch that throws', 'network', () => { throw new Error('thrown by fetch'); }],
    ['a fetch that rejects', 'network', () => Promise.reject(new Error('rejected by fetch'))],
    ['a duck-typed Response (another realm)', 'ok', async (req) => {
      const res = await real(req);
      return { status: res.status, type: 'basic', headers: res.headers, body: res.body };
    }],
    ['a stream whose read throws', 'decode', async () => reader(() => { throw new Error('read'); })],
    ['a stream whose read answers nonsense', 'decode', async () => reader(() => 42)],
    ['a stream whose read never settles (the timeout ends it)', 'timeout', async () => reader(() => new Promise(() => {}))],
  ];
}

/** Runs one shape: { outcome: 'ok' | kind, ms, name? }. */
export async function runHostile(LicensingClient, fetch) {
  const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', fetch, timeoutMs: HOSTILE_TIMEOUT_MS, maxRetries: 0 });
  const started = performance.now();
  try {
    await client.shellNums({ size: 1 });
    return { outcome: 'ok', ms: performance.now() - started };
  } catch (err) {
    return { outcome: err.kind, name: err.name, message: err.message, ms: performance.now() - started };
  }
}
