// The simulator's state format as declared (`SimulatorState`, generated from the
// simulator's Rust types into js/generated/sim-state.d.ts by `cargo xtask gen`)
// and described (the simulator's README) is what a simulator writes: a state with
// every kind of stored data (customers bound, created and updated, a batch, a
// delete_product that removes a grant's product, a lock, a claim) type-checks as a
// `SimulatorState` object literal (so no field it holds is undeclared: TypeScript's
// excess property check, at every level, and none declared required is missing),
// and the README names every field it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import ts from 'typescript';
import { LicensingClient } from 'licensing-sdk';
import { createSimulator } from 'licensing-sdk/testing';

/** A simulator holding one of everything a state can hold. */
async function everything() {
  const sim = await createSimulator({ seed: 7 });
  const c = new LicensingClient({ baseUrl: 'https://licensing.test', token: 'dev-all-token', appKey: 'app', fetch: sim.fetch });
  await c.bindEnterprise({ channelCode: 'CH', channelCustomerId: 'cc', enterpriseName: 'ACME' });
  await c.createEnterprise({ crmCustomerId: 'crm-1', customerName: 'ACME', branchName: 'SH', address: 'Here' });
  await c.updateEnterprise({ crmCustomerId: 'crm-1', address: 'There' });
  const nos = await c.shellNums({ size: 2 });
  const order = (sequence, orderType, products) => ({ sequence, orderType, licenseType: 'normal_recover_usbkey', enterpriseGlobalId: 'EG-1',
    assets: [{ assetNos: nos, products }] });
  const [bought] = await c.batchOrder({ channelCode: 'CH', channelOrderId: 'CO-1', orderList: [
    order(1, 'new_buy', [{ productUri: 'gms:1001' }, { productUri: 'gms:1002' }])] });
  await c.batchOrder({ channelCode: 'CH', channelOrderId: 'CO-2', orderList: [
    { ...order(1, 'delete_product', [{ productUri: 'gms:1002' }]), srcLicenseOrderId: bought.licenseOrderId }] });
  await c.lockAssets({ assetNums: [nos[0]], operatorIdentity: 'ops' });
  await c.joinActivity({ identity: 'u@example.com', activityLabel: 'spring-trial', source: 'portal', branch: 'SH' });
  return sim.snapshot();
}

/** Every key path of a JSON value (array items as `*`). */
function keys(value, at = [], out = new Set()) {
  if (Array.isArray(value)) for (const item of value) keys(item, [...at, '*'], out);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add([...at, k].join('.'));
      keys(v, [...at, k], out);
    }
  }
  return out;
}

test('a state with every kind of stored data is a SimulatorState, field for field', async () => {
  const state = await everything();
  const held = keys(state);
  // Every optional part is there, so that an undeclared one would show.
  for (const path of ['customers.*.crmCustomerId', 'customers.*.customerName', 'customers.*.branchName', 'customers.*.address',
    'assets.*.enterpriseGlobalId', 'assets.*.grants.*.removed', 'batches.*.results', 'claims.*.count', 'nextAssetNumbers.domestic']) {
    assert.ok(held.has(path), `the state holds no ${path}`);
  }
  assert.ok(state.assets.some((a) => a.grants.some((g) => g.removed.length > 0)), 'a removed product');
  const dir = new URL('../../target/tmp/sim-state-types/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL('state.mts', dir);
  writeFileSync(file, `import type { SimulatorState } from 'licensing-sdk/testing';\nexport const state: SimulatorState = ${JSON.stringify(state, null, 2)};\n`);
  const program = ts.createProgram([file.pathname], {
    strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022, types: [], skipLibCheck: true,
  });
  const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  assert.deepEqual(errors, []);
});

test('the simulator\'s README names every field a state holds', async () => {
  const readme = readFileSync(new URL('../../crates/licensing-sim/README.md', import.meta.url), 'utf8');
  const state = await everything();
  // The state's own fields (a record's are the answers', an order's the request's,
  // documented with them).
  const insideOrder = (p) => p.includes('order') && p.indexOf('order') < p.length - 1;
  const own = [...keys(state)].map((p) => p.split('.'))
    .filter((p) => !p.includes('record') && !p.includes('results') && !p.includes('products') && !insideOrder(p));
  for (const path of own) {
    const name = path[path.length - 1];
    if (name === '*') continue;
    assert.ok(readme.includes(`"${name}"`) || readme.includes(`\`${name}\``), `crates/licensing-sim/README.md does not name ${path.join('.')}`);
  }
});
