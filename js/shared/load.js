// How the browser entries get their WebAssembly.Module, with errors that say
// what went wrong and how to fix it: a wasm URL a server answered with HTML
// (an SPA fallback, a dev server that moved the module), a failed status, or a
// Content-Security-Policy without 'wasm-unsafe-eval'. Each error names the URL
// and is thrown once: nothing is downloaded a second time.
import { fromPrintable } from './printable.js';

/** An Error named LicensingLoadError with the URL (or "embedded") and the cause. */
function loadError(message, source, cause) {
  // "Loading the wasm": a heading of the README the package ships (pkg/README.md;
  // tests/js/readme.test.mjs checks that it is there).
  const err = new Error(`licensing-sdk: ${message} (README: "Loading the wasm")`, { cause });
  err.name = 'LicensingLoadError';
  err.url = source;
  return err;
}

/** A compile that failed: a CSP that forbids WebAssembly, or bytes that are not a module. */
function compileError(err, source) {
  const text = String(err?.message ?? err);
  if (/unsafe-eval|Content Security Policy|disallowed|CSP/i.test(text)) {
    return loadError(`the page's Content-Security-Policy forbids WebAssembly (${source}): add 'wasm-unsafe-eval' to script-src (${text})`, source, err);
  }
  return loadError(`${source} did not compile: ${text}`, source, err);
}

const isWasm = (b) => b.length >= 4 && b[0] === 0x00 && b[1] === 0x61 && b[2] === 0x73 && b[3] === 0x6d;

/** The first bytes of an answer as text, to show what came instead of wasm. */
function preview(bytes) {
  let text = '';
  for (let i = 0; i < Math.min(bytes.length, 40); i++) text += bytes[i] >= 0x20 && bytes[i] < 0x7f ? String.fromCharCode(bytes[i]) : '.';
  return JSON.stringify(text);
}

/**
 * Compiles the wasm that came with the module (the browser entries: printable
 * text, js/shared/printable.js): synchronous, no request.
 */
export function compileEmbedded(text) {
  try {
    return new WebAssembly.Module(fromPrintable(text));
  } catch (err) {
    throw compileError(err, 'the embedded wasm');
  }
}

/** The smallest module there is (8 bytes): compiling it costs microseconds. */
const EMPTY_MODULE = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Throws the LicensingLoadError of a page whose Content-Security-Policy forbids
 * WebAssembly, now rather than at the first call that needs the wasm (the
 * default entry compiles its wasm then): an import that fails tells at once.
 */
export function checkWasmAllowed() {
  checkInstantiable('the embedded wasm');
}

/**
 * Throws the LicensingLoadError of a page that may not make a WebAssembly
 * instance: WebKit compiles under a CSP without 'wasm-unsafe-eval' and refuses
 * only the instance, which would otherwise fail at the first call, far from the load.
 */
function checkInstantiable(source) {
  try {
    new WebAssembly.Instance(new WebAssembly.Module(EMPTY_MODULE));
  } catch (err) {
    throw compileError(err, source);
  }
}

/**
 * Fetches and compiles the `.wasm` at `url` with one request: streaming when the
 * server says `application/wasm`, else from the bytes once they are checked.
 */
export async function fetchModule(url) {
  const source = String(url);
  let res;
  try {
    res = await fetch(url);
  } catch (err) {
    throw loadError(`could not fetch ${source}: ${err?.message ?? err}`, source, err);
  }
  if (!res.ok) {
    throw loadError(`${source} answered HTTP ${res.status}: serve the package's web/licensing_sdk_bg.wasm at that URL, or import 'licensing-sdk' (the wasm inside, no URL)`, source);
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/wasm') {
    let module;
    try {
      module = await WebAssembly.compileStreaming(res);
    } catch (err) {
      throw compileError(err, source);
    }
    checkInstantiable(source);
    return module;
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (!isWasm(bytes)) {
    throw loadError(`${source} is not WebAssembly (content-type ${type || 'none'}, it starts ${preview(bytes)}): `
      + 'the server answered for a file it does not have (an SPA fallback, or a dev server whose optimizer moved '
      + "this module: Vite 7 and older need optimizeDeps.exclude for licensing-sdk/slim; import 'licensing-sdk' needs nothing)", source);
  }
  let module;
  try {
    module = await WebAssembly.compile(bytes);
  } catch (err) {
    throw compileError(err, source);
  }
  checkInstantiable(source);
  return module;
}
