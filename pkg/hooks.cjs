// LicensingClient's `hooks` and function `token`, in JavaScript around the
// client's `fetch`: the wasm's client sends, retries and times out as always,
// and each of its attempts passes through here (the Rust client's own hooks,
// feature `hooks`, would add ~9 KB gzip to every page's wasm).
//
//   token: ({ endpoint, attempt, refused }) => string | Promise<string>
//   hooks: { beforeRequest, afterResponse, beforeRetry, onError }
//
// Each call gets its own wasm client (options checked once, cheap) whose fetch
// knows the call: its endpoint, its attempts, the hook that failed. A hook that
// throws, rejects or returns something unusable ends the call with kind `hook`:
// the call is aborted before anything more is sent, and the token never
// appears in what a hook sees or in an error.
//
// `afterResponse` runs once the wasm has read the answer, outside the
// attempt's timer, with the envelope's code as the wasm read it (the error it
// retries on, or the call's result): a slow or failing hook can neither make
// an answered attempt look like a timeout (and be sent again) nor lose an
// answer that arrived (the error then carries it as `data`).
'use strict';

const { SUCCESS_CODES } = require('./fast-check.cjs');

/** The token the wasm client holds; the real one is set on each attempt here. */
const PLACEHOLDER = 'provided-per-attempt';
const HOOKS = ['beforeRequest', 'afterResponse', 'beforeRetry', 'onError'];
/**
 * Request headers the Fetch standard forbids or the platform owns (the body's
 * framing, the connection): refused here with a `hook` error before anything
 * is sent, rather than dropped or turned into a network error by `fetch`. The
 * same list as `header_name_ok` in crates/licensing-client/src/options.rs.
 */
const PLATFORM_HEADERS = new Set(['accept-charset', 'accept-encoding', 'access-control-request-headers',
  'access-control-request-method', 'connection', 'content-length', 'cookie', 'cookie2', 'date', 'dnt', 'expect',
  'host', 'keep-alive', 'origin', 'referer', 'set-cookie', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'via']);
const platformHeader = (name) => PLATFORM_HEADERS.has(name) || name.startsWith('proxy-') || name.startsWith('sec-');

/** A LicensingError of `kind`, with what else it carries (`issues`, `sent`, `data`, …). */
function licensingError(kind, message, extra) {
  const error = new Error(message);
  error.name = 'LicensingError';
  error.kind = kind;
  error.sent = false;
  return Object.assign(error, extra);
}

/** What a thrown value says, the token written as [redacted]. */
function said(thrown, token) {
  let text;
  try {
    text = thrown instanceof Error ? thrown.message : String(thrown);
  } catch {
    text = 'it threw';
  }
  return token ? text.split(token).join('[redacted]') : text;
}

/** A fresh g_nonce: 128 random bits, base64url (as the wasm makes them). */
function freshNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Settles with `promise`, or rejects with `onLate()` after `ms` (if given) or when `signal` fires. */
function within(promise, ms, signal, onLate) {
  let timer;
  let forward;
  const late = new Promise((_, reject) => {
    if (ms !== undefined) timer = setTimeout(() => reject(onLate()), ms);
    forward = () => reject(onLate());
    if (signal?.aborted) forward();
    else signal?.addEventListener?.('abort', forward, { once: true });
  });
  return Promise.race([promise, late]).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener?.('abort', forward);
  });
}

/** Checks the options' hooks and token provider; what `hooked()` needs. */
function hookOptions(options) {
  const error = (message) => licensingError('validation', message, { issues: [] });
  const hooks = options.hooks ?? {};
  if (hooks === null || typeof hooks !== 'object') throw error('hooks must be an object of functions');
  for (const name of HOOKS) {
    if (hooks[name] !== undefined && typeof hooks[name] !== 'function') throw error(`hooks.${name} must be a function`);
  }
  return { hooks, provider: typeof options.token === 'function' ? options.token : null };
}

/**
 * Applies the headers `beforeRequest` returned; throws (a TypeError saying
 * why) for what cannot be read or sent. Called inside the hook's guard, so a
 * getter or an iterator that throws is the hook's failure too.
 */
