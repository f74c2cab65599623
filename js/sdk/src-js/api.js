// The package's main API: the validators (validation.js) and
// `LicensingClient`, over the full wasm. Every entry of the
// full wasm picks its wasm (instance.js's `use`) and re-exports this module:
// its exports are the list.
import { ENDPOINTS } from '../../generated/endpoints.js';
import { callService } from './client.js';
import { serialize } from '../../shared/serialize.js';
import { current, onInstance } from './instance.js';

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
    const client = new (current().LicensingClient)(options);
    // One call path: each endpoint method, and licensing-sdk/outbox's sends
    // and checks. Not part of the API.
    Object.defineProperty(client, '__send', {
      configurable: true,
      writable: true,
      value: (endpoint, text, detail, callOptions) => callService(client, endpoint, text, detail, callOptions),
    });
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
            return callService(client, name, undefined, thrown, callOptions);
          }
          const { text, nonFinite } = serialized;
          return callService(client, name, text, nonFinite.length === 0 ? undefined : nonFinite, callOptions);
        },
      });
    }
    return client;
  }
}

// Each instance's client class answers `instanceof LicensingClient`.
onInstance((fresh) => {
  Object.setPrototypeOf(fresh.LicensingClient.prototype, LicensingClient.prototype);
});
