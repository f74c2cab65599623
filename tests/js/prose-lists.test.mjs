// A list of the reads written in prose is held to the endpoint table: a new GET
// endpoint (a read) fails here at every paragraph of the docs, and every comment
// block of the sources, that lists the reads one by one (two or more of them in
// one enumeration: code spans joined by commas, "and", "or" or "/") without it.
// The fix is in that paragraph: name the new read, or say "the reads" (the GET
// endpoints) in words that need no list. A paragraph that says something of each
// of two reads in its own words (the state a read's answer shows) is no list.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { endpoints } from 'licensing-sdk/meta';

const ROOT = new URL('../../', import.meta.url);
const READS = Object.keys(endpoints).filter((name) => endpoints[name].method === 'GET');
// Written by generators (from the table itself), or history (the changelog).
const SKIPPED = /^(js\/generated\/|contract\/|api\/|CHANGELOG\.md$)|\.d\.ts$|\/generated\.rs$/;
// A comment line of Rust, JavaScript or a shell script; its text without the marker.
const COMMENT = /^\s*(\/\/[/!]?|\*|\/\*\*?|#(?![[!]))\s?/;

// A Markdown file's generated tables (RULES.md's, between `<!-- name:begin -->` and
// `<!-- name:end -->`): written from the tables, so never stale.
const GENERATED_REGION = /<!-- ([\w:-]+):begin -->[\s\S]*?<!-- \1:end -->/g;

// A run of code spans joined by commas, "and", "or" or "/" (a call's arguments
// between them allowed: `oneRead({…})`, `anotherRead({…})`).
const ENUMERATION = /`[^`\n]+`(?:\([^()]*\))?(?:(?:\s*[,/]\s*|\s+)(?:(?:and|or)\s+)?`[^`\n]+`(?:\([^()]*\))?)+/g;

/** The reads one enumeration of a paragraph names: the most of any of its runs. */
function listed(text) {
  let most = [];
  for (const run of text.match(ENUMERATION) ?? []) {
    const named = READS.filter((read) => new RegExp(`\`${read}\\b`).test(run));
    if (named.length > most.length) most = named;
  }
  return most;
}

/** The paragraphs of a file: Markdown's blank-line separated blocks, a source's runs of comment lines. */
function paragraphs(file, source) {
  const markdown = file.endsWith('.md');
  // Blanked line for line, so that the lines keep their numbers.
  const text = markdown ? source.replace(GENERATED_REGION, (region) => region.replace(/[^\n]/g, '')) : source;
  const found = [];
  let lines = [];
  let start = 0;
  const end = () => {
    if (lines.length > 0) found.push({ line: start, text: lines.join(' ') });
    lines = [];
  };
  text.split('\n').forEach((line, k) => {
    const inside = markdown ? line.trim() !== '' : COMMENT.test(line);
    if (!inside) return end();
    if (lines.length === 0) start = k + 1;
    lines.push(markdown ? line : line.replace(COMMENT, ''));
  });
  end();
  return found;
}

test('every paragraph naming the reads one by one names them all', () => {
  assert.ok(READS.length >= 2, `the reads: ${READS}`);
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
    .filter((f) => /\.(md|rs|js|mjs|cjs|ts|sh)$/.test(f) && !SKIPPED.test(f));
  const stale = [];
  let scanned = 0;
  for (const file of files) {
    for (const p of paragraphs(file, readFileSync(new URL(file, ROOT), 'utf8'))) {
      scanned += 1;
      const named = listed(p.text);
      if (named.length < 2) continue;
      if (named.length < READS.length) {
        stale.push(`${file}:${p.line} names ${named.join(', ')} but not ${READS.filter((r) => !named.includes(r)).join(', ')}`);
      }
    }
  }
  assert.deepEqual(stale, [], 'name the missing reads in these paragraphs (or say "the reads" without a list)');
  // No prose lists the reads now: the scan is seen to read the files, and the
  // client guide's retry table (generated, so skipped above) to be a list.
  assert.ok(scanned > 1000, `${scanned} paragraphs scanned: is the scan reading the files?`);
  const guide = readFileSync(new URL('docs/guide/client.md', ROOT), 'utf8');
  assert.deepEqual(listed(guide), READS, 'the retry table\'s row of the reads reads as a list');
});

test('an enumeration of the reads is a list; a sentence on each of them is not', () => {
  const [a, b] = READS;
  assert.deepEqual(listed(`the reads (\`${a}\`, \`${b}\`)`), [a, b]);
  assert.deepEqual(listed(`for \`${a}\` and \`${b}\`, the body`), [a, b]);
  assert.deepEqual(listed(`| \`${a}\`, \`x\`, or \`${b}\` | yes |`), [a, b]);
  assert.deepEqual(listed(`\`${a}({x, y})\`, \`${b}({z})\``), [a, b]);
  assert.deepEqual(listed(`a record as \`${a}\` answers it; an asset as \`${b}\` answers it`), []);
  assert.deepEqual(listed(`\`${a}\` (\`x\`) then \`${b}\``), []);
});