function applyEdits(edits, headers) {
  if (edits === undefined || edits === null) return;
  if (typeof edits !== 'object') throw new TypeError('it must return undefined or an object of headers');
  const pairs = typeof edits.entries === 'function' ? [...edits.entries()] : Object.entries(edits);
  for (const [name, value] of pairs) {
    if (typeof name !== 'string') throw new TypeError('a header name is not a string');
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'content-type') continue; // the client's own
    if (platformHeader(lower)) throw new TypeError(`${name} is the platform's to set, not a hook's`);
    if (typeof value !== 'string') throw new TypeError(`the value of ${name} is not a string`);
    headers.set(name, value);
  }
}

/**
 * The methods of a client with hooks: `makeClient(options)` makes a wasm
 * client (the glue's), `endpoints` the method names.
 */
function hooked(options, makeClient, endpoints) {
  const { hooks, provider } = hookOptions(options);
  const baseFetch = options.fetch ?? ((request) => globalThis.fetch(request));
  // The wasm client checks everything else, once now (a bad option throws here).
  const base = { ...options, hooks: undefined };
  if (provider) base.token = PLACEHOLDER;
  makeClient(base).free();

  async function call(endpoint, body, callOptions) {
    const state = {
      attempt: 0, sent: false, failure: null, between: null, refreshed: false,
      token: provider ? '' : options.token,
      // The answers received whose afterResponse has not run yet.
      unreported: [],
    };
    const controller = new AbortController();
    const userSignal = callOptions?.signal;
    const hookMs = callOptions?.timeoutMs ?? options.timeoutMs ?? 30_000;
    const fail = (message) => {
      state.failure ??= licensingError('hook', message, { sent: state.sent });
      controller.abort(state.failure);
      return state.failure;
    };
    // What ends a wait on hooks when the attempt's signal fires: the caller's
    // abort, or else a hook failure (kind hook, not a timeout that could be retried).
    const late = (what) => () => (userSignal?.aborted
      ? userSignal.reason
      : fail(`${what} did not settle within the attempt's timeout`));
    // A hook's promise, failing the call if it throws or rejects, or (with the
    // attempt's `signal`) if it outlives the attempt. What it threw is repeated
    // (the token scrubbed) unless `quiet`: the token provider's failure may
    // hold the very token it was to give.
    const run = async (what, hook, event, signal, quiet = false) => {
      try {
        const pending = Promise.resolve(hook(event));
        return await (signal ? within(pending, undefined, signal, late(what)) : pending);
      } catch (thrown) {
        throw state.failure ?? (userSignal?.aborted && thrown === userSignal.reason
          ? thrown
          : fail(quiet ? `${what} failed` : `${what} failed: ${said(thrown, state.token)}`));
      }
    };
    // afterResponse for the answers the wasm has read, in order; the last
    // one's code as the wasm read it (earlier ones: a refused token, re-sent here).
    const report = async (code, signal) => {
      const events = state.unreported.splice(0);
      if (!hooks.afterResponse) return;
      for (let i = 0; i < events.length; i++) {
        const event = i === events.length - 1 ? { ...events[i], code } : events[i];
        await run('the afterResponse hook', hooks.afterResponse, event, signal);
      }
    };
    const send = async (request, refused) => {
      state.attempt += 1;
      const attempt = state.attempt;
      if (provider) {
        const token = await run('the token provider', provider, { endpoint, attempt, refused }, request.signal, true);
        if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
          throw fail('the token provider gave a token that is empty or not visible ASCII');
        }
        state.token = token;
      }
      const headers = new Headers(request.headers);
      headers.set('authorization', `Bearer ${state.token}`);
      if (hooks.beforeRequest) {
        const shown = Object.fromEntries(headers);
        shown.authorization = 'Bearer [redacted]';
        const edits = await run('the beforeRequest hook', hooks.beforeRequest,
          { endpoint, attempt, method: request.method, url: request.url, headers: shown }, request.signal);
        try {
          applyEdits(edits, headers);
        } catch (thrown) {
          throw fail(`the beforeRequest hook returned headers that cannot be sent: ${said(thrown, state.token)}`);
        }
      }
      // The wasm's timer aborts request.signal: a hook that outlived the
      // attempt sends nothing.
      if (request.signal.aborted) throw request.signal.reason;
      const started = performance.now();
      state.sent = true;
      const response = await baseFetch(new Request(request.url, {
        method: request.method, headers, body: request.body === null ? undefined : await request.clone().text(),
        signal: request.signal, redirect: request.redirect,
      }));
      state.unreported.push({ endpoint, attempt, status: response.status, durationMs: performance.now() - started, code: undefined });
      return response;
    };
    const fetchForCall = async (request) => {
      if (state.failure) throw state.failure;
      if (state.between) {
        // The hooks between two attempts (the last answer's afterResponse,
        // beforeRetry) run in the next attempt's time: one that outlives it
        // ends the call (kind hook), and that attempt is not sent.
        const pending = state.between;
        state.between = null;
        await within(pending, undefined, request.signal, late('the hooks before a retry'));
      }
      const response = await send(request, false);
      // A refused token: asked for again once, and the attempt sent again
      // with a fresh nonce (a 401 was not acted on, whatever the endpoint).
      if (response.status === 401 && provider && !state.refreshed) {
        state.refreshed = true;
        response.body?.cancel().catch(() => {});
        // An answer the wasm never reads: told now, within this attempt's time.
        await report(undefined, request.signal);
        const again = new Request(request.url.replace(/([?&]g_nonce=)[^&]*/, `$1${freshNonce()}`), request);
        return send(again, true);
      }
      return response;
    };
    const client = makeClient({
      ...base,
      fetch: fetchForCall,
      // Before each retry's wait (the wasm's retry policy decided it, on an
      // error it read): the answer's afterResponse, then beforeRetry.
      __onRetry: (hooks.afterResponse || hooks.beforeRetry) ? (event) => {
        state.between = (async () => {
          await report(event.error?.code);
          // The attempt as the other hooks count it (a 401's re-send included).
          if (hooks.beforeRetry) await run('the beforeRetry hook', hooks.beforeRetry, { ...event, attempt: state.attempt });
        })();
        state.between.catch(() => {});
      } : undefined,
    });
    if (userSignal?.aborted) controller.abort(userSignal.reason);
    const forward = () => controller.abort(userSignal.reason);
    userSignal?.addEventListener?.('abort', forward, { once: true });
    try {
      let data;
      try {
        data = await client[endpoint](body, { ...callOptions, signal: controller.signal });
      } catch (thrown) {
        // The wasm counts an attempt that a hook kept from leaving as sent.
        if (!state.sent && thrown !== null && typeof thrown === 'object') thrown.sent = false;
        const own = state.failure ?? thrown;
        if (!state.failure && state.unreported.length) {
          // The last answer's afterResponse; the call's own error stands (its
          // code, its status), whatever the hook does.
          await within(report(thrown?.code), hookMs, undefined, () => null).catch(() => {});
        }
        throw own;
      }
      if (state.unreported.length) {
        try {
          await within(report(SUCCESS_CODES[endpoint]), hookMs, undefined,
            () => fail(`the afterResponse hook did not settle within ${hookMs} ms`));
        } catch {
          // The call is done: its answer travels with the hook's error.
          const error = state.failure;
          error.message += ' (the service answered: error.data holds its answer)';
          throw Object.assign(error, { sent: true, data });
        }
      }
      return data;
    } catch (final) {
      if (hooks.onError) {
        try {
          await hooks.onError({ endpoint, attempts: state.attempt, error: final });
        } catch {
          // Its own failure changes nothing: the call has failed already.
        }
      }
      throw final;
    } finally {
      userSignal?.removeEventListener?.('abort', forward);
      client.free();
    }
  }

  const methods = {};
  for (const name of endpoints) methods[name] = (body, callOptions) => call(name, body, callOptions);
  // Each call's wasm client is freed when the call settles: nothing to free here.
  methods.free = () => {};
  if (typeof Symbol.dispose === 'symbol') methods[Symbol.dispose] = methods.free;
  return methods;
}

/** Whether options ask for the JS hooks (else the wasm client is used as it is). */
const wantsHooks = (options) => options !== null && typeof options === 'object'
  && (typeof options.token === 'function' || options.hooks !== undefined);

module.exports = { hooked, wantsHooks, licensingError };
