// The outbox's promise, as a property over every write endpoint × every crash
// point × the simulator's faults × a reopen: the service holds exactly one
// effect of the write, or the job says `unknown` and the write reached the
// service at most once (it was not repeated); never two. Run in Node over fileStorage (js/outbox/tests/outbox-crash-points.test.mjs)
// and in Chromium, Firefox and WebKit over IndexedDB (outbox.html), with the
// same cases: the dependencies come in as arguments.
//
// A crash is the page dying at one instant: from then on nothing of the first
// life completes (its storage writes are not applied, its answers are not
// delivered), and it holds no lock (its storage says it is the page's alone,
// so its outbox takes none: a dead page's lock is let go; a file's lease is
// let go as a killed process's is taken over). The second life is
// a new client and a new outbox over the same stored jobs, and the portal
// submitting the same request again with `resume: true` (it cannot know
// whether the first submit was stored).

/** The instants a page dies at. */
export const CRASH_POINTS = [
  'before it is stored', // the write's own add never lands
  'stored, not sent', // the mark "sending" never lands: the job stays queued
  'sent, no answer', // the request reaches the service; its answer never comes back
  'answered, not recorded', // the answer came; the first write after it never lands
];

/** What the service does with the write's first request (none, or a fault). */
export const FAULTS = [
  { name: 'no fault' },
  { name: 'after;reset', spec: { kind: 'reset', after: true } },
  { name: 'after;delay past the reload', spec: { kind: 'delay', after: true, delayMs: 30 } },
  { name: 'code 500', spec: { kind: 'code500' } },
];

const BASE = 'https://licensing.test';

