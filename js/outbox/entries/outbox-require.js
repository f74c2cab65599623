// `licensing-sdk/outbox` for Node `require` (pkg/outbox.cjs; outbox-node.mjs
// re-exports it for `import`), Deno and Bun: the outbox over its wasm (bytes
// bundled into this file), with `fileStorage` for jobs that outlive the
// process; without one, the jobs are kept in memory (`outbox.storage.reason`).
import { webcrypto } from 'node:crypto';
import createGlue from '#built/outbox-glue.js';
import WASM_HEX from '#built/outbox-hex.js';
import { makeOpenOutbox } from '../src-js/index.js';
import { indexedDbStorage, memoryStorage } from '../src-js/storage.js';
import { fileStorage } from '../src-js/file.js';

// Node 18 has Web Crypto only as node:crypto's webcrypto; job ids need it global.
globalThis.crypto ??= webcrypto;

let glue;
function core() {
  if (glue === undefined) {
    const fresh = createGlue();
    fresh.initSync({ module: new WebAssembly.Module(Buffer.from(WASM_HEX, 'hex')) });
    glue = fresh;
  }
  return glue;
}

async function defaultStorage(name) {
  // Deno has IndexedDB-like storage in some builds; only where tabs can take turns is it shared.
  if (globalThis.indexedDB && typeof globalThis.navigator?.locks?.request === 'function') return { storage: await indexedDbStorage(name) };
  return { storage: memoryStorage(), reason: 'no storage was given: the jobs are kept in memory and do not outlive the process (storage: fileStorage(path) keeps them)' };
}

export const openOutbox = makeOpenOutbox(core, defaultStorage);
export { fileStorage, indexedDbStorage, memoryStorage };
