// Every secret played as one strategy tree in Chromium (the real worker, its wasm, its pool), timed by the worker:
// the browser side of `puzzle-lab mastermind stats --all`, each strategy with its own first guess.
// node tests/bench/play-all.mjs [threads] [pegs colors strategy]... ; one JSON line per run. Needs dist/.
import { serve } from '../serve.mjs';
import { launch, open } from '../e2e/helpers.mjs';
import { runInWorker } from './worker.mjs';

const [threads = '2', ...rest] = process.argv.slice(2);
const runs = [];
for (let i = 0; i + 2 < rest.length; i += 3) runs.push([Number(rest[i]), Number(rest[i + 1]), rest[i + 2]]);
if (!runs.length) runs.push([5, 8, 'knuth']);

const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/`);
page.setDefaultTimeout(0);
for (const [pegs, colors, strategy] of runs) {
  const run = await runInWorker(page, threads, { Mastermind: { Play: { spec: { pegs, colors, repeats: true }, strategy, games: null, seed: 0 } } });
  if (!run.outcome.Ok) throw new Error(JSON.stringify(run.outcome));
  const played = run.outcome.Ok.answer.Mastermind.Played.played;
  console.log(JSON.stringify({ pegs, colors, strategy, threads: run.threads, seconds: run.millis / 1000,
    games: played.games, mean: played.mean, worst: played.worst, failed: played.failed }));
}
await browser.close();
await server.close();
