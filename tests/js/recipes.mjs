// CONTRIBUTING.md's recipes as the tests that hold them read them: a recipe's
// text, from its start (its heading, or its bold name inside a section) to the
// next section, and the places it should name that it does not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const CONTRIBUTING = new URL('../../CONTRIBUTING.md', import.meta.url);

/** The recipe that starts at `start` (`'\n## Adding a subpath\n'`, `'\n**A fault**'`), to the next `## `. */
export function recipe(start) {
  const text = readFileSync(CONTRIBUTING, 'utf8');
  const at = text.indexOf(start);
  assert.ok(at >= 0, `CONTRIBUTING.md has no ${JSON.stringify(start.trim())}`);
  const end = text.indexOf('\n## ', at + 1);
  return text.slice(at, end < 0 ? undefined : end);
}

/** Fails naming each of `places` the recipe at `start` does not name. */
export function assertRecipeNames(start, places) {
  const text = recipe(start);
  const missing = places.filter((place) => !text.includes(place));
  assert.deepEqual(missing, [], `the recipe ${JSON.stringify(start.trim())} names none of these: name each place it sends a reader to`);
}
