// Every secret played as one strategy tree from the page a person uses, "Compare strategies" (#/mastermind/stats),
// with its progress drawn as it runs: the run `play-all.mjs` times on a bare page, here with the page's own
// rendering beside it on the same cores. Prints the page's "Time" for the strategy (the worker's time for the job)
// and the wall time from the click to the result, as one JSON line per run. The page's pool has as many threads as
// the machine has cores. Needs dist/. Usage: node tests/bench/stats-page.mjs [pegs colors strategy]...
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const runs = [];
for (let i = 0; i + 2 < args.length; i += 3) runs.push([Number(args[i]), Number(args[i + 1]), args[i + 2]]);
if (!runs.length) runs.push([5, 8, 'knuth']);

const server = await serve();
const browser = await launch();
for (const [pegs, colors, strategy] of runs) {
  const page = await open(browser, `${server.url}/#/mastermind/stats?pegs=${pegs}&colors=${colors}&games=all&strategies=${strategy}`);
  page.setDefaultTimeout(0);
  await solverReady(page);
  const t0 = Date.now();
  await page.click('#run-stats');
  await page.waitForFunction(() => document.querySelector('.stats-page')?.dataset.running === 'false'
    && document.querySelector('.results tbody tr[data-strategy]'), null, { polling: 500 });
  const wall = (Date.now() - t0) / 1000;
  const row = await page.$eval('.results tbody tr[data-strategy]', (r) => ({ games: Number(r.dataset.games),
    mean: Number(r.dataset.mean), worst: Number(r.dataset.worst), time: r.querySelectorAll('td')[3]?.textContent ?? '' }));
  // The "Time" cell reads "48,123 ms" (or "48.1 ms" for short runs).
  const seconds = Number(row.time.replace(/[^\d.]/g, '')) / 1000;
  if (!row.games || page.errors.length) throw new Error(`${pegs}x${colors} ${strategy}: ${row.time} ${page.errors.join('; ')}`);
  console.log(JSON.stringify({ pegs, colors, strategy, seconds, wall, games: row.games, mean: row.mean, worst: row.worst }));
  await page.close();
}
await browser.close();
await server.close();
