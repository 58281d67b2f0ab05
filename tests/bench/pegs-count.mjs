// Times "count every game" of peg solitaire in Chromium (the real page, the real worker pool):
// node tests/bench/pegs-count.mjs [board start finish]... ; prints one JSON line per count.
// The time is the worker's own for the count job (the page's table of games, built first for the play area, is
// not included); memory is the worker's peak table bytes as the page reports it. THREADS=1 caps the pool.
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const counts = [];
for (let i = 0; i + 2 < args.length + 1 && args[i]; i += 3) counts.push([args[i], args[i + 1], args[i + 2]]);
if (!counts.length) counts.push(['english', '3,3', '3,3']);
const threads = process.env.THREADS ? `?threads=${process.env.THREADS}` : '';

const server = await serve();
const browser = await launch();
for (const [board, start, finish] of counts) {
  const page = await open(browser, `${server.url}/${threads}#/pegs?board=${board}&start=${start}&finish=${finish}`);
  const pool = await solverReady(page);
  await page.click('#count-all');
  await page.waitForSelector('#count-solutions, #count-error', { timeout: 600_000 });
  const text = await page.textContent('.count-result, #count-error');
  const solutions = await page.getAttribute('#count-solutions', 'data-solutions').catch(() => null);
  const ms = Number((text.match(/searched in ([\d.]+) ms/) || [])[1]);
  const memory = (text.match(/at most (.*?) of memory/) || [])[1];
  console.log(JSON.stringify({ board, start, finish, threads: pool, solutions, seconds: ms / 1000, memory, error: solutions ? undefined : text }));
  await page.close();
}
await browser.close();
await server.close();
