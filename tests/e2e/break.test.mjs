// You break the code: a whole game won and one lost, with the secret fixed through the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { cancelThenPlay, feedback, launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

// The score of a row, once it is drawn (the phase stays 'guessing' while a guess is scored, so waiting for the phase
// alone can read a row before its score is there).
const keysOf = async (page, row) => {
  const keys = `.rows li[data-row="${row}"] .keys[data-black]`;
  await page.waitForSelector(keys);
  return page.$eval(keys, (k) => ({ black: Number(k.dataset.black), white: Number(k.dataset.white) }));
};

test('person breaks a 4x6 code: feedback per row, remaining codes, win', async () => {
  const secret = [3, 1, 4, 1];
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  const guesses = [[0, 0, 1, 1], [2, 3, 4, 5], [3, 1, 2, 1]];
  for (const [i, g] of guesses.entries()) {
    await typeCode(page, g);
    await waitPhase(page, 'guessing');
    assert.deepEqual(await keysOf(page, i + 1), feedback(g, secret), `row ${i + 1}`);
  }
  assert.equal(await page.getAttribute('.game-status .remaining', 'data-value'), '1');
  // The last guess by clicking the palette instead of the keyboard.
  for (const c of secret) await page.click(`.palette .pick.c${c}`);
  await page.click('#submit');
  await waitPhase(page, 'won');
  assert.match(await page.textContent('#result'), /You broke the code in 4 guesses/);
  const shown = await page.$$eval('.secret .peg', (ps) => ps.map((p) => Number(p.textContent) - 1));
  assert.deepEqual(shown, secret);
  await shot(page, 'break-won');
  assert.deepEqual(page.errors, []);
});

test('person runs out of rows and sees the secret', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&rows=2&pegs=5&colors=8&secret=7,6,5,4,3`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 0, 0, 0]);
  await waitPhase(page, 'guessing');
  await typeCode(page, [1, 1, 1, 1, 1]);
  await waitPhase(page, 'lost');
  const shown = await page.$$eval('.secret .peg', (ps) => ps.map((p) => Number(p.textContent) - 1));
  assert.deepEqual(shown, [7, 6, 5, 4, 3]);
  await shot(page, 'break-lost');
});

test('phone width: the board and palette fit without horizontal scrolling', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?pegs=6&colors=9&secret=0,1,2,3,4,5`, { width: 375, height: 800 });
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [8, 7, 6, 5, 4, 3]);
  await waitPhase(page, 'guessing');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await shot(page, 'break-phone');
});

test('projector width: a 10x10 board with large pegs and every row on screen', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?pegs=10&colors=10&secret=9,8,7,6,5,4,3,2,1,0`, { width: 1920, height: 1080 });
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  await waitPhase(page, 'guessing');
  await typeCode(page, [9, 9, 7, 7, 5, 5, 3, 3, 1, 1]);
  await waitPhase(page, 'guessing');
  const size = await page.$eval('.rows li[data-row="1"] .peg', (p) => p.getBoundingClientRect().width);
  assert.ok(size >= 40, `pegs are ${size}px wide`);
  assert.deepEqual(await keysOf(page, 2), feedback([9, 9, 7, 7, 5, 5, 3, 3, 1, 1], [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]));
  await shot(page, 'break-projector-10x10');
  assert.deepEqual(page.errors, []);
});

test('a long count can be cancelled and the game and solver go on', async () => {
  const page = await cancelThenPlay(browser, server.url);
  assert.deepEqual(page.errors, []);
});

test('undo and redo guesses, by button and by key', async () => {
  const secret = [3, 1, 4, 1];
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  for (const g of [[0, 0, 1, 1], [2, 3, 4, 5]]) {
    await typeCode(page, g);
    await waitPhase(page, 'guessing');
  }
  const rows = () => page.$$eval('.rows li.row .keys[data-black]', (k) => k.length);
  assert.equal(await rows(), 2);
  assert.equal(await page.isDisabled('#redo'), true, 'nothing to redo yet');
  await page.keyboard.press('u');
  await page.click('#undo');
  assert.equal(await rows(), 0);
  await page.keyboard.press('r');
  assert.equal(await rows(), 1);
  await page.click('#redo');
  assert.deepEqual(await keysOf(page, 2), feedback([2, 3, 4, 5], secret), 'the guess comes back with its score');
  await page.keyboard.press('Control+z');
  assert.equal(await rows(), 1);
  await page.keyboard.press('Control+Shift+Z');
  assert.equal(await rows(), 2);
  assert.equal(await page.isDisabled('#redo'), true);
  await shot(page, 'break-redo');
  assert.deepEqual(page.errors, []);
});

test('your record: a won game counts once (a reload does not count it again), and Clear empties it', async () => {
  const secret = [3, 1, 4, 1];
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  assert.match(await page.textContent('.record'), /No game finished in this browser yet/);
  for (const g of [[0, 0, 1, 1], [2, 3, 4, 5], secret]) {
    await typeCode(page, g);
    await waitPhase(page, 'guessing', 'won');
  }
  await waitPhase(page, 'won');
  await page.waitForSelector('.record[data-played="1"]');
  assert.match(await page.textContent('.record'), /1 played, 1 won, 3\.0 guesses on average, best 3/);
  await page.reload();
  await solverReady(page);
  await waitPhase(page, 'won');
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute('.record', 'data-played'), '1', 'the same finished game is not counted twice');
  assert.equal(await page.getAttribute('.game-status .remaining', 'data-value'), '1', 'a won game restored: one code left');
  await shot(page, 'break-record', '.mm-side');
  await page.click('#clear-record');
  await page.waitForSelector('.record[data-played="0"]');
  assert.deepEqual(page.errors, []);
});
