// One game the computer plays in the tab at a big size (default 8x8 knuth against 7,6,5,4,3,2,1,0), to the end:
// each guess's time as the status line reports it (the worker's own time for the job), and the memory the tab takes
// (the resident memory of the browser's largest process, read with ps before the game and at every row: the
// listed codes live in the worker's WebAssembly memory). Usage: node bench/big-game.mjs [pegs colours strategy secret].
import { execSync } from 'node:child_process';
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const [pegs = 8, colors = 8, strategy = 'knuth', secret = '7,6,5,4,3,2,1,0'] = process.argv.slice(2);
// Resident MB of the browser's largest process.
const largest = () => Math.round(Math.max(...execSync('ps -eo rss,args').toString().split('\n')
  .filter((l) => /chrom/i.test(l) && !/ps -eo/.test(l)).map((l) => Number(l.trim().split(/\s+/)[0]) || 0)) / 1024);
const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=${strategy}&pegs=${pegs}&colors=${colors}&secret=${secret}&rows=30`);
await solverReady(page);
const before = largest();
let peak = before;
const jobs = [];
const started = Date.now();
for (let rows = 0; ;) {
  await page.waitForFunction((n) => document.querySelectorAll('.rows li.row').length > n
    || ['won', 'failed'].includes(document.querySelector('.mastermind')?.dataset.phase), rows, { timeout: 1_800_000, polling: 500 });
  peak = Math.max(peak, largest());
  const now = await page.$$eval('.rows li.row', (rs) => rs.length);
  if (now > rows) {
    jobs.push(await page.$eval('footer.status', (f) => f.querySelector('.last')?.textContent ?? ''));
    rows = now;
  }
  if (['won', 'failed'].includes(await page.getAttribute('.mastermind', 'data-phase'))) break;
}
// Quick guesses land several to a poll, so `jobs` may hold fewer entries than there were guesses: the rows and the
// game's end are read from the page.
const guesses = await page.$$eval('.rows li.row', (rs) => rs.length);
const phase = await page.getAttribute('.mastermind', 'data-phase');
console.log(JSON.stringify({ pegs, colors, strategy, secret, phase, guesses,
  seconds: (Date.now() - started) / 1000, largest_process_mb: { before, peak }, jobs }));
await browser.close();
await server.close();
