// `licensing-sdk/panel` in a production build (the `production` condition):
// the same names, and nothing of the panel. `<licensing-panel>` is left an
// unknown element, which shows nothing.

/** The panel's class, inert here. */
export class LicensingPanel extends (globalThis.HTMLElement ?? class {}) {}

/** Defines nothing in a production build. */
export function definePanel() {}
