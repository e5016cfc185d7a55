// Ensaya's service worker ("a runner that survives the network"). It keeps what a test
// page needs so that a reload without a connection still shows the exam: the app's shell (the
// HTML and the hashed assets it loaded) and the last answer of the few API reads the runner makes.
// It never answers a write: answers wait on the device (the page's save queue) until the server
// has them. Registered by the waiting room and the test pages only (lib/offline.ts).

const SHELL_CACHE = 'ensaya-shell-v1';
const API_CACHE = 'ensaya-api-v1';

// Reads the runner makes on a reload, kept network-first: a fresh answer when online, the last
// one when not. Nothing else of the API is stored.
const API_READS = [
  /^\/api\/me$/,
  /^\/api\/me\/reading-settings$/,
  /^\/api\/user-tests\/in-progress$/,
  /^\/api\/user-subscriptions\/after-login$/,
  /^\/api\/user-tests\/\d+$/,
  /^\/api\/user-tests\/\d+\/annotations$/,
  /^\/api\/scheduled-exams\/\d+$/,
  /^\/api\/scheduled-exams\/\d+\/content$/,
  /^\/api\/content\/[^/]+$/,
];

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter(
            (name) => name.startsWith('ensaya-') && name !== SHELL_CACHE && name !== API_CACHE,
          )
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

// The page names what it loaded before this worker controlled it; signing out forgets the API.
self.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'keep' && Array.isArray(message.urls)) {
    event.waitUntil(keep(message.urls));
  } else if (message?.type === 'forget') {
    event.waitUntil(caches.delete(API_CACHE));
  }
});

/**
 * What the page loaded before this worker controlled it: the shell's files are kept as they are
 * (hashed, immutable); the API reads the runner makes are read again and kept (network answers
 * only: offline, the copy already kept stays).
 */
async function keep(urls) {
  const shell = await caches.open(SHELL_CACHE);
  const api = await caches.open(API_CACHE);
  await Promise.all(
    urls
      .filter((url) => typeof url === 'string')
      .map((url) => new URL(url, self.location.origin))
      .filter((url) => url.origin === self.location.origin)
      .map(async (url) => {
        if (url.pathname === '/index.html' || url.pathname.startsWith('/assets/')) {
          if (!(await shell.match(url.href))) await shell.add(url.href).catch(() => undefined);
        } else if (API_READS.some((pattern) => pattern.test(url.pathname))) {
          try {
            const response = await fetch(url.href, { credentials: 'same-origin' });
            if (response.ok) await api.put(url.href, response);
          } catch {
            // Offline: the copy kept before stays.
          }
        }
      }),
  );
}

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(fallbackUrl ?? request, response.clone());
    // A server restarting behind its proxy (502, 503, 504) is as absent as no network: the copy
    // kept stands in, if there is one.
    if (response.status >= 502 && response.status <= 504) {
      return (await cache.match(fallbackUrl ?? request)) ?? response;
    }
    return response;
  } catch (error) {
    const hit = await cache.match(fallbackUrl ?? request);
    if (hit) return hit;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every route is the same HTML: the last one fetched stands in for any when offline.
    event.respondWith(networkFirst(request, SHELL_CACHE, '/index.html'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (API_READS.some((pattern) => pattern.test(url.pathname))) {
    event.respondWith(networkFirst(request, API_CACHE));
  }
});
