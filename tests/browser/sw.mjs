// A module Service Worker that answers the portal's API calls with the
// in-process simulator: what a portal can run in development with no service.
// The client's base URL is this folder's `api` path; the prefix is cut off.
import { createSimulator } from '/pkg/testing.mjs';

const PREFIX = new URL('./api', self.location.href).pathname;
const simulator = createSimulator({ seed: 500 });

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (!url.pathname.startsWith(`${PREFIX}/`)) return;
  event.respondWith((async () => {
    const sim = await simulator;
    url.pathname = url.pathname.slice(PREFIX.length);
    const { method, headers } = event.request;
    const body = method === 'GET' ? undefined : await event.request.arrayBuffer();
    return sim.fetch(url, { method, headers, body });
  })());
});
