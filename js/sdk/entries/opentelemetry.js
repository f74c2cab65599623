// `licensing-sdk/opentelemetry`: spans from the package's event stream
// (opentelemetry.d.ts), built as opentelemetry.mjs and opentelemetry.cjs;
// `@opentelemetry/api` is the application's.
export { traceLicensing } from '../src-js/opentelemetry.js';
