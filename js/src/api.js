// The package's API over wasm-bindgen's glue, for every entry of the full wasm:
// node.cjs (and node.mjs through it), workerd and the two browser entries,
// bundled. The validators are validation.js's (what `licensing-sdk/validate`
// ships alone); this adds the client. Each entry gives `api()` the glue as a
// factory (target/js/glue.js, generated) and the compiled WebAssembly.Module
// (or a function that compiles it).
import { ENDPOINTS } from '../generated/fast-check.js';
import { serialize } from './routing.js';
import { VALIDATE_EXPORTS, validation } from './validation.js';

/**
 * What the package's main entry exports, in each of its modules (the default
 * and slim browser entries, Node ESM and CommonJS, workerd): the one list.
 * `api()` returns these, and scripts/exports.mjs writes them into each ES
 * module entry (an ES module's names are static); tests/js/exports.test.mjs
 * holds the entries, the object `api()` returns and index.d.ts to it.
 */
const EXPORTS = Object.freeze([...VALIDATE_EXPORTS, 'LicensingClient']);

/**
 * The package's exports: validation.js's over instances of `wasmModule` (the
 * full wasm) made with `createGlue`, and `LicensingClient`.
 */
function api(createGlue, wasmModule, jsonSchemas) {
  /**
   * The exported class: `new LicensingClient(options)` makes the client in the
   * current instance (which then lives as long as the client); every such client
   * is an `instanceof` this class.
   */
  class LicensingClient {
    constructor(options) {
      // Hooks and a token provider included: the wasm's client runs them.
      const client = new (current().LicensingClient)(options);
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
              return client.__send(name, undefined, thrown, callOptions);
            }
            const { text, nonFinite } = serialized;
            return client.__send(name, text, nonFinite.length === 0 ? undefined : nonFinite, callOptions);
          },
        });
      }
      return client;
    }
  }
  const { exports, current } = validation(createGlue, wasmModule, jsonSchemas, (fresh) => {
    Object.setPrototypeOf(fresh.LicensingClient.prototype, LicensingClient.prototype);
  });
  return { ...exports, LicensingClient };
}

export { api, EXPORTS };
