// What `npx licensing-sdk-sim proxy` and `npx licensing-sdk verify` hold to
// when the service (or a client) misbehaves: an answer read up to
// --max-answer-bytes and no further, the answer's bytes passed back as they
// came (a decoded copy checked and recorded), licensing-sim's bounds on the
// proxy's connections, and a graceful stop that records every exchange. The
// installed package's bins, against upstreams written here.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createSimulator } from 'licensing-sdk/testing';
import { ROOT, runBin, startProxy } from '../../../tests/e2e/harness.mjs';

const scratch = mkdtempSync(path.join(tmpdir(), 'proxy-bounds-'));
const AUTH = { authorization: 'Bearer dev-order-token' };
const SHELLNUMS = '/order/api/order/v1/shellnums';
const BIG_LIST = '/order/api/order/v1/asset/EG-BIG/list';
const MIB = 1 << 20;
/** The answer too large to hold, and the bound the commands are given. */
// An answer of 4 GiB, written as it is read (a CI runner of 4-7 GB could not
// hold it): what the proxy and verify hold stays in proportion to the cap.
const HUGE = 4096 * MIB;
/** What "a few hundred MB" allows a command's peak RSS, whatever the answer. */
const PEAK_MIB = 300;
const CAP = 4 * MIB;

/** A Node process's peak RSS, written by the process itself as it exits (kilobytes). */
const PEAK_RSS = path.join(scratch, 'peak-rss.cjs');
writeFileSync(PEAK_RSS, "process.on('exit', () => require('fs').writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
const peakRss = (file) => ({ node: ['--require', PEAK_RSS], env: { PEAK_RSS_FILE: file } });
const peakMiB = (file) => Number(readFileSync(file, 'utf8')) / 1024;

/** A tiny service on a free port: `handle(req, res)` answers; resolves to { url, server, close() }. */
async function startUpstream(handle) {
  const server = http.createServer(handle);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    server,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(resolve); }),
  };
}

/**
 * Answers `size` bytes of a JSON-looking body in chunks made as the client
 * reads them (never the whole in memory), with no Content-Length; counts
 * what was written in `sent.bytes`.
 */
