// make bench-sim: the simulator a team shares, under load, side by side with
// WireMock in the same run. The load generator is oha (pinned in
// scripts/install-tools.sh), with a fresh random g_nonce per request
// (--rand-regex-url), 64 connections, 10 s per figure. For each store (memory,
// SQLite, PostgreSQL on a server this script starts in a temporary folder):
// reads per second (GET listAssets), durable writes per second with p50/p99
// (POST shellNums), with 1 and 1,000 sessions; memory per session; restart
// time with 10,000 stored sessions. PostgreSQL's writes also across two
// processes. WireMock (its standalone jar, from npm, pinned in this folder's
// lockfile) on the same HTTP shape: a stub per route, the write stub moving a
// scenario's state (its stateful feature), its request journal on.
// Writes bench/sim/results.md and results.json.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync, existsSync, readdirSync, chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const SIM = path.join(ROOT, 'target/release/licensing-sim');
const ADMIN = 'bench-admin';
const SECONDS = Number(process.env.BENCH_SIM_SECONDS ?? 10);
const CONNECTIONS = 64;
const SESSIONS = [1, 1000];
const RESTART_SESSIONS = Number(process.env.BENCH_SIM_RESTART_SESSIONS ?? 10_000);
const TMP = mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'bench-sim-'));
chmodSync(TMP, 0o755);

const log = (...args) => console.error('[bench-sim]', ...args);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A licensing-sim process on `store` (undefined: memory). */
async function startSim(store) {
  const port = await freePort();
  const args = ['--listen', `127.0.0.1:${port}`, '--quiet', '--admin-token', ADMIN,
    '--max-sessions', '20000', '--sessions-per-minute', '1000000'];
  if (store) args.push('--store', store);
  const child = spawn(SIM, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr.on('data', (d) => { said += d; });
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`licensing-sim ended: ${said}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/__sim/health`);
      if (r.status === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(5);
  }
  return { child, port, url: `http://127.0.0.1:${port}`, readyMs: performance.now() - started };
}

function stop(proc, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (proc.child.exitCode !== null || proc.child.signalCode !== null) return resolve();
    proc.child.once('exit', () => resolve());
    proc.child.kill(signal);
  });
}

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** Runs `jobs` async thunks, `width` at a time. */
async function pool(jobs, width = 32) {
  let next = 0;
  const results = [];
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  }));
  return results;
}

let nonce = 0;
const nextNonce = () => `setup-${process.pid}-${nonce++}`;

/** Makes `count` sessions on `sim`, each with one write: their ids. */
async function makeSessions(sim, count) {
  const jobs = Array.from({ length: count }, () => async () => {
    const r = await fetch(`${sim.url}/__sim/sessions`, { method: 'POST', headers: { 'x-sim-admin': ADMIN, 'content-type': 'application/json' }, body: '{}' });
    if (r.status !== 201) throw new Error(`a session: ${r.status} ${await r.text()}`);
    const { id } = await r.json();
    const w = await fetch(`${sim.url}/s/${id}/order/api/order/v1/shellnums?g_nonce=${nextNonce()}`, {
      method: 'POST', headers: { authorization: 'Bearer dev-all-token', 'content-type': 'application/json' }, body: '{"size":1}',
    });
    if (w.status !== 200) throw new Error(`a write: ${w.status}`);
    return id;
  });
  return pool(jobs);
}

const OHA = process.env.OHA ?? 'oha';

