// Served without the cross-origin isolation headers: no shared memory, so no pool. The app says so and both
// modes still play to the end on one thread.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { cancelThenPlay, launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve({ isolation: false }); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

test('without COOP/COEP the solver runs on one thread and says why', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=2,2,3,3`);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.equal(await solverReady(page), 1);
  assert.match(await page.textContent('.status .note'), /not cross-origin isolated/);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1]);
  await waitPhase(page, 'guessing');
  assert.equal(await page.getAttribute('.game-status .remaining', 'data-value'), '256');
  await typeCode(page, [2, 2, 3, 3]);
  await waitPhase(page, 'won');
  await shot(page, 'fallback-one-thread');
  assert.deepEqual(page.errors, []);
});

test('the computer still breaks a code on one thread', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=1,2,3,4`);
  await solverReady(page);
  await waitPhase(page, 'won');
  assert.deepEqual(page.errors, []);
});

test('on one thread, cancelling restarts the worker and the next game works', async () => {
  const page = await cancelThenPlay(browser, server.url);
  assert.equal(await solverReady(page), 1);
  assert.deepEqual(page.errors, []);
});
