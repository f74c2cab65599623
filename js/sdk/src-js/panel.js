// `licensing-sdk/panel`: `<licensing-panel>`, a custom element any portal drops
// in (React, Vue, Svelte, Angular and plain pages alike) that lists, live, what
// the package's event stream (./events.js) tells: each call with its attempts,
// waits, hooks, answers and report (each issue at its field, in the client's
// locale), and each outbox job. It only shows: every fact is an event's.
// Bundlers that build for production resolve the subpath to a module without
// it (the `production` condition: panel-off.js), so a production build carries
// none of it.
import { watch } from '../../shared/events.js';

/** The most calls (and jobs) kept: the oldest go first. */
const KEEP = 200;

/** The most trace entries shown for one attempt (a `traceOf` may give thousands). */
const TRACE_KEEP = 50;

/** A value as one line of text; what JSON cannot write (a cycle, a BigInt, a throwing getter) as String() can, else a mark. */
function textOf(value) {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    try {
      return String(value);
    } catch {
      return '[unprintable]';
    }
  }
}

/** The panel's own words; a call's messages are the client's, in its locale. */
const WORDS = {
  en: {
    title: 'Licensing calls', endpoint: 'Endpoint', outcome: 'Outcome', all: 'all', pending: 'pending', done: 'done', failed: 'failed',
    clear: 'Clear', jobs: 'Outbox jobs', attempt: 'attempt', attempts: 'attempts', retry: 'retry in', hook: 'hook', token: 'token asked',
    refused: 'after a refusal', sender: 'this page sends', sends: 'sends', none: 'No call yet.', simulator: 'simulator, attempt',
    body: '(the body)', more: 'more not shown',
  },
  'zh-CN': {
    title: '许可服务调用', endpoint: '接口', outcome: '结果', all: '全部', pending: '进行中', done: '成功', failed: '失败',
    clear: '清空', jobs: '发件箱任务', attempt: '第几次', attempts: '次尝试', retry: '重试，等待', hook: '钩子', token: '请求令牌',
    refused: '令牌被拒后', sender: '本页负责发送', sends: '已发送', none: '尚无调用。', simulator: '模拟器，第几次',
    body: '（请求体）', more: '条未显示',
  },
};

const STYLE = `
:host { display: block; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: #1b1f24; }
section { border: 1px solid #c9ced6; border-radius: 6px; background: #fbfbfc; }
header { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; padding: 6px 8px; border-bottom: 1px solid #e3e6ea; }
h2 { font-size: 12px; margin: 0 auto 0 0; }
ol, ul { list-style: none; margin: 0; padding: 0; }
details { border-bottom: 1px solid #eef0f2; padding: 3px 8px; }
details[data-state="failed"] > summary { color: #b3261e; }
details[data-state="pending"] > summary { color: #6b5900; }
summary { cursor: pointer; }
li { padding: 1px 0 1px 12px; }
.issue { color: #b3261e; }
.jobs { padding: 4px 8px; border-top: 1px solid #e3e6ea; }
.jobs li[data-state="unknown"], .jobs li[data-state="failed"] { color: #b3261e; }
.empty { padding: 6px 8px; color: #6a737d; }
`;

/** Drops the oldest entries of `map` past KEEP, each `remove`d from the page first. */
function keepNewest(map, remove) {
  for (const [key, value] of map) {
    if (map.size <= KEEP) return;
    remove(value);
    map.delete(key);
  }
}

