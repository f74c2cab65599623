// The recipe "Adding a subpath" (CONTRIBUTING.md), held: every subpath of the
// package's exports map (scripts/build-js.mjs's SUBPATHS) has what the recipe's
// steps give it, and the recipe names each step's place. A new subpath fails
// here, step by step, until it is whole (licensing-sdk/playwright once touched
// eight places and no test said which).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { COPIED, SUBPATHS } from '../../scripts/build-js.mjs';
import { assertRecipeNames } from './recipes.mjs';

const ROOT = new URL('../../', import.meta.url);
const read = (file) => readFileSync(new URL(file, ROOT), 'utf8');
// The suites, the examples, and the tests a wing of js/ keeps beside its sources (js/outbox/tests/).
const tracked = execFileSync('git', ['ls-files', 'tests', 'examples', 'js/*/tests'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
  .filter((f) => /\.(mjs|cjs|js|ts|mts|cts|html)$/.test(f));
const subpaths = Object.entries(SUBPATHS).filter(([subpath]) => subpath !== '.');

test('every subpath has its declarations, its section of the API report, its words on the npm page and in the CHANGELOG, and a test that imports it by name', () => {
  assert.ok(subpaths.length >= 9, `subpaths: ${subpaths.map(([s]) => s)}`);
  const report = read('api/npm/licensing-sdk.api.txt');
  const npmPage = read('js/README.md');
  const changelog = read('CHANGELOG.md');
  const tests = tracked.map((f) => read(f));
  const missing = [];
  for (const [subpath, { types }] of subpaths) {
    const name = `licensing-sdk/${subpath.slice(2)}`;
    // The file the build copies into pkg/ as its declarations (COPIED), and that file in the tree.
    const source = COPIED[`${types}.d.ts`];
    if (source === undefined || !existsSync(new URL(source, ROOT))) missing.push(`${name}: its declarations (js/sdk/${types}.d.ts, or its wing's; COPIED in scripts/build-js.mjs)`);
    if (!report.includes(`\n## ${subpath} (${types}.d.ts)\n`)) missing.push(`${name}: its section of api/npm/licensing-sdk.api.txt (node scripts/api-report.mjs write)`);
    if (!npmPage.includes(name)) missing.push(`${name}: a word on the npm page (js/README.md)`);
    if (!changelog.includes(name)) missing.push(`${name}: its line in CHANGELOG.md`);
    const quoted = new RegExp(`['"\`]${name.replace(/[/.-]/g, '\\$&')}['"\`]`);
    if (!tests.some((text) => quoted.test(text))) missing.push(`${name}: a test that imports it by name (tests/)`);
  }
  assert.deepEqual(missing, [], 'give these subpaths what CONTRIBUTING\'s "Adding a subpath" says');
});

test("CONTRIBUTING's recipe names each step's place and this test", () => {
  assertRecipeNames('\n## Adding a subpath\n', ['js/sdk/entries/', 'MODULES', 'SUBPATHS', 'js/sdk/', 'api/npm/', 'js/README.md',
    'CHANGELOG.md', 'tests/js/size-budget.test.mjs', 'tests/js/subpaths.test.mjs', 'tests/js/build.test.mjs']);
});
