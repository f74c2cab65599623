// `licensing-sdk/outbox` for browsers, workers and bundlers (pkg/outbox.mjs):
// the outbox (js/outbox/src-js/) over its own wasm (licensing-client's
// `recovery`, the crate in js/outbox/), embedded as printable text as in
// the default entry, and IndexedDB (memory where IndexedDB is missing or
// refused, which `outbox.storage.reason` says).
import createGlue from '#built/outbox-glue.js';
import { makeOpenOutbox } from '../src-js/index.js';
import { indexedDbStorage, memoryStorage } from '../src-js/storage.js';
import { compileEmbedded } from '../../shared/load.js';
import WASM_TEXT from '#built/outbox-printable.js';

let glue;
/** The outbox's wasm, made by the first outbox opened. */
function core() {
  if (glue === undefined) {
    const fresh = createGlue();
    fresh.initSync({ module: compileEmbedded(WASM_TEXT) });
    glue = fresh;
  }
  return glue;
}

async function defaultStorage(name) {
  // One tab sends what every tab stores: without Web Locks (outside a secure
  // context) two tabs could send one job, so IndexedDB is not used there.
  if (typeof globalThis.navigator?.locks?.request !== 'function' || typeof globalThis.BroadcastChannel !== 'function') {
    return { storage: memoryStorage(), reason: 'this context has no Web Locks (not a secure context?), without which tabs cannot share IndexedDB safely: the jobs are kept in memory and do not outlive the page' };
  }
  try {
    return { storage: await indexedDbStorage(name) };
  } catch (err) {
    return { storage: memoryStorage(), reason: `${err.message}: the jobs are kept in memory and do not outlive the page` };
  }
}

export const openOutbox = makeOpenOutbox(core, defaultStorage);
export { indexedDbStorage, memoryStorage };
