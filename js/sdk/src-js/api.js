// The package's main API: the validators (validation.js) and
// `LicensingClient`, over the full wasm. Every entry of the
// full wasm picks its wasm (instance.js's `use`) and re-exports this module:
// its exports are the list.
import { ENDPOINTS } from '../../generated/endpoints.js';
import { callService } from './client.js';
import { serialize } from '../../shared/serialize.js';
import { current, onInstance } from './instance.js';
import { ignoreRejection } from '../../shared/events.js';

export * from './validation.js';
export { watch } from '../../shared/events.js';

/**
 * The exported class: `new LicensingClient(options)` makes the client in the
 * current instance (which then lives as long as the client); every such client
 * is an `instanceof` this class.
 */
export class LicensingClient {
  constructor(options) {
    // The wasm checks the options and takes each call's steps; client.js
    // carries them out (fetch, timers, the hooks and the token provider).
    const made = current();
    const client = new made.LicensingClient(quietWarnings(options));
    // Freed (`free()`, or a `using` scope's end), the wasm side is gone: a call
    // rejects with a LicensingError saying so (it was the glue's bare "null
    // pointer passed to rust"), and freeing again does nothing.
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      made.LicensingClient.prototype.free.call(client);
    };
    Object.defineProperty(client, 'free', { configurable: true, writable: true, value: free });
    if (typeof Symbol.dispose === 'symbol') {
      Object.defineProperty(client, Symbol.dispose, { configurable: true, writable: true, value: free });
    }
    // One call path: each endpoint method, and licensing-sdk/outbox's sends
    // and checks. Not part of the API.
    const send = (endpoint, text, detail, callOptions) => (freed
      ? Promise.reject(made.LicensingClient.__freed())
      : callService(client, endpoint, text, detail, callOptions));
    Object.defineProperty(client, '__send', { configurable: true, writable: true, value: send });
    // One method per endpoint of the table, each the client's own (a method
    // taken off it still calls it): the body is read once, by `serialize`,
    // and the wasm validates and sends exactly that text.
    for (const name of ENDPOINTS) {
      Object.defineProperty(client, name, {
        configurable: true,
        writable: true,
        value(body, callOptions) {
          let serialized;
          try {
            serialized = serialize(body);
          } catch (thrown) {
            return send(name, undefined, thrown, callOptions);
          }
          const { text, nonFinite } = serialized;
          return send(name, text, nonFinite.length === 0 ? undefined : nonFinite, callOptions);
        },
      });
    }
    return client;
  }
}

/**
 * `options` as the wasm reads them, but for an `onWarnings` function, which is
 * called through one that ignores what it rejects with: the wasm calls the
 * hook and drops what it returns, and an `async` onWarnings that rejected
 * ended a Node process on the unhandled rejection. A Proxy, so that every
 * other option is read from `options` itself (its getters see it as `this`),
 * and `onWarnings` once.
 */
function quietWarnings(options) {
  if (options === null || typeof options !== 'object') return options;
  let hook;
  try {
    hook = options.onWarnings;
  } catch {
    return options; // the wasm reads it again, and says why it cannot
  }
  if (typeof hook !== 'function') return options;
  const onWarnings = (event) => ignoreRejection(Reflect.apply(hook, undefined, [event]));
  return new Proxy(options, { get: (target, key) => (key === 'onWarnings' ? onWarnings : Reflect.get(target, key)) });
}

// Each instance's client class answers `instanceof LicensingClient`.
onInstance((fresh) => {
  Object.setPrototypeOf(fresh.LicensingClient.prototype, LicensingClient.prototype);
});
