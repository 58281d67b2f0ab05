// The memory a big job takes, and whether it is given back: the 8x8 knuth game the computer plays in the tab lists
// its 16,777,216 codes for its first searched guess; Cancel in the middle of that guess, then the tab's memory a few
// seconds later (the page restarts a worker left over 512 MiB by a cancelled job). Memory is the resident memory of
// the browser's largest process, read with ps (the listing lives in the worker's WebAssembly memory).
// Usage: node bench/memory-back.mjs [seconds to let the guess run before Cancel, default 12].
import { execSync } from 'node:child_process';
import { serve } from '../serve.mjs';
import { launch, open, solverReady, waitPhase } from '../e2e/helpers.mjs';

const runFor = Number(process.argv[2] ?? 12) * 1000;
const largest = () => Math.round(Math.max(...execSync('ps -eo rss,args').toString().split('\n')
  .filter((l) => /chrom/i.test(l) && !/ps -eo/.test(l)).map((l) => Number(l.trim().split(/\s+/)[0]) || 0)) / 1024);
const server = await serve();
const browser = await launch();
// Step by step: the book's first guesses are played, then the searched guess waits for "Next guess".
const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&pegs=8&colors=8&secret=7,6,5,4,3,2,1,0&rows=30`);
await solverReady(page);
const before = largest();
let peak = before;
const until = Date.now() + runFor;
while (Date.now() < until) {
  peak = Math.max(peak, largest());
  await page.waitForTimeout(250);
}
const phase = await page.getAttribute('.mastermind', 'data-phase');
const cancelledAt = Date.now();
if (phase === 'thinking') await page.click('#cancel');
await waitPhase(page, 'failed', 'won');
// The page restarts the worker once the Cancelled answer is in; the old worker's memory is freed with it.
let after = largest();
for (let i = 0; i < 40 && after > before + 200; i++) {
  await page.waitForTimeout(250);
  after = largest();
}
await solverReady(page);
console.log(JSON.stringify({ game: '8x8 knuth, computer breaks 7,6,5,4,3,2,1,0', phase_at_cancel: phase,
  largest_process_mb: { before, peak, after_cancel: after }, seconds_to_give_back: (Date.now() - cancelledAt) / 1000 }));
await browser.close();
await server.close();
