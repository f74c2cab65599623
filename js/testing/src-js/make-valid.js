// `makeValid` of licensing-sdk/testing: a body a fixture or a generator wrote,
// made valid by the rule tables' examples and each rule's own repair
// (licensing-core's `testing::make_valid`, in the simulator's wasm). The wasm
// answers with JSON Patch operations; they are applied here to a JSON copy of the
// caller's body, so its keys keep their order (the wasm's objects would sort
// them) and the caller's object is never changed.

import { trapped } from './simulator.js';

/** `makeValid(endpoint, body)` over the tools' instance (simulator.js's `toolsInstance`; see testing.d.ts). */
function makeMakeValid(tools) {
  return async function makeValid(endpoint, body) {
    const text = jsonText(body);
    let patch;
    try {
      patch = JSON.parse(await tools((instance) => instance.makeValid(String(endpoint), text)));
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) throw trapped('makeValid', error);
      throw new TypeError(String(error?.message ?? error), { cause: error });
    }
    return applyPatch(JSON.parse(text), patch);
  };
}

/** The body as JSON text, or a TypeError saying why it has none. */
function jsonText(body) {
  let text;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    throw new TypeError(`makeValid: the body cannot be JSON (${error?.message ?? error})`, { cause: error });
  }
  if (text === undefined) throw new TypeError(`makeValid: the body cannot be JSON (${typeof body})`);
  return text;
}

/** RFC 6902's add, remove and replace, the three the wasm writes, applied to `document`. */
function applyPatch(document, patch) {
  for (const { op, path, value } of patch) {
    if (path === '') {
      document = value;
      continue;
    }
    const segments = path.slice(1).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    const key = segments.pop();
    let parent = document;
    for (const segment of segments) parent = parent[segment];
    if (op === 'remove') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (Array.isArray(parent) && op === 'add') {
      parent.splice(Number(key), 0, value);
    } else {
      parent[key] = value;
    }
  }
  return document;
}

export { makeMakeValid, applyPatch };
