// Times how soon the peg solitaire page answers "can the finish still be reached?" for a link some jumps into a
// game, in Chromium (the real page and worker pool, a fresh browser context each time):
// node tests/bench/pegs-answer.mjs [board start finish moves]... ; prints one JSON line per link. The time runs from
// the solver being ready to the page's verdict (solvable or not).
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const links = [];
for (let i = 0; i + 3 < args.length; i += 4) links.push(args.slice(i, i + 4));
if (!links.length) links.push(['french', 'd2', 'd6', 'd4-d2.f3-d3.f5-f3.f2-f4.e1-e3.c2-e2.e3-e1']);

const server = await serve();
const browser = await launch();
for (const [board, start, finish, moves] of links) {
  const page = await open(browser, `${server.url}/#/pegs?board=${board}&start=${start}&finish=${finish}&moves=${moves}`);
  const threads = await solverReady(page);
  const t0 = Date.now();
  await page.waitForFunction(() => ['true', 'false'].includes(document.querySelector('.pegs')?.dataset.solvable),
    null, { timeout: 600_000 });
  const seconds = (Date.now() - t0) / 1000;
  const solvable = (await page.getAttribute('.pegs', 'data-solvable')) === 'true';
  console.log(JSON.stringify({ board, start, finish, jumps: moves.split('.').length, threads, solvable, seconds }));
  await page.context().close();
}
await browser.close();
await server.close();
