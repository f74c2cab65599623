// Portal entry: settings (token, language), tabs, and the client shared by every page.
// The package's entry instantiates the wasm with a top-level await, so by the time these
// modules run, validate() and LicensingClient are ready.
import { LicensingClient } from '/pkg/slim.js';
import { openOutbox } from '/pkg/outbox.mjs';
import '/pkg/panel.mjs'; // <licensing-panel>: every call and outbox job of the page, live
import { setLocale, locale, onLocaleChange, applyI18n } from './i18n.js';
import { rulesProfile, setRulesProfile, onRulesChange } from './settings.js';
import { mountOrderPage } from './order-page.js';
import { mountPanels } from './panels.js';
import { h } from './dom.js';

const $ = (id) => document.getElementById(id);
const APP_KEY = 'demo-app';

// ---- Client: rebuilt when the token, the language or the rules change -----------------
let client = null;
function getClient() {
  client ??= new LicensingClient({
    baseUrl: location.origin, token: $('token').value.trim(), appKey: APP_KEY, locale: locale(), rules: rulesProfile(),
    onWarnings: showAnswerWarnings,
  });
  return client;
}

/**
 * An answer the client read though it differed from the contract (a renamed
 * or extra field, an id sent as a number): the call succeeds, with its values
 * as sent, and the page says so, with the first of what the client tolerated.
 */
function showAnswerWarnings({ endpoint, phase, issues }) {
  if (phase !== 'response' || issues.length === 0) return;
  const line = $('answer-warnings');
  const [first] = issues;
  line.replaceChildren(h('span', { i18n: 'warn.answer', args: { endpoint, n: issues.length } }), ' ',
    h('code', {}, `${first.path}: ${first.message}`));
  line.hidden = false;
}
$('base-url').value = location.origin;
$('token').addEventListener('change', () => { client = null; });

// ---- The outbox: orders are stored before they are sent and outlive a reload -----------
// (licensing-sdk/outbox, IndexedDB); opened again over each new client.
let outbox = null;
function getOutbox() {
  const current = getClient();
  if (outbox?.client !== current) {
    const previous = outbox?.opened;
    outbox = { client: current, opened: (async () => {
      await (await previous?.catch(() => undefined))?.close();
      return openOutbox({ client: current, name: 'portal-orders' });
    })() };
  }
  return outbox.opened;
}

// ---- Tabs (WAI-ARIA tabs: arrows, Home and End move between them) ---------------------
const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab, { focus = false, updateHash = true } = {}) {
  for (const other of tabs) {
    const selected = other === tab;
    other.setAttribute('aria-selected', String(selected));
    other.tabIndex = selected ? 0 : -1;
    $(other.getAttribute('aria-controls')).hidden = !selected;
  }
  if (focus) tab.focus();
  if (updateHash) history.replaceState(null, '', `#${tab.dataset.tab}`);
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (e) => {
    const shown = tabs.filter((t) => !t.hidden); // "More" shows when some endpoint has no page of its own
    const i = shown.indexOf(tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: shown.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    selectTab(shown[(next + shown.length) % shown.length], { focus: true });
  });
}

// ---- Pages ---------------------------------------------------------------------------
const orderPage = mountOrderPage({ getOutbox });
const panels = mountPanels({ getClient });
selectTab(tabs.find((t) => !t.hidden && `#${t.dataset.tab}` === location.hash) ?? tabs[0], { updateHash: false });

// ---- Language -------------------------------------------------------------------------
onLocaleChange(() => {
  client = null;
  orderPage.relocalize();
  panels.relocalize();
});
$('locale').addEventListener('change', (e) => setLocale(e.target.value));

// ---- Rules profile: the forms revalidate, the client refuses what is now an error --------
onRulesChange(() => {
  client = null;
  orderPage.relocalize();
  panels.relocalize();
});
$('rules').addEventListener('change', (e) => setRulesProfile(e.target.value));
applyI18n(document);
document.body.dataset.ready = 'true';
