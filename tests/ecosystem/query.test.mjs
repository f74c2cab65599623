// licensing-sdk/query with TanStack Query: the options run in @tanstack/query-core
// in Node against createSimulator (data flows, a mutation's invalidation refetches
// the list it made stale, an abort cancels the call), and a portal's TSX with
// @tanstack/react-query is type-checked (`tsc --strict`, TypeScript 5.9 and 7).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { HERE, run } from './harness.mjs';

const QUERY = path.join(HERE, 'query');
const TSC = {
  '5.9': path.join(HERE, 'node_modules/typescript/bin/tsc'),
  '7.0': path.join(HERE, 'node_modules/typescript7/bin/tsc'),
};

describe('type-checked (query/queries.tsx)', () => {
  for (const [version, tsc] of Object.entries(TSC)) {
    test(`TypeScript ${version}: useQuery and useMutation infer the data types`, async () => {
      await run(process.execPath, [tsc, '-p', QUERY, '--pretty', 'false'], { cwd: QUERY, timeoutMs: 240_000 });
    });
  }
});

describe('run with @tanstack/query-core', () => {
  async function setup() {
    const { LicensingClient } = await import('licensing-sdk');
    const { createSimulator } = await import('licensing-sdk/testing');
    const { licensingQueries, licensingMutations } = await import('licensing-sdk/query');
    const { QueryClient, QueryObserver, MutationObserver } = await import('@tanstack/query-core');
    const sim = await createSimulator();
    const calls = [];
    const fetch = (request, init) => {
      calls.push(new URL(request.url ?? request).pathname);
      return sim.fetch(request, init);
    };
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'portal', fetch, maxRetries: 0 });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return { client, queryClient, calls, queries: licensingQueries(client), mutations: licensingMutations(client, queryClient), QueryObserver, MutationObserver, sim };
  }

  test('a batch order invalidates its enterprise\'s asset list, which refetches; others stay', async () => {
    const { client, queryClient, calls, queries, mutations, QueryObserver, MutationObserver } = await setup();
    const mine = new QueryObserver(queryClient, queries.listAssets({ enterpriseGlobalId: 'EG-1' }));
    const other = new QueryObserver(queryClient, queries.listAssets({ enterpriseGlobalId: 'EG-2' }));
    const unsubscribe = [mine.subscribe(() => {}), other.subscribe(() => {})];
    await mine.refetch();
    await other.refetch();
    assert.deepEqual(mine.getCurrentResult().data, []);
    const numbers = await client.shellNums({ size: 1 });
    const order = new MutationObserver(queryClient, mutations.batchOrder());
    const before = calls.length;
    await order.mutate({
      channelCode: 'CH', channelOrderId: 'CO-1',
      orderList: [{ sequence: 1, licenseType: 'softkey', orderType: 'new_buy', enterpriseGlobalId: 'EG-1',
        assets: [{ assetNos: numbers, products: [{ productUri: 'gms:1' }] }] }],
    });
    // The mutation settles once its invalidations refetched: EG-1's list, not EG-2's.
    const refetched = calls.slice(before).filter((p) => p.includes('/asset/'));
    assert.deepEqual(refetched, ['/order/api/order/v1/asset/EG-1/list']);
    assert.equal(mine.getCurrentResult().data.length, 1);
    unsubscribe.forEach((u) => u());
    queryClient.clear();
  });

  test('a lock invalidates every asset list; enterprise writes invalidate the enterprise queries', async () => {
    const { queryClient, queries, mutations } = await setup();
    const key = (o) => JSON.stringify(o.queryKey);
    const lists = [queries.listAssets({ enterpriseGlobalId: 'EG-1' }), queries.listAssets({ enterpriseGlobalId: 'EG-2', extendCode: 'x' })];
    const enterprises = queries.queryEnterprises({ channelCode: 'CH', channelCustomerId: 'C-1' });
    for (const q of [...lists, enterprises]) queryClient.setQueryData(q.queryKey, []);
    const stale = () => queryClient.getQueryCache().getAll().filter((q) => q.state.isInvalidated).map((q) => JSON.stringify(q.queryKey)).sort();
    await mutations.lockAssets().onSuccess([], { assetNums: ['8000000001'], operatorIdentity: 'ops' });
    assert.deepEqual(stale(), lists.map(key).sort());
    queryClient.clear();
    for (const q of [...lists, enterprises]) queryClient.setQueryData(q.queryKey, []);
    await mutations.updateEnterprise().onSuccess(undefined, { crmCustomerId: 'crm-1' });
    assert.deepEqual(stale(), [key(enterprises)]);
    queryClient.clear();
  });

  test('a query\'s abort signal cancels the call', async () => {
    const { queryClient, queries, sim } = await setup();
    sim.fault({ kind: 'delay', delayMs: 5_000 });
    const started = Date.now();
    const pending = queryClient.fetchQuery(queries.listAssets({ enterpriseGlobalId: 'EG-1' }));
    setTimeout(() => queryClient.cancelQueries({ queryKey: ['licensing', 'listAssets'] }), 50);
    await assert.rejects(pending);
    assert.ok(Date.now() - started < 4_000, 'cancelled before the delay ended');
    queryClient.clear();
  });

  test('through an outbox: a batch order in flight when the page went is restored from the dehydrated cache, continued, joins the job the outbox recovered, is sent once more at most and settles once', async () => {
    const { LicensingClient } = await import('licensing-sdk');
    const { createSimulator } = await import('licensing-sdk/testing');
    const { memoryStorage, openOutbox } = await import('licensing-sdk/outbox');
    const { licensingQueries, resumeLicensingMutations, setLicensingMutationDefaults } = await import('licensing-sdk/query');
    const { QueryClient, QueryObserver, MutationObserver, dehydrate, hydrate } = await import('@tanstack/query-core');
    const sim = await createSimulator();
    const storage = memoryStorage();
    const order = {
      channelCode: 'CH', channelOrderId: 'CO-Q1', syncMode: 'sync',
      orderList: [{ sequence: 1, licenseType: 'softkey', orderType: 'new_buy', enterpriseGlobalId: 'EG-Q',
        assets: [{ assetNos: ['8000000001'], products: [{ productUri: 'gms:1' }] }] }],
    };
    // The first page: the call reaches the service, whose answer never comes back
    // (its attempt times out at once: closing the outbox waits for the call in flight).
    const held = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'portal', timeoutMs: 100, maxRetries: 0,
      fetch: (request, init) => { sim.fetch(request, init).catch(() => {}); return new Promise(() => {}); } });
    const outbox1 = await openOutbox({ client: held, storage });
    const before = new QueryClient();
    setLicensingMutationDefaults(before, held, { outbox: outbox1 });
    new MutationObserver(before, { mutationKey: ['licensing', 'batchOrder'] }).mutate(order).catch(() => {});
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(sim.stats().orders, 1, 'the service did the work');
    // What a persister keeps of it: the mutation, still pending (in flight).
    const persisted = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: () => true })));
    assert.equal(persisted.mutations[0].state.status, 'pending');
    await outbox1.close();
    // The reload: a new client, outbox and QueryClient; the cache restored, then resumed.
    const calls = [];
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'portal',
      fetch: (request, init) => { calls.push(new URL(request.url ?? request).pathname); return sim.fetch(request, init); } });
    const outbox = await openOutbox({ client, storage });
    const after = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    setLicensingMutationDefaults(after, client, { outbox });
    const list = new QueryObserver(after, licensingQueries(client).listAssets({ enterpriseGlobalId: 'EG-Q' }));
    const stop = list.subscribe(() => {});
    await list.refetch();
    hydrate(after, persisted);
    await resumeLicensingMutations(after);
    const [restored] = after.getMutationCache().getAll();
    assert.equal(restored.state.status, 'success');
    assert.match(restored.state.data[0].licenseOrderId, /^LO/);
    // One job, sent again once (its repeat key makes that safe): the service still holds one order.
    assert.deepEqual(outbox.jobs().map((j) => [j.state, j.sends]), [['settled', 2]]);
    assert.equal(sim.stats().orders, 1);
    // The mutation settled after its job, and its invalidation refetched the enterprise's list.
    assert.deepEqual(calls.filter((p) => p.endsWith('/batchOrder')).length, 1);
    assert.equal(list.getCurrentResult().data.length, 1);
    stop();
    after.clear();
  });

  test('through an outbox: after a reload, a mutation the operator makes again with the same body is sent; only a restored one joins its earlier job', async () => {
    const { LicensingClient } = await import('licensing-sdk');
    const { createSimulator } = await import('licensing-sdk/testing');
    const { memoryStorage, openOutbox } = await import('licensing-sdk/outbox');
    const { setLicensingMutationDefaults } = await import('licensing-sdk/query');
    const { QueryClient, MutationObserver } = await import('@tanstack/query-core');
    const sim = await createSimulator();
    const locks = [];
    const client = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-order-token', appKey: 'portal',
      fetch: (request, init) => { if (new URL(request.url ?? request).pathname.endsWith('/lock')) locks.push(1); return sim.fetch(request, init); } });
    const storage = memoryStorage();
    const body = { assetNums: ['8000000001'], operatorIdentity: 'ops' };
    const before = new QueryClient();
    const outbox1 = await openOutbox({ client, storage });
    setLicensingMutationDefaults(before, client, { outbox: outbox1 });
    await new MutationObserver(before, { mutationKey: ['licensing', 'lockAssets'] }).mutate(body);
    await outbox1.close();
    // The reload; the operator locks the asset again.
    const outbox = await openOutbox({ client, storage });
    const after = new QueryClient();
    setLicensingMutationDefaults(after, client, { outbox });
    await new MutationObserver(after, { mutationKey: ['licensing', 'lockAssets'] }).mutate({ ...body });
    assert.equal(locks.length, 2, 'sent again, not answered with the earlier page\'s job');
    assert.deepEqual(outbox.jobs().map((j) => j.state), ['settled', 'settled']);
    after.clear();
  });
});
