// The page's boot script: index.html's only script, so that a strict Content-Security-Policy (no inline script)
// holds. In order:
// 1. the service worker web/isolate.js (offline play; threads where the host sends no isolation headers);
// 2. a browser without memory that threads can share cannot load the app at all: it is told so in words;
// 3. the page's own WebAssembly, loaded here so that a failed load is named on the page, not only in the console.
//    The page is built once per game: the address's first part names it (`#/pegs/embed` loads page-pegs.js and
//    page-pegs_bg.wasm); the home page, and an address no build is named by, load the home page's (hashed: its tag
//    names it, Trunk.toml). A page of another game
//    loads the page again (the app does), so this runs again and loads that game's.
// index.html's sentence for a page none of whose scripts ran: this one did.
document.getElementById('boot-failed')?.remove();
// The games' page modules of this build (`page-pegs.js`): filled in at build time by scripts/precache.mjs.
const PAGES = [];
// The first views of the games' pages this build holds (`pegs.narrow`: scripts/prerender.mjs draws them into shells/),
// filled in at build time by scripts/precache.mjs.
const SHELLS = [];

/** Replaces the page with a message: a heading, a sentence on what failed, and what to do. */
function explain(title, what, todo) {
  const box = document.createElement('main');
  box.className = 'unsupported';
  box.setAttribute('role', 'alert');
  for (const [name, text] of [['h1', title], ['p', what], ['p', todo]]) {
    const el = document.createElement(name);
    el.textContent = text;
    box.append(el);
  }
  // index.html's frame says the app is starting: it is not.
  document.querySelector('main[data-shell]')?.remove();
  document.body.prepend(box);
}

// 1. Registered on the top-level page (a frame's isolation is the embedding page's to decide). Where the page was not
// isolated yet, it reloads once when the worker is ready (never twice in a row, so a browser that still refuses is
// not reloaded in a loop). Without service workers the app runs online only, and on one thread where the host sends
// no headers, and says so.
(() => {
  const key = 'puzzle-lab:isolating';
  try {
    if (window !== window.top || !window.isSecureContext || !('serviceWorker' in navigator)) return;
    // `updateViaCache: 'none'`: a new deployment is noticed on the next visit, whatever the HTTP cache holds.
    const ready = navigator.serviceWorker.register('isolate.js', { updateViaCache: 'none' })
      .then(() => navigator.serviceWorker.ready);
    if (self.crossOriginIsolated) return sessionStorage.removeItem(key);
    if (sessionStorage.getItem(key)) return; // tried once in this tab already
    ready.then(() => {
      sessionStorage.setItem(key, '1');
      location.reload();
    }).catch(() => {});
  } catch {
    // No storage (a privacy setting): no way to avoid a reload loop, so no reload either.
  }
})();

// 2. The app's WebAssembly (the page's as well as the solver's) is built for threads, so it needs memory that can be
// shared.
function lacks() {
  try {
    if (typeof WebAssembly !== 'object') return 'WebAssembly';
    new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true });
    return null;
  } catch (e) {
    return `WebAssembly memory that threads can share (${e})`;
  }
}

// The first view of the page the address names, as the build drew it (scripts/prerender.mjs): shown in place of the
// empty frame while the page's module downloads, on a first visit (no service worker serves the build yet, so the
// module comes over the network: a second or more on a phone's connection) to a page's plain address (a link's
// settings draw something else). Inert: it is a picture of the page until the app, drawn the same, takes its place.
// Resolves once it has been drawn (at once where there is none): the module's download starts then, one round trip
// later than it could, so that the few KB of the view do not wait behind the module's few hundred.
function firstView() {
  const [path, query] = location.hash.replace(/^#/, '').split('?');
  const file = `${path.replace(/^\//, '').replaceAll('/', '-')}.${innerWidth < 600 ? 'narrow' : 'wide'}`;
  if (query || !SHELLS.includes(file) || navigator.serviceWorker?.controller) return null;
  return fetch(`shells/${file}.html`)
    .then((r) => (r.ok ? r.text() : null))
    .then((html) => {
      // Nothing came, or the page already says what failed.
      if (!html || !document.querySelector('main[data-shell]')) return null;
      // Its elements come inert and marked as the frame (`data-shell`: the app removes them).
      const view = document.createElement('template');
      view.innerHTML = html;
      document.querySelectorAll('[data-shell]').forEach((el) => el.remove());
      document.body.prepend(view.content);
      return painted(performance.now());
    })
    .catch(() => null);
}

// Resolves once what was drawn after `since` is on the screen: where the browser reports its paints, once it reports
// one after `since`, else a frame after the one that drew it; at most 300 ms (the view need not be the largest paint).
function painted(since) {
  return new Promise((done) => {
    const seen = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
      && new PerformanceObserver((list) => list.getEntries().some((e) => e.startTime >= since) && done(seen.disconnect()));
    if (seen) seen.observe({ type: 'largest-contentful-paint', buffered: true });
    else requestAnimationFrame(() => requestAnimationFrame(done));
    setTimeout(done, 300);
  });
}

// 3. The page's module: its script, then its WebAssembly.
async function load() {
  const missing = lacks();
  if (missing) {
    explain('Puzzle Lab cannot run in this browser', `It lacks ${missing}, which the app needs to load.`,
      'Safari 15.2, Firefox 79 and Chrome 92 and later have it. Update this browser, turn shared memory back on if a '
      + 'setting switched it off (in Firefox, javascript.options.shared_memory in about:config), or open this page '
      + 'in another browser.');
    return;
  }
  const first = location.hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  const name = PAGES.includes(first) ? first : 'home';
  // A game's page this build lacks: the home page's module says so (not reloading for it again and again).
  if (first && name === 'home') document.documentElement.dataset.missing = first;
  const home = document.querySelector('script[data-home]');
  const [script, wasm] = name === 'home' ? [home?.dataset.home, home?.dataset.homeWasm]
    : [`./page-${name}.js`, `./page-${name}_bg.wasm`];
  let step = script;
  try {
    // On a first visit the page's first view comes first (a few KB, seen at once, while the rest downloads), then
    // the module's WebAssembly, which downloads while its script loads.
    const glue = import(script);
    glue.catch(() => {}); // a failure is said below, when it is awaited
    if (name !== 'home') await firstView();
    const module = fetch(wasm);
    module.catch(() => {});
    const app = await glue;
    step = wasm;
    await app.default({ module_or_path: module });
  } catch (e) {
    const file = String(step).split('/').pop();
    explain('Puzzle Lab could not load', `Its file ${file} did not load (${e?.message ?? e}).`,
      'Reload the page. If this happens again, check the connection; if it is fine, the site is missing part of its '
      + 'build, or a setting or extension of this browser blocks it.');
  }
}

load();
