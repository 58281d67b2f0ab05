// Mastermind as players find it (issue 14, the parts done so far): Enter after a click on a button submits the code
// being typed, the black feedback symbol is drawn black, an embed is tall enough for the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('after a click on New game, a typed code and Enter make a guess, not another game', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await page.click('#new-game');
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await page.waitForSelector('.rows li[data-row="1"] .keys');
  assert.equal(await page.locator('.rows li[data-row="1"] .keys').count(), 1);
  // The black symbol is black, the white one white (read from the page's own styles).
  const colours = await page.$eval('.rows li[data-row="1"] .keys .nums', (n) => [...n.querySelectorAll('.sym')]
    .map((s) => getComputedStyle(s).color));
  assert.deepEqual(colours, ['rgb(17, 17, 17)', 'rgb(255, 255, 255)']);
  assert.deepEqual(page.errors, []);
});

test('the embed builder proposes a frame tall enough for the whole game', async () => {
  const page = await open(browser, `${server.url}/#/embed`);
  const snippet = await page.inputValue('#embed-snippet');
  const height = Number(snippet.match(/height="(\d+)"/)[1]);
  const frame = page.frameLocator('iframe.preview');
  await frame.locator('.mastermind').waitFor({ timeout: 30_000 });
  const content = await frame.locator('body').evaluate((b) => b.scrollHeight);
  assert.ok(height >= content, `frame ${height} px, content ${content} px`);
});
