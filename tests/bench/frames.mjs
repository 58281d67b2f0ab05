// What the browser's own threads do while a page runs a job: a CDP trace of 10 s, 3 s after a click, summed by
// thread and event (the renderer's main thread, the compositor, the display compositor, the worker's own thread),
// the costliest first. Default: every 6x9 secret with entropy from "Compare strategies". Needs dist/.
// Usage: node tests/bench/frames.mjs [hash selector-to-click]
import { serve } from '../serve.mjs';
import { launch, open, solverReady } from '../e2e/helpers.mjs';

const hash = process.argv[2] ?? '#/mastermind/stats?pegs=6&colors=9&games=all&strategies=entropy';
const server = await serve();
const browser = await launch();
const page = await open(browser, `${server.url}/${hash}`);
page.setDefaultTimeout(0);
await solverReady(page);
const cdp = await page.context().newCDPSession(page);
await page.click(process.argv[3] ?? '#run-stats');
await new Promise((r) => setTimeout(r, 3000));
const events = [];
cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', {
  categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,cc,viz,benchmark',
  transferMode: 'ReportEvents',
});
await new Promise((r) => setTimeout(r, 10_000));
await cdp.send('Tracing.end');
await complete;
const names = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args.name]));
const count = new Map();
const micros = new Map();
for (const e of events) {
  const key = `${names.get(`${e.pid}:${e.tid}`) ?? e.tid} | ${e.name}`;
  count.set(key, (count.get(key) ?? 0) + 1);
  micros.set(key, (micros.get(key) ?? 0) + (e.dur ?? 0));
}
console.log('events in 10 s, time (events nest: a task and its parts are both counted) | thread | event');
for (const [key, us] of [...micros].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${String(count.get(key)).padStart(6)} ${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}
await page.close();
await browser.close();
await server.close();
