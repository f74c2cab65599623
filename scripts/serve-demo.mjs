// Serves the demo portal (www/ at /) and the package (pkg/ at /pkg/) on
// 127.0.0.1. No dependencies: the portal is plain ES modules.
// Usage: node scripts/serve-demo.mjs [host:port]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const [host, port] = (process.argv[2] ?? '127.0.0.1:8787').split(':');
const mounts = [['/pkg/', join(root, 'pkg')], ['/', join(root, 'www')]];
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.wasm': 'application/wasm', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.ts': 'text/plain; charset=utf-8',
};

async function resolveFile(urlPath) {
  for (const [prefix, dir] of mounts) {
    if (!urlPath.startsWith(prefix)) continue;
    const rel = normalize(decodeURIComponent(urlPath.slice(prefix.length)) || 'index.html');
    const file = join(dir, rel);
    if (!file.startsWith(dir)) return null; // no escaping the mount
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) return join(file, 'index.html');
    if (info) return file;
  }
  return null;
}

createServer(async (req, res) => {
  try {
    const file = await resolveFile(new URL(req.url, 'http://x').pathname);
    if (!file) { res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not found\n'); return; }
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end(`error: ${err.message}\n`);
  }
}).on('error', (err) => {
  console.error(`cannot serve on ${host}:${port}: ${err.code === 'EADDRINUSE' ? 'the address is in use' : err.message}`);
  process.exit(1);
}).listen(Number(port), host, () => {
  console.log(`licensing-sdk demo portal: http://${host}:${port}/  (Ctrl-C to stop)`);
});
