// The committed document and schemas in the linters and the validator their
// users run: Spectral (spectral:oas) and Redocly (recommended) with no error,
// and with this folder's rulesets (spectral.yaml, redocly.yaml and
// .redocly.lint-ignore.yaml, which say why each rule they turn off is off) with
// no problem at all; every JSON Schema compiles under ajv 2020 `strict: true`
// with the two x- keywords declared, as the contract guide says, and no warning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Ajv2020 from 'ajv/dist/2020.js';
import { endpoints } from 'licensing-sdk/meta';
import { BIN, DOCUMENT, HERE, ROOT, SPEC_DOCUMENT } from './harness.mjs';

const run = promisify(execFile);
const DOCUMENTS = [DOCUMENT, SPEC_DOCUMENT];
const rel = (file) => path.relative(ROOT, file);
// No telemetry, no update check: the machines reach no such host.
const REDOCLY_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

/** Spectral's findings (JSON), whatever its exit code. */
async function spectral(ruleset, file) {
  const args = ['lint', '--ruleset', ruleset, '--format', 'json', '--quiet', '--fail-severity', 'error', file];
  const { stdout } = await run(path.join(BIN, 'spectral'), args, { cwd: HERE }).catch((e) => e);
  return JSON.parse(stdout || '[]');
}

/** Redocly's findings (JSON), from `cwd` (where it looks for its config). */
async function redocly(args, file, cwd) {
  const { stdout } = await run(path.join(BIN, 'redocly'), ['lint', ...args, '--format', 'json', file], { cwd, env: REDOCLY_ENV })
    .catch((e) => e);
  return JSON.parse(stdout);
}

// The request objects of the GET operations, which send their fields as path and
// query parameters: the one component each linter is told is unused on purpose.
const GET_REQUESTS = Object.values(endpoints).filter((e) => e.method === 'GET').map((e) => e.requestType).sort();
const named = (file) => [...new Set([...readFileSync(path.join(HERE, file), 'utf8').matchAll(/#\/components\/schemas\/(\w+)/g)].map((m) => m[1]))].sort();

test('the linters exempt the request objects of the GET operations, all of them and nothing else', () => {
  assert.deepEqual(named('.redocly.lint-ignore.yaml'), GET_REQUESTS, '.redocly.lint-ignore.yaml');
  assert.deepEqual(named('spectral.yaml'), GET_REQUESTS, 'spectral.yaml');
});

const show = (problems) => JSON.stringify(problems.map((p) => [p.code ?? p.ruleId, (p.path ?? []).join?.('.') ?? '', p.message]), null, 1);

for (const file of DOCUMENTS) {
  test(`Spectral: ${rel(file)} has no error under spectral:oas, no problem under spectral.yaml`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'spectral-'));
    const bare = path.join(dir, 'oas.yaml');
    writeFileSync(bare, 'extends: ["spectral:oas"]\n');
    const oas = await spectral(bare, file);
    assert.deepEqual(oas.filter((p) => p.severity === 0), [], show(oas));
    // What spectral:oas still warns about is exactly what our ruleset turns off.
    const off = ['oas3-operation-security-defined', 'info-contact', 'oas3-unused-component'];
    assert.deepEqual([...new Set(oas.map((p) => p.code))].sort(), off.sort(), show(oas));
    const ours = await spectral(path.join(HERE, 'spectral.yaml'), file);
    assert.deepEqual(ours, [], show(ours));
  });

  test(`Redocly: ${rel(file)} is valid under recommended, with no problem under redocly.yaml`, async () => {
    const bare = await redocly(['--extends', 'recommended'], file, ROOT);
    assert.equal(bare.totals.errors, 0, show(bare.problems));
    assert.deepEqual([...new Set(bare.problems.map((p) => p.ruleId))].sort(), ['info-license', 'no-unused-components'], show(bare.problems));
    const ours = await redocly(['--config', 'redocly.yaml'], file, HERE);
    assert.deepEqual(ours.totals, { errors: 0, warnings: 0, ignored: GET_REQUESTS.length }, show(ours.problems));
  });
}

test('ajv 2020 strict: every JSON Schema compiles, with no warning', () => {
  const files = [];
  for (const dir of ['contract/schemas', 'contract/schemas/spec']) {
    for (const name of readdirSync(path.join(ROOT, dir))) {
      if (name.endsWith('.json') && name !== 'openapi.json') files.push(path.join(ROOT, dir, name));
    }
  }
  // One per endpoint, under each profile.
  assert.equal(files.length, 2 * Object.keys(endpoints).length);
  for (const file of files) {
    const logged = [];
    const logger = { log: () => {}, warn: (...m) => logged.push(m.join(' ')), error: (...m) => logged.push(m.join(' ')) };
    // The contract guide's line: strict mode, the x- keywords declared.
    const ajv = new Ajv2020({ strict: true, logger });
    ajv.addVocabulary(['x-licensing-profile', 'x-licensing-rules']);
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    assert.doesNotThrow(() => ajv.compile(schema), rel(file));
    assert.deepEqual(logged, [], rel(file));
    // And without the keywords declared, strict mode names the first one.
    assert.throws(() => new Ajv2020({ strict: true, logger }).compile(schema), /unknown keyword: "x-licensing-profile"/);
  }
});
