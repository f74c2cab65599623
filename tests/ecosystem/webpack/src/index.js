// The page validates with the package in the window and in a module worker,
// and with licensing-sdk/validate in the window.
import * as sdk from 'licensing-sdk';
import * as light from 'licensing-sdk/validate';
import { verdict } from './verdict.js';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = (e) => {
  document.getElementById('verdict').textContent = JSON.stringify({ window: verdict(sdk), worker: e.data, validateEntry: verdict(light) });
};
worker.onerror = (e) => {
  document.getElementById('verdict').textContent = JSON.stringify({ error: String(e.message ?? e) });
};
