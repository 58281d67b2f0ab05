// Share and keep, embed anywhere, step mode, palettes: a share link reproduces the game, a reload keeps
// it, the embed layout plays in an iframe on a page served without the isolation headers and survives a reload of
// that page, the computer explains each guess step by step, and the colour-blind palette numbers every peg.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { feedback, launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, plain, browser;
const EMBED = '#/mastermind?embed=1&pegs=4&colors=6&rows=8&palette=safe&strategy=entropy';
before(async () => {
  server = await serve();
  // A tutorial page on a static host: no COOP/COEP headers, the app in an iframe.
  plain = await serve({
    isolation: false,
    pages: {
      '/tutorial.html': `<!doctype html><meta charset="utf-8"><title>Tutorial</title><link rel="icon" href="data:,">
        <h1>Breaking codes, a tutorial</h1><p>Try it here:</p>
        <iframe id="game" src="/${EMBED}" title="Mastermind" width="520" height="760" style="border:1px solid #ccc"></iframe>`,
    },
  });
  browser = await launch();
});
after(async () => { await browser?.close(); await server?.close(); await plain?.close(); });

const board = (page) => page.$$eval('.rows li.row:not(.free):not(.draft)', (rs) => rs.map((r) => ({
  guess: [...r.querySelectorAll('.code .peg')].map((p) => Number(p.textContent) - 1),
  black: Number(r.querySelector('.keys')?.dataset.black), white: Number(r.querySelector('.keys')?.dataset.white),
})));

test('a share link reproduces the game, hides the secret, and a reload keeps the game', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&pegs=5&colors=7`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1, 2]);
  await waitPhase(page, 'guessing');
  await typeCode(page, [3, 3, 4, 4, 5]);
  await waitPhase(page, 'guessing');
  const played = await board(page);
  assert.equal(played.length, 2);
  await page.click('#share');
  const link = await page.inputValue('#share-link');
  assert.match(link, /code=[0-9a-z]+/);
  assert.doesNotMatch(link, /secret=/);
  // The rows in the link are numbered as on the pegs (from 1), under the name that says so.
  assert.match(link, /guesses=1,1,2,2,3;4,4,5,5,6(&|$)/);
  assert.doesNotMatch(link, /played=/);
  await shot(page, 'share-link');

  const other = await open(browser, link);
  await solverReady(other);
  await waitPhase(other, 'guessing');
  assert.deepEqual(await board(other), played);
  // Same secret: the same next guess gets the same score on both pages.
  // (Enter on a focused button presses it: leave the Share button first.)
  await page.evaluate(() => document.activeElement?.blur());
  for (const p of [page, other]) {
    await typeCode(p, [6, 5, 4, 3, 2]);
    await p.waitForSelector('.rows li[data-row="3"] .keys[data-black]');
  }
  assert.deepEqual(await board(other), await board(page));

  await page.reload();
  await solverReady(page);
  await waitPhase(page, 'guessing', 'won');
  assert.deepEqual(await board(page), await board(other));
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('a link followed while the game waits for the solver is where the page goes: the old game never takes the address back', async () => {
  // The solver's module held back 3 s: the first game (the computer breaking a code, step by step) waits for its
  // first guess. (The page draws a secret itself, at once.)
  const slow = await serve({ slow: { '/solver-mastermind_bg.wasm': 3000 } });
  const page = await browser.newPage({ serviceWorkers: 'block' });
  try {
    // The app's hashchange listener held off until released, so the first game's secret is sure to arrive between
    // the address's change and its hashchange, as a solver's message now and then does.
    await page.addInitScript(() => window.addEventListener('hashchange', (e) => {
      if (!window.releaseHash) e.stopImmediatePropagation();
    }, true));
    await page.goto(`${slow.url}/#/mastermind?mode=make&scoring=auto&step=1&secret=0,1,2,3`);
    await waitPhase(page, 'thinking');
    const link = '#/mastermind?mode=break&secret=3,1,4,1';
    await page.evaluate((link) => { location.hash = link; }, link);
    // The first game gets its guess and settles: before the fix it wrote its own link over the one followed.
    await waitPhase(page, 'paused');
    assert.equal(await page.evaluate(() => location.hash), link, 'the address the person went to');
    await page.evaluate(() => { window.releaseHash = true; window.dispatchEvent(new HashChangeEvent('hashchange')); });
    // The followed link's game hides its secret in the address once it is drawn.
    await page.waitForFunction((link) => location.hash !== link, link);
    await waitPhase(page, 'guessing');
    await typeCode(page, [0, 0, 1, 1]);
    const keys = '.rows li[data-row="1"] .keys[data-black]';
    await page.waitForSelector(keys);
    const got = await page.$eval(keys, (k) => ({ black: Number(k.dataset.black), white: Number(k.dataset.white) }));
    assert.deepEqual(got, feedback([0, 0, 1, 1], [3, 1, 4, 1]));
  } finally {
    await page.close();
    await slow.close();
  }
});

