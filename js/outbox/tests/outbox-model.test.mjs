// The model-based test of licensing-sdk/outbox (tests/browser/outbox-model.mjs)
// in Node: lives of one page (a crash is a reload) over stored jobs that
// outlive them, on a virtual clock the client, the outbox and the simulator
// share, so a seed is the same run whatever the load. OUTBOX_MODEL_SEEDS=N
// (default 300) seeds from OUTBOX_MODEL_FROM (default 1); a failing seed
// prints its operations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';

// Node 20's V8 (11.3) ends the process when code that inlined a call into the
// wasm is thrown away during that call (docs/guide/loading.md, "Node 20"); this
// test makes the client's code hot enough for it, in about one run in two on a
// loaded machine. Set before the package is loaded, so no code of it is
// compiled without it.
if (process.versions.v8.startsWith('11.3.')) v8.setFlagsFromString('--no-turbo-inline-js-wasm-calls');

const { LicensingClient } = await import('licensing-sdk');
const { createSimulator, createVirtualClock } = await import('licensing-sdk/testing');
const { memoryStorage, openOutbox } = await import('licensing-sdk/outbox');
const { runModel } = await import('../../../tests/browser/outbox-model.mjs');

const SEEDS = Number(process.env.OUTBOX_MODEL_SEEDS ?? 300);
const FROM = Number(process.env.OUTBOX_MODEL_FROM ?? 1);
const hang = () => new Promise(() => {});
const flush = async () => {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/** One run's world: a simulator and a clock, and the jobs kept across its lives. */
async function nodeEnv() {
  const clock = createVirtualClock();
  const sim = await createSimulator({ seed: 0, clock });
  const kept = memoryStorage();
  return {
    sim,
    tabs: 1,
    async advance(ms) {
      await flush();
      await clock.advance(ms);
      await flush();
    },
    async open(life) {
      let dead = false;
      const guard = (op) => async (...args) => {
        if (dead) return hang();
        if (life.failNext) {
          life.failNext = false;
          throw new Error('the disk is full');
        }
        return op(...args);
      };
      const storage = {
        kind: 'memory', durable: true, shared: false,
        load: guard(() => kept.load()), add: guard((r) => kept.add(r)), put: guard((r) => kept.put(r)),
        remove: guard((ids) => kept.remove(ids)), clear: guard(() => kept.clear()),
      };
      // A dead page's requests that reached the service go on there; their answers never come back.
      const fetch = async (input, init) => {
        if (dead) return hang();
        const response = await sim.fetch(new Request(input, init));
        return dead ? hang() : response;
      };
      const client = new LicensingClient({
        baseUrl: 'https://licensing.test', token: () => life.token(), appKey: 'app-1', clock, fetch, timeoutMs: 1_000, maxRetries: 1, retryBaseMs: 1,
      });
      for (;;) {
        try {
          const outbox = await openOutbox({ client, storage, maxRounds: 4, now: () => clock.now() + life.offset });
          return { outbox, crash: () => { dead = true; }, close: () => (dead ? undefined : outbox.close()) };
        } catch (err) {
          // The storage failed as the page opened it: the page opens it again.
          if (err?.kind !== 'storage') throw err;
        }
      }
    },
  };
}

test(`the outbox's model: ${SEEDS} seeded runs of writes, crashes, clock jumps, storage and service faults: at most once, every job ends, nothing held back by what it does not touch`, async () => {
  const failed = [];
  for (let seed = FROM; seed < FROM + SEEDS; seed += 1) {
    const result = await runModel(await nodeEnv(), seed);
    if (!result.ok) failed.push(`seed ${seed}: ${result.problems.join('; ')}\n  ${result.log.join('\n  ')}`);
    if (failed.length >= 3) break;
  }
  assert.deepEqual(failed, []);
});