/** For each write endpoint: its body in case `n`, what to set up first, and its effects on the service. */
export const WRITES = {
  bindEnterprise: {
    body: (n) => ({ channelCode: 'CH-P', channelCustomerId: `cc-${n}`, customerName: 'ACME', enterpriseName: 'ACME Ltd', branchName: 'SH', passwordMobile: '13800000000' }),
    effects: (state, n) => state.customers.filter((c) => c.record.channelCustomerId === `cc-${n}`).length,
  },
  createEnterprise: {
    body: (n) => ({ crmCustomerId: `CRM-P${n}`, customerName: 'ACME', branchName: 'SH', address: 'Road 1' }),
    effects: (state, n) => state.customers.filter((c) => c.crmCustomerId === `CRM-P${n}`).length,
  },
  updateEnterprise: {
    setup: (client, n) => client.createEnterprise({ crmCustomerId: `CRM-U${n}`, customerName: 'Old', branchName: 'SH', address: 'Road 1' }),
    body: (n) => ({ crmCustomerId: `CRM-U${n}`, customerName: `New ${n}`, branchName: 'SH', address: 'Road 2' }),
    // Idempotent: done once or more is one effect.
    effects: (state, n) => Number(state.customers.some((c) => c.crmCustomerId === `CRM-U${n}` && c.customerName === `New ${n}`)),
  },
  batchOrder: {
    body: (n) => batch(`CO-P${n}`, `80000${String(n).padStart(5, '0')}`),
    effects: (state, n) => state.orders.filter((o) => o.channelOrderId === `CO-P${n}`).length,
  },
  lockAssets: {
    setup: (client, n) => client.batchOrder(batch(`CO-L${n}`, lockNumber(n))),
    body: (n) => ({ assetNums: [lockNumber(n)], operatorIdentity: 'ops' }),
    effects: (state, n) => Number(state.assets.some((a) => a.record.assetNum === lockNumber(n) && a.record.locked === true)),
  },
  unlockAssets: {
    setup: async (client, n) => {
      await client.batchOrder(batch(`CO-L${n}`, lockNumber(n)));
      await client.lockAssets({ assetNums: [lockNumber(n)], operatorIdentity: 'ops' });
    },
    body: (n) => ({ assetNums: [lockNumber(n)], operatorIdentity: 'ops' }),
    effects: (state, n) => Number(state.assets.some((a) => a.record.assetNum === lockNumber(n) && a.record.locked === false)),
  },
  shellNums: {
    body: () => ({ size: 1 }),
    // Each call that did its work handed out one number.
    effects: (state, _n, base) => (state.nextAssetNumbers?.domestic ?? 0) - (base.nextAssetNumbers?.domestic ?? 0),
  },
  joinActivity: {
    body: (n) => ({ identity: `p${n}@example.com`, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' }),
    effects: (state, n) => state.claims.filter((c) => c.identity === `p${n}@example.com`).reduce((sum, c) => sum + c.count, 0),
  },
};

function lockNumber(n) {
  return `80001${String(n).padStart(5, '0')}`;
}

function batch(channelOrderId, assetNo) {
  return {
    channelCode: 'CH-P', channelOrderId, syncMode: 'sync',
    orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: `CRM-${channelOrderId}`,
      enterpriseGlobalId: 'EG-P', assets: [{ assetNos: [assetNo], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
  };
}

/** Every case: endpoint × crash point × fault. */
export function cases() {
  const out = [];
  for (const endpoint of Object.keys(WRITES)) {
    for (const crash of CRASH_POINTS) for (const fault of FAULTS) out.push({ endpoint, crash, fault, n: out.length + 1 });
  }
  return out;
}

const hang = () => new Promise(() => {});

/**
 * One life of a page: a storage and a fetch that die at the case's crash
 * point (`die()` from then on: nothing more completes), and what reached the
 * service (`writes`: requests of the case's endpoint).
 */
function life(sim, storage, { endpoint, crash }, path) {
  const state = { dead: false, writes: 0, answered: false, outbox: undefined };
  let died;
  const dying = new Promise((resolve) => {
    died = resolve;
  });
  const die = () => {
    if (state.dead) return;
    state.dead = true;
    storage.release?.();
    // Nothing more of this page starts (its outbox's next steps, its timers);
    // what it has in flight never ends.
    state.outbox?.close();
    died();
  };
  const guard = (op) => (...args) => (state.dead ? hang() : op(...args));
  const wrapped = {
    kind: storage.kind,
    durable: storage.durable,
    // A dying page's outbox takes no lock (the second life's does).
    shared: crash === 'never' ? storage.shared : false,
    load: guard(() => storage.load()),
    add: guard((record) => {
      if (crash === 'before it is stored' && record.endpoint === endpoint) {
        die();
        return hang();
      }
      return storage.add(record);
    }),
    put: guard((record) => {
      if ((crash === 'stored, not sent' && record.endpoint === endpoint && record.state === 'sending')
        || (crash === 'answered, not recorded' && state.answered)) {
        die();
        return hang();
      }
      return storage.put(record);
    }),
    remove: guard((ids) => storage.remove(ids)),
    clear: guard(() => storage.clear()),
  };
  const fetch = async (input, init) => {
    if (state.dead) return hang();
    const request = new Request(input, init);
    const isWrite = new URL(request.url).pathname === path;
    if (isWrite) state.writes += 1;
    if (crash === 'sent, no answer' && isWrite) {
      // The service does what it does with it (its answer, if any, is dropped):
      // the page dies once the request is there, whatever the load on the machine.
      await sim.fetch(request).catch(() => {});
      die();
      return hang();
    }
    try {
      const response = await sim.fetch(request);
      if (state.dead) return hang();
      return response;
    } finally {
      if (isWrite) state.answered = true;
    }
  };
  return { state, storage: wrapped, fetch, dying, die };
}

/**
 * Runs one case on `sim` (emptied first: one simulator for every case, so
 * that a page does not hold 128 wasm memories); resolves to `{ ok, effects,
 * job, sends, detail }`. `deps`: `{ LicensingClient, openOutbox,
 * storageFor(name) }`, `storageFor` resolving to `{ open(): Promise<storage>,
 * dispose(): Promise<void> }` (a storage over the same kept jobs on every open).
 */
export async function runCase(deps, c, paths, sim) {
  const { LicensingClient, openOutbox, storageFor } = deps;
  const write = WRITES[c.endpoint];
  sim.reset();
  const clientOver = (fetch, timeoutMs = 5_000) => new LicensingClient({ baseUrl: BASE, token: 'dev-all-token', appKey: 'app-1', retryBaseMs: 1, timeoutMs, fetch });
  if (write.setup) await write.setup(clientOver(sim.fetch), c.n);
  const base = sim.snapshot();
  if (c.fault.spec) sim.fault({ ...c.fault.spec, endpoint: c.endpoint });
  const kept = await storageFor(`crash-${c.n}`);
  try {
    // The first life, until the page dies (or, if it never does, the job ends).
    const first = life(sim, await kept.open(), c, paths[c.endpoint]);
    // Its calls time out soon: a dead page's timers are not left running long after the case.
    const outbox1 = await openOutbox({ client: clientOver(first.fetch, 500), name: `crash-${c.n}`, storage: first.storage });
    first.state.outbox = outbox1;
    // Each attempt's timeout is 500 ms: a reconciling read waits that long after a lost send.
    const submitted = outbox1[c.endpoint](write.body(c.n), { timeoutMs: 500 }).then((job) => job.settled).catch(() => {});
    await Promise.race([first.dying, submitted]);
    // (A first life that saw its job end goes too: its storage let go.)
    first.die();
    // The reload: a new client and outbox over the same jobs; the portal submits again.
    const second = life(sim, await kept.open(), { endpoint: c.endpoint, crash: 'never' }, paths[c.endpoint]);
    const outbox2 = await openOutbox({ client: clientOver(second.fetch), name: `crash-${c.n}`, storage: second.storage });
    const job = await outbox2[c.endpoint](write.body(c.n), { resume: true, timeoutMs: 500 });
    // Backoffs are not what this tests: sent again at once until the job ends
    // (a bind's reads, 0.5, 1 and 2 s after a lost send, are not skipped).
    let finished = false;
    job.settled.then(() => { finished = true; }, () => { finished = true; });
    for (let i = 0; !finished && i < 2_000; i += 1) {
      outbox2.retry();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const final = outbox2.job(job.id);
    await outbox2.close();
    // An answer still on its way (a delayed one) lands before the service is read.
    if (c.fault.spec?.delayMs) await new Promise((resolve) => setTimeout(resolve, 2 * c.fault.spec.delayMs));
    const effects = write.effects(sim.snapshot(), c.n, base);
    const state = final?.state ?? 'gone';
    const problems = [];
    if (effects > 1) problems.push(`${effects} effects`);
    if (state === 'settled' && effects !== 1) problems.push(`settled with ${effects} effects`);
    if (state === 'failed' && effects !== 0) problems.push(`failed with ${effects} effects`);
    const sends = first.state.writes + second.state.writes;
    if (state === 'unknown' && sends > 1) problems.push(`unknown, yet it reached the service ${sends} times`);
    if (!['settled', 'failed', 'unknown'].includes(state)) problems.push(`not finished: ${state}`);
    return {
      ok: problems.length === 0, effects, job: state, sends,
      detail: `${c.endpoint} × ${c.crash} × ${c.fault.name}: ${state}, ${effects} effect(s), ${sends} request(s) in all${problems.length ? ` — ${problems.join('; ')}` : ''}${final?.error ? ` (${final.error.kind}: ${final.error.message})` : ''}`,
    };
  } finally {
    await kept.dispose();
  }
}

/**
 * Every case (or those of `endpoints`), one after another, on one simulator
 * (`deps.createSimulator`): `[{ ok, detail, … }]`.
 */
export async function runCrashPoints(deps, paths, endpoints = Object.keys(WRITES)) {
  const results = [];
  const sim = await deps.createSimulator({ seed: 0 });
  for (const c of cases().filter((one) => endpoints.includes(one.endpoint))) {
    try {
      results.push(await runCase(deps, c, paths, sim));
    } catch (err) {
      results.push({ ok: false, detail: `${c.endpoint} × ${c.crash} × ${c.fault.name}: threw ${err?.stack ?? err}` });
    }
  }
  return results;
}
