// The files the package ships, as `npm pack` lists them from pkg/, are the ones
// tests/js/pkg-files.txt lists: moving a module's sources inside js/ (a wing of
// its own) must leave what users install the same, and a file added to or gone
// from the tarball is seen here before it is published. When the change is
// meant, write the list again: PKG_FILES=write node --test tests/js/pkg-files.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../../', import.meta.url);
const LIST = new URL('pkg-files.txt', import.meta.url);

/** The paths `npm pack` puts in the tarball, sorted. */
function packed() {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--loglevel=error'], { cwd: new URL('pkg/', ROOT), encoding: 'utf8' });
  return JSON.parse(out)[0].files.map((f) => f.path).sort();
}

test('the package ships exactly the files tests/js/pkg-files.txt lists', () => {
  const files = packed();
  assert.ok(files.length > 50, `only ${files.length} files packed: is pkg/ built?`);
  if (process.env.PKG_FILES === 'write') writeFileSync(LIST, `${files.join('\n')}\n`);
  const listed = readFileSync(LIST, 'utf8').split('\n').filter(Boolean);
  const added = files.filter((f) => !listed.includes(f));
  const gone = listed.filter((f) => !files.includes(f));
  assert.deepEqual({ added, gone }, { added: [], gone: [] },
    'the tarball differs from tests/js/pkg-files.txt: if it is meant, write the list again (PKG_FILES=write node --test tests/js/pkg-files.test.mjs) and say why in the commit');
});
