// Service worker: after the first visit the page works offline and can be installed.
// scripts/post-build.mjs writes BUILD (a digest of the built files) and FILES (their paths)
// into the copy in dist/, so every build is a new worker that refreshes the cache.
const BUILD = 'dev';
const FILES = [];
const CACHE = `gomoku-${BUILD}`;

const scope = new URL(self.registration.scope);
const KEPT = new Set(['./', ...FILES].map((file) => new URL(file, scope).pathname));

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['./', ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('gomoku-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// Network first, so a new build shows at once; the cache answers when the network fails.
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin) return;
  event.respondWith(networkFirst(request, url));
});

async function networkFirst(request, url) {
  const cache = await caches.open(CACHE);
  const key = url.pathname.endsWith('/index.html') ? new URL('./', url).pathname : url.pathname;
  try {
    const response = await fetch(request);
    if (response.ok && KEPT.has(key)) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(key)) ?? (request.mode === 'navigate' ? await cache.match('./') : undefined);
    if (cached) return cached;
    throw error;
  }
}