function streamHuge(res, size, sent) {
  const chunk = Buffer.alloc(64 << 10, 0x20);
  res.writeHead(200, { 'content-type': 'application/json' });
  const pump = () => {
    while (sent.bytes < size && !res.destroyed) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  pump();
}


/** The exchanges of a recording (its first line is the header). */
const exchanges = (file) => readFileSync(file, 'utf8').trim().split('\n').slice(1).map((line) => JSON.parse(line));

test(`the proxy reads an answer only up to --max-answer-bytes: a ${HUGE / MIB} MiB one is answered 502, logged and recorded, the proxy staying far smaller`, async () => {
  const sent = { bytes: 0 };
  const upstream = await startUpstream((req, res) => streamHuge(res, HUGE, sent));
  const recording = path.join(scratch, 'huge.jsonl');
  const rss = path.join(scratch, 'proxy-rss');
  const proxy = await startProxy(upstream.url, ['--max-answer-bytes', String(CAP), '--record', recording], peakRss(rss));
  try {
    const answer = await fetch(`${proxy.url}${BIG_LIST}`, { headers: AUTH });
    assert.equal(answer.status, 502);
    assert.equal(answer.headers.get('content-type'), 'text/plain');
    assert.equal(await answer.text(), `licensing-sdk-sim proxy: the upstream's answer is larger than ${CAP} bytes (--max-answer-bytes)\n`);
  } finally {
    const stopped = await proxy.stop();
    await upstream.close();
    assert.equal(stopped.code, 0, stopped.log);
  }
  assert.match(proxy.log(), new RegExp(`upstream GET ${BIG_LIST}: answer larger than ${CAP} bytes`));
  const [line] = exchanges(recording);
  assert.equal(line.response, null);
  assert.equal(line.error, `answer larger than ${CAP} bytes (--max-answer-bytes)`);
  assert.ok(sent.bytes < 16 * CAP, `the proxy read on: the upstream wrote ${sent.bytes} bytes`);
  const peak = peakMiB(rss);
  assert.ok(peak < PEAK_MIB, `peak RSS ${peak.toFixed(1)} MiB for a ${HUGE / MIB} MiB answer`);
  process.stdout.write(`# proxy: peak RSS ${peak.toFixed(1)} MiB, the upstream wrote ${(sent.bytes / MIB).toFixed(1)} MiB of ${HUGE / MIB} MiB (cap ${CAP / MIB} MiB)\n`);
});

/**
 * A service answering as the in-process simulator does, but for paths
 * starting with `huge`: 200 MB, counted in `sent.bytes`.
 */
async function simulatorBut(huge, sent) {
  const sim = await createSimulator();
  return startUpstream(async (req, res) => {
    if (req.url.startsWith(huge)) return streamHuge(res, HUGE, sent);
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = Object.fromEntries(['authorization', 'content-type'].filter((h) => req.headers[h]).map((h) => [h, req.headers[h]]));
    const answer = await sim.fetch(`http://sim.test${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
  });
}

/** `verify` against `huge`'s service with --max-answer-bytes CAP: { code, stdout, report, sent, peak (MiB) }. */
async function verifyPast(huge) {
  const sent = { bytes: 0 };
  const upstream = await simulatorBut(huge, sent);
  const report = path.join(scratch, `verify-${huge.replaceAll('/', '-')}.json`);
  const rss = path.join(scratch, `verify-rss-${huge.replaceAll('/', '-')}`);
  try {
    const out = await runBin('licensing-sdk.mjs', ['verify', '--base-url', upstream.url, '--token', 'dev-order-token',
      '--enterprise-global-id', 'EG-BIG', '--max-answer-bytes', String(CAP), '--json', report], peakRss(rss));
    return { ...out, report: JSON.parse(readFileSync(report, 'utf8')), sent: sent.bytes, peak: peakMiB(rss) };
  } finally {
    await upstream.close();
  }
}

test('verify reads an answer only up to --max-answer-bytes: past it, that check could not be checked, verify staying far smaller', async () => {
  // The first read too large: the service cannot be checked at all (exit 2).
  const first = await verifyPast('/order/api/order/v1/enterprise/user/query');
  assert.equal(first.code, 2, `${first.stdout}${first.stderr}`);
  assert.match(first.stdout, new RegExp(`no answer from /order/api/order/v1/enterprise/user/query: answer larger than ${CAP} bytes`));
  // A later read too large: that check could not be checked; the run goes on,
  // and exits 2 (a service whose answers cannot be read cannot be checked).
  const later = await verifyPast(BIG_LIST);
  assert.equal(later.code, 2, `${later.stdout}${later.stderr}`);
  assert.equal(later.report.answerTooLarge, CAP);
  const check = later.report.checks.find((c) => c.id === 'read.listAssets');
  assert.equal(check.verdict, 'could-not-check', JSON.stringify(check));
  assert.equal(check.detail, `no answer: answer larger than ${CAP} bytes`);
  assert.match(later.stdout, /agrees +auth\.missing/);
  for (const run of [first, later]) {
    assert.ok(run.sent < 16 * CAP, `verify read on: the upstream wrote ${run.sent} bytes`);
    assert.ok(run.peak < PEAK_MIB, `peak RSS ${run.peak.toFixed(1)} MiB for a ${HUGE / MIB} MiB answer`);
    process.stdout.write(`# verify: peak RSS ${run.peak.toFixed(1)} MiB, the upstream wrote ${(run.sent / MIB).toFixed(1)} MiB of ${HUGE / MIB} MiB (cap ${CAP / MIB} MiB)\n`);
  }
});

// Texts in GBK, as a service in mainland China may answer: "订单已创建" (order
// created), and "明礬" (alum), whose last byte 0x5C is `\` in ASCII: read as
// UTF-8, a JSON string ending in it would not end, and the answer not be JSON.
const GBK_CREATED = [0xb6, 0xa9, 0xb5, 0xa5, 0xd2, 0xd1, 0xb4, 0xb4, 0xbd, 0xa8];
const GBK_ALUM = [0xc3, 0xf7, 0xb5, 0x5c];
const bytesOf = (...parts) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

/** Answers whose bytes must reach the client unchanged: at `path`, the upstream's headers and bytes; what the recording holds. */
const AS_THEY_CAME = {
  'a JSON answer in GBK': {
    path: SHELLNUMS, method: 'POST', type: 'application/json; charset=gbk',
    bytes: bytesOf('{"code":0,"message":"', GBK_ALUM, '","data":["8000000001"]}'),
    recorded: { body: '{"code":0,"message":"明礬","data":["8000000001"]}', charset: 'gbk' },
  },
  'a text answer in GBK': {
    path: '/bytes/gbk-text', type: 'text/plain; charset=GBK', bytes: bytesOf(GBK_CREATED, '\n'),
    recorded: { body: '订单已创建\n', charset: 'gbk' },
  },
  'eight bytes of application/octet-stream': {
    path: '/bytes/octets', type: 'application/octet-stream', bytes: Buffer.from([0x00, 0xff, 0xfe, 0x80, 0xc3, 0x28, 0x0a, 0x7f]),
    recorded: { body: new TextDecoder().decode(Buffer.from([0x00, 0xff, 0xfe, 0x80, 0xc3, 0x28, 0x0a, 0x7f])) },
  },
  'a UTF-8 answer beginning with a byte order mark': {
    path: '/bytes/bom', type: 'application/json; charset=utf-8', bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"code":0,"message":"成功"}')]),
    recorded: { body: '{"code":0,"message":"成功"}' },
  },
  'a gzip-encoded answer (passed back decoded, its length said)': {
    path: '/bytes/gzip', type: 'application/json', encoding: 'gzip', bytes: Buffer.from('{"code":0,"message":"ok","data":[]}'),
    recorded: { body: '{"code":0,"message":"ok","data":[]}' },
  },
};

describe('the proxy passes each answer back as it came, and checks and records a decoded copy', () => {
  const recording = path.join(scratch, 'bytes.jsonl');
  let upstream;
  let proxy;
  before(async () => {
    upstream = await startUpstream((req, res) => {
      const answer = Object.values(AS_THEY_CAME).find((c) => req.url.startsWith(c.path));
      const body = answer.encoding ? gzipSync(answer.bytes) : answer.bytes;
      res.writeHead(200, { 'content-type': answer.type, 'content-length': body.length, ...(answer.encoding && { 'content-encoding': answer.encoding }) }).end(body);
    });
    proxy = await startProxy(upstream.url, ['--record', recording]);
  });
  after(async () => {
    await proxy?.stop();
    await upstream?.close();
  });

  test('the GBK text is what GBK decodes to (the cases below are right)', () => {
    assert.equal(new TextDecoder('gbk').decode(Buffer.from(GBK_CREATED)), '订单已创建');
    assert.equal(new TextDecoder('gbk').decode(Buffer.from(GBK_ALUM)), '明礬');
    assert.throws(() => JSON.parse(new TextDecoder().decode(AS_THEY_CAME['a JSON answer in GBK'].bytes)), SyntaxError);
  });

  for (const [name, c] of Object.entries(AS_THEY_CAME)) {
    test(`${name}: byte for byte to the client, its Content-Length theirs; recorded decoded${c.recorded.charset ? `, with its charset ${c.recorded.charset}` : ''}`, async () => {
      const init = c.method === 'POST'
        ? { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"size":1}' }
        : { headers: AUTH };
      const answer = await fetch(`${proxy.url}${c.path}?g_nonce=${encodeURIComponent(name)}`, init);
      const got = Buffer.from(await answer.arrayBuffer());
      assert.deepEqual([...got], [...c.bytes]);
      assert.equal(answer.headers.get('content-length'), String(c.bytes.length));
      assert.equal(answer.headers.get('content-type'), c.type);
      assert.equal(answer.headers.get('content-encoding'), null);
      const line = exchanges(recording).find((e) => e.request.path === c.path);
      assert.ok(line, `no recording line for ${c.path}`);
      assert.equal(line.response.body, c.recorded.body);
      assert.equal(line.response.charset, c.recorded.charset);
    });
  }

  test('a GBK answer of an endpoint is checked in its decoded text: valid JSON, no difference logged', () => {
    assert.ok(exchanges(recording).some((e) => e.endpoint === 'shellNums'), 'shellNums was not called');
    assert.doesNotMatch(proxy.log(), /answer +shellNums/);
  });
});

/**
 * Writes `head` on a new connection, then (`trickle`) a byte every 100 ms;
 * resolves once the connection closed: { ms, status, text }.
 */
function rawExchange(url, head, { trickle = false } = {}) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const start = Date.now();
    let text = '';
    socket.on('data', (d) => { text += d; });
    socket.on('error', () => {});
    const timer = trickle ? setInterval(() => socket.write('x'), 100) : undefined;
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - start, status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
    });
    socket.write(head);
  });
}

