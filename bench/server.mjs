// A tiny static server for the browser run (127.0.0.1, a free port):
//   /pkg/...    the built package (/work/main/pkg, or BENCH_PKG_DIR)
//   /bench/...  this folder (generator, timing lib, pages, build/ bundles)
// .wasm is served as application/wasm (streaming instantiation needs it). Pages are
// cross-origin isolated (COOP/COEP), which gives performance.now() 5 µs resolution
// instead of 100 µs. Assets may be cached for 10 min (the "repeat visit" cold start);
// the first-visit cold start uses a fresh browser context, whose cache is empty.

import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const PKG_DIR = process.env.BENCH_PKG_DIR || join(BENCH_DIR, '..', 'pkg');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.map': 'application/json',
};

function resolve(urlPath) {
  const roots = [['/pkg/', PKG_DIR], ['/bench/', BENCH_DIR]];
  for (const [prefix, root] of roots) {
    if (!urlPath.startsWith(prefix)) continue;
    const rel = normalize(decodeURIComponent(urlPath.slice(prefix.length)));
    const file = join(root, rel);
    if (file !== root && !file.startsWith(root + sep)) return null; // no ../ escapes
    if (rel.split(sep).includes('node_modules')) return null;
    return file;
  }
  return null;
}

export function startServer({ port = 0 } = {}) {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const file = resolve(path === '/' ? '/bench/browser/page.html' : path);
    let st;
    try {
      st = file && statSync(file);
    } catch {}
    if (!st || !st.isFile()) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] || 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': 'max-age=600',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
    });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: p } = server.address();
      ok({ url: `http://127.0.0.1:${p}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const s = await startServer({ port: Number(process.env.PORT || 0) });
  console.log(`serving ${s.url}/ (bench page), ${s.url}/pkg/, ${s.url}/bench/`);
}
