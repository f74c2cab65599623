// Source of `pkg/json-schema.js`, licensing-sdk/json-schema for browsers, workers
// and bundlers (scripts/bundle-entries.mjs bundles the JSON Schemas and their
// converter into it): `schemas` and `createSchemas` of the default entry, whose
// objects' ~standard.jsonSchema has the data that entry leaves out. The default
// entry stays one module of its own (`./index.js`, not bundled here), so a page
// that imports both has one instance of it.
import { createSchemas as baseCreate } from './index.js';
import { withJsonSchemas } from '../../pkg/json-schema.cjs';

export const { schemas, createSchemas } = withJsonSchemas(baseCreate);