describe("the proxy keeps licensing-sim's bounds on its connections", () => {
  let upstream;
  let proxy;
  before(async () => {
    upstream = await startUpstream((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"message":"ok","data":["8000000001"]}'));
    });
    proxy = await startProxy(upstream.url, ['--header-timeout-secs', '1', '--body-timeout-secs', '1', '--quiet']);
  });
  after(async () => {
    await proxy?.stop();
    await upstream?.close();
  });

  test('a socket that sends its headers slowly is closed after about --header-timeout-secs', async () => {
    const slow = await rawExchange(proxy.url, `POST ${SHELLNUMS}?g_nonce=h HTTP/1.1\r\nHost: x\r\nX-Slow: `, { trickle: true });
    assert.ok(slow.ms >= 900 && slow.ms < 6000, `closed after ${slow.ms} ms (1 s)`);
  });

  test('a body that trickles is refused 408 (or cut) after about --body-timeout-secs', async () => {
    const head = `POST ${SHELLNUMS}?g_nonce=b HTTP/1.1\r\nHost: x\r\nauthorization: Bearer dev-order-token\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"size":1`;
    const slow = await rawExchange(proxy.url, head, { trickle: true });
    assert.ok(slow.status === 408 || slow.status === 0, slow.text);
    if (slow.status) assert.match(slow.text, /the body was not sent within 1 s/);
    assert.ok(slow.ms >= 900 && slow.ms < 6000, `ended after ${slow.ms} ms (1 s)`);
  });

  test('an idle keep-alive connection is closed after about --header-timeout-secs', async () => {
    const { hostname, port } = new URL(proxy.url);
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => {});
    let answeredAt;
    const closedAt = new Promise((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.on('data', (d) => { if (!answeredAt && /\r\n\r\n\{"code":0/.test(String(d))) answeredAt = Date.now(); });
    socket.write(`GET /order/api/order/v1/asset/EG-1/list HTTP/1.1\r\nHost: x\r\nauthorization: Bearer dev-order-token\r\n\r\n`);
    const idle = (await closedAt) - answeredAt;
    assert.ok(idle >= 900 && idle < 6000, `closed ${idle} ms after its answer (1 s)`);
  });
});

test('the proxy closes a connection whose client stopped reading after --write-timeout-secs, and waits longer than that for a slow upstream', async () => {
  const LARGE = 32 * MIB;
  const upstream = await startUpstream((req, res) => {
    if (req.url.startsWith('/large')) return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.alloc(LARGE, 0x61));
    // Twice the write timeout: waiting for an answer is no stalled write.
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}'), 2000);
  });
  const proxy = await startProxy(upstream.url, ['--write-timeout-secs', '1', '--max-answer-bytes', String(2 * LARGE)]);
  try {
    const slowUpstream = await fetch(`${proxy.url}/slow`, { headers: AUTH });
    assert.equal(slowUpstream.status, 200);
    assert.equal(await slowUpstream.text(), '{"code":0}');
    const { hostname, port } = new URL(proxy.url);
    const socket = net.connect(Number(port), hostname);
    socket.on('error', () => {});
    let received = 0;
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /large HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.once('data', (d) => {
      received += d.length;
      socket.pause();
    });
    await proxy.logged(/client GET \/large: its answer made no progress for 1 s \(--write-timeout-secs\): connection closed/);
    socket.on('data', (d) => { received += d.length; });
    socket.resume();
    await ended;
    assert.ok(received < LARGE, `the whole answer came (${received} bytes)`);
  } finally {
    await proxy.stop();
    await upstream.close();
  }
});

