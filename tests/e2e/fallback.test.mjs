// Served without the cross-origin isolation headers. Where service workers work, web/isolate.js adds the headers
// and the page reloads once, isolated, with its pool. Where they do not (blocked here, as some browsers and
// privacy settings do), there is no shared memory, so no pool: the app says so and both modes still play to the
// end on one thread.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../serve.mjs';
import { cancelThenPlay, launch, open, shot, solverReady, typeCode, waitPhase } from './helpers.mjs';

let server, browser;
before(async () => { server = await serve({ isolation: false }); browser = await launch(); });
after(async () => { await browser?.close(); await server?.close(); });

const NO_SW = { serviceWorkers: 'block' };

test('without COOP/COEP or a service worker the solver runs on one thread and says why', async () => {
  const page = await open(browser, `${server.url}/#/mastermind?mode=break&secret=2,2,3,3`, undefined, NO_SW);
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  assert.equal(await solverReady(page), 1);
  await page.waitForSelector('.status .note:has-text("service worker that adds them could not run here")');
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
  const page = await open(browser, `${server.url}/#/mastermind?mode=make&scoring=auto&strategy=knuth&secret=1,2,3,4`,
    undefined, NO_SW);
  await solverReady(page);
  await waitPhase(page, 'won');
  assert.deepEqual(page.errors, []);
});

test('on one thread, cancelling restarts the worker and the next game works', async () => {
  const page = await cancelThenPlay(browser, server.url, NO_SW);
  assert.equal(await solverReady(page), 1);
  assert.deepEqual(page.errors, []);
});

test('without COOP/COEP a service worker adds them: one reload, then every thread, the link kept', async () => {
  const link = `${server.url}/#/mastermind?mode=break&pegs=7&colors=8&secret=0,1,2,3,4,5,6`;
  const page = await open(browser, link);
  // The first load is not isolated; it registers web/isolate.js and reloads once under it.
  await page.waitForFunction(() => self.crossOriginIsolated === true && !!navigator.serviceWorker.controller,
    null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => performance.getEntriesByType('navigation')[0].type), 'reload');
  const threads = await solverReady(page);
  assert.ok(threads > 1, `pool threads: ${threads}`);
  assert.equal(await page.$('.status .note'), null);
  assert.match(page.url(), /pegs=7&colors=8/);
  await waitPhase(page, 'guessing');
  await typeCode(page, [0, 0, 1, 1, 2, 2, 3]);
  await waitPhase(page, 'guessing');
  await page.waitForSelector('.status .last');
  const used = Number(await page.getAttribute('.status .last', 'data-threads-used'));
  assert.ok(used >= 2, `the search ran on ${used} thread(s)`);
  await shot(page, 'static-host-service-worker');
  // Later loads are served through it from the start: isolated at once (an isolated page never reloads itself).
  await page.reload();
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
  assert.ok(await solverReady(page) > 1);
  assert.deepEqual(page.errors, []);
});
