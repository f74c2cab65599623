// `licensing-sdk/query`: TanStack Query options over a LicensingClient
// (query.d.ts), built as query.mjs and query.cjs.
export {
  licensingQueries, licensingMutations, resumeLicensingMutations, setLicensingMutationDefaults, staleQueryKeys,
} from '../src-js/query.js';