test('past --max-concurrent-bodies the proxy answers 503 with Retry-After: 1 without reading the body, and takes bodies again once they are read', async () => {
  const upstream = await startUpstream((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"message":"ok","data":["8000000001"]}'));
  });
  const proxy = await startProxy(upstream.url, ['--max-concurrent-bodies', '2', '--quiet']);
  const { hostname, port } = new URL(proxy.url);
  const head = (nonce) => `POST ${SHELLNUMS}?g_nonce=${nonce} HTTP/1.1\r\nHost: x\r\nauthorization: Bearer dev-order-token\r\ncontent-type: application/json\r\ncontent-length: 10\r\n`;
  try {
    // Two bodies under way: the proxy says 100 Continue as it starts reading each.
    const held = await Promise.all(['c-1', 'c-2'].map((nonce) => new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      let text = '';
      socket.on('data', (d) => {
        text += d;
        if (/^HTTP\/1\.1 100/.test(text)) resolve({ socket, answer: () => text });
      });
      socket.write(`${head(nonce)}expect: 100-continue\r\n\r\n`);
    })));
    const third = await rawExchange(proxy.url, `${head('c-3')}\r\n`);
    assert.equal(third.status, 503, third.text);
    assert.match(third.text, /\r\nretry-after: 1\r\n/i);
    assert.match(third.text, /\r\nconnection: close\r\n/i);
    assert.match(third.text, /2 request bodies are being read \(--max-concurrent-bodies\)/);
    await Promise.all(held.map(({ socket, answer }) => new Promise((resolve) => {
      socket.on('data', () => { if (/HTTP\/1\.1 200 OK/.test(answer())) resolve(); });
      socket.write('{"size":1}');
    })));
    for (const { socket } of held) socket.destroy();
    const again = await fetch(`${proxy.url}${SHELLNUMS}?g_nonce=c-4`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{"size":1}' });
    assert.equal(again.status, 200);
  } finally {
    await proxy.stop();
    await upstream.close();
  }
});

