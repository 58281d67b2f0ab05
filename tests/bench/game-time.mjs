// Times whole computer-breaks-the-code games in Chromium (the real page, the real worker pool):
// node tests/bench/game-time.mjs [pegs colors strategy games]... ; prints one JSON line per size.
// Needs dist/ (scripts/check or `trunk build --release`). Each game: secret fixed by link, clock from the
// worker's Ready to the "won" phase, as the page shows it.
// Polls the phase every 250 ms (playwright's default polls on every animation frame, a task per frame on the
// page's main thread). SEE=1 opens "See the search" (the jobs are then traced for the thread lanes, and the lanes drawn).
import { serve } from '../serve.mjs';
import { launch, open, solverReady, waitPhase } from '../e2e/helpers.mjs';

const args = process.argv.slice(2);
const sizes = [];
for (let i = 0; i + 3 < args.length + 1 && args[i]; i += 4) sizes.push([+args[i], +args[i + 1], args[i + 2], +args[i + 3]]);
if (!sizes.length) sizes.push([4, 6, 'knuth', 5], [6, 9, 'random-consistent', 5]);
const threads = process.env.THREADS ? `?threads=${process.env.THREADS}` : '';

const server = await serve();
const browser = await launch();
let seed = 12345;
// The generator's high bits (its low bits repeat with a short period, which gave easy, periodic secrets).
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); };
for (const [pegs, colors, strategy, games] of sizes) {
  const times = [], guesses = [];
  for (let g = 0; g < games; g++) {
    const secret = Array.from({ length: pegs }, () => rand(colors)).join(',');
    const page = await open(browser, `${server.url}/${threads}#/mastermind?mode=make&scoring=auto&pegs=${pegs}&colors=${colors}&strategy=${strategy}&secret=${secret}&rows=30${process.env.SEE ? "&see=1" : ""}`);
    await solverReady(page);
    const t0 = Date.now();
    await page.waitForFunction(() => ['won', 'failed'].includes(document.querySelector('.mastermind')?.dataset.phase), null, { timeout: 120_000, polling: 250 });
    times.push((Date.now() - t0) / 1000);
    guesses.push(await page.$$eval('.rows li.row', (rs) => rs.length));
    await page.close();
  }
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(JSON.stringify({ pegs, colors, strategy, games, threads: process.env.THREADS ?? 'all',
    mean_seconds: +mean(times).toFixed(3), max_seconds: Math.max(...times), mean_guesses: mean(guesses),
    ms_per_guess: +(1000 * mean(times) / mean(guesses)).toFixed(1) }));
}
await browser.close();
await server.close();
