// `licensing-sdk/meta`: the wire as data for form builders (meta.d.ts), built
// as meta.mjs and meta.cjs from the generated tables.
export { endpoints, shapes, enums } from '../generated/meta.js';
