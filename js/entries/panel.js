// `licensing-sdk/panel` (panel.d.ts): `<licensing-panel>`, defined on import
// where the page has custom elements; built as panel.mjs.
import { definePanel } from '../src/panel.js';

definePanel();

export { definePanel, LicensingPanel } from '../src/panel.js';
