// licensing-sdk/testing bundled into a Node test, as esbuild (`--bundle
// --platform=node`, ESM and CommonJS) or a test runner that bundles does it:
// the bundle must carry the simulator's wasm itself (inside testing.cjs), with no
// require() of a Node built-in left to fail in an ES module and no path next
// to a file the bundler moved. Each bundle runs in a node process of its own.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Under the repository, so `licensing-sdk` resolves to the installed package.
const DIR = path.join(ROOT, 'target/bundle-testing');

// No top-level await: the same source is bundled as CommonJS too.
const ENTRY = `import { createSimulator } from 'licensing-sdk/testing';

createSimulator({ seed: 7 }).then(async (sim) => {
  const res = await sim.fetch('https://licensing.test/order/api/order/v1/shellnums?g_nonce=bundled-1', {
    method: 'POST',
    headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json' },
    body: '{"size":2}',
  });
  console.log(JSON.stringify({ status: res.status, body: await res.json(), stats: sim.stats() }));
});
`;

for (const format of ['esm', 'cjs']) {
  test(`licensing-sdk/testing bundled by esbuild (platform node, format ${format}) answers from the simulator`, async () => {
    const dir = path.join(DIR, format);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const entry = path.join(dir, 'entry.mjs');
    writeFileSync(entry, ENTRY);
    const outfile = path.join(dir, format === 'esm' ? 'bundle.mjs' : 'bundle.cjs');
    const { metafile } = await esbuild.build({
      entryPoints: [entry], bundle: true, platform: 'node', format, outfile, metafile: true, logLevel: 'silent',
    });
    // The package is inside the bundle: nothing of it is left to resolve at run time.
    const external = Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    assert.deepEqual(external.filter((p) => !p.startsWith('node:')), [], 'only Node built-ins stay external');

    const { stdout } = await promisify(execFile)(process.execPath, [outfile], { cwd: dir, timeout: 60_000 });
    const answer = JSON.parse(stdout);
    assert.equal(answer.status, 200);
    // The same seed, the same numbers (docs/guide/testing.md).
    assert.deepEqual(answer.body, { code: 0, message: 'success', data: ['8000000008', '8000000009'] });
    assert.equal(answer.stats.orders, 0);
  });
}