/** oha against `regexUrl` for SECONDS: requests/s, p50 and p99 in ms, and the status codes. */
function oha(regexUrl, { method = 'GET', body, headers = {}, rate } = {}) {
  const args = ['-z', `${SECONDS}s`, '-c', String(CONNECTIONS), '--no-tui', '--output-format', 'json', '--rand-regex-url', '-m', method];
  // Held at `rate` requests per second (oha -q) rather than as many as the connections get through.
  if (rate !== undefined) args.push('-q', String(rate));
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (body !== undefined) args.push('-d', body);
  args.push(regexUrl);
  const out = execFileSync(OHA, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const r = JSON.parse(out);
  // A figure counts only if every answer was the one the scenario expects.
  // (The requests in flight when the time is up are cut by oha: "aborted due to deadline".)
  const statuses = Object.keys(r.statusCodeDistribution ?? {});
  const errors = Object.keys(r.errorDistribution ?? {}).filter((e) => e !== 'aborted due to deadline');
  if (statuses.length !== 1 || statuses[0] !== '200' || errors.length > 0) {
    throw new Error(`oha ${args.join(" ")}: answers ${JSON.stringify(r.statusCodeDistribution)}, errors ${JSON.stringify(r.errorDistribution)}`);
  }
  const p = r.latencyPercentiles ?? {};
  return {
    rps: r.summary.requestsPerSec,
    p50: (p.p50 ?? 0) * 1000,
    p99: (p.p99 ?? 0) * 1000,
    statuses: r.statusCodeDistribution,
    errors: r.errorDistribution,
  };
}

// A literal character in oha's regex: a class of one (its `\\.` does not stay a dot).
const esc = (text) => text.replace(/[.?+*()[\]{}|\\^$]/g, (c) => `[${c}]`);
const NONCE = 'g_nonce=[a-z0-9]{24}';

/** The regex URL of a route on the processes `ports`, in one of `sessions` (none: the simulator's own). */
function routeUrl(ports, sessions, route) {
  const host = ports.length === 1 ? `127[.]0[.]0[.]1:${ports[0]}` : `127[.]0[.]0[.]1:(${ports.join('|')})`;
  const prefix = sessions.length === 0 ? '' : sessions.length === 1 ? `/s/${sessions[0]}` : `/s/(${sessions.join('|')})`;
  return `http://${host}${prefix}${esc(route)}[?]${NONCE}`;
}

const READ = '/order/api/order/v1/asset/EG-1/list';
const WRITE = '/order/api/order/v1/shellnums';
const AUTH = { authorization: 'Bearer dev-all-token' };
const WRITE_OPTS = { method: 'POST', body: '{"size":1}', headers: { ...AUTH, 'content-type': 'application/json' } };

/** The rate the durable-write target holds its p99 at. */
const HELD_RATE = 2_000;

/**
 * The figures of one store: reads and writes with 1 and 1,000 sessions (as many
 * as 64 connections get through), memory per session; with `held`, the writes
 * again held at HELD_RATE, where the target's p99 is read.
 */
async function measureStore(name, store, { held = false } = {}) {
  const sim = await startSim(store());
  const figures = { store: name, reads: {}, writes: {}, ...(held ? { held: {} } : {}) };
  const before = rssKb(sim.child.pid);
  const sessions = await makeSessions(sim, Math.max(...SESSIONS));
  const after = rssKb(sim.child.pid);
  figures.memoryPerSessionKb = (after - before) / sessions.length;
  for (const count of SESSIONS) {
    const ids = sessions.slice(0, count);
    log(name, `reads, ${count} session(s)`);
    figures.reads[count] = oha(routeUrl([sim.port], ids, READ), { headers: AUTH });
    log(name, `writes, ${count} session(s)`);
    figures.writes[count] = oha(routeUrl([sim.port], ids, WRITE), WRITE_OPTS);
    if (held) {
      log(name, `writes held at ${HELD_RATE}/s, ${count} session(s)`);
      figures.held[count] = oha(routeUrl([sim.port], ids, WRITE), { ...WRITE_OPTS, rate: HELD_RATE });
    }
  }
  await stop(sim);
  return figures;
}

/** Restart time with RESTART_SESSIONS stored sessions (each with one write): killed with SIGKILL, started again. */
async function restartTime(store) {
  const url = store();
  const sim = await startSim(url);
  await makeSessions(sim, RESTART_SESSIONS);
  await stop(sim, 'SIGKILL');
  const again = await startSim(url);
  const list = await (await fetch(`${again.url}/__sim/sessions`, { headers: { 'x-sim-admin': ADMIN } })).json();
  await stop(again);
  return { sessions: list.sessions.length, readyMs: again.readyMs };
}

// --- PostgreSQL: a server of this run, in a temporary folder, on loopback.
function pgBin() {
  if (process.env.LICENSING_SIM_PG_BIN) return process.env.LICENSING_SIM_PG_BIN;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort() : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).filter((d) => existsSync(`${d}/initdb`));
  if (found.length === 0) throw new Error('no PostgreSQL server (/usr/lib/postgresql/*/bin): scripts/install-tools.sh rust installs it');
  return found.at(-1);
}

