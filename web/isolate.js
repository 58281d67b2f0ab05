// The site's service worker: offline play, and threads on hosts that cannot send the isolation headers.
// - Offline: it holds the whole build it came with (FILES, filled in at build time by scripts/precache.mjs, under a
//   cache named by BUILD) and serves it from there, so after one visit the app loads, gets its threads and plays
//   every game with no network. A new deployment changes this file (its BUILD), so the browser installs the new
//   worker, which caches the new build and drops the old; the next load is the new build.
// - Isolation: every response it serves carries COOP/COEP, so the page becomes cross-origin isolated (and the
//   solver gets its thread pool) on hosts that send no such headers (GitHub Pages and the like).
// index.html registers it on the top-level page where service workers are available (a frame's isolation is the
// embedding page's to decide), and reloads once where the page was not isolated yet.
const BUILD = 'unbuilt';
const FILES = [];
const CACHE = `puzzle-lab-${BUILD}`;
const SCOPE = new URL('./', self.location.href).href;

self.addEventListener('install', (event) => {
  // The whole build or nothing: a failed download leaves the previous worker (and its build) in charge.
  // `no-cache` asks the host whether what the browser already downloaded is current (a 304 costs no body), so the
  // first visit does not download the build twice where the host sends validators (ETag, Last-Modified).
  event.waitUntil((async () => {
    if (FILES.length) {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: 'no-cache' })));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('puzzle-lab-') && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

/** `response` with the cross-origin isolation headers. */
function isolated(response) {
  if (response.status === 0) return response; // opaque: nothing to label
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** This build's copy of `request`, if it has one: a page is the build's index.html, whatever its query. */
async function cached(request) {
  if (!FILES.length) return undefined;
  const cache = await caches.open(CACHE);
  if (request.mode === 'navigate') {
    // Only the app's own page: other pages of the site under the same folder are not the app's.
    const index = new URL('index.html', SCOPE);
    const path = new URL(request.url).pathname;
    return path === new URL(SCOPE).pathname || path === index.pathname ? cache.match(index.href) : undefined;
  }
  return cache.match(request, { ignoreSearch: true });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Other sites' responses are theirs to label; a request only allowed from cache cannot be fetched again.
  if (new URL(request.url).origin !== self.location.origin || request.method !== 'GET') return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith((async () => {
    // The page's own files come from the build this worker holds (they belong together), the rest from the
    // network, and from the cache when the network fails.
    const own = await cached(request);
    if (own) return isolated(own);
    return isolated(await fetch(request));
  })());
});
