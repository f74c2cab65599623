// A model-based test of licensing-sdk/outbox: a seeded generator of
// interleavings (writes of every endpoint, pages that crash and reload,
// tabs that open and close, wall-clock jumps, storage faults, service faults
// and slow answers, a token provider that fails, portals that give jobs up)
// run against the simulator; after each run, checked:
//
// - at most once: no asset number handed out twice for one job, no claim
//   made twice, no bind stored twice (each write of those carries a mark:
//   a power of 4 as its size, its own participant, its own enterprise name),
//   and no batch job settled with another request's result under its key;
// - ended or carried on: once the faults have run out, every job ends;
// - not held back by what it does not depend on: a claim made while a lock
//   is stuck (code 500 to every lock) ends while the lock still waits.
//
// The environment comes as `env` (Node: lives of one page over memory on a
// virtual clock, js/outbox/tests/outbox-model.test.mjs; Chromium: tabs in iframes
// over IndexedDB, outbox-model.html):
//
//   env.sim                      the simulator (createSimulator's)
//   env.open(life)               a tab: { outbox, crash(), close() } over the
//                                run's stored jobs; `life` = { token, offset,
//                                failNext }, what the model controls: the
//                                token provider, the wall clock's offset, a
//                                storage failure to come
//   env.advance(ms)              time passes (a virtual clock, or real)
//   env.tabs                     how many tabs may be open at once
//   env.writeTimeoutMs           each write's timeoutMs (what a lost send's reads wait on)
//   env.faultScale               what a fault's delay is multiplied by (the
//                                model's are for a client timeout of 1 s)

/** mulberry32: the same seed, the same run. */
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  };
}

// Singapore's: an order's numbers move their partition's sequence, and the
// domestic one counts what shellNums did (checkAtMostOnce).
const ASSETS = ['6000000101', '6000000102', '6000000103'];
const CHANNELS = ['WEB', 'APP'];
/** At most this many shellNums per run: each asks for 4^k numbers, so their total says each one's count. */
const MAX_NUMBER_JOBS = 5;

