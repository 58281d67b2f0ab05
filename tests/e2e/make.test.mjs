// The computer breaks your code: with the secret entered (the page scores), and scored by hand, including a
// wrong score that the page catches, names, and lets you fix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { feedback, guessOf, launch, open, score, shot, solverReady, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

/**
 * Scores each new guess of the computer truthfully against `secret` until the page reaches one of the phases
 * `until` (failing past 20 rows); returns that phase.
 */
async function scoreTruthfully(page, secret, ...until) {
  for (;;) {
    await waitPhase(page, 'scoring', ...until);
    const phase = await page.getAttribute('.mastermind', 'data-phase');
    if (until.includes(phase)) return phase;
    const last = await page.$$eval('.rows li.row', (rs) => rs.length);
    assert.ok(last <= 20, `the computer is still guessing after ${last} rows`);
    await score(page, feedback(await guessOf(page, last), secret));
  }
}

test('computer breaks an entered secret with knuth in at most 5 guesses', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth`);
  await solverReady(page);
  await waitPhase(page, 'entering-secret');
  for (const c of [5, 2, 0, 4]) await page.click(`.palette .pick.c${c}`);
  await page.click('#submit');
  await waitPhase(page, 'won');
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.ok(rows <= 5, `knuth took ${rows} guesses`);
  assert.deepEqual(await guessOf(page, rows), [5, 2, 0, 4]);
  assert.match(await page.textContent('#result'), /The computer broke your code/);
  await shot(page, 'make-auto-won');
  assert.deepEqual(page.errors, []);
});

test('person scores every guess by hand until the computer wins', async () => {
  const secret = [1, 1, 4, 2];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=manual&strategy=random-consistent`);
  await solverReady(page);
  assert.equal(await scoreTruthfully(page, secret, 'won'), 'won');
  await shot(page, 'make-manual-won');
  assert.deepEqual(page.errors, []);
});

test('a wrong score is caught, the row named, and fixing it lets the game go on', async () => {
  const secret = [0, 0, 0, 5];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=manual&strategy=first-consistent`);
  await solverReady(page);
  // first-consistent plays 0000, 1111, ...: score 0000 wrongly as no match, the rest truthfully.
  await waitPhase(page, 'scoring');
  assert.deepEqual(await guessOf(page, 1), [0, 0, 0, 0]);
  await score(page, { black: 0, white: 0 });
  assert.equal(await scoreTruthfully(page, secret, 'contradiction'), 'contradiction');
  // Rows 2-5 (1111 .. 4444) score 0,0 and 5555 scores 1,0: one 5 and nothing else, impossible with 4 pegs.
  const message = await page.textContent('#contradiction');
  assert.match(message, /Row 6 is the first that cannot be true/);
  assert.equal(await page.getAttribute('li.row.contradicts', 'data-row'), '6');
  await shot(page, 'make-contradiction');
  // Fix row 1: three 0s, all in place.
  await page.click('button[aria-label="fix the score of row 1"]');
  await score(page, { black: 3, white: 0 });
  assert.equal(await scoreTruthfully(page, secret, 'won'), 'won');
  const last = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.deepEqual(await guessOf(page, last), secret);
  await shot(page, 'make-fixed-won');
  assert.deepEqual(page.errors, []);
});

test('optimal breaks 3141 along the shipped 4x6 tree, opening with 1123', async () => {
  const secret = [3, 1, 4, 1];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=optimal&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'won');
  assert.deepEqual(await guessOf(page, 1), [0, 0, 1, 2]);
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.ok(rows <= 6, `${rows} rows`);
  assert.deepEqual(await guessOf(page, rows), secret);
  assert.match(await page.textContent('.game-status'), /guesses by optimal/);
  await shot(page, 'make-optimal-4x6');
  assert.deepEqual(page.errors, []);
});

test('optimal plays 4x7 and 5x5 from their shipped books: within 6 guesses, with no fallback', async () => {
  for (const [pegs, colors, secret, opening] of [
    [4, 7, [6, 2, 5, 0], [0, 0, 1, 2]],
    [5, 5, [4, 1, 3, 1, 0], [0, 0, 1, 1, 2]],
  ]) {
    const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=optimal&pegs=${pegs}&colors=${colors}&secret=${secret.join(',')}`);
    await solverReady(page);
    await waitPhase(page, 'won');
    assert.deepEqual(await guessOf(page, 1), opening);
    const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
    assert.ok(rows <= 6, `${pegs}x${colors}: ${rows} rows`);
    assert.deepEqual(await guessOf(page, rows), secret);
    const status = await page.textContent('.game-status');
    assert.match(status, /guesses by optimal/);
    assert.doesNotMatch(await page.textContent('.mastermind'), /budget|chose this guess/);
    if (pegs === 4) await shot(page, 'make-optimal-4x7');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('local-search breaks a 10x10 code in the browser and says how its guesses fit', async () => {
  const secret = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&pegs=10&colors=10&strategy=local-search&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'won');
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.deepEqual(await guessOf(page, rows), secret);
  assert.match(await page.textContent('.game-status'), /guesses by local-search/);
  assert.match(await page.textContent('.game-status .note'), /local search: /);
  await shot(page, 'make-local-search-10x10');
  assert.deepEqual(page.errors, []);
});

