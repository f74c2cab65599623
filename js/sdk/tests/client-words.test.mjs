// The words js/sdk/src-js/client.js and the wasm's LicensingCall
// (js/sdk/src/client_js.rs) share, written once on each side and held equal
// here: why a wait ended without what it waited for (`call.failed(why, …)`,
// as licensing-client's `NoAnswer` names the facts), and the steps the wasm
// asks the loop to take. A word misspelt on either side fails here; without
// this test a misspelt why reads as a plausible network error, and a
// misspelt step as a hook that is not there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');
const sorted = (words) => [...new Set(words)].sort();

/** The text of a Rust function, from `signature` to the closing brace at its indent. */
function rustFunction(source, signature) {
  const start = source.indexOf(signature);
  assert.ok(start >= 0, `${signature} not found`);
  const indent = source.slice(source.lastIndexOf('\n', start) + 1, start);
  const end = source.indexOf(`\n${indent}}\n`, start);
  assert.ok(end > start, `the end of ${signature} not found`);
  return source.slice(start, end);
}

test('the loop reports only the whys the wasm matches, and the wasm matches only those it reports', () => {
  const failed = rustFunction(read('js/sdk/src/client_js.rs'), 'pub fn failed(');
  const matched = [...failed.matchAll(/^\s*"(\w+)" =>/gm)].map((m) => m[1]);
  // The fallback arm is `network`'s (what the runtime threw): named so in the source.
  assert.match(failed, /\/\/ "network"(?:[^\n]*\n\s*\/\/)*[^\n]*\n\s*_ =>/, 'the fallback arm says it is "network"\'s');
  const client = read('js/sdk/src-js/client.js');
  const reported = [
    ...[...client.matchAll(/\bwhy: '(\w+)'/g)].map((m) => m[1]),
    ...[...client.matchAll(/\bcall\.failed\('(\w+)'/g)].map((m) => m[1]),
  ];
  assert.ok(matched.length >= 14 && reported.length >= 14, `matched ${matched}, reported ${reported}`);
  assert.deepEqual(sorted(reported), sorted([...matched, 'network']));
});

test('every step the wasm names, the loop takes: by its case, or as the hook the client holds under that name', () => {
  const step = rustFunction(read('js/sdk/src/client_js.rs'), 'fn step(&mut self, action: Action)');
  const named = [...step.matchAll(/\("(\w+)", Waiting::/g)].map((m) => m[1]);
  const loop = read('js/sdk/src-js/client.js');
  const cases = [...loop.slice(loop.indexOf('export async function callService')).matchAll(/case '(\w+)':/g)].map((m) => m[1]);
  const hooks = read('js/sdk/src/hooks_js.rs');
  const held = [
    ...[...hooks.matchAll(/set\(&io, "(\w+)"/g)].map((m) => m[1]),
    ...[...hooks.matchAll(/\("(\w+)", &mut set_of\./g)].map((m) => m[1]),
  ];
  assert.ok(named.length >= 9 && cases.length >= 4 && held.length >= 5, `named ${named}, cases ${cases}, hooks ${held}`);
  assert.deepEqual(sorted(named), sorted([...cases, ...held]),
    "a step of js/sdk/src/client_js.rs's `step` is neither a case of js/sdk/src-js/client.js's loop nor a hook hooks_js.rs holds under that name (or the other way round): spell them alike");
});
