// The site's service worker: offline play, and threads on hosts that cannot send the isolation headers.
// - Offline: it holds the build it came with (filled in at build time by scripts/precache.mjs, under a cache named by
//   BUILD) and serves it from there, so after one visit the app loads, gets its threads and plays every game with no
//   network. It installs with the shell (FILES: index.html, boot.js, the style, the solver's entry); each game's own
//   files (LATER: its page module, its solver, its books) are cached when the page first asks for them, so a first
//   visit to one game downloads that game's alone. Once a module has come (or the page loads after an update), the other
//   games' files follow in the background, WARM_AFTER_MS later and one at a time, unless the browser is asked to
//   save data (`navigator.connection.saveData`): then each comes when its game is first opened. A new deployment changes this file (its BUILD), so the browser installs the new
//   worker, which caches the new build and drops the old; the next load is the new build.
// - Isolation: every response it serves carries COOP/COEP, so the page becomes cross-origin isolated (and the
//   solver gets its thread pool) on hosts that send no such headers (GitHub Pages and the like).
// index.html registers it on the top-level page where service workers are available (a frame's isolation is the
// embedding page's to decide), and reloads once where the page was not isolated yet.
const BUILD = 'unbuilt';
const FILES = [];
const LATER = [];
const CACHE = `puzzle-lab-${BUILD}`;
const SCOPE = new URL('./', self.location.href).href;
const WARM_AFTER_MS = 5_000;

/** A request for `file` of the build that asks the host whether what the browser holds is current. */
// `no-cache`: a 304 costs no body, so the first visit does not download a file twice where the host sends
// validators (ETag, Last-Modified).
const fresh = (file) => new Request(new URL(file, SCOPE), { cache: 'no-cache' });

self.addEventListener('install', (event) => {
  // The whole shell or nothing: a failed download leaves the previous worker (and its build) in charge.
  event.waitUntil((async () => {
    if (FILES.length) {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map(fresh));
    }
    await self.skipWaiting();
  })());
});

let warming = null;
let updated = false;
/** The games' files not cached yet, one at a time (the page's own downloads go first); a failure is left for later. */
function warm() {
  warming ??= (async () => {
    if (self.navigator.connection?.saveData) return;
    await new Promise((done) => setTimeout(done, WARM_AFTER_MS));
    const cache = await caches.open(CACHE);
    for (const file of LATER) {
      if (await cache.match(new URL(file, SCOPE).href)) continue;
      try {
        await cache.add(fresh(file));
      } catch {
        // Offline or refused: the file is fetched when its game is opened.
      }
    }
  })();
  return warming;
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('puzzle-lab-') && name !== CACHE) {
        await caches.delete(name);
        // An update: the games' files the old build held come again, from the page's next request on.
        updated = true;
      }
    }
    await self.clients.claim();
    // Not awaited: the page's own requests go first. Its next request holds the worker up until the games' files
    // are in (below).
    if (updated) warm();
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
    if (updated) event.waitUntil(warm());
    const own = await cached(request);
    if (own) return isolated(own);
    const response = await fetch(request);
    const file = new URL(request.url).pathname.slice(new URL(SCOPE).pathname.length);
    if (response.ok && LATER.includes(file)) {
      // A game's own file, first asked for: kept for offline play; once it is a module, the other games' follow.
      const cache = await caches.open(CACHE);
      event.waitUntil(cache.put(new URL(file, SCOPE).href, response.clone()).then(() => {
        if (/^(solver|page)-.*\.wasm$/.test(file)) return warm();
      }));
    }
    return isolated(response);
  })());
});
