// The simulator's two shells have one command line: `licensing-sim` (clap,
// crates/licensing-sim/src/config.rs) is the source, js/generated/sim-flags.js
// its projection (cargo xtask gen; xtask's generated-files test holds it to
// the code), and `npx licensing-sdk-sim` parses and prints its help from that.
// Here both binaries as users run them: the same options in their help (value
// names, defaults, words), licensing-sim's `--static` alone left out of the
// Node shell, and each shell starting with every option it lists given.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SIM_FLAGS } from '../../js/generated/sim-flags.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// Built by scripts/with-sim.sh, which make test-js runs this suite under.
const NATIVE = path.join(ROOT, 'target/release/licensing-sim');
const NODE_BIN = path.join(ROOT, 'node_modules/licensing-sdk/bin/licensing-sdk-sim.mjs');
const NATIVE_ONLY = ['--static', '--store'];

const words = (text) => text.replace(/\s+/g, ' ').trim();

/**
 * A help's options: flag → { value, default, help }. Either layout: an option's
 * line (`--flag <VALUE>` in clap's, `--flag VALUE` in the Node shell's), its
 * words after it or on the lines indented under it.
 */
function optionsOf(helpText) {
  const out = new Map();
  let current = null;
  for (const line of helpText.split('\n')) {
    const m = /^ {2,}(?:-\w, )?(--[\w-]+)(?: <([^>]+)>| ([^\s-]\S*))?(?: {2,}(.*))?$/.exec(line);
    if (m) {
      current = { value: m[2] ?? m[3] ?? null, text: m[4] ?? '' };
      out.set(m[1], current);
    } else if (current && /^ {6,}\S/.test(line)) {
      current.text += ` ${line.trim()}`;
    } else current = null;
  }
  for (const o of out.values()) {
    const d = /\s*\[default: ([^\]]*)\]$/.exec(o.text);
    o.default = d ? d[1] : null;
    o.help = words(d ? o.text.slice(0, d.index) : o.text);
    delete o.text;
  }
  for (const flag of ['--help', '--version']) out.delete(flag);
  return out;
}

test('both shells print the same options: flags, value names, defaults and words', { skip: !existsSync(NATIVE) && 'no target/release/licensing-sim' }, () => {
  const native = optionsOf(spawnSync(NATIVE, ['--help'], { encoding: 'utf8' }).stdout);
  const node = optionsOf(spawnSync(process.execPath, [NODE_BIN, '--help'], { encoding: 'utf8' }).stdout);
  const table = new Map(SIM_FLAGS.map((o) => [o.flag, { value: o.value, default: o.default, help: words(o.help) }]));
  assert.deepEqual(native, table, 'licensing-sim --help is the generated table (cargo xtask gen)');
  for (const flag of NATIVE_ONLY) table.delete(flag);
  assert.deepEqual(node, table, 'npx licensing-sdk-sim --help: licensing-sim\'s options but --static');
  assert.ok(node.size >= 15, `only ${node.size} options read from the Node shell's help`);
});

/** Every option the Node shell lists, given: a value of its kind. */
function everyOption(dir) {
  const state = path.join(dir, 'state.json');
  writeFileSync(state, JSON.stringify({ format: 'licensing-sim-state', version: 1, customers: [], orders: [], batches: [], assets: [], claims: [] }));
  const activities = path.join(dir, 'activities.json');
  writeFileSync(activities, JSON.stringify({ activities: [] }));
  const sample = {
    '--listen': '127.0.0.1:0', '--token': 't1=auth_order,auth_activity', '--activities': activities, '--state': state,
    '--admin-token': 'admin-1', '--drift': 'extra-field',
  };
  const args = [];
  for (const o of SIM_FLAGS) {
    if (NATIVE_ONLY.includes(o.flag)) continue;
    if (o.value === null) args.push(o.flag);
    else {
      const value = sample[o.flag] ?? o.default;
      assert.ok(value !== null && value !== undefined, `${o.flag}: no sample value (add one here)`);
      args.push(o.flag, value);
    }
  }
  return args;
}

/** Starts `command args`, resolves with its output once it says it listens; stops it. */
function startsListening(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      if (/listening on http:\/\//.test(output)) {
        child.kill('SIGTERM');
        resolve(output);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${path.basename(command)} exited (${code}) before listening:\n${output}`)));
  });
}

test('each shell starts with every option it lists given', { skip: !existsSync(NATIVE) && 'no target/release/licensing-sim' }, async () => {
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'sim-cli-'));
  const args = everyOption(dir);
  await startsListening(NATIVE, args);
  await startsListening(process.execPath, [NODE_BIN, ...args]);
});

/** Starts `command args` on a free port; resolves with { url, stop } once it listens. */
function listening(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, '--listen', '127.0.0.1:0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/\S+?)\/?\s/.exec(output);
      if (found) resolve({ url: found[1], stop: () => child.kill('SIGTERM') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${path.basename(command)} exited (${code}) before listening:\n${output}`)));
  });
}

test('both shells keep a virtual clock: POST /__sim/clock moves it, and a delayed answer waits for it', { skip: !existsSync(NATIVE) && 'no target/release/licensing-sim' }, async () => {
  for (const [command, args] of [[NATIVE, []], [process.execPath, [NODE_BIN]]]) {
    const sim = await listening(command, [...args, '--clock', 'virtual', '--admin-token', 'clock-admin']);
    try {
      const admin = (query) => fetch(`${sim.url}/__sim/clock${query}`, { method: 'POST', headers: { 'x-sim-admin': 'clock-admin' } })
        .then(async (r) => ({ status: r.status, body: await r.json() }));
      assert.deepEqual(await admin(''), { status: 200, body: { clock: 'virtual', now: 1_767_225_600_000, date: '2026-01-01 00:00:00' } }, command);
      let answered = false;
      const delayed = fetch(`${sim.url}/order/api/order/v1/shellnums?g_nonce=clock-1`, {
        method: 'POST', body: '{"size":1}',
        headers: { authorization: 'Bearer dev-order-token', 'content-type': 'application/json', 'x-sim-fault': 'delay=30000' },
      }).then(async (r) => { answered = true; return r.json(); });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(answered, false, `${command}: answered before its clock moved`);
      assert.equal((await admin('?advance=30000')).body.date, '2026-01-01 00:00:30', command);
      assert.deepEqual((await delayed).data, ['8000000001'], command);
      assert.equal((await admin('?set=5')).status, 409, command);
    } finally {
      sim.stop();
    }
  }
});