test('the same link with its settings in another order is the same page, which keeps its address', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&pegs=4&colors=6`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await page.waitForFunction(() => /guesses=1,1,2,2(&|$)/.test(location.hash));
  // The link the page opened at, its parameters in another order (typed, or followed from elsewhere): the same
  // settings, so the same page goes on with its game.
  await page.evaluate(() => new Promise((done) => {
    window.addEventListener('hashchange', () => setTimeout(done, 100), { once: true });
    location.hash = '#/mastermind?colors=6&pegs=4&mode=break';
  }));
  await waitPhase(page, 'guessing');
  assert.equal((await board(page)).length, 1);
  await typeCode(page, [2, 2, 3, 3]);
  await page.waitForSelector('.rows li[data-row="2"] .keys[data-black]');
  // Before, the page stopped writing its address here (the hash was neither the one it opened at nor its own, as
  // written), and a reload started a new game.
  await page.waitForFunction(() => /guesses=1,1,2,2;3,3,4,4(&|$)/.test(location.hash));
  assert.deepEqual(page.errors, []);
});

test('embedded in an iframe on a page without the isolation headers: compact, one thread, survives a reload', async () => {
  const page = await open(browser, `${plain.url}/tutorial.html`);
  const frame = page.frameLocator('#game');
  await frame.locator('.status .threads[data-threads="1"]').waitFor({ timeout: 30_000 });
  assert.equal(await frame.locator('header.top').count(), 0, 'no site header when embedded');
  // The real reason, from inside the frame: the app's own host sends no headers.
  await frame.locator('.status .note:has-text("this app\'s host sends no COOP/COEP headers")').waitFor();
  await frame.locator('.mastermind[data-phase="guessing"]').waitFor({ timeout: 30_000 });
  // Colour-blind-safe palette: Okabe and Ito's orange for colour 1, and the number on the peg.
  const pick = frame.locator('.palette .pick.c0');
  assert.equal(await pick.evaluate((p) => getComputedStyle(p).backgroundColor), 'rgb(230, 159, 0)');
  assert.equal((await pick.textContent()).trim(), '1');
  // Play one guess by clicking inside the frame.
  for (const c of [0, 1, 2, 3]) await frame.locator(`.palette .pick.c${c}`).click();
  await frame.locator('#submit').click();
  await frame.locator('.rows li[data-row="1"] .keys[data-black]').waitFor();
  const before = await frame.locator('.rows li[data-row="1"] .keys').evaluate((k) => [k.dataset.black, k.dataset.white]);
  await shot(page, 'embed-iframe-no-isolation');
  // Reloading the tutorial page reloads the frame's original link; the game in progress comes back.
  await page.reload();
  await frame.locator('.banner.restored').waitFor({ timeout: 30_000 });
  await frame.locator('.rows li[data-row="1"] .keys[data-black]').waitFor();
  const after = await frame.locator('.rows li[data-row="1"] .keys').evaluate((k) => [k.dataset.black, k.dataset.white]);
  assert.deepEqual(after, before);
  assert.deepEqual(page.errors, []);
});

test('step by step, the computer explains each guess and waits', async () => {
  const secret = [5, 4, 3, 2];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&step=1&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'paused');
  assert.match(await page.textContent('.rows li[data-row="1"] .why'), /at most 256 of the 1,296 codes will be left/);
  await shot(page, 'step-mode');
  let rows = 1;
  while ((await page.getAttribute('.mastermind', 'data-phase')) === 'paused') {
    await page.click('#step');
    await page.waitForSelector(`.rows li[data-row="${rows + 1}"] .keys[data-black]`);
    rows += 1;
    await waitPhase(page, 'paused', 'won');
    assert.ok(await page.textContent(`.rows li[data-row="${rows}"] .why`));
  }
  assert.equal(await page.getAttribute('.mastermind', 'data-phase'), 'won');
  const last = await board(page);
  assert.deepEqual(last.at(-1).guess, secret);
  for (const r of last) assert.deepEqual({ black: r.black, white: r.white }, feedback(r.guess, secret));
  assert.deepEqual(page.errors, []);
});

test('a link with a hidden secret that was altered gets a message and a random secret', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&code=zzzzz`);
  await page.waitForSelector('.banner.warn');
  assert.match(await page.textContent('.banner.warn'), /code=zzzzz is not a secret for 4 pegs x 6 colours/);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  assert.deepEqual(page.errors, []);
});

test('links number colours from 1 as the pegs do, and links made before still mean the same game', async () => {
  // A tutorial's link written the new way, one written the old way (colours from 0), the same secret:
  // the pegs labelled 4, 2, 5, 2 win both.
  for (const link of ['answer=4,2,5,2&guesses=1,1,2,2', 'secret=3,1,4,1&played=0,0,1,1']) {
    const page = await open(browser, `${server.url}/#/mastermind?mode=break&${link}`);
    await solverReady(page);
    await waitPhase(page, 'guessing');
    const rows = await page.$$eval('.rows li.row:not(.free):not(.draft) .code', (cs) =>
      cs.map((c) => [...c.querySelectorAll('.peg')].map((p) => p.textContent.trim()).join(',')));
    assert.deepEqual(rows, ['1,1,2,2'], link);
    await typeCode(page, [3, 1, 4, 1]);
    await waitPhase(page, 'won');
    const last = await page.$$eval('.rows li.row:not(.free):not(.draft) .code', (cs) =>
      [...cs.at(-1).querySelectorAll('.peg')].map((p) => p.textContent.trim()).join(','));
    assert.equal(last, '4,2,5,2', link);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  // A colour 0 in the new numbering is named, in the link's own terms.
  const bad = await open(browser, `${server.url}/#/mastermind?mode=break&answer=0,2,5,2`);
  // Read once the app has drawn in place of index.html's frame.
  await bad.waitForSelector('.banner.warn');
  assert.match(await bad.textContent('body'), /answer=0,2,5,2: peg 1 has colour 0, but colours go from 1 to 6/);
});
