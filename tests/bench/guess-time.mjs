// Each guess's time as the page's status line reports it (the worker's own time for the job), for computer-breaks-
// the-code games with a fixed secret, in Chromium (the real page, the real worker pool):
// node tests/bench/guess-time.mjs [pegs colors strategy secret]... ; one JSON line per game. Needs dist/.
// The secrets worth timing are the slowest natively (docs/notebook.md, "each guess's worst time").
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
  // Every job's time as the status line reports it, each time it changes (a MutationObserver in the page, so a
  // fast guess is not missed; two jobs in a row with the very same text would show once).
  await page.evaluate(() => {
    const last = () => document.querySelector('footer.status .last')?.textContent ?? '';
    let seen = last();
    window.jobTimes = seen ? [seen] : [];
    new MutationObserver(() => {
      const now = last();
      if (now && now !== seen) { window.jobTimes.push(now); seen = now; }
    }).observe(document.querySelector('footer.status'), { subtree: true, childList: true, characterData: true });
  });
  const started = Date.now();
  await page.waitForFunction(() => document.querySelector('.mastermind')?.dataset.phase === 'won', null, { timeout: 600_000 });
  // The whole game, from the page's first request (before the observer: the first guess may be in flight) to the win.
  const seconds = (Date.now() - started) / 1000;
  await page.waitForTimeout(500);
  const times = await page.evaluate(() => window.jobTimes);
  const rows = await page.$$eval('.rows li.row', (rs) => rs.length);
  console.log(JSON.stringify({ pegs: +pegs, colors: +colors, strategy, secret, threads: pool, guesses: rows, seconds, times }));
  await page.close();
}
await browser.close();
await server.close();