const isRoot = process.getuid?.() === 0;
function pgRun(tool, args) {
  const [cmd, full] = isRoot ? ['runuser', ['-u', 'postgres', '--', tool, ...args]] : [tool, args];
  const r = spawnSync(cmd, full, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')}: ${r.stdout}${r.stderr}`);
}

async function startPostgres() {
  const bin = pgBin();
  const data = path.join(TMP, 'pg');
  mkdirSync(data);
  if (isRoot) execFileSync('chown', ['postgres:postgres', data]);
  pgRun(`${bin}/initdb`, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  const port = await freePort();
  pgRun(`${bin}/pg_ctl`, ['-D', data, '-o', `-c listen_addresses=127.0.0.1 -p ${port} -k ${data} -c max_connections=300`, '-l', path.join(data, 'log'), '-w', 'start']);
  let made = 0;
  return {
    stop: () => pgRun(`${bin}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']),
    database: () => {
      const name = `bench${made++}`;
      pgRun(`${bin}/createdb`, ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
  };
}

/** Writes across two processes on one PostgreSQL database, with 1 and 1,000 sessions. */
async function postgresTwoProcesses(pg) {
  const url = pg.database();
  const a = await startSim(url);
  const b = await startSim(url);
  const sessions = await makeSessions(a, Math.max(...SESSIONS));
  const figures = {};
  for (const count of SESSIONS) {
    log('postgres, two processes', `writes, ${count} session(s)`);
    figures[count] = oha(routeUrl([a.port, b.port], sessions.slice(0, count), WRITE), WRITE_OPTS);
  }
  await stop(a);
  await stop(b);
  return figures;
}

// --- WireMock: the same HTTP shape, a stub per route.
async function measureWireMock() {
  const jar = path.join(HERE, 'node_modules/wiremock/build');
  const file = readdirSync(jar).find((f) => f.endsWith('.jar'));
  const version = /wiremock-standalone-(.*)\.jar/.exec(file)?.[1];
  const port = await freePort();
  // Its mappings/ and __files/ in the run's temporary folder, not the working directory.
  const root = path.join(TMP, 'wiremock');
  mkdirSync(root, { recursive: true });
  const child = spawn('java', ['-jar', path.join(jar, file), '--port', String(port), '--root-dir', root, '--disable-banner',
    '--async-response-enabled', 'true'], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/__admin/mappings`)).status === 200) break;
    } catch {
      if (i > 600) throw new Error('WireMock did not start');
    }
    await sleep(50);
  }
  const stub = (mapping) => fetch(`${base}/__admin/mappings`, { method: 'POST', body: JSON.stringify(mapping) });
  await stub({ request: { method: 'GET', urlPath: READ }, response: { status: 200, jsonBody: { code: '10000', message: 'success', data: [] } } });
  // The write moves a scenario's state: WireMock's own stateful feature.
  await stub({ scenarioName: 'numbers', requiredScenarioState: 'Started', newScenarioState: 'Started',
    request: { method: 'POST', urlPath: WRITE }, response: { status: 200, jsonBody: { code: '10000', message: 'success', data: ['8000000001'] } } });
  const figures = { store: `WireMock ${version} (memory)`, reads: {}, writes: {} };
  // A warm-up: the JVM compiles what the run uses.
  oha(routeUrl([port], [], READ), { headers: AUTH });
  log('wiremock', 'reads');
  figures.reads[1] = oha(routeUrl([port], [], READ), { headers: AUTH });
  log('wiremock', 'writes');
  figures.writes[1] = oha(routeUrl([port], [], WRITE), WRITE_OPTS);
  figures.memoryKb = rssKb(child.pid);
  await stop({ child });
  return figures;
}

