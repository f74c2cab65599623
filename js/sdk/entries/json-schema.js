// `licensing-sdk/json-schema` for browsers, workers and bundlers (pkg/json-schema.js,
// with the JSON Schemas and their converter inside): `schemas` and `createSchemas` of the default entry, whose
// objects' ~standard.jsonSchema has the data that entry leaves out. The default
// entry stays one module of its own (`./index.js`, not bundled here), so a page
// that imports both has one instance of it.
import { createSchemas as baseCreate } from './index.js';
import { withJsonSchemas } from '../src-js/json-schema.js';

export const { schemas, createSchemas } = withJsonSchemas(baseCreate);
