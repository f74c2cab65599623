// licensing-sdk/outbox at its edges where only a browser has the parts:
// IndexedDB (its unique key index, records a page cannot read), Web Locks and
// BroadcastChannel (the tab that sends), the outbox's own key kept in
// IndexedDB. Each case is named for what it holds (issue 76's numbers where
// it is one of the twelve); Node has the rest (js/outbox/tests/outbox-edges.test.mjs).
// Run in a page by outbox-edges.html: `runEdges(deps)` resolves to
// `[{ name, ok, detail }]`.

const BASE = 'https://licensing.test';
const TOKEN = 'dev-all-token';

const deleted = (name) => new Promise((resolve) => {
  const request = indexedDB.deleteDatabase(name);
  request.onsuccess = request.onerror = request.onblocked = () => resolve();
});

/** Every record of an outbox's IndexedDB database, as stored. */
function rawRecords(name) {
  return new Promise((resolve, reject) => {
    const opening = indexedDB.open(`licensing-sdk-outbox:${name}`);
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const db = opening.result;
      const all = db.transaction('jobs', 'readonly').objectStore('jobs').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result);
      };
      all.onerror = () => reject(all.error);
    };
  });
}

function check(condition, what) {
  if (!condition) throw new Error(what);
}

const batch = (channelOrderId, assetNo = '8000000001') => ({
  channelCode: 'WEB', channelOrderId, syncMode: 'sync',
  orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: `CRM-${channelOrderId}`,
    enterpriseGlobalId: 'EG-B', assets: [{ assetNos: [assetNo], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
});

/** The cases: each `async (deps, n) => void`, throwing what failed. */
const CASES = {
  async '1. after a reload, a fresh write of the same request is sent (IndexedDB)'({ openOutbox, world }, n) {
    const { client, count } = await world();
    const first = await openOutbox({ client, name: n });
    await (await first.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' })).settled;
    await first.close();
    const outbox = await openOutbox({ client, name: n });
    check(outbox.jobs().length === 1, 'the earlier page\'s job is listed');
    const again = await outbox.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' });
    check(again.id !== outbox.jobs()[0].id, 'a job of its own');
    await again.settled;
    check(count('lock') === 2, `sent again (${count('lock')} locks)`);
    await outbox.close();
  },

  async '5. an IndexedDB record whose text is not JSON is skipped and counted; the next job is sent'({ openOutbox, indexedDbStorage, world }, n) {
    const storage = await indexedDbStorage(n);
    await storage.put({ v: 1, id: 'bad', endpoint: 'shellNums', text: '{"size":', state: 'queued', createdAt: 1, updatedAt: 1, sends: 0 });
    await storage.put({ v: 1, id: 'good', endpoint: 'shellNums', text: '{"size":1}', state: 'queued', createdAt: 2, updatedAt: 2, sends: 0 });
    const { client } = await world();
    const outbox = await openOutbox({ client, storage });
    check(outbox.skipped === 1, `skipped ${outbox.skipped}`);
    const numbers = await outbox.job('good').settled;
    check(numbers[0] === '8000000001', JSON.stringify(numbers));
    await outbox.close();
    storage.close();
    check((await rawRecords(n)).some((r) => r.id === 'bad'), 'left alone');
  },

  async '6. a record IndexedDB holds under a key, that this version cannot read, does not swallow a new write of that key'({ openOutbox, indexedDbStorage, world }, n) {
    const storage = await indexedDbStorage(n);
    await storage.put({ v: 2, id: 'newer', endpoint: 'batchOrder', keyId: 'batchOrder\u0000WEB\u0000CO-B6', state: 'queued' });
    const { client, count } = await world();
    const outbox = await openOutbox({ client, storage });
    const job = await outbox.batchOrder(batch('CO-B6'));
    check(outbox.jobs().some((j) => j.id === job.id), 'the write is a job in view');
    const [result] = await job.settled;
    check(/^LO/.test(result.licenseOrderId), JSON.stringify(result));
    check((await outbox.batchOrder(batch('CO-B6'))).id === job.id, 'the same write joins it');
    check(count('batchOrder') === 1, `${count('batchOrder')} sends`);
    await outbox.close();
    storage.close();
  },

  async '8. a tab whose load fails when it takes the lock reads again, and sends'({ openOutbox, indexedDbStorage, world }, n) {
    const inner = await indexedDbStorage(n);
    await inner.put({ v: 1, id: 'left', endpoint: 'shellNums', text: '{"size":1}', state: 'queued', createdAt: 1, updatedAt: 1, sends: 0 });
    let loads = 0;
    const storage = { ...inner, load: async () => { loads += 1; if (loads === 2) throw new Error('busy'); return inner.load(); } };
    const { client, count } = await world();
    const outbox = await openOutbox({ client, storage });
    const numbers = await outbox.job('left').settled;
    check(numbers.length === 1 && outbox.sending, 'sent by this tab');
    check(loads >= 3, `read again (${loads})`);
    check(count('shellnums') === 1, `${count('shellnums')} sends`);
    await outbox.close();
    inner.close();
  },

  async 'tabs: false over IndexedDB is refused (two tabs would lead one store)'({ openOutbox, world }, n) {
    const { client } = await world();
    const err = await openOutbox({ client, name: n, tabs: false }).then(() => undefined, (e) => e);
    check(err instanceof TypeError && /two tabs/.test(err.message), String(err));
  },

  async 'two outboxes of one name: one sends, the other hands it its writes; nothing is sent twice; either gives a job up'({ openOutbox, world }, n) {
    const { client, count, sim } = await world({ maxRetries: 0 });
    const a = await openOutbox({ client, name: n });
    const b = await openOutbox({ client, name: n });
    for (let i = 0; i < 50 && !a.sending && !b.sending; i += 1) await new Promise((r) => setTimeout(r, 10));
    check(a.sending !== b.sending, `one sends (${a.sending}, ${b.sending})`);
    const jobs = [await a.shellNums({ size: 1 }), await b.shellNums({ size: 1 })];
    const numbers = await Promise.all(jobs.map((j) => j.settled));
    check(new Set(numbers.map((x) => x[0])).size === 2 && count('shellnums') === 2, JSON.stringify(numbers));
    // A job with no verdict, given up from the tab that does not send: the sending tab ends it.
    sim.fault({ kind: 'code500', endpoint: 'lockAssets', times: 1_000 });
    const stuck = await b.lockAssets({ assetNums: ['8000000001'], operatorIdentity: 'ops' });
    const [sender, other] = a.sending ? [a, b] : [b, a];
    for (let i = 0; i < 200 && sender.job(stuck.id)?.waiting === undefined; i += 1) await new Promise((r) => setTimeout(r, 10));
    const given = await other.cancel(stuck.id);
    check(given?.state === 'unknown' && given.error.kind === 'unknown', JSON.stringify(given));
    await a.close();
    await b.close();
  },

  async 'encrypt: true keeps its key in IndexedDB; nothing personal is stored in clear; clear() drops the key'({ openOutbox, world }, n) {
    const { client } = await world();
    const outbox = await openOutbox({ client, name: n, encrypt: true });
    const job = await outbox.bindEnterprise({ channelCode: 'CH', channelCustomerId: 'cc-b', customerName: 'ACME', enterpriseName: 'ACME Ltd', branchName: 'SH', passwordMobile: '13900000000' });
    await job.settled;
    const raw = JSON.stringify(await rawRecords(n));
    check(!raw.includes('13900000000') && !raw.includes('ACME'), raw);
    await outbox.close();
    const again = await openOutbox({ client, name: n, encrypt: true });
    check(again.job(job.id)?.request.passwordMobile === '13900000000', 'read back with the kept key');
    await again.clear();
    await again.close();
  },
};

/**
 * Runs every case, each over an outbox database of its own (deleted before
 * and after): `deps` is `{ LicensingClient, createSimulator, openOutbox,
 * indexedDbStorage }`.
 */
export async function runEdges(deps) {
  const results = [];
  let i = 0;
  for (const [name, run] of Object.entries(CASES)) {
    i += 1;
    const n = `edges-${i}-${Date.now()}`;
    await deleted(`licensing-sdk-outbox:${n}`);
    const world = async (options = {}) => {
      const sim = await deps.createSimulator({ seed: 0 });
      const calls = [];
      const fetch = (input, init) => {
        const request = new Request(input, init);
        calls.push(new URL(request.url).pathname.split('/').pop());
        return sim.fetch(request);
      };
      const client = new deps.LicensingClient({ baseUrl: BASE, token: TOKEN, appKey: 'app-1', retryBaseMs: 1, fetch, ...options });
      return { sim, client, count: (what) => calls.filter((c) => c === what).length };
    };
    try {
      await run({ ...deps, world }, n);
      results.push({ name, ok: true });
    } catch (err) {
      results.push({ name, ok: false, detail: `${err?.message ?? err}\n${err?.stack ?? ''}` });
    }
    await deleted(`licensing-sdk-outbox:${n}`);
  }
  return results;
}