/** An element with text (never markup: the answers and messages are shown as they are). */
function el(name, text, attributes = {}) {
  const node = document.createElement(name);
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

/** `LicensingError` in a line: kind, status, code, message. */
function errorLine(error) {
  const parts = [error?.kind];
  if (error?.status !== undefined) parts.push(`HTTP ${error.status}`);
  if (error?.code !== undefined) parts.push(`code ${error.code}`);
  return `${parts.join(' · ')}: ${error?.message ?? ''}`;
}

/** One call as the panel shows it: a `<details>` whose summary says where it stands. */
class CallView {
  constructor(event, words) {
    this.number = event.call;
    this.endpoint = event.endpoint;
    this.began = event.at;
    this.state = 'pending';
    this.attempts = 0;
    this.words = words;
    /** Each attempt's number and URL (what the simulator's trace is looked up by). */
    this.sent = [];
    this.node = el('details', undefined, { 'data-call': String(event.call), 'data-endpoint': event.endpoint, 'data-state': 'pending' });
    this.summary = el('summary');
    this.lines = el('ol');
    this.node.append(this.summary, this.lines);
    this.update(event.at);
  }

  update(at = this.at) {
    this.at = at;
    const w = this.words;
    const took = at !== undefined && this.began !== undefined ? ` · ${Math.round(at - this.began)} ms` : '';
    this.summary.textContent = `#${this.number} ${this.endpoint} · ${w[this.state]} · ${this.attempts} ${w.attempts}${took}`;
    this.node.dataset.state = this.state;
  }

  line(text, kind) {
    const item = el('li', text, kind === undefined ? {} : { 'data-kind': kind });
    this.lines.append(item);
    return item;
  }

  /** Takes one of this call's events. */
  take(event) {
    const w = this.words;
    switch (event.type) {
      case 'token':
        this.line(`${w.token} (${w.attempt} ${event.attempt}${event.refused ? `, ${w.refused}` : ''})`, 'token');
        break;
      case 'request':
        this.attempts = event.attempt;
        this.sent.push({ attempt: event.attempt, method: event.method, url: event.url });
        this.line(`${w.attempt} ${event.attempt}: ${event.method} ${event.url}`, 'request');
        break;
      case 'response': {
        const code = event.code === undefined ? '' : ` · code ${event.code}`;
        const took = event.durationMs === undefined ? '' : ` · ${Math.round(event.durationMs)} ms`;
        this.line(`→ HTTP ${event.status}${code}${took}`, 'response');
        break;
      }
      case 'retry':
        this.line(`${w.retry} ${event.delayMs} ms${event.retryAfter ? ' (Retry-After)' : ''}: ${errorLine(event.error)}`, 'retry');
        break;
      case 'hook':
        this.line(`${w.hook} ${event.hook}: ${event.ended}`, 'hook');
        break;
      case 'failed':
        this.state = 'failed';
        this.attempts = event.attempts;
        this.line(errorLine(event.error), 'failed');
        // The body itself is the pointer "" (the key "" is "/"): named, not shown as "/".
        for (const issue of event.error?.issues ?? []) this.line(`${issue.path === '' ? w.body : issue.path}: ${issue.message}`, 'issue').className = 'issue';
        break;
      case 'done':
        this.state = 'done';
        this.attempts = event.attempts;
        break;
      default:
    }
    this.update(event.at);
  }
}

/** The panel: `<licensing-panel>` (or the name given to `definePanel`). */
const Base = globalThis.HTMLElement ?? class {};

export class LicensingPanel extends Base {
  constructor() {
    super();
    this.calls = new Map();
    this.jobs = new Map();
    /** Each outbox's "this page sends" line, by its name. */
    this.senders = new Map();
    this.stop = undefined;
    /** `({ endpoint, attempt, method, url }) => entries`: the simulator's trace of an attempt, when the page talks to one. */
    this.traceOf = undefined;
  }

  static get observedAttributes() {
    return ['lang'];
  }

  connectedCallback() {
    if (this.shadowRoot === null) this.build();
    this.stop ??= watch((event) => this.take(event));
    // Its words follow the page's `lang` as it changes (a portal's language switch), and its own.
    this.langs ??= new MutationObserver(() => this.retranslate());
    this.langs.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  disconnectedCallback() {
    this.stop?.();
    this.stop = undefined;
    this.langs?.disconnect();
  }

  attributeChangedCallback() {
    this.retranslate();
  }

  /**
   * The panel's own words again, in its language now: its heading, filters,
   * buttons, each call's summary and each job's line. A call's lines keep the
   * words they were written in (the client's messages are in its own locale).
   */
  retranslate() {
    if (this.shadowRoot === null) return;
    const w = this.words;
    for (const [node, key, after = ''] of this.texts) node.textContent = `${w[key]}${after}`;
    for (const option of this.filters.outcome.options) option.textContent = option.value === '' ? w.all : w[option.value];
    this.filters.endpoint.options[0].textContent = w.all;
    for (const view of this.calls.values()) {
      view.words = w;
      view.update();
    }
    for (const [outbox, line] of this.senders) line.textContent = `${outbox}: ${w.sender}`;
    for (const item of this.jobs.values()) if (item.licensingEvent !== undefined) item.textContent = this.jobText(item.licensingEvent);
  }

  /** The panel's words: its `lang`, else the page's. */
  get words() {
    const lang = this.closest('[lang]')?.getAttribute('lang') ?? document.documentElement.lang ?? 'en';
    return lang.toLowerCase().startsWith('zh') ? WORDS['zh-CN'] : WORDS.en;
  }

  build() {
    const w = this.words;
    const root = this.attachShadow({ mode: 'open' });
    const endpoint = el('select', undefined, { part: 'endpoint-filter' });
    endpoint.append(el('option', w.all, { value: '' }));
    const outcome = el('select', undefined, { part: 'outcome-filter' });
    for (const value of ['', 'pending', 'done', 'failed']) outcome.append(el('option', value === '' ? w.all : w[value], { value }));
    const clear = el('button', w.clear, { type: 'button' });
    this.list = el('div', undefined, { part: 'calls' });
    this.empty = el('p', w.none, { class: 'empty' });
    this.jobList = el('ul');
    this.jobSection = el('div', undefined, { class: 'jobs', part: 'jobs', hidden: '' });
    this.jobSection.append(el('strong', w.jobs), this.jobList);
    const header = el('header');
    const labelled = (text, control) => {
      const label = el('label', `${text} `);
      label.append(control);
      return label;
    };
    const title = el('h2', w.title);
    const endpointLabel = labelled(w.endpoint, endpoint);
    const outcomeLabel = labelled(w.outcome, outcome);
    header.append(title, endpointLabel, outcomeLabel, clear);
    const jobsTitle = this.jobSection.firstChild;
    /** The nodes whose text is one of the panel's words, for retranslate(). */
    this.texts = [[title, 'title'], [endpointLabel.firstChild, 'endpoint', ' '], [outcomeLabel.firstChild, 'outcome', ' '], [clear, 'clear'], [this.empty, 'none'], [jobsTitle, 'jobs']];
    const section = el('section');
    section.append(header, this.empty, this.list, this.jobSection);
    root.append(el('style', STYLE), section);
    this.filters = { endpoint, outcome };
    endpoint.addEventListener('change', () => this.filter());
    outcome.addEventListener('change', () => this.filter());
    clear.addEventListener('click', () => this.clear());
  }

  /** Takes one event of the stream. */
  take(event) {
    if (event?.type === 'job' || event?.type === 'sender') return this.takeJob(event);
    if (event?.type === 'call') {
      const view = new CallView(event, this.words);
      this.calls.set(event.call, view);
      this.list.prepend(view.node);
      this.empty.hidden = true;
      this.offerEndpoint(event.endpoint);
      keepNewest(this.calls, (old) => old.node.remove());
      this.show(view);
      return;
    }
    const view = this.calls.get(event?.call);
    if (view === undefined) return;
    view.take(event);
    this.show(view);
    // Whatever the page's traceOf does, nothing of it reaches the page as an unhandled rejection.
    if ((event.type === 'done' || event.type === 'failed') && typeof this.traceOf === 'function') this.traced(view).catch(() => {});
  }

  /**
   * What the simulator did with each attempt of an ended call, as the page's
   * `traceOf({ endpoint, attempt, method, url })` gives it (entries of the
   * simulator's trace: `sim.trace(id)` in process, `GET /__sim/trace/ID`
   * over HTTP), each shown as a line under the call.
   */
  async traced(view) {
    for (const sent of view.sent) {
      let entries;
      try {
        entries = await this.traceOf({ endpoint: view.endpoint, ...sent });
      } catch (err) {
        let said;
        try {
          said = err?.message ?? err;
        } catch {
          said = err;
        }
        view.line(`${this.words.simulator} ${sent.attempt}: ${typeof said === 'string' ? said : textOf(said)}`, 'sim');
        continue;
      }
      const list = Array.isArray(entries) ? entries : [];
      for (const entry of list.slice(0, TRACE_KEEP)) view.line(`${this.words.simulator} ${sent.attempt}: ${textOf(entry)}`, 'sim');
      if (list.length > TRACE_KEEP) view.line(`${this.words.simulator} ${sent.attempt}: ${list.length - TRACE_KEEP} ${this.words.more}`, 'sim');
    }
  }

  takeJob(event) {
    this.jobSection.hidden = false;
    if (event.type === 'sender') {
      // One line per outbox: a page that opens it again (a client made again) does not add another.
      if (!this.senders.has(event.outbox)) {
        const line = el('li', `${event.outbox}: ${this.words.sender}`, { 'data-sender': event.outbox });
        this.senders.set(event.outbox, line);
        this.jobList.append(line);
        keepNewest(this.senders, (old) => old.remove());
      }
      return;
    }
    const { job } = event;
    let item = this.jobs.get(job.id);
    if (item === undefined) {
      item = el('li');
      this.jobs.set(job.id, item);
      this.jobList.append(item);
      keepNewest(this.jobs, (old) => old.remove());
    }
    item.licensingEvent = event;
    item.textContent = this.jobText(event);
    item.dataset.job = job.id;
    item.dataset.state = job.removed ? 'removed' : job.state;
  }

  /** A job's line. */
  jobText({ outbox, job }) {
    const check = job.check === undefined ? '' : ` · ${job.check}`;
    const why = job.error ?? job.waiting;
    const said = why === undefined ? '' : ` · ${errorLine(why)}`;
    const state = job.removed ? 'removed' : job.state;
    return `${outbox} · ${job.endpoint}${job.key === undefined ? '' : ` ${job.key}`} · ${state} · ${this.words.sends} ${job.sends}${check}${said}`;
  }

  offerEndpoint(name) {
    const select = this.filters.endpoint;
    if ([...select.options].some((o) => o.value === name)) return;
    select.append(el('option', name, { value: name }));
  }

  /** Whether a call passes the filters. */
  show(view) {
    const { endpoint, outcome } = this.filters;
    view.node.hidden = (endpoint.value !== '' && view.endpoint !== endpoint.value) || (outcome.value !== '' && view.state !== outcome.value);
  }

  filter() {
    for (const view of this.calls.values()) this.show(view);
  }

  clear() {
    for (const view of this.calls.values()) view.node.remove();
    this.calls.clear();
    this.jobs.clear();
    this.senders.clear();
    // The endpoints offered are those of the calls shown: none now.
    this.filters.endpoint.value = '';
    for (const option of [...this.filters.endpoint.options].slice(1)) option.remove();
    this.filter();
    this.jobList.replaceChildren();
    this.jobSection.hidden = true;
    this.empty.hidden = false;
  }
}

/** Defines the element as `name` (default `licensing-panel`) where there are custom elements; again, nothing. */
export function definePanel(name = 'licensing-panel') {
  const registry = globalThis.customElements;
  if (registry === undefined || registry.get(name) !== undefined) return;
  registry.define(name, class extends LicensingPanel {});
}
