// `schemas`: the ten Standard Schema objects, made on first use rather than at
// import (making them costs a few ms of every page's start-up).

const ENDPOINTS = ['bindEnterprise', 'createEnterprise', 'queryEnterprises', 'updateEnterprise', 'batchOrder',
  'lockAssets', 'unlockAssets', 'listAssets', 'shellNums', 'joinActivity'];

/** `{ batchOrder: {'~standard': …}, … }` built by `create()` once, when first read. */
export function lazySchemas(create) {
  let all;
  const out = {};
  for (const name of ENDPOINTS) {
    Object.defineProperty(out, name, { enumerable: true, get: () => (all ??= create())[name] });
  }
  return Object.freeze(out);
}
