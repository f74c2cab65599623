// Cuts a version: `node scripts/bump-version.mjs X.Y.Z [--date YYYY-MM-DD] [--no-lock]`.
// One command moves every place that says the version: Cargo.toml's
// [workspace.package] (every crate's), the `version` beside each internal path
// dependency, js/package.json (the npm package's; scripts/build-js.mjs refuses
// a build where the two differ), Cargo.lock, and CHANGELOG.md, whose upcoming
// section becomes `## [X.Y.Z] - DATE` under a new empty `## [Unreleased]`. It
// keeps the API reports as the release's (api/released/), which
// scripts/changelog-check.mjs compares the next changes with. It publishes
// nothing: RELEASING.md says what follows.
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// LICENSING_ROOT: another checkout's copy (tests/js/release.test.mjs).
const ROOT = process.env.LICENSING_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const [version, ...rest] = process.argv.slice(2);
const dateAt = rest.indexOf('--date');
const date = dateAt >= 0 ? rest[dateAt + 1] : new Date().toISOString().slice(0, 10);
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? '')) {
  console.error('usage: node scripts/bump-version.mjs X.Y.Z [--date YYYY-MM-DD]');
  process.exit(2);
}

const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');
const write = (file, text) => { writeFileSync(path.join(ROOT, file), text); console.log(`updated ${file}`); };

const cargo = read('Cargo.toml');
const old = /\[workspace\.package\][^[]*?^version = "([^"]+)"/m.exec(cargo)?.[1];
if (!old) throw new Error('Cargo.toml: no version in [workspace.package]');

// The manifests: the workspace's version, and each internal dependency's.
const internal = new RegExp(`^(licensing-[a-z-]+ = \\{ version = ")${old.replace(/\./g, '\\.')}(")`, 'gm');
// Every crate lives in crates/ (the Rust library) or js/ (the npm package's wasm crates).
const manifests = ['Cargo.toml', ...['crates', 'js'].flatMap((dir) => readdirSync(path.join(ROOT, dir))
  .map((c) => `${dir}/${c}/Cargo.toml`).filter((file) => existsSync(path.join(ROOT, file))))];
for (const file of manifests) {
  let text = read(file);
  if (file === 'Cargo.toml') text = text.replace(/(\[workspace\.package\][^[]*?^version = ")[^"]+(")/m, `$1${version}$2`);
  text = text.replace(internal, `$1${version}$2`);
  if (text !== read(file)) write(file, text);
}

const manifest = JSON.parse(read('js/package.json'));
manifest.version = version;
write('js/package.json', `${JSON.stringify(manifest, null, 2)}\n`);

// CHANGELOG.md: the upcoming section is the release's.
const changelog = read('CHANGELOG.md');
const heading = /^## \[(?:Unreleased|[^\]]+\] - Unreleased)\]?.*$/m;
if (!heading.test(changelog)) throw new Error('CHANGELOG.md has no upcoming section (## [Unreleased])');
write('CHANGELOG.md', changelog.replace(heading, `## [Unreleased]\n\n## [${version}] - ${date}`));

// The API as released, for the next changelog check.
rmSync(path.join(ROOT, 'api/released'), { recursive: true, force: true });
cpSync(path.join(ROOT, 'api/rust'), path.join(ROOT, 'api/released/rust'), { recursive: true });
cpSync(path.join(ROOT, 'api/npm'), path.join(ROOT, 'api/released/npm'), { recursive: true });
console.log('kept api/rust and api/npm as api/released/');

if (!rest.includes('--no-lock')) execFileSync('cargo', ['update', '--workspace', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
console.log(`updated Cargo.lock\n${old} -> ${version}: review the diff, then make release-check (RELEASING.md)`);
