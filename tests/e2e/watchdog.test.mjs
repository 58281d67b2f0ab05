// The page's watchdog, with stand-in workers and the page's clock run forward: a worker whose thread pool never
// starts is replaced by one on a single thread, and a worker that goes silent during a job is restarted and the
// job fails with a message, never a hang.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, DIST } from '../serve.mjs';
import { launch, open, shot, solverReady, waitPhase } from './helpers.mjs';

let hangs, mute, browser;
before(async () => {
  const real = await readFile(join(DIST, 'solver.js'), 'utf8');
  // A pool that never starts: the worker never answers, unless asked for one thread (then it is the real one).
  hangs = await serve({ scripts: {
    '/solver.js': "if (new URL(self.location.href).searchParams.get('threads') === '1') await import('./real-solver.js');",
    '/real-solver.js': real,
  } });
  // A worker that says it is ready on a pool, then never answers a job.
  mute = await serve({ scripts: {
    '/solver.js': "postMessage(JSON.stringify({ Ready: { threads: 2, isolated: true, note: null, cancel_by_restart: false } }));",
  } });
  browser = await launch();
});
after(async () => { await browser?.close(); await hangs?.close(); await mute?.close(); });

test('a thread pool that never starts: after 30 s the solver starts on one thread and says why', async () => {
  const page = await open(browser, 'about:blank');
  await page.clock.install();
  await page.goto(`${hangs.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  await page.waitForSelector('.mastermind');
  await page.clock.runFor(31_000);
  assert.equal(await solverReady(page), 1);
  assert.match(await page.textContent('.status'), /thread pool did not start within 30 s, so it runs on one thread/);
  await waitPhase(page, 'won');
  await shot(page, 'watchdog-one-thread');
  assert.deepEqual(page.errors, []);
});

test('a worker silent for 15 s during a job is restarted and the job fails with a message', async () => {
  const page = await open(browser, 'about:blank');
  await page.clock.install();
  await page.goto(`${mute.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'thinking');
  await page.clock.runFor(10_000);
  assert.equal(await page.getAttribute('.mastermind', 'data-phase'), 'thinking', 'not before 15 s');
  await page.clock.runFor(6_000);
  await waitPhase(page, 'failed');
  assert.match(await page.textContent('.banner.bad'), /the solver stopped \(no word from it for 15 s\); it was restarted/);
  await shot(page, 'watchdog-stalled');
});
