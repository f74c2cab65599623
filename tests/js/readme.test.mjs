// Every JavaScript block of README.md either runs here, as a module in Node
// against the installed package, or is marked `js illustration` (a fragment
// that names things the reader supplies). The Rust blocks are doctests of
// licensing-client.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n');

/** The fenced blocks whose info string starts with js: { line, info, code }. */
function jsBlocks() {
  const out = [];
  for (let i = 0; i < README.length; i++) {
    const open = README[i].match(/^```(js|javascript|mjs|ts)\b(.*)$/);
    if (!open) continue;
    const end = README.indexOf('```', i + 1);
    out.push({ line: i + 1, info: open[2].trim(), code: README.slice(i + 1, end).join('\n') });
    i = end;
  }
  return out;
}

test('the README has runnable JavaScript blocks, and every other one is marked illustration', () => {
  const blocks = jsBlocks();
  assert.ok(blocks.filter((b) => b.info === '').length >= 2, 'the quick start and "Testing your portal" run');
  for (const b of blocks) assert.ok(b.info === '' || b.info === 'illustration', `README.md:${b.line}: unknown marker "${b.info}"`);
});

for (const block of jsBlocks().filter((b) => b.info === '')) {
  test(`README.md:${block.line} runs`, async () => {
    // Under the repository, so `licensing-sdk` resolves to the installed package.
    const dir = path.join(ROOT, 'target/readme');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `block-${block.line}.mjs`);
    writeFileSync(file, block.code);
    await promisify(execFile)(process.execPath, [file], { cwd: dir, timeout: 60_000 });
  });
}
