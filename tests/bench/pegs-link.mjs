// Times how soon a peg solitaire link some jumps into a game shows its counts through each jump in Chromium (the
// real page and worker pool, a fresh browser context: nothing kept from before, as for a shared link):
// node tests/bench/pegs-link.mjs [board start finish moves]... ; prints one JSON line per link. The time runs from
// the page's load to the outlook's count ("N games from here reach the finish").
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const links = [];
for (let i = 0; i + 3 < args.length; i += 4) links.push(args.slice(i, i + 4));
if (!links.length) links.push(['english', 'd4', 'd4', 'd2-d4.b3-d3.c1-c3.e1-c1.b5-b3.c4-c2.c1-c3.c6-c4.c3-c5']);

const server = await serve();
const browser = await launch();
for (const [board, start, finish, moves] of links) {
  const t0 = Date.now();
  const page = await open(browser, `${server.url}/#/pegs?board=${board}&start=${start}&finish=${finish}&moves=${moves}`);
  const pool = await solverReady(page);
  const ready = Date.now();
  await page.waitForSelector('#outlook:has-text("games from here reach the finish")', { timeout: 600_000 });
  const seconds = (Date.now() - t0) / 1000;
  const games = (/([\d,]+) games from here/.exec(await page.textContent('#outlook')) ?? [])[1];
  console.log(JSON.stringify({ board, start, finish, jumps: moves.split('.').length, threads: pool, games,
    seconds, solver_ready_seconds: (ready - t0) / 1000 }));
  await page.close();
}
await browser.close();
await server.close();
