// The outbox's promise in Node over fileStorage: every write endpoint × every
// crash point × the simulator's faults × a reopen ends with exactly one effect
// on the service, or a job that says `unknown` and was not sent again; never
// two (the cases: tests/browser/outbox-crash-points.mjs, which the browser
// suite runs over IndexedDB in Chromium, Firefox and WebKit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LicensingClient } from 'licensing-sdk';
import { endpoints } from 'licensing-sdk/meta';
import { createSimulator } from 'licensing-sdk/testing';
import { fileStorage, openOutbox } from 'licensing-sdk/outbox';
import { cases, runCase } from '../../../tests/browser/outbox-crash-points.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'outbox-crash-'));
const paths = Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.path]));
const deps = {
  LicensingClient,
  openOutbox,
  // Each open reads the file anew, as a restarted process would.
  async storageFor(name) {
    const file = path.join(folder, `${name}.json`);
    return { open: async () => fileStorage(file), dispose: async () => rmSync(file, { force: true }) };
  },
};

test('every write × every crash point × every fault × a reopen: one effect, or unknown and not repeated (file storage)', async (t) => {
  const all = cases();
  assert.equal(all.length, 8 * 4 * 4);
  const seen = { settled: 0, failed: 0, unknown: 0 };
  const sim = await createSimulator({ seed: 0 });
  for (const c of all) {
    await t.test(`${c.endpoint} × ${c.crash} × ${c.fault.name}`, async () => {
      const result = await runCase(deps, c, paths, sim);
      assert.ok(result.ok, result.detail);
      seen[result.job] += 1;
    });
  }
  // The cases reach every end: a property that only ever settles would prove little.
  assert.ok(seen.settled > 0 && seen.failed > 0 && seen.unknown > 0, JSON.stringify(seen));
  rmSync(folder, { recursive: true, force: true });
});
