// The crash points of the writes with a repeat key and of the reconciled one in
// a dedicated module worker (IndexedDB, Web Locks and BroadcastChannel of a
// worker): posts the results.
import { runCrashPoints } from './outbox-crash-points.mjs';
import { deps, paths } from './outbox-deps.mjs';

runCrashPoints(deps, paths, ['batchOrder', 'bindEnterprise', 'shellNums']).then(
  (results) => self.postMessage({ ok: true, results }),
  (err) => self.postMessage({ ok: false, error: `${err}\n${err && err.stack}` }),
);
