// The diamond board's game from d2 to c5, whose early lost positions no search settles in seconds: the worker fetches
// the game's winning book when the game is played, and answers every position of its first jumps from it at once,
// won or lost, with a solution on demand (the French board's first game too); where the book cannot load, the page
// still answers (by search) and says so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => page.evaluate(() => ({ ...document.querySelector('.pegs').dataset }));
/** Waits until the page knows whether the finish can still be reached; returns the seconds it took. */
async function settled(page, timeout) {
  const t0 = Date.now();
  await page.waitForFunction(() => document.querySelector('.pegs')?.dataset.solvable !== 'unknown', null, { timeout });
  return (Date.now() - t0) / 1000;
}

// Positions a player reaches by random jumps (from `pegs assess`'s slowest): before the book, each ran for minutes.
const EARLY = ['d4-d2', 'f2-d2.f4-f2', 'f2-d2.f4-f2.d3-f3', 'd4-d2.f3-d3.e1-e3.d3-f3',
  'f2-d2.e4-e2.g3-e3.f5-f3.c4-e4.d5-f5', 'f2-d2.e4-e2.g4-e4.e1-e3.f6-f4.e4-e2.e6-e4.c3-e3'];

test('early diamond positions are answered at once from the book the worker fetches, lost or won, with a solution', async () => {
  const page = await open(browser, `${server.url}/#/pegs?board=diamond`);
  await solverReady(page);
  await settled(page, 240_000);
  const times = [];
  for (const moves of EARLY) {
    await page.goto(`${server.url}/#/pegs?board=diamond&start=d2&finish=c5&moves=${moves}`);
    const s = await settled(page, 10_000);
    const st = await state(page);
    times.push(s);
    console.log(`${moves}: ${st.solvable === 'true' ? 'solvable' : 'lost'} in ${s.toFixed(2)} s (${st.source})`);
    assert.equal(st.source, 'book', moves);
    if (st.solvable === 'false') {
      assert.match(await page.textContent('#outlook'), /Not solvable any more: .*worked out ahead of time/);
    }
  }
  assert.ok(Math.max(...times) < 5, `every early position within 5 s (slowest ${Math.max(...times).toFixed(2)} s)`);
  // A winnable one: the book walks to its edge, the search finishes the game, and the page plays it to the end.
  await page.goto(`${server.url}/#/pegs?board=diamond&start=d2&finish=c5&moves=f2-d2.e4-e2`);
  await settled(page, 10_000);
  assert.equal((await state(page)).solvable, 'true');
  assert.match(await page.textContent('#outlook'), /Still solvable \(worked out ahead of time for the first jumps of this game\)/);
  await shot(page, 'pegs-diamond-book', '.pegs-play');
  await page.click('#show-solution');
  await page.waitForFunction(() => document.querySelector('.pegs').dataset.won === 'true', null, { timeout: 120_000 });
  // The French board's first game has a book too: the slowest of 300 random positions before it, at once.
  await page.goto(`${server.url}/#/pegs?board=french&start=d2&finish=d6&moves=f2-d2.c2-e2.d4-d2.d2-f2.d6-d4.c4-c2`);
  const f = await settled(page, 10_000);
  console.log(`French, six jumps in: ${(await state(page)).solvable === 'true' ? 'solvable' : 'lost'} in ${f.toFixed(2)} s (${(await state(page)).source})`);
  assert.equal((await state(page)).source, 'book');
  assert.deepEqual(page.errors, []);
});

test('where the diamond book cannot load, the page still answers by search and says why', async () => {
  const broken = await serve({ missing: ['/diamond-d2-c5.book'] });
  try {
    const page = await open(browser, `${broken.url}/#/pegs?board=diamond`);
    await solverReady(page);
    await settled(page, 240_000);
    assert.equal((await state(page)).solvable, 'true');
    assert.match(await page.textContent('#outlook'), /could not be loaded \(the host answered 404 .*searched for instead/);
    await shot(page, 'pegs-diamond-no-book', '.pegs-play');
    assert.deepEqual(page.errors.filter((e) => !/404/.test(e)), []);
  } finally {
    await broken.close();
  }
});
