// Feedbacks per second in Chromium: the real worker (its wasm, its pool) runs the same workload as
// `puzzle-lab mastermind bench-feedback`, through the page protocol; the time is the worker's own.
// node tests/bench/feedback.mjs [threads] [pegs colors guesses secrets]... ; one JSON line per size.
// Needs dist/ (scripts/check or `trunk build --release`).
import { serve } from '../serve.mjs';
import { launch, open } from '../e2e/helpers.mjs';
import { runInWorker } from './worker.mjs';

const [threads = '2', ...rest] = process.argv.slice(2);
const sizes = [];
for (let i = 0; i + 3 < rest.length; i += 4) sizes.push(rest.slice(i, i + 4).map(Number));
if (!sizes.length) sizes.push([4, 6, 4096, 4096], [5, 8, 4096, 4096], [10, 10, 4096, 4096], [16, 20, 4096, 4096], [100, 20, 1024, 1024]);

const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/`);
for (const [pegs, colors, guesses, secrets] of sizes) {
  const runs = [];
  for (let run = 0; run < 3; run++) {
    runs.push(await runInWorker(page, threads, { Mastermind: { BenchFeedback: { spec: { pegs, colors, repeats: true }, guesses, secrets, seed: 0 } } }));
  }
  const best = runs.reduce((a, b) => (a.millis < b.millis ? a : b));
  if (!best.outcome.Ok) throw new Error(JSON.stringify(best.outcome));
  const perSecond = best.outcome.Ok.answer.Mastermind.Benched.feedbacks / (best.millis / 1000);
  console.log(JSON.stringify({ pegs, colors, guesses, secrets, threads: best.threads, best_of: runs.length,
    seconds: best.millis / 1000, per_second: Math.round(perSecond), per_second_per_thread: Math.round(perSecond / best.threads),
    checksum: String(best.outcome.Ok.answer.Mastermind.Benched.checksum) }));
}
await browser.close();
await server.close();
