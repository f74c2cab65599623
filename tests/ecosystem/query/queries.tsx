// A portal's TSX with TanStack Query and licensing-sdk/query, type-checked by
// query.test.mjs: the data types come from the factories, with no annotation.
import { QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LicensingClient, type AssetRecord, type BatchOrderResult } from 'licensing-sdk';
import { openOutbox } from 'licensing-sdk/outbox';
import { licensingMutations, licensingQueries, resumeLicensingMutations, setLicensingMutationDefaults } from 'licensing-sdk/query';

const client = new LicensingClient({ baseUrl: 'https://licensing.example', token: 'token' });
const queries = licensingQueries(client);

export function Assets({ enterpriseGlobalId }: { enterpriseGlobalId: string }) {
  const assets = useQuery(queries.listAssets({ enterpriseGlobalId }));
  const records: AssetRecord[] | undefined = assets.data;
  const queryClient = useQueryClient();
  const order = useMutation(licensingMutations(client, queryClient).batchOrder());
  const results: BatchOrderResult[] | undefined = order.data;
  // @ts-expect-error: listAssets takes its own request, not a lock's
  queries.listAssets({ assetNums: ['8000000001'] });
  return <p>{records?.length ?? 0} assets, {results?.length ?? 0} orders</p>;
}

// Writes through an outbox, the defaults set for mutations a persister restores.
export async function withOutbox(queryClient: QueryClient): Promise<BatchOrderResult[] | undefined> {
  const outbox = await openOutbox({ client, name: 'orders' });
  setLicensingMutationDefaults(queryClient, client, { outbox });
  await resumeLicensingMutations(queryClient);
  const options = licensingMutations(client, queryClient, { outbox }).batchOrder({ timeoutMs: 5000 });
  return options.mutationFn({ channelCode: 'CH', channelOrderId: 'CO-1', orderList: [] });
}
