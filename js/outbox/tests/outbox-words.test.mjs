// The words the outbox's wasm and its JavaScript share are written once on
// each side: the steps (licensing-client's `Recovery::WORDS`) and a call's
// ends (`AfterCall::WORDS`) in crates/licensing-client/src/recovery.rs, and
// the tables js/outbox/src-js/runner.js acts on them with. They are held equal
// here, so that a step or an end added, renamed or misspelt on one side
// fails at once (the runner ends a job whose step it has no word for rather
// than wedge the queue, which no test would otherwise notice).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const ROOT = new URL('../../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');

/** The strings of a Rust `pub const WORDS: &'static [&'static str] = &[...]` in `impl NAME`. */
function rustWords(source, name) {
  const impl = source.slice(source.indexOf(`impl ${name} {`));
  const list = /pub const WORDS: &'static \[&'static str\] = &\[([^\]]*)\]/.exec(impl);
  assert.ok(list, `${name}::WORDS not found`);
  return [...list[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

/** The keys of a table `  NAME = { key: ..., 'key-2': ... }` of the runner. */
function tableKeys(source, name) {
  const start = source.indexOf(`  ${name} = {`);
  assert.ok(start >= 0, `${name} not found in runner.js`);
  const body = source.slice(start, source.indexOf('\n  };', start));
  return [...body.matchAll(/^ {4}(?:'([^']+)'|(\w+)):/gm)].map((m) => m[1] ?? m[2]);
}

test('the runner acts on every step of the core, by the core\'s words, and on no other', () => {
  const runner = read('js/outbox/src-js/runner.js');
  const recovery = read('crates/licensing-client/src/recovery.rs');
  assert.deepEqual(tableKeys(runner, 'steps').sort(), rustWords(recovery, 'Recovery').sort());
});

test('the runner acts on every end of a call the core names, by its words, and compares with no other', () => {
  const runner = read('js/outbox/src-js/runner.js');
  const ends = rustWords(read('crates/licensing-client/src/recovery.rs'), 'AfterCall');
  assert.deepEqual(tableKeys(runner, 'sendEnds').sort(), [...ends].sort());
  // Every end a read's result is compared with is one of them.
  const compared = [...runner.matchAll(/\.end === '([^']+)'/g)].map((m) => m[1]);
  assert.ok(compared.length > 0, 'the read compares ends');
  for (const word of compared) assert.ok(ends.includes(word), `'${word}' is no end of the core's`);
});
