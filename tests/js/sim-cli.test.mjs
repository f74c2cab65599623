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
const NATIVE_ONLY = ['--static'];

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
