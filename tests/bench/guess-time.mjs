// Each guess's time as the page's status line reports it (the worker's own time for the job), for computer-breaks-
// the-code games with a fixed secret, in Chromium (the real page, the real worker pool):
// node tests/bench/guess-time.mjs [pegs colors strategy secret]... ; one JSON line per game. Needs dist/.
// The secrets worth timing are the slowest natively (BENCHMARKS.md, "each guess's worst time").
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const games = [];
for (let i = 0; i + 3 < args.length; i += 4) games.push(args.slice(i, i + 4));
if (!games.length) games.push(['7', '7', 'expected-size', '0,0,1,3,3,3,3']);

const server = await serve();
const browser = await launch();
for (const [pegs, colors, strategy, secret] of games) {
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=${strategy}&pegs=${pegs}&colors=${colors}&secret=${secret}`);
  const pool = await solverReady(page);
  const times = [];
  let rows = 0;
  const started = Date.now();
  for (;;) {
    await page.waitForFunction((n) => document.querySelectorAll('.rows li.row').length > n
      || document.querySelector('.mastermind')?.dataset.phase === 'won', rows, { timeout: 600_000, polling: 100 });
    const now = await page.$$eval('.rows li.row', (rs) => rs.length);
    if (now > rows) {
      times.push(await page.$eval('footer.status', (f) => f.querySelector('.last')?.textContent ?? ''));
      rows = now;
    }
    if (await page.getAttribute('.mastermind', 'data-phase') === 'won') break;
  }
  // The whole game, from the page's first request to the win (the status line is read when rows appear, so a fast
  // guess's time may be missed or read twice).
  const seconds = (Date.now() - started) / 1000;
  console.log(JSON.stringify({ pegs: +pegs, colors: +colors, strategy, secret, threads: pool, guesses: rows, seconds, times }));
  await page.close();
}
await browser.close();
await server.close();
