// scripts/changelog-check.mjs: an API change since the last release must be
// named in CHANGELOG.md's upcoming section (make release-check runs it on the
// real reports; here, on small ones with a released copy).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { names, unnamed, upcoming } from '../../scripts/changelog-check.mjs';

const released = `export validate:
  function validate(endpoint: Endpoint): ValidationReport;

pub fn licensing_client::Client<T>::send_json(&self, &str) -> Answer
pub struct licensing_client::ClientOptions
pub fn licensing_client::ClientOptions::clone(&self) -> licensing_client::ClientOptions
`;
const current = `export validate:
  function validate(endpoint: Endpoint): ValidationReport;

export checkAnswer:
  function checkAnswer(endpoint: Endpoint): ValidationReport;

pub fn licensing_client::Client<T>::send_body(&self, licensing_client::BodyText<'_>) -> Answer
pub struct licensing_client::ClientOptions
pub const licensing_client::MAX_HEADERS: usize
`;

test('the names a report declares: exports, and the last segment of Rust paths without generics or trait methods', () => {
  assert.deepEqual([...names(current)].sort(), ['ClientOptions', 'MAX_HEADERS', 'checkAnswer', 'send_body', 'validate']);
  assert.ok(!names(released).has('clone'));
});

test('every name added or removed since the release must be in the upcoming section', () => {
  const changelog = '# Changelog\n\n## [Unreleased]\n\n- `checkAnswer` and `Client::send_body`.\n\n## [0.1.0] - 2026-11-01\n\n- `MAX_HEADERS` (an old entry does not count).\n';
  const section = upcoming(changelog);
  assert.match(section, /Unreleased/);
  assert.doesNotMatch(section, /0\.1\.0/);
  assert.deepEqual(unnamed(released, current, section), [['added', 'MAX_HEADERS'], ['removed', 'send_json']]);
  assert.deepEqual(unnamed(released, released, section), []);
});
