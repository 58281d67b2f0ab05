// Your record counts each game once, by the game: Back and Forward over finished games, the same finished games
// reloaded in two tabs, and a record other tabs follow; a record that cannot be saved says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, solverReady, shot, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const link = (secret) => `${server.url}/#/mastermind?mode=break&secret=${secret.join(',')}`;

/** Plays `secret` to a win in two guesses on `page`, which shows its game. */
async function win(page, secret) {
  await solverReady(page);
  await waitPhase(page, 'guessing');
  await typeCode(page, secret.map((c) => (c + 1) % 6));
  await waitPhase(page, 'guessing');
  await typeCode(page, secret);
  await waitPhase(page, 'won');
}

const played = (page) => page.getAttribute('.record', 'data-played');

test('Back, Forward and two tabs over finished games count each game once; other tabs follow', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const [a, b] = [[3, 1, 4, 1], [2, 7 % 6, 1, 8 % 6]];
  await page.goto(link(a));
  await win(page, a);
  await page.waitForSelector('.record[data-played="1"]');
  // The address keeps up with the game: a finished game's own link.
  const finished = [page.url()];
  await page.goto(link(b));
  await win(page, b);
  await page.waitForSelector('.record[data-played="2"]');
  finished.push(page.url());
  for (const step of ['goBack', 'goForward', 'goBack']) {
    await page[step]();
    await waitPhase(page, 'won');
    await page.waitForTimeout(300);
    assert.equal(await played(page), '2', `after ${step}`);
  }
  // The same two finished games reloaded in two more tabs.
  const tabs = [];
  for (const url of finished) {
    const tab = await context.newPage();
    await tab.goto(url);
    await tab.reload();
    await solverReady(tab);
    await waitPhase(tab, 'won');
    tabs.push(tab);
  }
  await page.waitForTimeout(300);
  for (const p of [page, ...tabs]) assert.equal(await played(p), '2');
  // A third game won in one tab shows in the others without a reload.
  await tabs[0].goto(link([5, 5, 0, 0]));
  await win(tabs[0], [5, 5, 0, 0]);
  await page.waitForSelector('.record[data-played="3"]', { timeout: 5_000 });
  await tabs[1].waitForSelector('.record[data-played="3"]', { timeout: 5_000 });
  assert.match(await page.textContent('.record'), /3 played, 3 won, 2\.0 guesses on average, best 2/);
  await shot(page, 'record-counted-once', '.mm-side');
  await context.close();
});

test('a record that cannot be saved says so after a win', async () => {
  const context = await browser.newContext();
  // Storage that refuses every write, as a full or blocked one does.
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const page = await context.newPage();
  await page.goto(link([3, 1, 4, 1]));
  await win(page, [3, 1, 4, 1]);
  await page.waitForSelector('.record .unsaved', { timeout: 5_000 });
  assert.match(await page.textContent('.record .unsaved'),
    /Your record cannot be saved in this browser \(its storage is full, or turned off for this site\): the game you just finished is not in it\./);
  await shot(page, 'record-unsaved', '.mm-side');
  await context.close();
});
