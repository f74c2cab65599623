// The page validates with the package in the window and in a module worker,
// and with `licensing-sdk/validate` in the window, and writes the verdicts
// where the test reads them. (No top-level await
// here: Vite 6's default build target has none, and the package needs none.)
import * as sdk from 'licensing-sdk';
import * as light from 'licensing-sdk/validate';
import { verdict } from './verdict.js';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const inWorker = new Promise((resolve) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => resolve({ error: String(e.message ?? e) });
});
const inWindow = verdict(sdk);
const validateEntry = verdict(light);
inWorker.then((w) => {
  document.getElementById('verdict')!.textContent = JSON.stringify({ window: inWindow, worker: w, validateEntry });
});
