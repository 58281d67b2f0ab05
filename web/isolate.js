// A service worker for hosts that cannot send the cross-origin isolation headers (GitHub Pages and the like).
// It re-serves this site's own responses with COOP/COEP added, so the page becomes cross-origin isolated and
// the solver gets its thread pool. index.html registers it only when the page is not isolated, is the top-level
// page (a frame's isolation is decided by the page that embeds it), and service workers are available; the page
// then reloads once. It caches nothing: every request still goes to the network.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  // Other sites' responses are theirs to label; a request only allowed from cache cannot be fetched again.
  if (new URL(request.url).origin !== self.location.origin) return;
  if (request.cache === 'only-if-cached' && request.mode !== 'same-origin') return;
  event.respondWith(fetch(request).then((response) => {
    if (response.status === 0) return response;
    const headers = new Headers(response.headers);
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }));
});
