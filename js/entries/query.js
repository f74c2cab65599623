// Source of `pkg/query.mjs`, licensing-sdk/query as an ES module (scripts/bundle-entries.mjs
// makes it one module with the generated stales.cjs): pkg/query.cjs for browsers
// without a bundler and Rollup without a CommonJS plugin.
export { licensingQueries, licensingMutations, staleQueryKeys } from '../../pkg/query.cjs';
