// react-hook-form with standardSchemaResolver and the batch order's Standard
// Schema, type-checked by forms.test.mjs (`tsc --strict --noEmit --jsx react-jsx`).
import { useForm } from 'react-hook-form';
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { LicensingClient, exampleBody, schemas, type BatchOrderRequest } from 'licensing-sdk';

const client = new LicensingClient({ baseUrl: 'https://licensing.example', token: 't', appKey: 'k' });

export function BatchOrderEditor() {
  const { register, handleSubmit, formState: { errors } } = useForm<BatchOrderRequest>({
    resolver: standardSchemaResolver(schemas.batchOrder),
    defaultValues: exampleBody('batchOrder'),
  });
  const onSubmit = async (body: BatchOrderRequest) => { await client.batchOrder(body); };
  return (
    <form onSubmit={handleSubmit(onSubmit)}>
      <select {...register('syncMode')}>
        <option value="sync">sync</option>
        <option value="async">async</option>
      </select>
      <input {...register('orderList.0.assets.0.assetNos.1')} />
      <em>{errors.orderList?.[0]?.assets?.[0]?.assetNos?.[1]?.message}</em>
      <button type="submit">Order</button>
    </form>
  );
}
