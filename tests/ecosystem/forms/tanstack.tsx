// TanStack Form with the batch order's Standard Schema, type-checked by
// forms.test.mjs (`tsc --strict --noEmit --jsx react-jsx`). The form's values
// are typed `BatchOrderForm` (BatchOrderRequest with `Merchandise.children`
// typed 3 levels deep): with `BatchOrderRequest` itself, TanStack's field-path
// types recurse through `children` until TS2589.
import { useForm } from '@tanstack/react-form';
import { LicensingClient, exampleBody, schemas, type BatchOrderForm, type BatchOrderRequest, type StandardSchemaV1 } from 'licensing-sdk';

const client = new LicensingClient({ baseUrl: 'https://licensing.example', token: 't', appKey: 'k' });

export function BatchOrderEditor() {
  const defaultValues: BatchOrderForm = exampleBody('batchOrder');
  const form = useForm({
    defaultValues,
    validators: { onChange: schemas.batchOrder as StandardSchemaV1<BatchOrderForm> },
    // The schema passed: the values are a valid request.
    onSubmit: async ({ value }) => { await client.batchOrder(value as BatchOrderRequest); },
  });
  return (
    <form onSubmit={(e) => { e.preventDefault(); void form.handleSubmit(); }}>
      <form.Field name="syncMode">
        {(field) => (
          <select value={field.state.value ?? ''} onChange={(e) => field.handleChange(e.target.value === 'sync' ? 'sync' : 'async')}>
            <option value="sync">sync</option>
            <option value="async">async</option>
          </select>
        )}
      </form.Field>
      <form.Field name="orderList[0].assets[0].assetNos[1]">
        {(field) => (
          <label>
            <input value={field.state.value ?? ''} onChange={(e) => field.handleChange(e.target.value)} />
            {field.state.meta.errors.map((error) => <em key={String(error?.message)}>{error?.message}</em>)}
          </label>
        )}
      </form.Field>
      <form.Field name="orderList[0].assets[0].merchandises[0].children[0].children[0].merchandiseNum">
        {(field) => <input value={field.state.value ?? ''} onChange={(e) => field.handleChange(e.target.value)} />}
      </form.Field>
      <button type="submit">Order</button>
    </form>
  );
}
