// Two or more builds of the page, side by side on the same computer-played games: for each round, one secret, and a
// game of it with each build (a fresh Chromium each, builds in turn), timed from the worker's Ready to "won".
// Prints, per build, seconds per game and milliseconds per guess, and the job's own share: the `millis` of each
// answer the worker sends (the rest of a guess is its round trip through the page).
// node tests/bench/game-ab.mjs ROUNDS DIST_A DIST_B ... (each a built dist/ folder: copy dist/ aside per build)
// PEGS, COLORS, STRATEGY choose the game (100, 20, local-search).
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const [rounds = '3', ...dirs] = process.argv.slice(2);
if (!dirs.length) throw new Error('usage: game-ab.mjs ROUNDS DIST_A [DIST_B ...]');
const [pegs, colors, strategy] = [+(process.env.PEGS ?? 100), +(process.env.COLORS ?? 20), process.env.STRATEGY ?? 'local-search'];
const servers = await Promise.all(dirs.map((root) => serve({ root })));
let seed = 12345;
// The generator's high bits, as game-time.mjs draws its secrets.
const rand = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return Math.floor((seed / 2147483648) * n); };
const sums = dirs.map(() => ({ seconds: 0, guesses: 0, job: 0 }));
for (let r = 0; r < +rounds; r++) {
  const secret = Array.from({ length: pegs }, () => rand(colors)).join(',');
  for (const [i, server] of servers.entries()) {
    const browser = await launch();
    const page = await open(browser, 'about:blank');
    await page.addInitScript(() => {
      const millis = (window.__jobMillis = []);
      const desc = Object.getOwnPropertyDescriptor(Worker.prototype, 'onmessage');
      Object.defineProperty(Worker.prototype, 'onmessage', {
        get: desc.get,
        set(f) {
          desc.set.call(this, (e) => {
            const m = typeof e.data === 'string' && e.data.includes('"Done"') && /"millis":([0-9.]+)/.exec(e.data);
            if (m) millis.push(Number(m[1]));
            f(e);
          });
        },
      });
    });
    await page.goto(`${server.url}/#/mastermind?mode=make&scoring=auto&pegs=${pegs}&colors=${colors}&strategy=${strategy}&secret=${secret}`);
    await solverReady(page);
    const t0 = Date.now();
    await page.waitForFunction(() => ['won', 'failed'].includes(document.querySelector('.mastermind')?.dataset.phase), null, { timeout: 120_000, polling: 250 });
    const seconds = (Date.now() - t0) / 1000;
    const guesses = await page.$$eval('.rows li.row', (rs) => rs.length);
    const job = await page.evaluate(() => window.__jobMillis.reduce((a, b) => a + b, 0));
    Object.assign(sums[i], { seconds: sums[i].seconds + seconds, guesses: sums[i].guesses + guesses, job: sums[i].job + job });
    await browser.close();
  }
}
for (const [i, dist] of dirs.entries()) {
  const s = sums[i];
  console.log(JSON.stringify({ dist, pegs, colors, strategy, games: +rounds, seconds_per_game: +(s.seconds / rounds).toFixed(2),
    mean_guesses: +(s.guesses / rounds).toFixed(1), ms_per_guess: +(1000 * s.seconds / s.guesses).toFixed(1),
    job_ms_per_guess: +(s.job / s.guesses).toFixed(1) }));
}
for (const s of servers) await s.close();
