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
'use strict';

/** The token the wasm client holds; the real one is set on each attempt here. */
const PLACEHOLDER = 'provided-per-attempt';
/** Most bytes of an answer read here to find its envelope's code. */
const CODE_PREFIX_BYTES = 64 << 10;
const HOOKS = ['beforeRequest', 'afterResponse', 'beforeRetry', 'onError'];

/** A LicensingError of `kind`, with what else it carries (`issues`, …). */
function licensingError(kind, message, extra) {
  const error = new Error(message);
  error.name = 'LicensingError';
  error.kind = kind;
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

/** The envelope's code (order `code`, activity `resultCode`) from the start of an answer. */
async function envelopeCode(response) {
  try {
    const reader = response.clone().body?.getReader();
    if (!reader) return undefined;
    let text = '';
    const decoder = new TextDecoder();
    while (text.length < CODE_PREFIX_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const m = /"(?:resultCode|code)"\s*:\s*"?(-?[\w.]+)/.exec(text);
      if (m) {
        reader.cancel().catch(() => {});
        return m[1];
      }
    }
    reader.cancel().catch(() => {});
  } catch {
    // No code to tell: the wasm reads (and judges) the answer itself.
  }
  return undefined;
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
 * The ten methods of a client with hooks: `makeClient(options)` makes a wasm
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
    const state = { attempt: 0, failure: null, retry: null, refreshed: false, token: provider ? '' : options.token };
    const controller = new AbortController();
    const userSignal = callOptions?.signal;
    const fail = (what, thrown) => {
      state.failure ??= licensingError('hook', `${what} ${thrown === undefined ? '' : `failed: ${said(thrown, state.token)}`}`.trim());
      controller.abort(state.failure);
      return state.failure;
    };
    const run = async (what, hook, event) => {
      try {
        return await hook(event);
      } catch (thrown) {
        throw fail(what, thrown);
      }
    };
    const send = async (request, refused) => {
      state.attempt += 1;
      const attempt = state.attempt;
      if (provider) {
        const token = await run('the token provider', provider, { endpoint, attempt, refused });
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
          { endpoint, attempt, method: request.method, url: request.url, headers: shown });
        if (edits !== undefined && edits !== null) {
          if (typeof edits !== 'object') throw fail('the beforeRequest hook must return undefined or an object of headers');
          const pairs = typeof edits.entries === 'function' ? [...edits.entries()] : Object.entries(edits);
          for (const [name, value] of pairs) {
            if (/^(authorization|content-type)$/i.test(name)) continue; // the client's own
            try {
              if (typeof value !== 'string') throw new TypeError(`the value of ${name} is not a string`);
              headers.set(name, value);
            } catch (thrown) {
              throw fail('the beforeRequest hook returned a header that cannot be sent:', thrown);
            }
          }
        }
      }
      // The wasm's timer aborts request.signal: a hook that outlived the
      // attempt sends nothing.
      if (request.signal.aborted) throw request.signal.reason;
      const started = performance.now();
      const response = await baseFetch(new Request(request.url, {
        method: request.method, headers, body: request.body === null ? undefined : await request.clone().text(),
        signal: request.signal, redirect: request.redirect,
      }));
      if (hooks.afterResponse) {
        const code = await envelopeCode(response);
        await run('the afterResponse hook', hooks.afterResponse,
          { endpoint, attempt, status: response.status, durationMs: performance.now() - started, code });
      }
      return response;
    };
    const fetchForCall = async (request) => {
      if (state.failure) throw state.failure;
      if (state.retry) {
        const pending = state.retry;
        state.retry = null;
        await pending;
      }
      const response = await send(request, false);
      // A refused token: asked for again once, and the attempt sent again
      // with a fresh nonce (a 401 was not acted on, whatever the endpoint).
      if (response.status === 401 && provider && !state.refreshed) {
        state.refreshed = true;
        response.body?.cancel().catch(() => {});
        const again = new Request(request.url.replace(/([?&]g_nonce=)[^&]*/, `$1${freshNonce()}`), request);
        return send(again, true);
      }
      return response;
    };
    const client = makeClient({
      ...base,
      fetch: fetchForCall,
      // Before each retry's wait (the wasm's retry policy decided it).
      __onRetry: hooks.beforeRetry ? (event) => {
        // The attempt as the other hooks count it (a 401's re-send included).
        state.retry = run('the beforeRetry hook', hooks.beforeRetry, { ...event, attempt: state.attempt });
        state.retry.catch(() => {});
      } : undefined,
    });
    if (userSignal?.aborted) controller.abort(userSignal.reason);
    const forward = () => controller.abort(userSignal.reason);
    userSignal?.addEventListener?.('abort', forward, { once: true });
    try {
      return await client[endpoint](body, { ...callOptions, signal: controller.signal });
    } catch (thrown) {
      const final = state.failure ?? thrown;
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
