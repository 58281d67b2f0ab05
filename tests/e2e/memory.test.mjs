// Memory at the edges, in Chromium with a tab's WebAssembly memory capped (`--wasm-max-mem-pages`, as a phone's tab
// is): a listing this tab cannot hold hands over in words the Strategy box and the game's status agree on; the peg
// table built in the background fails quietly while every jump is still answered; and leaving a game gives its
// table back to the device (the renderer's resident memory, from /proc).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';
import { launch, open, shot, solverReady, waitPhase } from './helpers.mjs';

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
    await shot(page, 'memory-256-pegs-table-failed');
  } finally {
    await browser.close();
  }
});

/** Chromium's renderer processes now running: their pids. */
async function renderers() {
  const pids = [];
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmd = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes('--type=renderer')) pids.push(pid);
  }
  return pids;
}

/** The resident memory of `pids` together, in MB (the tab's page, its solver worker and pool threads live there). */
async function residentMB(pids) {
  let kb = 0;
  for (const pid of pids) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    kb += Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

test("leaving a game gives its table back: the tab's memory falls once the solver is idle", async () => {
  const before = new Set(await renderers());
  const browser = await launch();
  try {
    const page = await open(browser, `${server.url}/#/pegs?board=english`);
    await solverReady(page);
    const ours = (await renderers()).filter((p) => !before.has(p));
    const fresh = await residentMB(ours);
    // The table is built in the background: wait until it holds its memory (grown, and no longer growing).
    let [playing, last] = [fresh, 0];
    for (let i = 0; i < 60 && (playing - fresh < 150 || Math.abs(playing - last) > 5); i++) {
      await page.waitForTimeout(2_000);
      [last, playing] = [playing, await residentMB(ours)];
    }
    await page.goto(`${server.url}/#/`);
    await page.waitForFunction(() => document.querySelector('.status .threads')?.textContent.includes('starting'), null, { timeout: 10_000 });
    await solverReady(page);
    // The old worker's memory goes back to the system as the browser tears it down: the lowest reading of 10 s.
    let left = playing;
    for (let i = 0; i < 10; i++) {
      await page.waitForTimeout(1_000);
      left = Math.min(left, await residentMB(ours));
    }
    console.log(`renderer memory, English board: ${fresh} MB fresh, ${playing} MB with its table, ${left} MB after leaving`);
    assert.ok(playing - fresh > 150, `the table took ${playing - fresh} MB`);
    // The table's memory goes with the old worker; what stays is the page's own (its drawn board and tables) and
    // the fresh worker's pool.
    assert.ok(left - fresh < (playing - fresh) / 2, `after leaving the tab holds ${left} MB (fresh ${fresh} MB)`);
  } finally {
    await browser.close();
  }
});