/** The writes the model makes, each with what marks it (see the checks). */
function makeWrite(rng, marks, seed) {
  const i = marks.next;
  marks.next += 1;
  const endpoint = rng.pick(['bindEnterprise', 'createEnterprise', 'updateEnterprise', 'batchOrder', 'lockAssets', 'unlockAssets', 'shellNums', 'joinActivity']);
  switch (endpoint) {
    case 'bindEnterprise':
      return { endpoint, mark: `E-${seed}-${i}`, body: { channelCode: 'CH-M', channelCustomerId: rng.pick(['cc-1', 'cc-2']), customerName: 'ACME', enterpriseName: `E-${seed}-${i}`, branchName: 'SH', passwordMobile: '13800000000' } };
    case 'createEnterprise':
      return { endpoint, body: { crmCustomerId: rng.pick(['CRM-1', 'CRM-2']), customerName: 'ACME', branchName: 'SH', address: 'Road 1' } };
    case 'updateEnterprise':
      return { endpoint, body: { crmCustomerId: rng.pick(['CRM-1', 'CRM-2']), customerName: rng.pick(['New', 'Newer']), branchName: 'SH', address: 'Road 2' } };
    case 'batchOrder': {
      const key = rng.pick(['CO-1', 'CO-2', 'CO-3']);
      const asset = rng.pick(ASSETS);
      return {
        endpoint,
        body: {
          channelCode: rng.pick(CHANNELS), channelOrderId: key, syncMode: rng.pick(['sync', 'async']),
          orderList: [{ sequence: 1, orderType: 'new_buy', licenseType: 'normal_recover_usbkey', crmCustomerId: 'CRM-B', enterpriseGlobalId: 'EG-M',
            assets: [{ assetNos: [asset], products: [{ productUri: 'gms:1001', crmProductId: 'P1' }] }] }],
        },
      };
    }
    case 'lockAssets':
    case 'unlockAssets':
      return { endpoint, body: { assetNums: [rng.pick(ASSETS)], operatorIdentity: 'ops' } };
    case 'shellNums': {
      if (marks.numbers >= MAX_NUMBER_JOBS) return makeWrite(rng, marks, seed);
      const size = 4 ** marks.numbers;
      marks.numbers += 1;
      return { endpoint, mark: size, body: { size } };
    }
    default:
      return { endpoint, mark: `p-${seed}-${i}@example.com`, body: { identity: `p-${seed}-${i}@example.com`, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' } };
  }
}

const SERVICE_FAULTS = [
  (rng, endpoint) => ({ kind: 'code500', endpoint, times: 1 + rng.int(3) }),
  (_rng, endpoint) => ({ kind: 'reset', after: true, endpoint }),
  (rng, endpoint) => ({ kind: 'delay', after: true, endpoint, delayMs: 100 + rng.int(3_000) }),
  // A slow service: it works on the request past the client's timeout.
  (rng, endpoint) => ({ kind: 'delay', endpoint, delayMs: 1_000 + rng.int(4_000) }),
  (rng, endpoint) => ({ kind: 'http', status: 503, endpoint, times: 1 + rng.int(2) }),
];

/**
 * One run of `steps` operations from `seed`: resolves to `{ ok, problems,
 * log }` (`log`: what was done, for a failing seed's report).
 */
export async function runModel(env, seed, { steps = 40 } = {}) {
  const rng = random(seed);
  const log = [];
  const problems = [];
  const marks = { next: 0, numbers: 0 };
  const made = []; // { endpoint, mark, body, job? }
  // What the model holds of every tab: a token provider that may fail, the wall clock's offset, the storage's next failure.
  const life = { outage: false, offset: 0, failNext: false, token: () => (life.outage ? Promise.reject(new Error('signed out')) : 'dev-all-token') };
  const tabs = [await env.open(life)];
  const any = () => rng.pick(tabs);
  const base = env.sim.snapshot();

  for (let step = 0; step < steps; step += 1) {
    const roll = rng.next();
    if (roll < 0.4) {
      const write = makeWrite(rng, marks, seed);
      const tab = any();
      const resume = rng.chance(0.15);
      log.push(`write ${write.endpoint} ${JSON.stringify(write.body).slice(0, 60)}${resume ? ' resume' : ''}`);
      made.push(write);
      tab.outbox[write.endpoint](write.body, { resume, timeoutMs: env.writeTimeoutMs }).then((job) => { write.job = job.id; }, (err) => { write.refused = err?.kind; });
    } else if (roll < 0.48) {
      const i = rng.int(tabs.length);
      log.push(`crash tab ${i}`);
      tabs[i].crash();
      tabs[i] = await env.open(life);
    } else if (roll < 0.52 && env.tabs > 1) {
      if (tabs.length < env.tabs && rng.chance(0.6)) {
        log.push('open a tab');
        tabs.push(await env.open(life));
      } else if (tabs.length > 1) {
        const [gone] = tabs.splice(rng.int(tabs.length), 1);
        log.push('close a tab');
        await gone.close();
      }
    } else if (roll < 0.62) {
      const fault = rng.pick(SERVICE_FAULTS)(rng, rng.pick(['bindEnterprise', 'createEnterprise', 'updateEnterprise', 'batchOrder', 'lockAssets', 'unlockAssets', 'shellNums', 'joinActivity', 'queryEnterprises']));
      if (fault.delayMs !== undefined) fault.delayMs = Math.ceil(fault.delayMs * (env.faultScale ?? 1));
      log.push(`fault ${JSON.stringify(fault)}`);
      env.sim.fault(fault);
    } else if (roll < 0.66) {
      log.push('storage fault');
      life.failNext = true;
    } else if (roll < 0.70) {
      life.offset = rng.pick([-3_600_000, 0, 3_600_000, 86_400_000]);
      log.push(`wall clock ${life.offset}`);
    } else if (roll < 0.74) {
      const tab = any();
      const open = tab.outbox.jobs().filter((j) => j.state === 'queued' || j.state === 'sending');
      if (open.length > 0) {
        const job = rng.pick(open);
        log.push(`cancel ${job.endpoint}`);
        tab.outbox.cancel(job.id).catch(() => {});
      }
    } else if (roll < 0.78) {
      log.push('retry');
      any().outbox.retry();
    } else if (roll < 0.81) {
      life.outage = !life.outage;
      log.push(`token ${life.outage ? 'fails' : 'works'}`);
    } else {
      const ms = rng.int(3_000);
      log.push(`wait ${ms}`);
      await env.advance(ms);
    }
    await env.advance(0);
  }

  // Quiet: every page goes (what they stored stays), a fresh one opens over
  // the stored jobs; the token works, no new fault; time passes until every job ends.
  for (const tab of tabs) tab.crash();
  life.outage = false;
  life.failNext = false;
  log.push('quiet');
  const look = await env.open(life);
  const unfinished = () => look.outbox.jobs().filter((j) => j.state === 'queued' || j.state === 'sending');
  for (let i = 0; i < 400 && unfinished().length > 0; i += 1) {
    look.outbox.retry();
    await env.advance(2_000);
  }
  for (const job of unfinished()) problems.push(`never ended: ${job.endpoint} ${job.state} (${job.waiting?.message ?? ''}; the outbox's last storage problem: ${look.outbox.problem?.message})`);
  checkAtMostOnce(env.sim.snapshot(), base, look.outbox.jobs(), made, problems);
  // Not held back: a lock that cannot get a verdict, and a claim after it that touches nothing of it.
  await probe(env, look, seed, problems, log);
  await look.close();
  return { ok: problems.length === 0, problems, log };
}

async function probe(env, tab, seed, problems, log) {
  log.push('probe');
  // The run's faults left, and its state (checked already), go first.
  env.sim.reset();
  env.sim.fault({ kind: 'code500', endpoint: 'lockAssets', times: 1_000 });
  const options = { timeoutMs: env.writeTimeoutMs };
  const stuck = await tab.outbox.lockAssets({ assetNums: ['8000000199'], operatorIdentity: 'ops' }, options);
  const claim = await tab.outbox.joinActivity({ identity: `probe-${seed}@example.com`, activityLabel: 'spring-trial', source: 'portal', branch: 'SH' }, options);
  for (let i = 0; i < 40 && tab.outbox.job(claim.id)?.state !== 'settled'; i += 1) await env.advance(500);
  const claimed = tab.outbox.job(claim.id);
  if (claimed?.state !== 'settled') problems.push(`a claim touching nothing of a stuck lock did not end in 20 s: ${claimed?.state} (the lock: ${tab.outbox.job(stuck.id)?.state})`);
  await tab.outbox.cancel(stuck.id).catch(() => {});
  // Later runs on this simulator start without its fault.
  env.sim.reset();
}

/** The service holds each marked write's effect at most once, and as its job ended says. */
function checkAtMostOnce(state, base, jobs, made, problems) {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  // A write's job: by the id its promise gave, or (a page that died before it
  // heard) by its mark in the stored request.
  const marked = {
    shellNums: (job, mark) => job.request.size === mark,
    joinActivity: (job, mark) => job.request.identity === mark,
    bindEnterprise: (job, mark) => job.request.enterpriseName === mark,
  };
  const ended = (write) => (byId.get(write.job) ?? jobs.find((job) => job.endpoint === write.endpoint && marked[write.endpoint](job, write.mark)))?.state;
  // Asset numbers: each shellNums asked for 4^k, so the total's base-4 digits are each one's count.
  let handed = (state.nextAssetNumbers?.domestic ?? 0) - (base.nextAssetNumbers?.domestic ?? 0);
  const counts = [];
  while (handed > 0) {
    counts.push(handed % 4);
    handed = Math.floor(handed / 4);
  }
  for (const write of made.filter((w) => w.endpoint === 'shellNums')) {
    const k = Math.round(Math.log(write.mark) / Math.log(4));
    const done = counts[k] ?? 0;
    expectDone(`shellNums(size ${write.mark})`, done, ended(write), problems);
  }
  for (const write of made.filter((w) => w.endpoint === 'joinActivity')) {
    const done = state.claims.filter((c) => c.identity === write.mark).reduce((sum, c) => sum + c.count, 0);
    expectDone(`joinActivity(${write.mark})`, done, ended(write), problems);
  }
  for (const write of made.filter((w) => w.endpoint === 'bindEnterprise')) {
    const done = state.customers.filter((c) => c.record.enterpriseName === write.mark).length;
    expectDone(`bindEnterprise(${write.mark})`, done, ended(write), problems);
  }
  // A settled batch holds the order its own request made under its key: no other request was sent under it.
  for (const job of jobs.filter((j) => j.endpoint === 'batchOrder' && j.state === 'settled')) {
    const stored = state.orders.filter((o) => o.channelCode === job.request.channelCode && o.channelOrderId === job.request.channelOrderId);
    // (The stored order's members are in the simulator's order: its asset numbers tell the requests apart.)
    const numbers = (order) => JSON.stringify(order?.assets?.map((a) => a.assetNos));
    const mine = stored.some((o) => numbers(o.order) === numbers(job.request.orderList[0]));
    if (!mine) problems.push(`batchOrder ${job.request.channelCode}/${job.request.channelOrderId} settled with another request's order`);
  }
}

function expectDone(what, done, state, problems) {
  if (done > 1) problems.push(`${what} done ${done} times`);
  else if (state === 'settled' && done !== 1) problems.push(`${what} settled, done ${done} times`);
  else if (state === 'failed' && done !== 0) problems.push(`${what} failed, yet done`);
  else if (state === undefined && done !== 0) problems.push(`${what} never stored as a job, yet done`);
}