/**
 * An upstream that holds every request until `release()`; `arrived(n)`
 * resolves once it holds n of them.
 */
async function holdingUpstream() {
  const held = [];
  const waits = [];
  const upstream = await startUpstream((req, res) => {
    req.resume();
    held.push(res);
    for (const wait of waits) if (held.length >= wait.n) wait.resolve();
  });
  return {
    ...upstream,
    arrived: (n) => new Promise((resolve) => { if (held.length >= n) resolve(); else waits.push({ n, resolve }); }),
    release: () => { for (const res of held) res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0,"message":"ok","data":[]}'); },
  };
}

const IN_FLIGHT = 20;
const query = (i) => `/order/api/order/v1/enterprise/user/query?channelCode=CH&channelCustomerId=c-${i}&defaultCustomer=N&g_nonce=s-${i}`;

test('stopped (SIGTERM), the proxy lets its 20 exchanges in flight be answered and recorded, then prints the summary and exits 0', async () => {
  const upstream = await holdingUpstream();
  const recording = path.join(scratch, 'stop.jsonl');
  const proxy = await startProxy(upstream.url, ['--record', recording, '--quiet']);
  try {
    const answers = Array.from({ length: IN_FLIGHT }, (_, i) => fetch(`${proxy.url}${query(i)}`, { headers: AUTH }));
    await upstream.arrived(IN_FLIGHT);
    const stopped = proxy.stop();
    await proxy.logged(/stopping: 20 exchange\(s\) in flight/);
    upstream.release();
    for (const answer of await Promise.all(answers)) {
      assert.equal(answer.status, 200);
      assert.equal((await answer.json()).code, 0);
    }
    const { code, log } = await stopped;
    assert.equal(code, 0, log);
    assert.ok(log.indexOf('summary') > log.indexOf('stopping'), log);
    const lines = exchanges(recording);
    assert.equal(lines.length, IN_FLIGHT);
    assert.ok(lines.every((e) => e.response?.status === 200 && !e.error), JSON.stringify(lines[0]));
  } finally {
    await upstream.close();
  }
});

test('stopped while the upstream never answers, the proxy records each exchange still open after --stop-grace-secs with the error "proxy stopped", then exits 0', async () => {
  const upstream = await holdingUpstream();
  const recording = path.join(scratch, 'cut.jsonl');
  const proxy = await startProxy(upstream.url, ['--record', recording, '--stop-grace-secs', '1', '--quiet']);
  try {
    const outcomes = Promise.allSettled(Array.from({ length: IN_FLIGHT }, (_, i) => fetch(`${proxy.url}${query(i)}`, { headers: AUTH })));
    await upstream.arrived(IN_FLIGHT);
    const { code, log } = await proxy.stop();
    assert.equal(code, 0, log);
    assert.ok(log.indexOf('summary') > log.indexOf('stopping'), log);
    assert.deepEqual((await outcomes).map((o) => o.status), Array(IN_FLIGHT).fill('rejected'), 'a cut exchange was answered');
    const lines = exchanges(recording);
    assert.equal(lines.length, IN_FLIGHT);
    assert.ok(lines.every((e) => e.response === null && e.error === 'proxy stopped'), JSON.stringify(lines[0]));
    assert.deepEqual(lines.map((e) => e.request.query).sort(), Array.from({ length: IN_FLIGHT }, (_, i) => query(i).split('?')[1]).sort());
  } finally {
    await upstream.close();
  }
});
