// Memory at the edges, in Chromium with a tab's WebAssembly memory capped (`--wasm-max-mem-pages`, as a phone's tab
// is): a listing this tab cannot hold hands over in words the Strategy box and the game's status agree on; the peg
// table built in the background fails quietly while every jump is still answered; and leaving a game gives its
// table back to the device (the renderer's resident memory, from /proc).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';
import { leaveMemory, open, shot, solverReady } from './helpers.mjs';

let server;
before(async () => { server = await serve(); });
after(async () => { await server?.close(); });

/** A Chromium whose tabs' WebAssembly memories may grow to `mib` MiB each. */
function capped(mib) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--js-flags=--wasm-max-mem-pages=${mib * 16}`],
    headless: true,
  });
}

test('8x8 knuth in a 512 MiB tab: random-consistent plays, and every place that names the strategy says so', async () => {
  const browser = await capped(512);
  try {
    const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&step=1&strategy=knuth&secret=0,1,2,3`);
    await solverReady(page);
    // Before the game: the listing's memory is said as soon as the size is chosen.
    assert.equal(await page.$('#memory-note'), null, 'nothing to say at 4x6');
    await page.selectOption('#pegs', '8');
    await page.selectOption('#colors', '8');
    assert.match(await page.textContent('#memory-note'), /^knuth lists every code first: about 512 MiB of memory/);
    await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&step=1&strategy=knuth&pegs=8&colors=8&secret=0,1,2,3,4,5,6,7`);
    await page.waitForSelector('#handover', { timeout: 60_000 });
    const line = 'knuth needs 512 MiB of memory to list the codes, more than this tab was given; random-consistent plays instead';
    assert.ok((await page.textContent('#handover')).startsWith(line));
    assert.equal(await page.textContent('#strategy-handover'), line);
    assert.match(await page.textContent('.game-status'), /guesses by random-consistent/);
    // The wait announced for knuth's slowest guess, and its listing's memory, are not promised for the strategy
    // that plays.
    assert.equal(await page.$('#wait-note'), null);
    assert.equal(await page.$('#memory-note'), null);
    await shot(page, 'memory-512-knuth-hands-over');
  } finally {
    await browser.close();
  }
});

test("the English board in a 256 MiB tab: the table's failure is one quiet line, and every jump is still answered", async () => {
  const browser = await capped(256);
  try {
    const page = await open(browser, `${server.url}/#/pegs?board=english`);
    await solverReady(page);
    await page.waitForSelector('#table-failed', { timeout: 90_000 });
    assert.match(await page.textContent('#table-failed summary'), /this tab could not build the board's table\. Every jump is still answered/);
    assert.equal(await page.$('.pegs-side .banner.bad'), null, 'no red error for what nobody asked for');
    assert.equal(await page.$('#table-levels'), null, 'no bar left standing');
    // A jump (d2 over d3 into d4) is answered.
    await page.click('.pegs-board .hole[data-name="d2"]');
    await page.click('.pegs-board .hole[data-name="d4"]');
    await page.waitForFunction(() => /jumps? played; last d2-d4/.test(document.querySelector('.pegs-side')?.textContent ?? ''));
    await page.waitForFunction(() => /olvable/.test(document.querySelector('#outlook')?.textContent ?? ''), null, { timeout: 30_000 });
    assert.equal(await page.textContent('#outlook'), 'Still solvable.');
    await shot(page, 'memory-256-pegs-table-failed');
  } finally {
    await browser.close();
  }
});

test("leaving a game gives its table back: the tab's memory falls once the solver is idle", async () => {
  const { fresh, playing, left } = await leaveMemory(server.url);
  console.log(`renderer memory, English board: ${fresh} MB fresh, ${playing} MB with its table, ${left} MB after leaving`);
  assert.ok(playing - fresh > 150, `the table took ${playing - fresh} MB`);
  // The table's memory goes with the old worker; what stays is the page's own (its drawn board and tables) and
  // the fresh worker's pool.
  assert.ok(left - fresh < (playing - fresh) / 2, `after leaving the tab holds ${left} MB (fresh ${fresh} MB)`);
});