function ohaVersion() {
  return execFileSync(OHA, ['--version'], { encoding: 'utf8' }).trim();
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const statusLine = (f) => Object.entries(f.statuses ?? {}).map(([s, n]) => `${s}: ${fmt(n)}`).join(', ');

async function main() {
  if (!existsSync(SIM)) throw new Error('no target/release/licensing-sim: make bench-sim builds it');
  const pg = await startPostgres();
  const results = { when: new Date().toISOString(), oha: ohaVersion(), cpus: os.cpus().length, seconds: SECONDS, connections: CONNECTIONS, stores: [], restart: {} };
  try {
    results.stores.push(await measureStore('memory', () => undefined));
    results.stores.push(await measureStore('SQLite', () => path.join(TMP, `sim-${Date.now()}.db`), { held: true }));
    results.stores.push(await measureStore('PostgreSQL', () => pg.database()));
    results.postgresTwoProcesses = await postgresTwoProcesses(pg);
    log('restart, SQLite');
    results.restart.SQLite = await restartTime(() => path.join(TMP, 'restart.db'));
    log('restart, PostgreSQL');
    const restartDb = pg.database();
    results.restart.PostgreSQL = await restartTime(() => restartDb);
    results.peer = await measureWireMock();
  } finally {
    pg.stop();
  }
  writeFileSync(path.join(HERE, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(HERE, 'results.md'), report(results));
  rmSync(TMP, { recursive: true, force: true });
  log('wrote bench/sim/results.md');
}

function report(r) {
  const get = (name) => r.stores.find((s) => s.store === name);
  const [memory, sqlite, postgres] = [get('memory'), get('SQLite'), get('PostgreSQL')];
  const two = r.postgresTwoProcesses;
  const best = (figs) => Math.max(...Object.values(figs).map((f) => f.rps));
  const targets = [
    ['reads ≥ 10,000/s (memory)', `${fmt(best(memory.reads))}/s`, best(memory.reads) >= 10_000],
    ['durable writes ≥ 2,000/s (SQLite)', `${fmt(best(sqlite.writes))}/s`, best(sqlite.writes) >= 2_000],
    ...Object.entries(sqlite.held).map(([count, f]) => [`durable writes held at ${fmt(HELD_RATE)}/s: p99 ≤ 20 ms (SQLite), ${count} session${count === '1' ? '' : 's'}`, `${fmt(f.p99, 1)} ms (${fmt(f.rps)}/s)`, f.p99 <= 20 && f.rps >= HELD_RATE * 0.98]),
    ['durable writes ≥ 1,000/s across two processes (PostgreSQL)', `${fmt(best(two))}/s`, best(two) >= 1_000],
  ];
  const row = (label, f) => `| ${label} | ${fmt(f.rps)} | ${fmt(f.p50, 2)} | ${fmt(f.p99, 2)} | ${statusLine(f)} |`;
  const lines = [
    '# The simulator under load: memory, SQLite, PostgreSQL, and WireMock',
    '',
    `Generated by \`make bench-sim\` (\`bench/sim/run.mjs\`) on ${r.when}: ${r.cpus} cores, ${r.oha}, ${r.connections} connections, ${r.seconds} s per figure, a fresh random \`g_nonce\` per request. Every figure below comes from this run; the peer ran in it too.`,
    '',
    '## Targets',
    '',
    '| target | figure | status |',
    '|---|---|---|',
    ...targets.map(([t, f, ok]) => `| ${t} | ${f} | ${ok ? '**met**' : '**not met**'} |`),
    '',
    '## Requests per second and latency',
    '',
    'Reads: `GET listAssets` of an enterprise (the store looked up, nothing written). Writes: `POST shellNums` of one number, each committed to the store before its answer (memory: kept in memory only). With 1,000 sessions the requests are spread over them at random. Each figure is as many requests as 64 connections get through, but for the rows "held at 2,000/s", where oha sends 2,000 a second (-q): the rate the durable-write target reads its p99 at.',
    '',
    '| store, route, sessions | requests/s | p50 ms | p99 ms | statuses |',
    '|---|---|---|---|---|',
  ];
  for (const s of r.stores) {
    for (const count of Object.keys(s.reads)) lines.push(row(`${s.store}, reads, ${count}`, s.reads[count]));
    for (const count of Object.keys(s.writes)) lines.push(row(`${s.store}, writes, ${count}`, s.writes[count]));
    for (const count of Object.keys(s.held ?? {})) lines.push(row(`${s.store}, writes held at ${fmt(HELD_RATE)}/s, ${count}`, s.held[count]));
  }
  for (const count of Object.keys(two)) lines.push(row(`PostgreSQL, two processes, writes, ${count}`, two[count]));
  lines.push(row(`${r.peer.store}, reads (a stub)`, r.peer.reads[1]));
  lines.push(row(`${r.peer.store}, writes (a stub moving a scenario's state)`, r.peer.writes[1]));
  lines.push(
    '',
    '## Memory and restarts',
    '',
    '| store | memory per session (RSS growth over 1,000 sessions, one write each) | restart with stored sessions: ready in |',
    '|---|---|---|',
    `| memory | ${fmt(memory.memoryPerSessionKb, 1)} KB | nothing kept |`,
    `| SQLite | ${fmt(sqlite.memoryPerSessionKb, 1)} KB | ${fmt(r.restart.SQLite.readyMs)} ms (${fmt(r.restart.SQLite.sessions)} sessions) |`,
    `| PostgreSQL | ${fmt(postgres.memoryPerSessionKb, 1)} KB | ${fmt(r.restart.PostgreSQL.readyMs)} ms (${fmt(r.restart.PostgreSQL.sessions)} sessions) |`,
    `| ${r.peer.store} | — (whole process after the run: ${fmt(r.peer.memoryKb / 1024, 0)} MB) | keeps nothing |`,
    '',
    'What the peer does differs, and the table says so: WireMock answers a stub it was given (no validation, no numbers allocated, its scenario state moved by each write), where the simulator validates each body, allocates and stores, and (SQLite, PostgreSQL) commits before answering. The same load generator, connections and duration; both on this machine at once with the load generator.',
    '',
  );
  return lines.join('\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
