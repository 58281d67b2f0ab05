// Compare strategies: every 4x6 secret with every strategy in seconds, side by side, with progress and
// cancel; and the embed builder gives a snippet whose preview plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('every 4x6 secret with every strategy, side by side, in seconds', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats`);
  await solverReady(page);
  const t0 = Date.now();
  await page.click('#run-stats');
  await page.waitForFunction(() => document.querySelector('.stats-page')?.dataset.running === 'false'
    && document.querySelectorAll('.results tbody tr[data-strategy]').length === 9, null, { timeout: 60_000 });
  const seconds = (Date.now() - t0) / 1000;
  const rows = await page.$$eval('.results tbody tr[data-strategy]', (rs) => Object.fromEntries(rs.map((r) => [r.dataset.strategy,
    { mean: Number(r.dataset.mean), worst: Number(r.dataset.worst), games: Number(r.dataset.games) }])));
  // Knuth (1977): 5801/1296 = 4.476, worst 5; the optimal strategy (Koyama and Lai 1993): 5625/1296 = 4.340.
  assert.equal(rows.knuth.mean.toFixed(6), (5801 / 1296).toFixed(6));
  assert.equal(rows.knuth.worst, 5);
  assert.equal(rows.optimal.mean.toFixed(6), (5625 / 1296).toFixed(6));
  for (const r of Object.values(rows)) assert.equal(r.games, 1296);
  // One colour at a time pays for answers that are easy to read: more guesses than any strategy that plays codes
  // that could win.
  assert.ok(rows['colour-by-colour'].mean > rows['random-consistent'].mean, `${rows['colour-by-colour'].mean}`);
  // How long it took is recorded in BENCHMARKS.md (from this line), not asserted.
  console.log(`every strategy on every 4x6 secret: ${seconds.toFixed(1)} s in the page`);
  await shot(page, 'stats-4x6');
  assert.deepEqual(page.errors, []);
});

test('a long comparison shows progress and can be cancelled', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats?pegs=8&colors=8&strategies=random-consistent&games=10000`);
  await solverReady(page);
  await page.click('#run-stats');
  await page.waitForFunction(() => Number(document.querySelector('#stats-progress')?.value) > 0, null, { timeout: 30_000 });
  await page.click('#cancel-stats');
  await page.waitForSelector('.banner.bad');
  assert.match(await page.textContent('.banner.bad'), /Cancelled/);
  // The pool is free again: a small run finishes.
  await page.goto(`${server.url}/#/mastermind/stats?pegs=3&colors=3&strategies=knuth`);
  await page.click('#run-stats');
  await page.waitForSelector('.results tbody tr[data-strategy="knuth"]', { timeout: 30_000 });
  assert.deepEqual(page.errors, []);
});

test('the embed builder makes a snippet whose preview plays', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/embed`);
  // Colours as numbered on the pegs: 4,2,5,2 is the palette's 4th, 2nd, 5th and 2nd colours.
  await page.fill('#embed-secret', '4,2,5,2');
  await page.selectOption('#embed-palette', 'safe');
  await page.click('#new-game');
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/#\/mastermind\?.*palette=safe.*embed=1.*code=[0-9a-z]+/);
  assert.doesNotMatch(snippet, /secret=|answer=|4,2,5,2/);
  const frame = page.frameLocator('iframe.preview');
  await frame.locator('.mastermind[data-phase="guessing"]').waitFor({ timeout: 30_000 });
  for (const c of [3, 1, 4, 1]) await frame.locator(`.palette .pick.c${c}`).click();
  await frame.locator('#submit').click();
  await frame.locator('.mastermind[data-phase="won"]').waitFor({ timeout: 30_000 });
  await shot(page, 'embed-builder');
  assert.deepEqual(page.errors, []);
});

test('bad values in the address are named, then dropped from it; a handed-over strategy is named by what played', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats?strategies=knuth,banana&pegs=999`);
  await page.waitForSelector('.link-error');
  const errors = await page.$$eval('.link-error', (es) => es.map((e) => e.textContent));
  assert.equal(errors.length, 2, errors.join(' | '));
  await page.waitForFunction(() => !/banana|999/.test(location.hash));
  assert.match(await page.evaluate(() => location.hash), /^#\/mastermind\/stats\?pegs=4&colors=6&games=all&strategies=knuth$/);
  // At 20x15 knuth cannot list its codes: the form says so before the run, and its row is the sampled split's.
  await page.goto(`${server.url}/#/mastermind/stats?pegs=20&colors=15&strategies=knuth,sampled-split&games=1`);
  const line = 'knuth cannot list 3.3 × 10²³ codes; sampled-split plays instead';
  await page.waitForSelector(`.stats-page .hint.handover:text-is("${line}")`);
  await page.click('#run-stats');
  await page.waitForSelector('tr[data-strategy="sampled-split"]', { timeout: 120_000 });
  assert.equal(await page.textContent('tr[data-strategy="knuth"] th'), 'sampled-split, for knuth');
  assert.ok((await page.textContent('tr[data-handover-of="knuth"]')).startsWith(line));
  await shot(page, 'stats-handover', '.results');
});
