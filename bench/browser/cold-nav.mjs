// A page that imports licensing-sdk/slim as it loads (static imports, no wait for
// the load event): navigation start to the first verdict, the clock being
// performance.now() (its origin is the navigation). cold-nav.html has no hints;
// cold-nav-hints.html preloads the module and the wasm. Result in window.__cold.
import { validate } from '/pkg/slim.js';
import order from '/bench/build/one-order.mjs'; // makeBatch(1, 1), made by build.mjs

const valid = validate('batchOrder', order).valid;
const ms = performance.now();
const wasmFetches = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('/licensing_sdk_bg.wasm')).length;
window.__cold = { ms, valid, wasmFetches };
