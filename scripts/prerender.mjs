// Run after a release build (scripts/post-build.sh): each game's pages as a first visitor first sees them, drawn by
// the build itself in headless Chromium and saved as HTML (`shells/pegs.narrow.html`), so that web/boot.js can show
// the page at once while its module downloads (a second or more on a phone's connection) instead of an empty frame.
//
// Each page is drawn with no solver (its script is held back), as a first visit draws it before the solver answers,
// at a phone's width and a desk's (the app lays out a page once, by the width it opens at: `hooks::use_narrow`).
// The pages are those the site's menu lists, and every page is drawn from its plain address (no settings in the
// link). Where Chromium or playwright-core is not installed (scripts/tools.sh installs both), the build is left
// without them and says so: boot.js then shows the plain frame.
//
// node scripts/prerender.mjs [DIR]   (DIR: the build; default Trunk's staging folder, or dist/)
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const dir = resolve(process.argv[2] ?? process.env.TRUNK_STAGING_DIR ?? join(ROOT, 'dist'));
const OUT = join(dir, 'shells');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
// The widths boot.js picks between: under 600 px a phone's layout (`hooks::use_narrow`).
const WIDTHS = { narrow: { width: 412, height: 823 }, wide: { width: 1100, height: 900 } };

/** The file a page's first view is saved in: `/cluedo/simulate` at a phone's width is `cluedo-simulate.narrow.html`. */
const shellFile = (path, width) => `${path.replace(/^\//, '').replaceAll('/', '-')}.${width}.html`;

await rm(OUT, { recursive: true, force: true });
let chromium;
try {
  ({ chromium } = createRequire(join(ROOT, 'tests', 'package.json'))('playwright-core'));
} catch {
  chromium = null;
}
if (!chromium || !existsSync(CHROMIUM)) {
  console.log(`prerender: skipped (${chromium ? `no Chromium at ${CHROMIUM}` : 'playwright-core is not installed in tests/'}): `
    + 'the pages open on the plain frame until their module arrives');
  process.exit(0);
}

const { serve } = await import('../tests/serve.mjs');
const server = await serve({ root: dir });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'], headless: true });
try {
  await mkdir(OUT, { recursive: true });
  const menu = await paths();
  let bytes = 0;
  for (const path of menu) {
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      const html = await draw(path, viewport);
      await writeFile(join(OUT, shellFile(path, width)), html);
      bytes += html.length;
    }
  }
  console.log(`prerender: ${menu.length} pages at ${Object.keys(WIDTHS).length} widths into shells/ (${bytes} bytes)`);
} finally {
  await browser.close();
  await server.close();
}

/** The game pages the site's menu lists (read from the home page, so the list is the build's own). */
async function paths() {
  const page = await browser.newPage({ viewport: WIDTHS.wide, serviceWorkers: 'block' });
  try {
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('main:not([data-shell])');
    const hrefs = await page.$$eval('header nav a[href*="#/"]', (as) => as.map((a) => a.getAttribute('href')));
    const found = [...new Set(hrefs.map((h) => h.slice(h.indexOf('#') + 1)).filter((p) => p.length > 1))];
    if (!found.length) throw new Error('prerender: the home page lists no game pages');
    return found;
  } finally {
    await page.close();
  }
}

/** The page at `path` as the app first draws it at `viewport`, before its solver answers: its body's elements. */
async function draw(path, viewport) {
  const page = await browser.newPage({ viewport, serviceWorkers: 'block' });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    // The solver's script never comes: the page is drawn as it is before its solver has loaded.
    await page.route('**/solver.js*', () => {});
    // The same random numbers on every build (a Cluedo deal, a seed in a link), so that a build's first views, and
    // what a first visit downloads, are the same each time: what they draw is kept as a place only (`data-live`).
    await page.addInitScript(() => {
      let x = 0x2545f491;
      const next = () => { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; return x >>> 0; };
      crypto.getRandomValues = (array) => {
        const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
        for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
        return array;
      };
      Math.random = () => next() / 2 ** 32;
      // A deal's seed mixes in the clock too.
      Date.now = () => 1_767_225_600_000;
    });
    await page.goto(`${server.url}/#${path}`);
    await page.waitForSelector('main:not([data-shell])');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    if (errors.length) throw new Error(`prerender: ${path} failed to draw: ${errors.join('; ')}`);
    return await page.evaluate(() => {
      // What depends on this visit (`data-live`: a deal, a preview of this address) is kept as a place only; a frame
      // would load this server's address.
      for (const live of document.querySelectorAll('[data-live][src]')) live.removeAttribute('src');
      // Only what shows, since it is a picture until the app takes its place (a few KB less on a first visit): a
      // closed box's contents; of a select's options the chosen one and the widest (which sets the select's width);
      // what only assistive technology, a pointer's hover, the keyboard or the app's own code reads (the view is
      // inert, so hidden from the first three, and the app replaces it; the style's attribute selectors are kept).
      const measure = document.createElement('canvas').getContext('2d');
      for (const select of document.querySelectorAll('select')) {
        const shown = select.selectedOptions[0] ?? select.options[0];
        measure.font = getComputedStyle(select).font;
        const width = (o) => measure.measureText(o.text).width;
        const widest = [...select.options].reduce((a, b) => (width(b) > width(a) ? b : a), shown);
        for (const option of [...select.options]) if (option !== shown && option !== widest) option.remove();
        shown?.setAttribute('selected', '');
      }
      for (const closed of document.querySelectorAll('details:not([open])')) {
        for (const child of [...closed.children]) if (child.tagName !== 'SUMMARY') child.remove();
      }
      const KEEP = new Set(['aria-current', 'aria-disabled', 'aria-pressed']);
      for (const el of document.body.querySelectorAll('*')) {
        for (const { name } of [...el.attributes]) {
          if ((name.startsWith('aria-') && !KEEP.has(name)) || name === 'title' || name === 'tabindex'
            || (name.startsWith('data-') && name !== 'data-live') || (name === 'role' && el.getAttribute('role') !== 'status')) {
            el.removeAttribute(name);
          }
        }
      }
      // Inert, and marked as the frame the app removes as it draws itself (web/boot.js puts them in place); a link
      // to this server's address (the embed builder's) written from the site's root instead.
      return [...document.body.children]
        .filter((e) => !['SCRIPT', 'NOSCRIPT'].includes(e.tagName) && e.id !== 'boot-failed')
        .map((e) => {
          e.setAttribute('data-shell', '');
          e.setAttribute('inert', '');
          return e.outerHTML.replaceAll(location.origin, '');
        }).join('\n');
    });
  } finally {
    await page.close();
  }
}
