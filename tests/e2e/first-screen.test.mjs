// What a person meets first, checked rather than hoped for: axe-core finds no violation (of any impact) on any route,
// at a desk's size and a phone's, nor in each game's main states (playing, won, the computer breaking a code, a lost
// peg position, a Cluedo hint, the presentation view); and on a phone (375 x 740) every game's board starts within
// the first screen, a whole move is played without scrolling, scores show their counts, every touch target is at
// least 24 x 24 px and nothing overflows. Screenshots of each game mid-play on the phone: tests/artifacts/phone-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { axeViolations, launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const DESK = { width: 1100, height: 900 };
const PHONE = { width: 375, height: 740 };
const ROUTES = ['/', '/mastermind', '/mastermind/stats', '/mastermind/embed', '/pegs', '/pegs/embed', '/cluedo',
  '/cluedo/simulate', '/cluedo/embed', '/nowhere'];

/** The app drawn in place of index.html's frame, and its solver ready where the page has a game. */
async function drawn(page) {
  await page.waitForSelector('main:not([data-shell])');
  if (await page.locator('.status').count()) await solverReady(page);
}

for (const [name, viewport] of [['a desk', DESK], ['a phone', PHONE]]) {
  test(`axe-core finds nothing on any route, on ${name}'s screen`, async () => {
    const found = [];
    for (const route of ROUTES) {
      const page = await open(browser, `${server.url}/#${route}`, viewport);
      await drawn(page);
      for (const v of await axeViolations(page)) found.push(`${route}: ${v}`);
      assert.deepEqual(page.errors, [], route);
      await page.close();
    }
    assert.deepEqual(found, []);
  });
}

test("axe-core finds nothing in each game's main states", async () => {
  const found = [];
  const check = async (page, what) => { for (const v of await axeViolations(page)) found.push(`${what}: ${v}`); };
  // Mastermind: a guess played, then won; the computer breaking a code the person scores.
  let page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1&see=1`);
  await drawn(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await waitPhase(page, 'guessing');
  await check(page, 'Mastermind, a guess played, the search shown');
  await typeCode(page, [3, 1, 4, 1]);
  await waitPhase(page, 'won');
  await check(page, 'Mastermind, won');
  page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=manual`);
  await drawn(page);
  await waitPhase(page, 'scoring');
  await check(page, 'Mastermind, the computer breaking a code the person scores');
  // Peg solitaire: a position that cannot reach the finish any more, its proof drawn.
  page = await open(browser, `${server.url}/#/pegs?board=english&moves=f4-d4.e2-e4.d4-f4.g4-e4.c2-e2.b4-d4.g3-e3.e4-c4.e2-e4.e5-e3.d6-d4`);
  await drawn(page);
  await page.waitForSelector('.pegs[data-solvable="false"]', { timeout: 30_000 });
  await check(page, 'peg solitaire, a lost position');
  // Cluedo: the person's turn with the expert's hint shown.
  page = await open(browser, `${server.url}/#/cluedo?players=deduction,random&seed=7&pace=100`);
  await drawn(page);
  await page.waitForSelector('.cluedo[data-phase="your-turn"]', { timeout: 30_000 });
  await page.click('text=Suggest for me');
  await page.waitForSelector('.cluedo-move .hint[role=status]');
  await check(page, 'Cluedo, a hint');
  // The presentation view.
  page = await open(browser, `${server.url}/#/mastermind?mode=break&see=1&present=1`);
  await drawn(page);
  await page.waitForSelector('html.present');
  await check(page, 'the presentation view');
  assert.deepEqual(found, []);
});

/**
 * What breaks a phone's screen in `page`: elements past its right edge (not inside something that scrolls
 * sideways), and touch targets under 24 x 24 px (not links inside a sentence, which WCAG leaves out).
 */
