// `licensing-sdk/meta`: the wire as data for form builders (meta.d.ts), built
// as meta.mjs and meta.cjs from the generated tables, and `dependents`.
export { endpoints, shapes, enums, depends, businessCodes } from '../../generated/meta.js';
export { dependents } from '../src-js/dependents.js';
