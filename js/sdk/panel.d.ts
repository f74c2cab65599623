// licensing-sdk/panel: <licensing-panel>, a devtools panel any portal drops in
// (a custom element: React, Vue, Svelte, Angular and plain pages alike). It
// lists, live, what `watch` tells: every call of every LicensingClient in the
// page with its attempts, waits, hooks, answers and report (each issue at its
// field, in the client's locale), and every outbox job; filters by endpoint and
// outcome. Importing the subpath defines the element. A bundler building for
// production (the `production` condition: Vite's build, webpack's production
// mode) resolves it to a module with nothing of the panel, where the element
// shows nothing.

/**
 * The element's class (`<licensing-panel>`; its words follow its `lang`, else the
 * page's, as either changes: English or Simplified Chinese; a call's lines keep the
 * words they were written in).
 */
export declare class LicensingPanel extends HTMLElement {
  /**
   * Where the page talks to a simulator: what it did with an attempt, shown
   * under the call once it ended (the entries of its trace: `sim.trace(id)` of
   * `createSimulator`, or `GET /__sim/trace/ID` of `npx licensing-sdk-sim`, for
   * a client whose `headers` carry `x-sim-trace: ID`; the attempt's `url` holds
   * its `g_nonce`, which each entry's `query` does too). At most 50 entries are
   * shown per attempt; one it cannot write as JSON is shown as `String()` writes it,
   * and a rejection as a line under the call.
   */
  traceOf?: (attempt: { endpoint: string; attempt: number; method: 'GET' | 'POST'; url: string }) => unknown[] | Promise<unknown[]>;
}

/** Defines the element as `name` (default `licensing-panel`); once defined, nothing. Importing the subpath calls it. */
export declare function definePanel(name?: string): void;

declare global {
  interface HTMLElementTagNameMap {
    'licensing-panel': LicensingPanel;
  }
}