async function phoneFaults(page) {
  return page.evaluate(() => {
    const scrolls = (e) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className && typeof e.className === 'string' ? `.${e.className.trim().split(/\s+/).join('.')}` : ''}`;
    const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
    const overflow = [...document.querySelectorAll('body *')]
      .filter((e) => shown(e) && e.getBoundingClientRect().right > innerWidth + 0.5 && !scrolls(e))
      .map((e) => `${name(e)} ends at ${Math.round(e.getBoundingClientRect().right)} px`);
    const inSentence = (e) => e.tagName === 'A' && ['P', 'LI', 'TD', 'SPAN'].includes(e.parentElement?.tagName)
      && e.parentElement.textContent.trim() !== e.textContent.trim();
    const small = [...document.querySelectorAll('button, a[href], select, input, summary, [role="button"]')]
      .filter((e) => shown(e) && !inSentence(e))
      .filter((e) => { const r = e.getBoundingClientRect(); return r.width < 24 || r.height < 24; })
      .map((e) => { const r = e.getBoundingClientRect(); return `${name(e)} ${Math.round(r.width)}x${Math.round(r.height)}`; });
    return { overflow, small, scrollWidth: document.documentElement.scrollWidth };
  });
}

/** The bottom of `selector`'s box, in px from the top of the page. */
const bottom = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().bottom + scrollY);
const top = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().top + scrollY);

test('on a phone every game starts on the first screen, a whole move needs no scrolling, and nothing is too small', async () => {
  const faults = [];
  const look = async (page, what) => {
    const f = await phoneFaults(page);
    for (const o of f.overflow) faults.push(`${what}: ${o}`);
    for (const s of f.small) faults.push(`${what}: ${s}`);
    if (f.scrollWidth > PHONE.width) faults.push(`${what}: the page is ${f.scrollWidth} px wide`);
  };

  // Mastermind: the board, the palette and Guess all on the first screen; a guess played by taps alone.
  let page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`, PHONE);
  await drawn(page);
  await waitPhase(page, 'guessing');
  assert.ok(await top(page, '.board') < PHONE.height / 2, 'the board starts in the first half of the screen');
  for (const c of [0, 0, 1, 1]) await page.click(`.palette .pick.c${c}`);
  assert.ok(await bottom(page, '#submit') <= PHONE.height, 'Guess is on the first screen');
  await page.click('#submit');
  await page.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  assert.equal(await page.evaluate(() => scrollY), 0, 'no scrolling for a whole move');
  await look(page, 'Mastermind');
  await shot(page, 'phone-mastermind');

  // A 20-peg score on a phone says its counts, not only 20 dots.
  page = await open(browser, `${server.url}/#/mastermind?pegs=20&colors=8&mode=make&scoring=auto&step=1&secret=0,1,2,3,4,5,6,7,0,1,2,3,4,5,6,7,0,1,2,3`, PHONE);
  await drawn(page);
  await waitPhase(page, 'paused');
  const nums = page.locator('.rows li[data-row="1"] .keys .nums');
  assert.ok(await nums.isVisible(), "a 20-peg score's counts show on a phone");
  const keys = await page.$eval('.rows li[data-row="1"] .keys', (k) => [k.dataset.black, k.dataset.white]);
  assert.equal((await nums.textContent()).replace(/[●○]/g, ' ').trim().split(/\s+/).join(','), keys.join(','));
  await look(page, 'Mastermind, 20 pegs');
  await shot(page, 'phone-mastermind-20');

  // Peg solitaire: the whole board on the first screen (settings and help folded); a jump by two taps.
  page = await open(browser, `${server.url}/#/pegs?board=english`, PHONE);
  await drawn(page);
  assert.ok(await bottom(page, '.pegs-board') <= PHONE.height, `the board ends at ${await bottom(page, '.pegs-board')} px`);
  assert.equal(await page.locator('#pegs-settings[open]').count(), 0, 'the settings are folded');
  await page.click('.pegs-board .hole[data-name="d2"]');
  await page.click('.pegs-board .hole[data-name="d4"]');
  await page.waitForFunction(() => document.querySelector('.pegs')?.dataset.pegs === '31');
  assert.equal(await page.evaluate(() => scrollY), 0, 'no scrolling for a whole jump');
  await look(page, 'peg solitaire');
  await shot(page, 'phone-pegs');

  // Cluedo: the hand and the move on the first screen; a suggestion made without scrolling.
  page = await open(browser, `${server.url}/#/cluedo?players=deduction,random&seed=7&pace=0`, PHONE);
  await drawn(page);
  await page.waitForSelector('.cluedo[data-phase="your-turn"]', { timeout: 30_000 });
  const suggest = '.cluedo-move button:has-text("Suggest")';
  assert.ok(await bottom(page, suggest) <= PHONE.height, `Suggest ends at ${await bottom(page, suggest)} px`);
  await page.click(suggest);
  await page.waitForFunction(() => document.querySelector('.cluedo')?.dataset.phase !== 'your-turn');
  assert.equal(await page.evaluate(() => scrollY), 0, 'no scrolling for a whole move');
  await look(page, 'Cluedo');
  await shot(page, 'phone-cluedo');

  assert.deepEqual(faults, []);
});

