// Mastermind's scoring strategies exact past 65,536 codes, in the tab: the computer breaks 6x9 and 7x7 codes with
// the strategy asked for (no fallback), the time of each guess logged (figures go to BENCHMARKS.md, not asserted);
// Compare strategies plays every 6x9 secret as one tree, with its progress, and stops on Cancel.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { feedback, guessOf, launch, open, score, shot, solverReady, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const lastJob = (page) => page.$eval('div.status', (f) => f.querySelector('.last')?.textContent ?? '');

test('the computer breaks 6x9 and 7x7 codes with knuth and entropy themselves', async () => {
  for (const [pegs, colors, secret, strategy] of [
    [6, 9, [8, 7, 3, 1, 0, 5], 'knuth'],
    [7, 7, [6, 5, 4, 3, 2, 1, 0], 'knuth'],
    [7, 7, [6, 5, 4, 3, 2, 1, 0], 'entropy'],
    [6, 9, [2, 2, 8, 0, 4, 4], 'entropy'],
  ]) {
    const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=${strategy}&pegs=${pegs}&colors=${colors}&secret=${secret.join(',')}`);
    await solverReady(page);
    // Each guess's time as the status line reports it, read whenever a row is added.
    const times = [];
    let rows = 0;
    const started = Date.now();
    for (;;) {
      await page.waitForFunction((n) => document.querySelectorAll('.rows li.row').length > n
        || document.querySelector('.mastermind')?.dataset.phase === 'won', rows, { timeout: 120_000 });
      const now = await page.$$eval('.rows li.row', (rs) => rs.length);
      if (now > rows) { times.push(await lastJob(page)); rows = now; }
      if (await page.getAttribute('.mastermind', 'data-phase') === 'won') break;
    }
    // A fast game's last rows are drawn a moment after the win (the board redraws at most ten times a second).
    await page.waitForTimeout(300);
    rows = await page.$$eval('.rows li.row', (rs) => rs.length);
    console.log(`${pegs}x${colors} ${strategy}: ${rows} guesses in ${((Date.now() - started) / 1000).toFixed(1)} s; per guess: ${times.join(' | ')}`);
    const status = await page.textContent('.game-status');
    assert.match(status, new RegExp(`guesses by ${strategy}`));
    assert.doesNotMatch(await page.textContent('.mastermind'), /random-consistent chose|chose this guess/);
    if (pegs === 7) await shot(page, 'make-7x7-knuth');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('at 7x7 the first three guesses come from the strategy\'s opening book and say so; the fourth is worked out live', async () => {
  const secret = [6, 5, 4, 3, 2, 1, 0];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=manual&strategy=entropy&pegs=7&colors=7`);
  await solverReady(page);
  for (let row = 1; row <= 4; row++) {
    await waitPhase(page, 'scoring');
    const status = await page.textContent('.game-status');
    assert.match(status, /guesses by entropy/);
    if (row <= 3) assert.match(status, /from entropy's opening book for 7 pegs x 7 colours/, `row ${row}`);
    else assert.doesNotMatch(status, /opening book/);
    if (row === 3) await shot(page, 'make-7x7-book');
    await score(page, feedback(await guessOf(page, row), secret));
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an opening book that does not load leaves the first guess to the live search, which says why; the game goes on', async () => {
  const page = await open(browser, 'about:blank', undefined, { serviceWorkers: 'block' });
  // The solver fetches the book from its worker: refused at the context, which sees the worker's requests.
  await page.context().route('**/openings/*.txt', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(`${server.url}/#/mastermind?mode=make&scoring=manual&strategy=knuth&pegs=6&colors=9`);
  await solverReady(page);
  await waitPhase(page, 'scoring');
  const status = await page.textContent('.game-status');
  assert.match(status, /could not be loaded \(the host answered 404/);
  assert.match(status, /worked out live/);
  // The live guess is the book's first.
  assert.equal((await guessOf(page, 1)).join(','), '0,0,1,1,2,2');
  await score(page, feedback(await guessOf(page, 1), [8, 7, 3, 1, 0, 5]));
  await waitPhase(page, 'scoring');
  assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
});

test('Compare strategies plays every 6x9 secret as one tree, shows its progress, and cancels', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats?pegs=6&colors=9&games=all&strategies=knuth`);
  await solverReady(page);
  assert.doesNotMatch(await page.textContent('main'), /compared on seeded games/);
  await page.click('#run-stats');
  // Games finish as the tree's branches end: the progress counts them.
  await page.waitForFunction(() => /working: [1-9][\d,]* of 531,441 games/.test(document.querySelector('div.status')?.textContent ?? ''),
    null, { timeout: 120_000 });
  await shot(page, 'stats-6x9-running');
  await page.click('#cancel-stats');
  await page.waitForSelector('#cancel-stats', { state: 'detached' });
  assert.deepEqual(page.errors, []);
});

test('at 8x8 the page says how long before starting, shows what the first answer leaves, and the long guess runs with progress and Cancel', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&pegs=8&colors=8`);
  await solverReady(page);
  // Before starting: about how long the slowest guess takes on this tab's threads, and the quick strategy in one click.
  const note = await page.textContent('#wait-note');
  assert.match(note, /At 8 pegs x 8 colours every knuth guess is exact, but the slowest takes about \d+ minutes on this tab's \d+ threads?/);
  await shot(page, 'make-8x8-wait-note', '.settings');
  await page.click('#play-quick');
  await page.waitForSelector('#wait-note', { state: 'detached' });
  assert.equal(await page.$eval('#strategy', (s) => s.value), 'random-consistent');
  // At 7x7 the books answer the slow guesses (every other guess takes under 0.5 s natively): no wait is announced.
  // At 7x8, with no book, expected-size's slowest guess is announced, in seconds.
  for (const strategy of ['knuth', 'expected-size']) {
    await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&strategy=${strategy}&pegs=7&colors=7`);
    await solverReady(page);
    assert.equal(await page.$('#wait-note'), null, strategy);
  }
  await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&strategy=expected-size&pegs=7&colors=8`);
  await solverReady(page);
  assert.match(await page.textContent('#wait-note'), /At 7 pegs x 8 colours every expected-size guess is exact, but the slowest takes about \d+ seconds on this tab's \d+ threads?/);
  // Back to knuth, with a secret: the first guess's split tells what its answer leaves while the second is searched.
  await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&pegs=8&colors=8&secret=7,6,5,4,3,2,1,0`);
  await solverReady(page);
  await page.waitForSelector('.rows li.row', { timeout: 120_000 });
  await page.waitForFunction(() => /2,?140,?616 codes still possible/.test(document.querySelector('.game-status')?.textContent ?? ''),
    null, { timeout: 60_000 });
  await page.waitForFunction(() => /working: [1-9][\d,]* of [\d,]+ chunks of guesses/.test(document.querySelector('div.status')?.textContent ?? ''),
    null, { timeout: 120_000 });
  // "See the search" while the second guess is searched: the first row's split is drawn from the row itself (a
  // split job would wait behind the search), with the answer it got marked.
  await page.click('details.insight summary');
  const got = await page.waitForSelector('.split .class.got', { timeout: 10_000 });
  assert.equal(await got.getAttribute('data-count'), '2140616');
  assert.match(await page.textContent('.split-total'), /^16,777,216 codes were possible/);
  assert.match(await page.textContent('div.status'), /working: [1-9][\d,]* of [\d,]+ chunks of guesses/, 'still searching the second guess');
  await shot(page, 'make-8x8-second-guess');
  await page.click('#cancel');
  await page.waitForSelector('.status .last.cancelled', { timeout: 30_000 });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('8x8 lists its codes but plays every secret only as a cluster job; 9x8 names the memory it would need', async () => {
  const page = await open(browser, `${server.url}/#/mastermind/stats?pegs=8&colors=8&games=all&strategies=knuth`);
  await solverReady(page);
  assert.match(await page.textContent('main'), /takes days .* stats --all --mpi/);
  const big = await open(browser, `${server.url}/#/mastermind/stats?pegs=9&colors=8&strategies=knuth`);
  await solverReady(big);
  assert.match(await big.textContent('main'), /too many to list: listing them all takes 6\.1 GiB/);
  assert.deepEqual([...page.errors, ...big.errors], []);
});
