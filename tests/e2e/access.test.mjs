// Accessibility: screen readers get names for pegs, scores, the chart and the thread lanes; the game
// and its hints are played with the keyboard alone; the classroom views fit a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('screen readers hear the pegs, the score, the chart and the threads', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?see=1&mode=break&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await waitPhase(page, 'guessing');
  await page.waitForSelector('.chart .point[data-row="1"]');
  const row = await page.locator('.rows li[data-row="1"]').ariaSnapshot();
  for (const name of ['colour 1', 'colour 2']) assert.match(row, new RegExp(`img "${name}"`), row);
  assert.match(row, /img "1 black, 1 white"|black.*white/, row);
  const chart = await page.locator('.chart svg').getAttribute('aria-label');
  assert.match(chart, /before any guess 1296; after guess 1 208/);
  await page.waitForSelector('.latest-search .lane-track');
  assert.match(await page.locator('.latest-search .lane-track').getAttribute('aria-label'), /prefix ranges in .* ms on \d threads/);
  assert.deepEqual(page.errors, []);
});

test('keyboard alone: a hint, its suggestion, and the guess', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1&strategy=knuth`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await page.focus('#suggest');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#use-suggestion');
  await page.focus('#use-suggestion');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.hints .check');
  await page.focus('body');
  await page.keyboard.press('Enter');
  await page.waitForSelector('.rows li[data-row="1"] .keys[data-black]');
  assert.equal(await page.$$eval('.rows li[data-row="1"] .peg', (ps) => ps.map((p) => p.textContent).join(',')), '1,1,2,2');
  // Colours clicked on the palette, then Enter: the focused palette button does not take the Enter, the guess
  // is submitted.
  for (const c of [2, 3, 4, 5]) await page.click(`.palette .pick.c${c}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.rows li[data-row="2"] .keys[data-black]');
  assert.equal(await page.$$eval('.rows li[data-row="2"] .peg', (ps) => ps.map((p) => p.textContent).join(',')), '3,4,5,6');
  assert.deepEqual(page.errors, []);
});

test('the classroom views fit a phone', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?see=1&mode=break&pegs=6&colors=9&secret=0,1,2,3,4,5`, { width: 375, height: 800 });
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [8, 7, 6, 5, 4, 3]);
  await waitPhase(page, 'guessing');
  await page.waitForSelector('.split .class');
  await page.click('#compare-board');
  await page.waitForSelector('#verdict', { timeout: 60_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await shot(page, 'insight-phone');
  assert.deepEqual(page.errors, []);
});
