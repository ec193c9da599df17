// Service worker: after the first visit the page works offline and can be installed, and an
// open page keeps to the build it was loaded from until it is reloaded, so a deploy never
// gives it a mix of old and new files (an AI worker started after the deploy included).
// scripts/post-build.mjs writes BUILD (a digest of the built files) and FILES (each cached
// file's own digest) into the copy in dist/, so every build is a new service worker.
const BUILD = 'dev';
const FILES = {};
const CACHE = `gomoku-${BUILD}`;
// Which build each open page was loaded from, in the Cache API rather than in memory: a
// service worker may be stopped at any time, and a newer one must know what an older one
// served.
const CLIENTS = 'gomoku-clients';
const BUILD_ID = /^([0-9a-f]{16}|dev)$/;
const BUILD_CACHE = /^gomoku-([0-9a-f]{16}|dev)$/;
const BUILD_TAG = /<meta name="gomoku-build" content="([0-9a-f]{16}|dev)">/;

const scope = new URL(self.registration.scope);

/** The cache key of a same-origin address: its path, with index.html as its folder. */
function keyOf(address) {
  const path = new URL(address, scope).pathname;
  return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

/** Cache key → the file's digest (null: not checked, in a build without a file list). */
const KEPT = new Map(Object.entries(FILES).map(([file, hash]) => [keyOf(file), hash]));
if (!KEPT.has(keyOf('./'))) KEPT.set(keyOf('./'), null);

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim().then(forgetUnused));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin) return;
  event.respondWith(request.mode === 'navigate' ? navigate(event, url) : fromBuild(event, url));
});

// A page that started before this worker controlled it (the first visit) names its build;
// a page that sees this worker installed but still waiting asks it to take over again
// (offline.js says why).
self.addEventListener('message', (event) => {
  const { data, source } = event;
  if (source && data?.type === 'build' && BUILD_ID.test(data.build)) {
    event.waitUntil(remember(source.id, data.build));
  } else if (data?.type === 'activate') {
    event.waitUntil(self.skipWaiting()); // nothing to do unless this worker is waiting
  }
});

/**
 * Fetches this build's files into its cache, each checked against its digest: a server half
 * way through a deploy fails the install, and the browser tries again at a later visit.
 */
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    [...KEPT].map(async ([key, hash]) => {
      if (await cache.match(key)) return;
      const response = await fetch(key, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
      if (hash !== null && (await digest(response.clone())) !== hash) throw new Error(`${key} is not build ${BUILD}'s`);
      await cache.put(key, response);
    }),
  );
}

/** The first 16 hex digits of the SHA-256 of a response's body (as post-build.mjs writes them). */
async function digest(response) {
  const sum = new Uint8Array(await crypto.subtle.digest('SHA-256', await response.arrayBuffer()));
  return [...sum.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// Pages: network first, so a reload shows a new build at once; the cache answers offline.
// The page's build is read from its tag and remembered for the requests the page makes.
async function navigate(event, url) {
  try {
    const response = await fetch(event.request);
    const build = response.ok ? (await response.clone().text()).match(BUILD_TAG)?.[1] : undefined;
    if (build) event.waitUntil(remember(event.resultingClientId, build));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const cached = (await cache.match(keyOf(url))) ?? (await cache.match(keyOf('./')));
    if (!cached) throw error;
    event.waitUntil(remember(event.resultingClientId, BUILD));
    return cached;
  }
}

// Everything else: from the cache of the build the requesting page (or AI worker, whose
// address names its page's build) was loaded from; from the network when that build's cache
// lacks it (a page of a newer build than this worker's, or a file not kept offline).
async function fromBuild(event, url) {
  const build = url.searchParams.get('build') ?? (await buildOf(event.clientId)) ?? BUILD;
  const cached = await caches.match(keyOf(url), { cacheName: `gomoku-${build}` });
  return cached ?? fetch(event.request);
}

const known = new Map(); // client id → build, what this worker has seen or read back

/** Records a client's build: at once for this worker, and in the cache for the next one. */
function remember(id, build) {
  if (!id) return Promise.resolve();
  known.set(id, build);
  return caches.open(CLIENTS).then((store) => store.put(new URL(`__clients/${id}`, scope).href, new Response(build)));
}

/** The build a client runs, if known: a page's from the record, a worker's from its address. */
async function buildOf(id) {
  if (!id) return undefined;
  if (!known.has(id)) {
    const stored = await caches.match(new URL(`__clients/${id}`, scope).href, { cacheName: CLIENTS });
    if (stored) known.set(id, await stored.text());
  }
  if (known.has(id)) return known.get(id);
  const client = await self.clients.get(id);
  return client ? (new URL(client.url).searchParams.get('build') ?? undefined) : undefined;
}

/**
 * Drops the records of closed pages and the caches of builds no open page runs. While a page
 * of an unknown build is open, every cache stays (it may be that page's).
 */
async function forgetUnused() {
  const open = await self.clients.matchAll({ includeUncontrolled: true, type: 'all' });
  const ids = new Set(open.map((client) => client.id));
  const store = await caches.open(CLIENTS);
  for (const request of await store.keys()) {
    const id = new URL(request.url).pathname.split('/__clients/')[1];
    if (!ids.has(id)) {
      known.delete(id);
      await store.delete(request);
    }
  }
  const running = new Set([BUILD]);
  for (const client of open) {
    const build = await buildOf(client.id);
    if (build) running.add(build);
    else if (client.type === 'window') return;
  }
  for (const name of await caches.keys()) {
    const build = name.match(BUILD_CACHE)?.[1];
    if (build && !running.has(build)) await caches.delete(name);
  }
}