test("a first visit shows the page's first view (drawn at build time) while its module downloads, and nothing moves when the app takes its place", async () => {
  // On a phone, and on a desk (where the settings show: a select drawn with fewer options keeps its width).
  for (const [route, selector, viewport] of [['/mastermind', '.mastermind .board', PHONE], ['/pegs', '.pegs .pegs-board', PHONE],
    ['/cluedo', '.cluedo-move', PHONE], ['/mastermind', '.mastermind .board', DESK], ['/pegs', '.pegs .pegs-board', DESK]]) {
    // No service worker: the module's request is the page's own, held back here.
    const page = await browser.newPage({ viewport, serviceWorkers: 'block' });
    // The page's module held back: the first view is all there is meanwhile.
    let release;
    const held = new Promise((r) => { release = r; });
    await page.route('**/page-*_bg.wasm', async (r) => { await held; await r.continue(); });
    await page.addInitScript(() => {
      window.shifts = 0;
      new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.shifts += e.value; })
        .observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${server.url}/#${route}`);
    await page.waitForSelector(`main[data-shell] ${selector}`);
    assert.equal(await page.$eval('main[data-shell]', (m) => m.inert), true, `${route}: the first view is inert`);
    if (route === '/cluedo') {
      // Its deal is its own, not the person's: its cards are not shown.
      assert.equal(await page.$eval('main[data-shell] .cluedo-hand', (h) => getComputedStyle(h).visibility), 'hidden');
    }
    // (No screenshot here: a whole-page screenshot resizes the page, which moves it. They are taken below.)
    release();
    await page.waitForSelector(`main:not([data-shell]) ${selector}`);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => window.shifts), 0, `${route}: the page moved as the app took its place`);
    assert.equal(await page.locator('[data-shell]').count(), 0);
    await page.close();
  }
  // What the first views look like on a phone, the module held back for good.
  for (const route of ['/mastermind', '/pegs', '/cluedo']) {
    const page = await browser.newPage({ viewport: PHONE, serviceWorkers: 'block' });
    await page.route('**/page-*_bg.wasm', () => {});
    await page.goto(`${server.url}/#${route}`);
    await page.waitForSelector('main[data-shell] section');
    await shot(page, `first-view${route.replaceAll('/', '-')}`);
    await page.close();
  }
  // A link with settings draws something else than the plain page: no first view.
  const page = await browser.newPage({ viewport: PHONE, serviceWorkers: 'block' });
  const shells = [];
  page.on('request', (r) => { if (r.url().includes('/shells/')) shells.push(r.url()); });
  await page.goto(`${server.url}/#/pegs?board=french`);
  await page.waitForSelector('main:not([data-shell]) .pegs .pegs-board');
  assert.deepEqual(shells, []);
  await page.close();
});
