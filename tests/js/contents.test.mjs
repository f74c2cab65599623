// tests/js/README.md is the folder's table of contents, as ripgrep's
// tests/tests.rs is its: every file here is listed there once, and every file
// listed is here. A new test file without its line fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';

const HERE = new URL('.', import.meta.url);

test('every file of tests/js is listed once in its README, and every listed file exists', () => {
  const index = readFileSync(new URL('README.md', HERE), 'utf8');
  const listed = [...index.matchAll(/^\| (`[^|]+`) \|/gm)].flatMap(([, cell]) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  const files = readdirSync(HERE).filter((name) => name !== 'README.md').sort();
  assert.deepEqual([...listed].sort(), files, 'tests/js/README.md lists exactly the files of tests/js');
  assert.equal(new Set(listed).size, listed.length, 'a file listed twice');
});
