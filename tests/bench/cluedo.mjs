// Cluedo in Chromium (the real pages, the real worker pool): simulation throughput, and how long after a turn the
// person's notebook shows it. node tests/bench/cluedo.mjs ; THREADS=1 caps the pool. Prints JSON lines.
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const threads = process.env.THREADS ? `?threads=${process.env.THREADS}` : '';
const server = await serve();
const browser = await launch();

// Simulation: 2000 games of three deduction players, timed by the worker.
{
  const page = await open(browser, `${server.url}/${threads}#/cluedo/simulate?players=deduction,deduction,deduction&games=2000&seed=1`);
  const pool = await solverReady(page);
  await page.click('#sim-run');
  await page.waitForSelector('.sim-results', { timeout: 600_000 });
  const ms = Number(await page.getAttribute('.sim-results', 'data-millis'));
  const mean = Number(await page.getAttribute('#sim-table-out tbody tr', 'data-mean'));
  console.log(JSON.stringify({ bench: 'simulate', threads: pool, games: 2000, seconds: ms / 1000, games_per_second: Math.round(2000 / (ms / 1000)), mean_rounds: mean }));
  await page.close();
}

// Notebook: a six-seat game of five deduction computers stepped move by move; for each turn, the time from the
// click that plays it (a computer's move is asked of the worker then) to the notebook having taken it in.
{
  const page = await open(browser, `${server.url}/${threads}#/cluedo?players=deduction,deduction,deduction,deduction,deduction&seed=2&pace=step`);
  const pool = await solverReady(page);
  const lags = [];
  const data = () => page.evaluate(() => ({ ...document.querySelector('.cluedo').dataset }));
  for (let i = 0; i < 1000; i++) {
    await page.waitForFunction(() => {
      const d = document.querySelector('.cluedo').dataset;
      return d.phase === 'over' || (d.busy === 'false' && Number(d.turns) === Number(d.notebookTurns));
    }, null, { timeout: 60_000 });
    const d = await data();
    if (d.phase === 'over') break;
    const t0 = Date.now();
    if (d.phase === 'your-turn') await page.click('.cluedo-move button:has-text("Suggest")');
    else if (d.phase === 'after-suggestion') await page.click('.cluedo-move button:has-text("End turn")');
    else if (d.phase === 'show') await page.locator('.cluedo-move button').first().click();
    else await page.click('text=Next move');
    // Every action bumps the table's version: wait for the click's, then (if it played a turn) for the notebook.
    await page.waitForFunction((v) => Number(document.querySelector('.cluedo').dataset.version) > v,
      Number(d.version), { timeout: 60_000 });
    await page.waitForFunction(() => {
      const d = document.querySelector('.cluedo').dataset;
      return d.busy === 'false' || Number(d.turns) > Number(d.notebookTurns);
    }, null, { timeout: 60_000 });
    const turns = Number((await data()).turns);
    if (turns > Number(d.turns)) {
      await page.waitForFunction((n) => Number(document.querySelector('.cluedo').dataset.notebookTurns) >= n,
        turns, { timeout: 60_000 });
      lags.push(Date.now() - t0);
    }
  }
  lags.sort((a, b) => a - b);
  console.log(JSON.stringify({ bench: 'notebook', threads: pool, turns: lags.length, median_ms: lags[lags.length >> 1], max_ms: lags[lags.length - 1] }));
  await page.close();
}
await browser.close();
await server.close();
