// CommonJS view of the same API (see index.d.ts).
declare const sdk: {
  validate: typeof import('./index.js').validate;
  validateJson: typeof import('./index.js').validateJson;
  isAssetNumber: typeof import('./index.js').isAssetNumber;
  assetNumberPartition: typeof import('./index.js').assetNumberPartition;
  createSchemas: typeof import('./index.js').createSchemas;
  exampleBody: typeof import('./index.js').exampleBody;
  schemas: import('./index.js').Schemas;
};
export = sdk;
