// CHANGELOG.md names every change to the public API since the last release.
// The API reports (api/rust/*.txt, api/npm/licensing-sdk.api.txt, each checked
// against the code by make test) are compared with the last release's copy in
// api/released/ (scripts/bump-version.mjs keeps it when a version is cut): each
// item added or removed since must be named, in backticks, in CHANGELOG.md's
// section of the version being prepared (the first `## ` section). Before the
// first release there is no copy, and nothing to compare: it says so.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Methods of the standard traits (derived or written): `impl Clone for X` is
 * its own line of the report, and the change is named by the type's name.
 */
const TRAIT_METHODS = new Set(['clone', 'clone_from', 'fmt', 'eq', 'ne', 'hash', 'default', 'from', 'into', 'try_from',
  'try_into', 'deserialize', 'serialize', 'partial_cmp', 'cmp', 'from_str', 'deref', 'as_ref', 'drop', 'to_owned', 'next']);

/** The names an API report's lines declare: `export NAME:` (npm) and the last segment of a Rust item's path. */
export function names(report) {
  const out = new Set();
  for (const line of report.split('\n')) {
    const npm = /^export ([A-Za-z_$][\w$]*):$/.exec(line);
    if (npm) out.add(npm[1]);
    const rust = /^(?:#\[[^\]]*\] )*pub (?:(?:async|unsafe|const|extern "C") )*(?:fn|struct|enum|trait|type|const|static|mod|macro|use|union)? ?(.+)$/.exec(line);
    if (!rust) continue;
    let item = rust[1].split(/\(|: | = /)[0];
    while (/<[^<>]*>/.test(item)) item = item.replace(/<[^<>]*>/g, '');
    const last = item.split('::').at(-1)?.trim();
    if (last && /^[A-Za-z_]\w*$/.test(last) && !TRAIT_METHODS.has(last)) out.add(last);
  }
  return out;
}

/** The first `## ` section of a changelog: the version being prepared. */
export function upcoming(changelog) {
  const start = changelog.indexOf('\n## ');
  if (start < 0) return '';
  const end = changelog.indexOf('\n## ', start + 4);
  return changelog.slice(start, end < 0 ? undefined : end);
}

/** The names added or removed between two reports that `section` does not name in backticks. */
export function unnamed(released, current, section) {
  const [was, is] = [names(released), names(current)];
  const changed = [...is].filter((n) => !was.has(n)).map((n) => ['added', n])
    .concat([...was].filter((n) => !is.has(n)).map((n) => ['removed', n]));
  return changed.filter(([, n]) => !section.includes(`\`${n}`) && !section.includes(`${n}\``) && !section.includes(`.${n}`));
}

/** The report files of the API: `[name, current path, released path]`. */
function reports() {
  const out = [['npm', 'api/npm/licensing-sdk.api.txt', 'api/released/npm/licensing-sdk.api.txt']];
  for (const f of readdirSync(path.join(ROOT, 'api/rust'))) out.push([f, `api/rust/${f}`, `api/released/rust/${f}`]);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const section = upcoming(readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8'));
  let problems = 0;
  let compared = 0;
  for (const [name, current, released] of reports()) {
    if (!existsSync(path.join(ROOT, released))) continue;
    compared += 1;
    for (const [how, item] of unnamed(readFileSync(path.join(ROOT, released), 'utf8'), readFileSync(path.join(ROOT, current), 'utf8'), section)) {
      console.error(`CHANGELOG.md's upcoming section does not name \`${item}\`, ${how} in ${name} since the last release`);
      problems += 1;
    }
  }
  if (compared === 0) console.log('changelog-check: no released API in api/released/ yet (before the first release): nothing to compare');
  else if (problems === 0) console.log(`changelog-check: every API change since the last release is named (${compared} reports)`);
  process.exit(problems === 0 ? 0 : 1);
}