test('sampled-split breaks a 10x10 code in the browser, its sample spread over the pool', async () => {
  const secret = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&pegs=10&colors=10&strategy=sampled-split&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'won');
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.deepEqual(await guessOf(page, rows), secret);
  assert.match(await page.textContent('.game-status'), /guesses by sampled-split/);
  assert.match(await page.textContent('.game-status .note'), /sampled split \(the most even split of a sample/);
  await shot(page, 'make-sampled-split-10x10');
  assert.deepEqual(page.errors, []);
});

test('one colour at a time breaks a 10x10 code in the browser, and says what each test asks', async () => {
  const secret = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8];
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&pegs=10&colors=10&strategy=colour-by-colour&secret=${secret.join(',')}`);
  await solverReady(page);
  await waitPhase(page, 'won');
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.deepEqual(await guessOf(page, rows), secret);
  // Solid colour 1 first (it is missing from the secret, so it fills every later test).
  assert.deepEqual(await guessOf(page, 1), Array(10).fill(0));
  assert.match(await page.textContent('.game-status'), /guesses by colour-by-colour/);
  assert.match(await page.textContent(`.rows li[data-row="${rows}"]`), /one colour at a time: every peg is known/);
  await shot(page, 'make-colour-by-colour-10x10');
  assert.deepEqual(page.errors, []);
});

test('a 30x12 code, far beyond exact search, is broken by the sampled split on the page', async () => {
  const secret = Array.from({ length: 30 }, (_, i) => (i * 7 + 3) % 12);
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&pegs=30&colors=12&strategy=random-consistent&secret=${secret.join(',')}`);
  await solverReady(page);
  // Rows already drawn stay the same DOM nodes as the game grows (redrawing every row per guess made long
  // games crawl): mark the first row's node, and find the mark on it at the end.
  await page.waitForSelector('.rows li[data-row="2"]');
  const marked = await page.$$eval('.rows li.row', (rs) => { rs[0].drawnOnce = true; return rs.length; });
  await page.waitForFunction(() => document.querySelector('.mastermind')?.dataset.phase === 'won', null, { timeout: 90_000 });
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  assert.deepEqual(await guessOf(page, rows), secret);
  assert.ok(rows > marked, `the game went on after row ${marked} (${rows} rows)`);
  // Each long code is one image, drawn: every row's loads a picture of its pegs (drawn at the next frame), and
  // says its colours.
  await page.waitForFunction(() => [...document.querySelectorAll('.rows li.row img.code.strip')]
    .every((img) => img.complete && img.naturalWidth > 0), null, { timeout: 10_000 });
  const strips = await page.$$eval('.rows li.row', (rs) => rs.map((r) => {
    const img = r.querySelector('img.code.strip');
    return img && { loaded: img.complete && img.naturalWidth > 0, pegs: img.dataset.code.split(',').length, alt: img.alt.split(' ').length - 1 };
  }));
  assert.deepEqual(strips.filter((s) => !s || !s.loaded || s.pegs !== 30 || s.alt !== 30), [], 'a row not drawn as a 30-peg image');
  assert.equal(await page.$eval('.rows li[data-row="1"]', (r) => r.drawnOnce), true, 'row 1 was drawn again');
  // random-consistent said why it let the sampled split choose.
  // One line says what plays instead, the figures behind "why".
  assert.match(await page.textContent('#handover'), /^random-consistent cannot search exactly [\d.]+ × 10\S+ codes; sampled-split plays instead/);
  assert.match(await page.textContent('#handover details'), /exact search .* could take too long, so sampled-split chose/);
  assert.match(await page.textContent('#strategy-handover'), /random-consistent cannot search exactly .* codes; sampled-split plays instead/);
  await shot(page, 'make-30x12');
  assert.deepEqual(page.errors, []);
});

