// Seeded games played by the worker alone (its wasm, its pool; no board drawn), as `puzzle-lab mastermind stats
// --games G --seed S` plays them natively: what the page's own work adds is the difference to game-time.mjs.
// node tests/bench/play-worker.mjs [threads] [pegs colors strategy games seed]... ; one JSON line per size.
// Needs dist/ (scripts/check or `trunk build --release`).
import { serve } from '../serve.mjs';
import { launch, open } from '../e2e/helpers.mjs';
import { runInWorker } from './worker.mjs';

const [threads = '2', ...rest] = process.argv.slice(2);
const sizes = [];
for (let i = 0; i + 4 < rest.length; i += 5) sizes.push(rest.slice(i, i + 5));
if (!sizes.length) sizes.push(['100', '20', 'local-search', '1', '11']);

const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/`);
for (const [pegs, colors, strategy, games, seed] of sizes) {
  const run = await runInWorker(page, threads, { Mastermind: { Play: { spec: { pegs: +pegs, colors: +colors, repeats: true }, strategy, games: +games, seed: +seed } } });
  if (!run.outcome.Ok) throw new Error(JSON.stringify(run.outcome));
  const a = run.outcome.Ok.answer.Mastermind.Played;
  console.log(JSON.stringify({ pegs: +pegs, colors: +colors, strategy, games: +games, seed: +seed, threads: run.threads,
    seconds: run.millis / 1000, seconds_per_game: run.millis / 1000 / +games, mean_guesses: a.played?.mean }));
}
await browser.close();
await server.close();
