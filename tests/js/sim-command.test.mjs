// The package's commands read their command lines with one reader
// (js/shared/cli/args.js): verify, proxy and state with its defaults, the
// simulator's command (js/shared/cli/sim.js) with what it adds: words refused
// at once, a flag refused with why (licensing-sim's --static), readers of
// their own (--token, --activities, --help=VALUE). Here the reader, and the
// simulator's command run in-process as the bin runs it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { request } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSimulator } from 'licensing-sdk/testing';
import { parseArgs } from '../../js/shared/cli/args.js';
import { SIM_HELP, simCommand } from '../../js/shared/cli/sim.js';

const FLAGS = {
  '--name': { key: 'name', kind: 'string' },
  '--count': { key: 'count', kind: 'number' },
  '--many': { key: 'many', kind: 'list' },
  '--on': { key: 'on', kind: 'boolean' },
};

test('the reader as verify, proxy and state use it: words kept, flags of their kind', () => {
  assert.deepEqual(parseArgs(['a', '--name', 'x', '--count=3', '--many', '1', '--many=2', '--on', 'b'], FLAGS),
    { _: ['a', 'b'], name: 'x', count: 3, many: ['1', '2'], on: true });
  assert.throws(() => parseArgs(['--nope=1'], FLAGS), { message: 'unknown argument "--nope=1" (--help lists the options)' });
  assert.throws(() => parseArgs(['--on=1'], FLAGS), { message: '--on takes no value' });
  assert.throws(() => parseArgs(['--name'], FLAGS), { message: '--name needs a value' });
  assert.throws(() => parseArgs(['--count', '-1'], FLAGS), { message: '--count expects a whole number, not "-1"' });
  // Decimal digits only, as licensing-sim reads them (Number() read '' as 0 and '0x10' as 16).
  for (const value of ['', '0x10', ' 7 ', '1e3', '7.0']) {
    assert.throws(() => parseArgs(['--count', value], FLAGS), { message: `--count expects a whole number, not ${JSON.stringify(value)}` });
  }
});

test('what the simulator adds: words refused at once, a flag refused with why, readers of their own', () => {
  const flags = {
    ...FLAGS,
    '--static': { unknown: 'not here' },
    '--pair': { key: 'pairs', kind: 'list', read: (text, pairs = {}) => ({ ...pairs, [text.split('=')[0]]: text.split('=')[1] }) },
    '--help': { key: 'help', kind: 'boolean', read: () => true },
  };
  const words = { words: false };
  assert.throws(() => parseArgs(['a', '--nope'], flags, words), { message: 'unknown argument "a" (--help lists the options)' });
  // Only the table's own flags: no name of Object.prototype is one.
  assert.throws(() => parseArgs(['constructor'], flags, words), { message: 'unknown argument "constructor" (--help lists the options)' });
  assert.throws(() => parseArgs(['--static=a=b'], flags, words), { message: 'unknown argument "--static=a=b" (not here)' });
  assert.deepEqual(parseArgs(['--pair', 'a=1', '--pair=b=2', '--help=yes'], flags, words), { _: [], pairs: { a: '1', b: '2' }, help: true });
});

/** `simCommand(argv)` with its output: `{ result, stdout, stderr }`. */
async function sim(argv, more = {}) {
  const out = { stdout: '', stderr: '' };
  const io = { stdout: { write: (t) => { out.stdout += t; } }, stderr: { write: (t) => { out.stderr += t; } } };
  out.result = await simCommand(argv, { ...io, createSimulator, ...more });
  return out;
}

test('the simulator\'s command: its help, its refusals and their exit codes', async () => {
  for (const argv of [['--help'], ['-h'], ['--help=x']]) assert.deepEqual(await sim(argv), { stdout: `${SIM_HELP}\n`, stderr: '', result: 0 });
  assert.deepEqual(await sim(['--help', 'foo']), { stdout: '', stderr: 'licensing-sdk-sim: unknown argument "foo" (--help lists the options)\n', result: 2 });
  assert.deepEqual(await sim(['--static', 'a=b']), {
    stdout: '', stderr: 'licensing-sdk-sim: unknown argument "--static" (licensing-sim has it; this shell does not)\n', result: 2,
  });
  assert.deepEqual(await sim(['--token', 'x']), { stdout: '', stderr: 'licensing-sdk-sim: --token expects TOKEN=SCOPES, not "x"\n', result: 2 });
  assert.deepEqual(await sim(['--listen', 'nope']), { stdout: '', stderr: 'licensing-sdk-sim: --listen expects HOST:PORT, not "nope"\n', result: 2 });
  const file = path.join(tmpdir(), `activities-${process.pid}.json`);
  writeFileSync(file, '{');
  try {
    const { stderr, result } = await sim(['--activities', file]);
    assert.equal(result, 2);
    assert.ok(stderr.startsWith(`licensing-sdk-sim: --activities ${file}: `), stderr);
  } finally {
    rmSync(file, { force: true });
  }
});

test('the simulator\'s command serves: its stop armed before its address is printed', async () => {
  let printed;
  let stdout = '';
  const result = await simCommand(['--listen', '127.0.0.1:0', '--quiet', '--token', 't1=auth_order', '--admin-token', 'a1'], {
    createSimulator,
    stdout: { write: (t) => { stdout += t; } },
    stderr: { write: (t) => assert.fail(t) },
    serving: (served) => { printed = stdout; assert.equal(typeof served.stop, 'function'); },
  });
  try {
    assert.equal(printed, '', 'serving(served) is called before anything is printed');
    assert.equal(stdout, `licensing-sdk-sim listening on ${result.address}/\n`);
    const answer = await fetch(`${result.address}/order/api/order/v1/shellnums?g_nonce=c1`, {
      method: 'POST', body: '{"size":1}', headers: { authorization: 'Bearer t1', 'content-type': 'application/json' },
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('access-control-allow-origin'), '*');
    await answer.arrayBuffer();
    // A method no Request carries (fetch cannot send it either): said so, not a 500 with the runtime's words.
    const traced = await new Promise((resolve, reject) => {
      const req = request(`${result.address}/order/api/order/v1/shellnums`, { method: 'TRACE' }, (res) => {
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(traced.status, 501);
    assert.match(traced.text, /a TRACE request is not served/);
  } finally {
    await result.stop();
  }
});
