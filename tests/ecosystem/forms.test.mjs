// Form libraries with the batch order's Standard Schema (tests/ecosystem/forms/):
// react-hook-form (standardSchemaResolver) and TanStack Form, type-checked as a
// user's TSX (`tsc --strict --noEmit --jsx react-jsx`, TypeScript 5.9 and 7) and
// run in Node against the installed package (no React rendering: the resolver
// and TanStack's FormApi are what a rendered form calls).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { HERE, installedSdk, run } from './harness.mjs';

const FORMS = path.join(HERE, 'forms');
const TSC = {
  '5.9': path.join(HERE, 'node_modules/typescript/bin/tsc'),
  '7.0': path.join(HERE, 'node_modules/typescript7/bin/tsc'),
};

/** The example batch order with its first asset's second number in no partition (7…). */
async function badBody() {
  const { exampleBody } = await installedSdk();
  const body = exampleBody('batchOrder');
  body.orderList[0].assets[0].assetNos = ['8000000001', '7000000002'];
  return body;
}

describe('type-checked (tanstack.tsx, hook-form.tsx)', () => {
  for (const [version, tsc] of Object.entries(TSC)) {
    test(`TypeScript ${version}: tsc --strict --noEmit --jsx react-jsx, skipLibCheck false`, async () => {
      // forms/tsconfig.json: strict, noEmit, jsx react-jsx, bundler, lib es2023 + dom.
      await run(process.execPath, [tsc, '-p', FORMS, '--pretty', 'false'], { cwd: FORMS, timeoutMs: 240_000 });
    });
  }
});

describe('run in Node', () => {
  test('react-hook-form: standardSchemaResolver(schemas.batchOrder) puts the error at orderList.0.assets.0.assetNos.1', async () => {
    const { schemas, exampleBody } = await installedSdk();
    const { standardSchemaResolver } = await import('@hookform/resolvers/standard-schema');
    const resolver = standardSchemaResolver(schemas.batchOrder);
    const options = { fields: {}, shouldUseNativeValidation: false };

    const failed = await resolver(await badBody(), undefined, options);
    assert.deepEqual(failed.values, {});
    const error = failed.errors.orderList?.[0]?.assets?.[0]?.assetNos?.[1];
    assert.ok(error, `no error at orderList.0.assets.0.assetNos.1: ${JSON.stringify(failed.errors)}`);
    assert.match(error.message, /7000000002/);
    assert.deepEqual(Object.keys(failed.errors), ['orderList']);

    const passed = await resolver(exampleBody('batchOrder'), undefined, options);
    assert.deepEqual(passed.errors, {});
    assert.deepEqual(passed.values, exampleBody('batchOrder'));
  });

  test('TanStack Form (form-core FormApi): validators.onSubmit = schemas.batchOrder, handleSubmit', async () => {
    const { schemas, exampleBody } = await installedSdk();
    const { FormApi } = await import('@tanstack/form-core');

    const submitted = [];
    const form = new FormApi({
      defaultValues: await badBody(),
      validators: { onSubmit: schemas.batchOrder },
      onSubmit: ({ value }) => { submitted.push(value); },
    });
    form.mount();
    await form.handleSubmit();
    assert.equal(submitted.length, 0, 'an invalid body was submitted');
    assert.equal(form.state.isValid, false);
    // The schema's issues, keyed by TanStack's field name (what <form.Field name=...> shows).
    const byField = form.state.errorMap.onSubmit ?? {};
    assert.deepEqual(Object.keys(byField), ['orderList[0].assets[0].assetNos[1]'], JSON.stringify(form.state.errorMap));
    const [issue, ...more] = byField['orderList[0].assets[0].assetNos[1]'];
    assert.equal(more.length, 0);
    assert.equal(issue.code, 'asset_number_partition');
    assert.match(issue.message, /7000000002/);
    assert.deepEqual(issue.path, ['orderList', 0, 'assets', 0, 'assetNos', 1]);
    // And in the field's own meta, as a mounted field reads it.
    const meta = form.getFieldMeta('orderList[0].assets[0].assetNos[1]');
    assert.match(String(meta?.errors?.[0]?.message), /7000000002/, JSON.stringify(meta));

    const good = new FormApi({
      defaultValues: exampleBody('batchOrder'),
      validators: { onSubmit: schemas.batchOrder },
      onSubmit: ({ value }) => { submitted.push(value); },
    });
    good.mount();
    await good.handleSubmit();
    assert.deepEqual(submitted, [exampleBody('batchOrder')]);
  });
});