test('a huge game draws what the solver knows: colour counts, the colours each peg can be, what the last score taught', async () => {
  const [pegs, colors] = [20, 15];
  const secret = Array.from({ length: pegs }, (_, i) => (i * 7 + 3) % colors);
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&step=1&pegs=${pegs}&colors=${colors}&strategy=local-search&secret=${secret.join(',')}`);
  await solverReady(page);
  // What the grid says must hold for the secret: its counts within each colour's bounds, no cell ruled out where the
  // secret has that colour, every certain cell the secret's.
  const grid = () => page.$eval('.kg', (k) => ({
    rows: Number(k.dataset.rows),
    sample: Number(k.dataset.sample),
    bounds: [...k.querySelectorAll('.kg-row[data-color]')].map((r) => [Number(r.dataset.lo), Number(r.dataset.hi)]),
    cells: [...k.querySelectorAll('.kg-row[data-color]')].map((r) => [...r.querySelectorAll('.kg-cell')]
      .map((c) => (c.classList.contains('certain') ? 'certain' : c.classList.contains('out') ? 'out' : 'open'))),
  }));
  const holds = (g) => {
    for (let c = 0; c < colors; c++) {
      const n = secret.filter((x) => x === c).length;
      assert.ok(g.bounds[c][0] <= n && n <= g.bounds[c][1], `colour ${c + 1}: ${n} within ${g.bounds[c]}`);
      for (let p = 0; p < pegs; p++) {
        if (secret[p] === c) assert.notEqual(g.cells[c][p], 'out', `peg ${p + 1} is colour ${c + 1}`);
        else assert.notEqual(g.cells[c][p], 'certain', `peg ${p + 1} is not colour ${c + 1}`);
      }
    }
  };
  let rows = 0;
  for (; rows < 60; rows++) {
    const phase = await page.waitForFunction(() => {
      const p = document.querySelector('.mastermind')?.dataset.phase;
      return ['paused', 'won'].includes(p) && p;
    }).then((h) => h.jsonValue());
    const n = await page.$$eval('.rows li.row', (rs) => rs.length);
    // Waiting for the person, the picture comes for every row.
    await page.waitForFunction((r) => Number(document.querySelector('.kg')?.dataset.rows) === r, n);
    const g = await grid();
    holds(g);
    assert.match(await page.textContent('.knowledge .lesson'), new RegExp(`^Guess ${n} scored`));
    if (n === 3) {
      assert.ok(g.sample >= 2, `a sample of codes after 3 rows (${g.sample})`);
      await shot(page, 'make-knowledge-20x15', '.knowledge');
    }
    if (phase === 'won') {
      rows = n;
      break;
    }
    await page.click('#step');
  }
  // The winning row places every peg.
  const g = await grid();
  for (let p = 0; p < pegs; p++) assert.equal(g.cells[secret[p]][p], 'certain', `peg ${p + 1}`);
  assert.match(await page.textContent('.knowledge .lesson'), /every peg in place, the code is broken/);
  assert.deepEqual(page.errors, []);
});
