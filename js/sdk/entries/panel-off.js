// `licensing-sdk/panel` under the `production` condition (panel.d.ts): nothing
// of the panel; built as panel-off.mjs.
export { definePanel, LicensingPanel } from '../src-js/panel-off.js';
