// Shared by the contract tests: paths, free ports, and child processes that
// serve on a port (licensing-sim, Prism), each stopped by its own pid.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, portAnswers } from '../ports.mjs';

export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
export const BIN = path.join(HERE, 'node_modules/.bin');
export const SIM = path.join(ROOT, 'target/release/licensing-sim');
export const VENV = path.join(ROOT, 'target/contract/venv');
/** The documents under test, as committed (not the installed package's copies). */
export const DOCUMENT = path.join(ROOT, 'contract/openapi.json');
export const SPEC_DOCUMENT = path.join(ROOT, 'contract/schemas/spec/openapi.json');

export { freePort };

/**
 * Starts `command args` (given `port` to listen on), waits until the port
 * answers (at most `waitMs`) and returns { url, output(), stop() }.
 */
export async function serve(command, args, { port, waitMs = 60_000, env = {} } = {}) {
  if (!existsSync(command)) throw new Error(`${command} is missing (make test-contract installs and builds what it needs)`);
  const child = spawn(command, args, { cwd: HERE, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => { output += d; });
  child.stderr.on('data', (d) => { output += d; });
  let exited = null;
  child.once('exit', (code, signal) => { exited = { code, signal }; });
  const deadline = Date.now() + waitMs;
  while (!(await portAnswers(port))) {
    if (exited) throw new Error(`${path.basename(command)} exited early (${JSON.stringify(exited)}): ${output}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new Error(`${path.basename(command)} did not answer on port ${port}: ${output}`); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (exited) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** licensing-sim on a free port (development tokens, quiet). */
export async function startSim(args = []) {
  const port = await freePort();
  return serve(SIM, ['--listen', `127.0.0.1:${port}`, '--quiet', ...args], { port, waitMs: 15_000 });
}

/** A Prism mock (static: examples first) of a document on a free port. */
export async function startPrism(document, args = []) {
  const port = await freePort();
  return serve(path.join(BIN, 'prism'), ['mock', '-h', '127.0.0.1', '-p', String(port), ...args, document], { port });
}
