// Who sends. With a storage every tab sees (IndexedDB), one tab sends: the
// one that holds the Web Lock `licensing-sdk-outbox:NAME`; the others store
// their writes and tell it on the BroadcastChannel of that name, and hear of
// every change. When the sending tab goes (closed, crashed: the browser lets
// its lock go), the next tab takes the lock, reads the storage as the last
// sender left it, and carries its jobs on. With a storage of this tab (or
// process) alone, this tab sends.
//
// Taking over reads the storage first; a read that fails is tried again
// (with a growing wait, or at once on `retry()`), the lock held meanwhile:
// a tab never holds the lock without sending.

import { tell, watched } from '../../shared/events.js';

/** The waits between two reads of a failing storage at a takeover: 0.5 s doubled, up to 30 s. */
const loadRetryMs = (attempt) => Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));

export class Tabs {
  /** Whether this tab sends. */
  leader = false;
  closed = false;
  channel;
  releaseLock;
  wakeLead;

  /**
   * `name`: the outbox's; `shared`: whether other tabs see its storage (then
   * the lock and the channel are used); `store`, `runner`, `view`: the
   * outbox's; `clock`: its timers; `report(err)`: a storage's failure.
   */
  constructor({ name, shared, store, runner, view, clock, report }) {
    Object.assign(this, { name, shared, store, runner, view, clock, report });
  }

  /** Begins: takes the lock (or leads at once, alone), and listens to the other tabs. */
  open() {
    if (!this.shared) {
      this.lead().catch((err) => this.report(err));
      return;
    }
    this.channel = new BroadcastChannel(`licensing-sdk-outbox:${this.name}`);
    this.channel.onmessage = (event) => this.listen(event.data);
    const held = new Promise((resolve) => {
      this.releaseLock = resolve;
    });
    globalThis.navigator.locks
      .request(`licensing-sdk-outbox:${this.name}`, () => (this.closed ? undefined : this.lead().then(() => held)))
      .catch((err) => this.report(err));
  }

  /** This tab sends: the storage read as the last sender left it (retried until it reads), then the jobs carried on. */
  async lead() {
    for (let attempt = 0; !this.closed; attempt += 1) {
      try {
        await this.store.reload();
        break;
      } catch (err) {
        this.report(err);
        await this.pause(loadRetryMs(attempt));
      }
    }
    if (this.closed) return;
    // The other tabs learn the storage as this tab read it: a sender that died
    // between storing a change and telling it took the message with it.
    this.post({ t: 'sync', records: [...this.view.records.values(), ...this.view.tombs.values()] });
    this.leader = true;
    // The package's event stream (../events.js): this tab (or process) now sends.
    if (watched()) tell({ type: 'sender', outbox: this.name, at: Date.now() });
    this.runner.start();
    await this.runner.prune().catch((err) => this.report(err));
    this.runner.run();
  }

  /** Waits `ms`, or until `retry()`. */
  pause(ms) {
    return new Promise((resolve) => {
      const timer = this.clock.setTimeout(resolve, ms);
      this.wakeLead = () => {
        this.clock.clearTimeout(timer);
        resolve();
      };
    });
  }

  post(message) {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: this tab is closing.
    }
  }

  listen(message) {
    switch (message?.t) {
      case 'record':
        this.view.take(message.record);
        break;
      case 'sync':
        if (Array.isArray(message.records)) this.sync(message.records);
        break;
      case 'drop':
        if (Array.isArray(message.ids)) this.view.drop(message.ids, message.why);
        break;
      // Another tab cleared the outbox: the view too.
      case 'clear':
        this.view.dropAll('the outbox was cleared');
        break;
      case 'added':
        if (this.leader) this.runner.run();
        break;
      case 'retry':
        if (this.leader) this.runner.retry();
        break;
      case 'cancel':
        if (this.leader && typeof message.id === 'string') this.runner.cancel(message.id);
        break;
      default:
    }
  }

  /**
   * Every record as the sending tab read them, taken (the newer of two stays).
   * Nothing is dropped for its absence: this tab may have stored a job since
   * that read.
   */
  sync(records) {
    for (const record of records) this.view.take(record);
  }

  /** A write stored: the sending tab sends it. */
  added() {
    if (this.leader) this.runner.run();
    else this.post({ t: 'added' });
  }

  /** Sends what is due now: here when this tab sends (or is taking over), else in the tab that does. */
  retry() {
    this.wakeLead?.();
    if (this.leader) this.runner.retry();
    else this.post({ t: 'retry' });
  }

  /** Gives a job up, in the tab that sends. */
  cancel(id) {
    if (this.leader) return this.runner.cancel(id);
    this.post({ t: 'cancel', id });
    return undefined;
  }

  /** Lets the lock go (once the runner has ended) and stops listening. */
  close() {
    this.closed = true;
    this.wakeLead?.();
    this.releaseLock?.();
    this.channel?.close();
  }
}
