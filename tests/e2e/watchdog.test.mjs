// The page's watchdog, with stand-in workers and the page's clock run forward: a worker whose thread pool does not
// start is started once more, and if that pool does not start either, replaced by one on a single thread; a worker that goes silent during a job is restarted and the
// job fails with a message, never a hang.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serve, DIST } from '../serve.mjs';
import { launch, open, shot, solverReady, waitPhase } from './helpers.mjs';

let hangs, hangsOnce, mute, browser;
before(async () => {
  const real = await readFile(join(DIST, 'solver.js'), 'utf8');
  // A pool that never starts: the worker says its pool is starting and never answers again, unless asked for one
  // thread (then it is the real one).
  hangs = await serve({ scripts: {
    '/solver.js': "if (new URL(self.location.href).searchParams.get('threads') === '1') await import('./real-solver.js');"
      + " else postMessage(JSON.stringify({ Starting: { threads: 2 } }));",
    '/real-solver.js': real,
  } });
  // A pool that hangs the first time only (the worker remembers in IndexedDB, which outlives it); then the real one.
  hangsOnce = await serve({ scripts: {
    '/solver.js': `
      const db = await new Promise((ok) => {
        const r = indexedDB.open('stand-in', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('s');
        r.onsuccess = () => ok(r.result);
      });
      const store = (mode) => db.transaction('s', mode).objectStore('s');
      const tried = await new Promise((ok) => { const g = store('readonly').get('tried'); g.onsuccess = () => ok(g.result); });
      if (tried) {
        await import('./real-solver.js');
      } else {
        await new Promise((ok) => { const p = store('readwrite').put(true, 'tried'); p.onsuccess = ok; });
        postMessage(JSON.stringify({ Starting: { threads: 2 } }));
      }`,
    '/real-solver.js': real,
  } });
  // A worker that says it is ready on a pool, then never answers a job.
  mute = await serve({ scripts: {
    '/solver.js': "postMessage(JSON.stringify({ Ready: { threads: 2, isolated: true, note: null, cancel_by_restart: false } }));",
  } });
  browser = await launch();
});
after(async () => { await browser?.close(); await hangs?.close(); await hangsOnce?.close(); await mute?.close(); });

/** Waits until the status says the pool is starting, after `retries` starts given up. */
async function poolStarting(page, retries) {
  await page.waitForFunction((r) => {
    const t = document.querySelector('.status .threads');
    return t?.textContent === 'starting 2 threads…' && t.dataset.startRetries === String(r);
  }, retries);
}

test('a thread pool that does not start within 15 s is started once more, and runs', async () => {
  const page = await open(browser, 'about:blank');
  await page.clock.install();
  await page.goto(`${hangsOnce.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  await poolStarting(page, 0);
  await page.clock.runFor(14_000);
  assert.equal(await page.textContent('.status .threads'), 'starting 2 threads…', 'not before 15 s');
  await page.clock.runFor(2_000);
  assert.ok(await solverReady(page) > 1);
  assert.equal(await page.getAttribute('.status .threads', 'data-start-retries'), '1');
  await waitPhase(page, 'won');
  assert.deepEqual(page.errors, []);
});

test('a thread pool that never starts: after two tries of 15 s the solver starts on one thread and says why', async () => {
  const page = await open(browser, 'about:blank');
  await page.clock.install();
  await page.goto(`${hangs.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  await poolStarting(page, 0);
  await page.clock.runFor(16_000);
  await poolStarting(page, 1);
  await page.clock.runFor(16_000);
  assert.equal(await solverReady(page), 1);
  assert.match(await page.textContent('.status'),
    /thread pool did not start within 15 s, twice, so it runs on one thread \(reload the page to try again\)/);
  await waitPhase(page, 'won');
  await shot(page, 'watchdog-one-thread');
  assert.deepEqual(page.errors, []);
});

test('a worker silent for 8 s during a job is restarted and the job fails with a message', async () => {
  const page = await open(browser, 'about:blank');
  await page.clock.install();
  await page.goto(`${mute.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=3,1,4,1`);
  await solverReady(page);
  await waitPhase(page, 'thinking');
  await page.clock.runFor(7_000);
  assert.equal(await page.getAttribute('.mastermind', 'data-phase'), 'thinking', 'not before 8 s');
  await page.clock.runFor(2_000);
  await waitPhase(page, 'failed');
  assert.match(await page.textContent('.banner.bad'), /The solver stopped: it said nothing for 8 s: it stopped, or the browser stopped it\. It was restarted/);
  await shot(page, 'watchdog-stalled');
});
