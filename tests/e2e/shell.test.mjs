// The page loads, is cross-origin isolated, lists the puzzles, and the solver pool has more than one thread
// that really takes part in a search.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('home lists the puzzles and starts no solver; a game starts its own, isolated, with several threads', async () => {
  const page = await open(browser, `${server.url}/`);
  const asked = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  await page.waitForSelector('.puzzle h2');
  const titles = await page.$$eval('.puzzle h2', (hs) => hs.map((h) => h.textContent));
  assert.deepEqual(titles, ['Mastermind', 'Peg solitaire', 'Cluedo']);
  await page.waitForTimeout(500);
  assert.equal(await page.locator('.status').count(), 0, 'no status line of a solver on the home page');
  assert.deepEqual(asked.filter((p) => p.includes('solver')), [], 'the home page downloads no solver');
  await shot(page, 'home');
  await page.click('a.puzzle[href$="#/mastermind"]');
  const threads = await solverReady(page);
  assert.ok(threads > 1, `pool threads: ${threads}`);
  await waitPhase(page, 'guessing');
  // Its own solver only: none of the other games'.
  const solvers = [...new Set(asked.filter((p) => /solver-/.test(p)))].sort();
  assert.deepEqual(solvers, ['/solver-mastermind.js', '/solver-mastermind_bg.wasm']);
  // Another game's page replaces the solver with that game's.
  await page.click('header.top a[href$="#/cluedo"]');
  await page.waitForFunction(() => document.querySelector('.status .threads')?.dataset.threads > 0);
  assert.ok(asked.includes('/solver-cluedo_bg.wasm'), "Cluedo's solver, once its page is shown");
  assert.deepEqual(page.errors, []);
});

test('a search runs on more than one pool thread', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?pegs=7&colors=8&secret=0,1,2,3,4,5,6`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1, 2, 2, 3]);
  await waitPhase(page, 'guessing');
  await page.waitForSelector('.status .last');
  const used = Number(await page.getAttribute('.status .last', 'data-threads-used'));
  assert.ok(used >= 2, `ranges ran on ${used} thread(s)`);
  const remaining = await page.getAttribute('.game-status .remaining', 'data-value');
  assert.ok(Number(remaining) > 0);
  assert.deepEqual(page.errors, []);
});

test('unknown routes and bad links get a message, not a blank page', async () => {
  const page = await open(browser, `${server.url}/#/nowhere`);
  // No page module is named "nowhere": the home page's says so (in place of index.html's frame).
  assert.match(await page.textContent('main:not([data-shell])'), /There is no page at '\/nowhere'/);
  assert.deepEqual(page.errors, []);
  // A fresh load of a bad link (a hash change followed by a reload would race the page rewriting its link to
  // the game it actually started).
  const bad = await open(browser, `${server.url}/#/mastermind?pegs=999&secret=9,9`);
  await bad.waitForSelector('.banner.warn');
  const text = await bad.textContent('.banner.warn');
  assert.match(text, /pegs=999 is not allowed here/);
  assert.match(text, /secret=9,9/);
  await waitPhase(bad, 'guessing');
  assert.deepEqual(bad.errors, []);
});
