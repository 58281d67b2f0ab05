// A pool thread that stops without a word: the devtools protocol's `Runtime.terminateExecution` ends its script as
// a browser does when it kills a thread, raising no error anywhere. The job must end within seconds with a sentence
// that says so, a fresh pool must start, and the game must go on (a Mastermind search and a peg count).
// Driven by puppeteer-core, which attaches to the solver's nested pool-thread workers (playwright does not).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from '../serve.mjs';
import { ARTIFACTS } from './helpers.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
});
after(async () => { await browser?.close(); await server?.close(); });

const until = (page, fn, arg, timeout = 30_000) => page.waitForFunction(fn, { timeout, polling: 100 }, arg);
const threads = (page) => until(page, () => Number(document.querySelector('.status .threads')?.dataset.threads) > 0 || null)
  .then(() => page.$eval('.status .threads', (t) => Number(t.dataset.threads)));

async function shot(page, name) {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Ends the script of one of the solver's pool threads, as a browser does when it stops a thread. */
async function stopAPoolThread() {
  for (let i = 0; i < 50; i++) {
    // wasm-bindgen-rayon starts each pool thread from a blob: URL (the solver worker itself is solver.js).
    const pool = browser.targets().filter((t) => t.url().startsWith('blob:'));
    if (pool.length > 0) {
      const session = await pool[pool.length - 1].createCDPSession();
      await session.send('Runtime.terminateExecution');
      return pool.length;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  throw new Error('no pool thread found among the browser targets');
}

test('a Mastermind search whose pool thread stops silently ends within seconds with a sentence; play goes on', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  await page.goto(`${server.url}/#/mastermind?mode=break&pegs=10&colors=10&secret=9,8,7,6,5,4,3,2,1,0`);
  assert.ok(await threads(page) > 1, 'a pool');
  await until(page, () => document.querySelector('.mastermind')?.dataset.phase === 'guessing');
  for (const key of '1122334455') await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await page.waitForSelector('#count-all', { timeout: 30_000 });
  await page.click('#count-all');
  await until(page, () => Number(document.querySelector('.banner.thinking progress')?.value) > 0);
  const t0 = Date.now();
  await stopAPoolThread();
  await until(page, () => document.querySelector('.mastermind')?.dataset.phase === 'failed', null, 20_000);
  console.log(`silent pool thread noticed after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const banner = await page.$eval('#failed', (b) => b.textContent);
  assert.match(banner, /The solver stopped: its thread \d stopped in the middle of its work and said nothing for \d+ s|its threads said nothing for \d+ s/);
  assert.match(banner, /your game is kept/);
  await shot(page, 'silent-thread-mastermind');
  // Try again: the game is back at guessing with its row, on a fresh pool, and the next guess is scored.
  await page.click('#go-on');
  await until(page, () => document.querySelector('.mastermind')?.dataset.phase === 'guessing');
  assert.ok(await threads(page) > 1, 'a fresh pool');
  for (const key of '0987654312') await page.keyboard.press(key);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.rows li[data-row="2"] .keys[data-black]', { timeout: 30_000 });
  assert.equal(await page.$eval('.rows li[data-row="2"] .keys', (k) => Number(k.dataset.black)), 8);
  await page.waitForSelector('.game-status .remaining', { timeout: 30_000 });
  await page.close();
});

test('a peg count whose pool thread stops silently ends within seconds with a sentence; the next count runs', async () => {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  await page.goto(`${server.url}/#/pegs?board=english`);
  assert.ok(await threads(page) > 1, 'a pool');
  await page.waitForSelector('#count-all', { timeout: 30_000 });
  await page.click('#count-all');
  await until(page, () => Number(document.querySelector('#count-levels')?.value) >= 3, null, 60_000);
  const t0 = Date.now();
  await stopAPoolThread();
  await until(page, () => /stopped/.test(document.querySelector('#count-error')?.textContent ?? ''), null, 20_000);
  console.log(`silent pool thread in a count noticed after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const error = await page.$eval('#count-error', (e) => e.textContent);
  assert.match(error, /said nothing for \d+ s/);
  await shot(page, 'silent-thread-pegs');
  assert.ok(await threads(page) > 1, 'a fresh pool');
  // The board still answers: the next count (the triangle's, small) runs to its exact figure on the fresh pool.
  await page.goto(`${server.url}/#/pegs?board=triangle&start=0,0&finish=any-one`);
  await page.waitForSelector('#count-all', { timeout: 30_000 });
  await page.click('#count-all');
  await page.waitForSelector('#count-solutions', { timeout: 30_000 });
  assert.equal(await page.$eval('#count-solutions', (e) => e.dataset.solutions), '29760');
  await page.close();
});
