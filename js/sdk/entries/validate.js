// `licensing-sdk/validate` for browsers and bundlers (pkg/validate.js): the
// validators without the client, over the validation-only wasm (the crate
// without its `client` feature), bundled as the default entry is (index.js:
// one module, the wasm inside as printable text, instantiated by the first call
// that needs it). For a portal that validates its forms and calls the service
// some other way (or from its server): 60 % of the default entry's bytes, with
// the same fast path (a body it proves clean does not cross).
import createGlue from '#built/validate-glue.js';
import { use } from '../src-js/instance.js';
import { checkWasmAllowed, compileEmbedded } from '../../shared/load.js';
export * from '../src-js/validation.js';
// Last, so that the JavaScript is one stretch before it (gzip finds more in it).
import WASM_TEXT from '#built/validate-printable.js';

checkWasmAllowed();

use(createGlue, () => compileEmbedded(WASM_TEXT));
