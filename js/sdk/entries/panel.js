// `licensing-sdk/panel` (panel.d.ts): `<licensing-panel>`, defined on import
// where the page has custom elements; built as panel.mjs.
import { definePanel } from '../src-js/panel.js';

definePanel();

export { definePanel, LicensingPanel } from '../src-js/panel.js';
