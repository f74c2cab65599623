// The page validates with the package in the window and in a module worker,
// and with `licensing-sdk/validate` in the window, and writes the verdicts
// where the test reads them. (No top-level await
// here: Vite 6's default build target has none, and the package needs none.)
import * as sdk from 'licensing-sdk';
import * as light from 'licensing-sdk/validate';
// <licensing-panel> (index.html): under the dev server it lists the refused
// call below; a production build resolves the subpath to nothing of it.
import 'licensing-sdk/panel';
import { verdict } from './verdict.js';

const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const inWorker = new Promise((resolve) => {
  worker.onmessage = (e) => resolve(e.data);
  worker.onerror = (e) => resolve({ error: String(e.message ?? e) });
});
const inWindow = verdict(sdk);
const validateEntry = verdict(light);
// Refused before anything is sent: no service needed.
new sdk.LicensingClient({ baseUrl: 'http://127.0.0.1:9', token: 't' }).lockAssets({ assetNums: [], operatorIdentity: 'ops' }).catch(() => {});
const listed = document.querySelector('licensing-panel')?.shadowRoot?.querySelector('details[data-endpoint="lockAssets"][data-state="failed"]');
const panel = listed ? listed.querySelector('summary')!.textContent : null;
inWorker.then((w) => {
  document.getElementById('verdict')!.textContent = JSON.stringify({ window: inWindow, worker: w, validateEntry, panel });
});
