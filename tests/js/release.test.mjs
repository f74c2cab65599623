// The release's scripts on a copy of the manifests: scripts/bump-version.mjs
// moves every version at once and keeps the released API; the npm README's
// links resolve on npm (scripts/build-js.mjs makes them absolute).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmReadme, project } from '../../scripts/build-js.mjs';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

test('bump-version moves the workspace, every internal dependency, the npm package and CHANGELOG.md together', () => {
  const copy = mkdtempSync(path.join(tmpdir(), 'bump-'));
  for (const f of ['Cargo.toml', 'CHANGELOG.md', 'js/package.json', 'api']) cpSync(path.join(ROOT, f), path.join(copy, f), { recursive: true });
  // Every crate's manifest: the Rust library's (crates/) and the npm package's wasm crates (js/).
  const manifests = ['crates', 'js'].flatMap((dir) => readdirSync(path.join(ROOT, dir))
    .map((c) => `${dir}/${c}/Cargo.toml`).filter((f) => existsSync(path.join(ROOT, f))));
  assert.ok(manifests.includes('js/sdk/Cargo.toml') && manifests.includes('crates/licensing-core/Cargo.toml'), manifests.join(' '));
  for (const f of manifests) cpSync(path.join(ROOT, f), path.join(copy, f));
  const { version } = project();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/bump-version.mjs'), '9.8.7', '--date', '2030-01-02', '--no-lock'],
    { env: { ...process.env, LICENSING_ROOT: copy }, stdio: 'pipe' });
  const read = (f) => readFileSync(path.join(copy, f), 'utf8');
  assert.match(read('Cargo.toml'), /\[workspace\.package\]\nversion = "9\.8\.7"/);
  for (const f of manifests) {
    assert.doesNotMatch(read(f), new RegExp(`licensing-[a-z-]+ = \\{ version = "${version.replace(/\./g, '\\.')}"`), f);
  }
  assert.match(read('js/sdk/Cargo.toml'), /licensing-core = \{ version = "9\.8\.7", path/);
  assert.match(read('crates/licensing-client/Cargo.toml'), /licensing-core = \{ version = "9\.8\.7", path/);
  assert.equal(JSON.parse(read('js/package.json')).version, '9.8.7');
  assert.match(read('CHANGELOG.md'), /^## \[Unreleased\]\n\n## \[9\.8\.7\] - 2030-01-02$/m);
  assert.ok(existsSync(path.join(copy, 'api/released/npm/licensing-sdk.api.txt')));
  assert.ok(existsSync(path.join(copy, 'api/released/rust/licensing-core.txt')));
});

test('the npm README links into the repository by absolute address', () => {
  const { repository } = project();
  const text = npmReadme(readFileSync(path.join(ROOT, 'js/README.md'), 'utf8'), repository);
  assert.doesNotMatch(text, /\]\(\.\.?\//, 'a relative link would break on npmjs.com');
  assert.match(text, new RegExp(`\\]\\(${repository.replace(/[.]/g, '\\.')}/blob/main/docs/guide/forms\\.md\\)`));
  assert.match(text, new RegExp(`\\]\\(${repository.replace(/[.]/g, '\\.')}/tree/main/examples/\\)`));
  // The package built from it.
  assert.equal(readFileSync(path.join(ROOT, 'pkg/README.md'), 'utf8'), text);
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'pkg/package.json'), 'utf8'));
  assert.deepEqual([manifest.repository.url, manifest.bugs.url, typeof manifest.homepage, manifest.engines.node],
    [`git+${repository}.git`, `${repository}/issues`, 'string', '>=18']);
});

test("the publish dry run verifies the packed crates under the workspace's dev profile (so it reuses make test's build)", () => {
  // A packed crate's manifest carries no profile: scripts/release-check.sh names
  // the workspace's on cargo's command line, and the two must say the same.
  const manifest = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8');
  const section = (name) => manifest.split(/^\[/m).find((s) => s.startsWith(`${name}]`)) ?? '';
  const debugOf = (name) => section(name).match(/^debug = (.+)$/m)?.[1];
  const script = readFileSync(path.join(ROOT, 'scripts/release-check.sh'), 'utf8');
  const named = Object.fromEntries([...script.matchAll(/--config '(profile\.dev(?:\.package\."\*")?)\.debug=([^']+)'/g)]
    .map(([, profile, value]) => [profile, value]));
  assert.deepEqual(named, {
    'profile.dev': debugOf('profile.dev'),
    'profile.dev.package."*"': debugOf('profile.dev.package."*"'),
  });
  assert.ok(named['profile.dev'] && named['profile.dev.package."*"'], JSON.stringify(named));
});
